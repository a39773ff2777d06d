// Package kubeloop is a whole Kubernetes cluster inside go test: apply
// manifests, run kubectl, let the controllers reconcile, read typed objects
// back — with the clock in the test's hands.
//
//	c := kubeloop.New(kubeloop.Options{Seed: 1})
//	if _, err := c.Apply(manifest); err != nil { … }
//	if err := c.Settle(); err != nil { … }
//	pods, err := kubeloop.List[*api.Pod](c, "default", "app=web")
//
// A Cluster is the control plane and its nodes on one simulated clock: the
// API server, kube-controller-manager's controllers, the scheduler and a
// kubelet per node, as the page and `kubeloop run` run them. Nothing runs
// by itself — no goroutine, no wall clock: time passes only inside Settle,
// Advance and Steps. The same Seed and the same calls give the same history,
// pod names included, and simulated minutes cost only the work done in them.
//
// Steps runs the cluster one task at a time — one watch event delivered,
// one reconcile, one kubelet step — so a test can check what must hold at
// every instant of a rollout ("never fewer than three ready pods"), not
// only where it ends.
//
// Options.Controllers runs controllers of your own beside the built-in
// ones, on the same loop, traced like them; ControllerFor makes one from a
// reconcile function and states the contract it must keep.
//
// When not to use it: kubeloop simulates Kubernetes from its documented
// behaviour; it is not the real kube-apiserver, and client-go cannot talk
// to this package. To test code written against client-go or
// controller-runtime, run `kubeloop serve --api` (README) and point the
// client at it.
package kubeloop
