package controller

// Reconciler is the reconciler the controller runs: for a host that must
// reach a controller's own state (the kubelet's node agents behind
// `sim node fail`), never for reconciling outside the runner.
func (c *Controller) Reconciler() Reconciler { return c.reconciler }
