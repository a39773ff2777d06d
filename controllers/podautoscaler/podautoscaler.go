// Package podautoscaler is the horizontal pod autoscaler of
// kube-controller-manager ("horizontal-pod-autoscaler" in --controllers),
// autoscaling/v2 on CPU utilisation.
//
// Every 15 seconds (--horizontal-pod-autoscaler-sync-period) each HPA is
// reconciled. Observe: the target's replicas and the average CPU
// utilisation of its ready pods relative to their requests. Diff: desired =
// ceil(ready pods × utilisation / target), unless within the 10% tolerance.
// Act: scale the target — up at most max(4 pods, 100%) per period, down to
// the highest recommendation of the last 300 s (the stabilisation window),
// always within minReplicas..maxReplicas — and write status and the
// AbleToScale, ScalingActive and ScalingLimited conditions.
//
// Metrics are simulated: `sim load deployment/web 80%` sets the target's
// total CPU demand (annotation api.CPUDemandAnnotation, in millicores) so that
// its pods run at 80% of their requests now; more pods share the same
// demand, so each runs cooler — which is what makes the loop converge.
package podautoscaler

import (
	"fmt"
	"math"
	"time"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/controller"
	"github.com/kubeloop/kubeloop/core/informer"
)

const (
	// SyncPeriod is --horizontal-pod-autoscaler-sync-period.
	SyncPeriod = 15 * time.Second
	// Tolerance is --horizontal-pod-autoscaler-tolerance: no scaling while
	// utilisation/target is within 1 ± 0.1.
	Tolerance = 0.1
	// DownscaleStabilization is the default scale-down stabilisation window.
	DownscaleStabilization = 300 * time.Second

	metricName = "cpu resource utilization (percentage of request)"
)

// Reconciler is the horizontal pod autoscaler.
type Reconciler struct {
	// hpas and pods are the caches the loop observes; never modify what
	// they return.
	hpas informer.Lister[*api.HorizontalPodAutoscaler]
	pods informer.Lister[*api.Pod]
	ctrl *controller.Controller
	mgr  *controller.Manager
	// recommendations are each HPA's recent desired counts, for the
	// scale-down stabilisation window (upstream keeps them in memory too).
	recommendations map[string][]recommendation
}

type recommendation struct {
	at       time.Time
	replicas int32
}

// Register adds the horizontal pod autoscaler to a manager.
func Register(m *controller.Manager) *controller.Controller {
	r := &Reconciler{hpas: informer.ListerFor[*api.HorizontalPodAutoscaler](m.Informers), pods: informer.ListerFor[*api.Pod](m.Informers),
		mgr: m, recommendations: map[string][]recommendation{}}
	c := m.NewController("horizontal-pod-autoscaler", r, controller.Options{Component: "horizontal-pod-autoscaler"})
	r.ctrl = c
	// A new HPA, or a changed spec, is acted on at once; otherwise each
	// HPA waits for the next sync period (its own status writes do not
	// wake it, or it would scale twice in one period).
	r.hpas.AddHandler(informer.Handler{
		OnAdd: c.EnqueueObject,
		OnUpdate: func(old, o api.Object) {
			if old.GetObjectMeta().Generation != o.GetObjectMeta().Generation {
				c.EnqueueObject(o)
			}
		},
	})
	m.Housekeeping(SyncPeriod, "horizontal-pod-autoscaler sync", r.tick)
	return c
}

// tick queues every HPA, once per sync period.
func (r *Reconciler) tick() {
	for _, o := range r.hpas.List("") {
		r.ctrl.EnqueueObject(o)
	}
	r.mgr.Housekeeping(SyncPeriod, "horizontal-pod-autoscaler sync", r.tick)
}

// target is what the HPA reads of its scale target.
type target struct {
	obj      api.Object
	replicas *int32
	selector *api.LabelSelector
}

func getTarget(ctx *controller.Context, h *api.HorizontalPodAutoscaler) (target, error) {
	ref := h.Spec.ScaleTargetRef
	var kind *api.Kind
	for _, k := range api.Kinds {
		if k.Kind == ref.Kind && (ref.APIVersion == "" || ref.APIVersion == k.APIVersion()) {
			kind = k
		}
	}
	if kind == nil {
		return target{}, fmt.Errorf("the HPA controller was unable to get the target's current scale: no matches for kind %q in group %q", ref.Kind, "")
	}
	o, err := ctx.Store().Get(kind, h.Namespace, ref.Name)
	if err != nil {
		return target{}, fmt.Errorf("the HPA controller was unable to get the target's current scale: %s/scale \"%s\" not found", kind.GroupResource(), ref.Name)
	}
	o = api.DeepCopyObject(o)
	switch x := o.(type) {
	case *api.Deployment:
		return target{o, x.Spec.Replicas, x.Spec.Selector}, nil
	case *api.ReplicaSet:
		return target{o, x.Spec.Replicas, x.Spec.Selector}, nil
	case *api.StatefulSet:
		return target{o, x.Spec.Replicas, x.Spec.Selector}, nil
	case *api.ReplicationController:
		return target{o, x.Spec.Replicas, &api.LabelSelector{MatchLabels: x.Spec.Selector}}, nil
	}
	return target{}, fmt.Errorf("the HPA controller was unable to get the target's current scale: %s has no scale subresource", kind.GroupResource())
}

// Reconcile runs one pass of one HPA: read the target's scale, decide the
// replicas it should have, scale it if they differ, and write the status.
func (r *Reconciler) Reconcile(ctx *controller.Context, req controller.Request) (controller.Result, error) {
	h, ok := r.hpas.Get(req.Namespace, req.Name)
	if !ok {
		delete(r.recommendations, req.String())
		ctx.Observe("HorizontalPodAutoscaler %s is gone", req)
		return controller.Result{}, nil
	}
	now := ctx.Clock.Now()
	st := api.DeepCopy(h.Status)
	gen := h.Generation
	st.ObservedGeneration = &gen

	t, err := getTarget(ctx, h)
	if err != nil {
		setCondition(&st, now, api.HPAAbleToScale, "False", "FailedGetScale", err.Error())
		ctx.Event(h, controller.EventWarning, "FailedGetScale", "%s", err.Error())
		ctx.Why("no scale target to read")
		return controller.Result{}, r.writeStatus(ctx, h, st)
	}
	current := api.Deref(t.replicas, 1)
	st.CurrentReplicas = current
	minR, maxR := api.Deref(h.Spec.MinReplicas, 1), h.Spec.MaxReplicas
	if current == 1 {
		ctx.Observe("%s/%s: 1 replica; min %d, max %d", h.Spec.ScaleTargetRef.Kind, h.Spec.ScaleTargetRef.Name, minR, maxR)
	} else {
		ctx.Observe("%s/%s: %d replicas; min %d, max %d", h.Spec.ScaleTargetRef.Kind, h.Spec.ScaleTargetRef.Name, current, minR, maxR)
	}

	if current == 0 && minR != 0 {
		setCondition(&st, now, api.HPAScalingActive, "False", "ScalingDisabled", "scaling is disabled since the replica count of the target is zero")
		st.DesiredReplicas = 0
		ctx.Why("the target is scaled to zero: autoscaling is off until it is scaled up")
		return controller.Result{}, r.writeStatus(ctx, h, st)
	}

	desired, reason := r.desiredReplicas(ctx, h, t, &st, now, current, minR, maxR)
	st.DesiredReplicas = desired
	if desired != current {
		ctx.Diff("replicas %d → %d", current, desired)
		if err := rescale(ctx, h, t, &st, now, desired, reason); err != nil {
			_ = r.writeStatus(ctx, h, st)
			return controller.Result{}, err
		}
	}
	return controller.Result{}, r.writeStatus(ctx, h, st)
}

// desiredReplicas is how many replicas the target should have, with the
// reason a rescale gives. A count outside minReplicas..maxReplicas is
// brought within them first; otherwise the CPU metric decides. Without a
// usable metric it is the current count, and st says why.
func (r *Reconciler) desiredReplicas(ctx *controller.Context, h *api.HorizontalPodAutoscaler, t target, st *api.HorizontalPodAutoscalerStatus, now time.Time, current, minR, maxR int32) (desired int32, reason string) {
	switch {
	case current > maxR:
		return maxR, "Current number of replicas above Spec.MaxReplicas"
	case current < minR:
		return minR, "Current number of replicas below Spec.MinReplicas"
	}
	util, ready, request, err := r.utilization(t)
	if err != nil {
		metricUnavailable(ctx, h, st, now, err)
		return current, ""
	}
	st.CurrentMetrics = []api.MetricStatus{{Type: api.MetricSourceResource, Resource: &api.ResourceMetricStatus{Name: "cpu",
		Current: api.MetricValueStatus{AverageUtilization: api.Ptr(util), AverageValue: api.Ptr(api.NewMilliQuantity(int64(util)*request/100, false))}}}}
	proposal := proposeReplicas(ctx, current, util, ready, targetUtilization(h))
	setCondition(st, now, api.HPAScalingActive, "True", "ValidMetricFound", "the HPA was able to successfully calculate a replica count from "+metricName)
	desired = r.normalize(ctx, h, st, now, current, proposal, minR, maxR)
	switch {
	case desired > current:
		reason = metricName + " above target"
	case desired < current:
		reason = "All metrics below target"
	}
	return desired, reason
}

// targetUtilization is the CPU utilisation the HPA aims for, as a
// percentage of the pods' requests: its first metric's, else the API's
// default.
func targetUtilization(h *api.HorizontalPodAutoscaler) int32 {
	if len(h.Spec.Metrics) > 0 && h.Spec.Metrics[0].Resource != nil && h.Spec.Metrics[0].Resource.Target.AverageUtilization != nil {
		return *h.Spec.Metrics[0].Resource.Target.AverageUtilization
	}
	return api.DefaultCPUUtilization
}

// proposeReplicas is the replica count the metric asks for:
// ceil(ready pods × utilisation / target), or the current count while
// utilisation/target is within the tolerance.
func proposeReplicas(ctx *controller.Context, current, util int32, ready int, targetUtil int32) int32 {
	ratio := float64(util) / float64(targetUtil)
	ctx.Observe("cpu %d%% of request on %d ready pod(s), target %d%%: ratio %.2f", util, ready, targetUtil, ratio)
	if math.Abs(ratio-1) <= Tolerance {
		ctx.Why("|%.2f − 1| ≤ tolerance %.1f: keep %d", ratio, Tolerance, current)
		return current
	}
	proposal := int32(min(api.FloatToInt64(math.Ceil(ratio*float64(ready))), math.MaxInt32))
	ctx.Why("|%.2f − 1| > tolerance %.1f: ceil(%d × %d%% / %d%%) = %d", ratio, Tolerance, ready, util, targetUtil, proposal)
	return proposal
}

// metricUnavailable records that no replica count could be computed: the
// scale was read, but the metric was not, so scaling is not active.
func metricUnavailable(ctx *controller.Context, h *api.HorizontalPodAutoscaler, st *api.HorizontalPodAutoscalerStatus, now time.Time, err error) {
	setCondition(st, now, api.HPAAbleToScale, "True", "SucceededGetScale", "the HPA controller was able to get the target's current scale")
	setCondition(st, now, api.HPAScalingActive, "False", "FailedGetResourceMetric", "the HPA was unable to compute the replica count: "+err.Error())
	ctx.Event(h, controller.EventWarning, "FailedGetResourceMetric", "%s", err.Error())
	ctx.Event(h, controller.EventWarning, "FailedComputeMetricsReplicas", "invalid metrics (1 invalid out of 1), first error is: failed to get cpu resource metric value: %s", err.Error())
	st.CurrentMetrics = nil
	ctx.Why("no usable metric: leave the scale alone")
}

// rescale writes desired replicas to the target, and records how it went
// in AbleToScale, an Event and, on success, lastScaleTime.
func rescale(ctx *controller.Context, h *api.HorizontalPodAutoscaler, t target, st *api.HorizontalPodAutoscalerStatus, now time.Time, desired int32, reason string) error {
	setReplicas(t.obj, desired)
	if _, err := ctx.Update(t.obj, fmt.Sprintf("replicas=%d", desired)); err != nil {
		setCondition(st, now, api.HPAAbleToScale, "False", "FailedUpdateScale", "the HPA controller was unable to update the target scale: "+err.Error())
		ctx.Event(h, controller.EventWarning, "FailedRescale", "New size: %d; reason: %s; error: %v", desired, reason, err)
		return err
	}
	setCondition(st, now, api.HPAAbleToScale, "True", "SucceededRescale", fmt.Sprintf("the HPA controller was able to update the target scale to %d", desired))
	ctx.Event(h, controller.EventNormal, "SuccessfulRescale", "New size: %d; reason: %s", desired, reason)
	st.LastScaleTime = api.Ptr(api.NewTime(now))
	return nil
}

// setReplicas sets the replicas of a scale target (a copy getTarget made).
func setReplicas(o api.Object, n int32) {
	switch x := o.(type) {
	case *api.Deployment:
		x.Spec.Replicas = api.Ptr(n)
	case *api.ReplicaSet:
		x.Spec.Replicas = api.Ptr(n)
	case *api.StatefulSet:
		x.Spec.Replicas = api.Ptr(n)
	case *api.ReplicationController:
		x.Spec.Replicas = api.Ptr(n)
	}
}

// utilization is the ready pods' average CPU use as a percentage of their
// requests, from the target's simulated demand.
func (r *Reconciler) utilization(t target) (util int32, ready int, request int64, err error) {
	sel, err := t.selector.AsSelector()
	if err != nil || sel.Empty() {
		return 0, 0, 0, fmt.Errorf("the target's selector is invalid")
	}
	m := t.obj.GetObjectMeta()
	var perPod int64
	for _, p := range r.pods.List(m.Namespace) {
		if !sel.Matches(p.Labels) || p.DeletionTimestamp != nil || p.Status.Phase != api.PodRunning || !api.IsPodReady(p) {
			continue
		}
		var req int64
		for _, c := range p.Spec.Containers {
			q, ok := c.Resources.Requests["cpu"]
			if !ok {
				return 0, 0, 0, fmt.Errorf("failed to get cpu utilization: missing request for cpu in container %s of Pod %s", c.Name, p.Name)
			}
			req += q.MilliValue()
		}
		perPod = req
		ready++
	}
	if ready == 0 {
		return 0, 0, 0, fmt.Errorf("failed to get cpu utilization: did not receive metrics for targeted pods (pods might be unready)")
	}
	var demand int64
	if s, ok := m.Annotations[api.CPUDemandAnnotation]; ok {
		if q, err := api.ParseQuantity(s); err == nil {
			demand = q.MilliValue()
		}
	}
	if perPod == 0 {
		return 0, ready, 0, fmt.Errorf("failed to get cpu utilization: missing request for cpu")
	}
	util = int32(demand * 100 / (perPod * int64(ready)))
	return util, ready, perPod, nil
}

// normalize applies the stabilisation window, the scale-up rate limit and
// min/max, and sets AbleToScale and ScalingLimited accordingly.
func (r *Reconciler) normalize(ctx *controller.Context, h *api.HorizontalPodAutoscaler, st *api.HorizontalPodAutoscalerStatus, now time.Time, current, proposal, minR, maxR int32) int32 {
	key := h.Namespace + "/" + h.Name
	window := DownscaleStabilization
	if b := h.Spec.Behavior; b != nil && b.ScaleDown != nil && b.ScaleDown.StabilizationWindowSeconds != nil {
		window = time.Duration(*b.ScaleDown.StabilizationWindowSeconds) * time.Second
	}
	recs := []recommendation{{now, proposal}}
	for _, rec := range r.recommendations[key] {
		if now.Sub(rec.at) < window {
			recs = append(recs, rec)
		}
	}
	r.recommendations[key] = recs
	stabilized := proposal
	for _, rec := range recs {
		if rec.replicas > stabilized && proposal < current {
			stabilized = min(rec.replicas, current)
		}
	}
	if proposal < current && stabilized > proposal {
		setCondition(st, now, api.HPAAbleToScale, "True", "ScaleDownStabilized", "recent recommendations were higher than current one, applying the highest recent recommendation")
		ctx.Why("scale-down stabilisation (%s): the highest recommendation in the window is %d", window, stabilized)
	} else {
		setCondition(st, now, api.HPAAbleToScale, "True", "ReadyForNewScale", "recommended size matches current size")
	}
	desired := stabilized
	limited := false
	if up := max(current+4, current*2); desired > up {
		desired, limited = up, true
		setCondition(st, now, api.HPAScalingLimited, "True", "ScaleUpLimit", "the desired replica count is increasing faster than the maximum scale rate")
		ctx.Why("scale-up limit: at most max(4 pods, 100%%) per %s → %d", SyncPeriod, up)
	}
	switch {
	case desired > maxR:
		desired, limited = maxR, true
		setCondition(st, now, api.HPAScalingLimited, "True", "TooManyReplicas", "the desired replica count is more than the maximum replica count")
		ctx.Why("capped at maxReplicas %d", maxR)
	case desired < minR:
		desired, limited = minR, true
		setCondition(st, now, api.HPAScalingLimited, "True", "TooFewReplicas", "the desired replica count is less than the minimum replica count")
		ctx.Why("raised to minReplicas %d", minR)
	}
	if !limited {
		setCondition(st, now, api.HPAScalingLimited, "False", "DesiredWithinRange", "the desired count is within the acceptable range")
	}
	return desired
}

// setCondition sets one condition, keeping its transition time when its
// status does not change; conditions stay in the order upstream writes
// them.
func setCondition(st *api.HorizontalPodAutoscalerStatus, now time.Time, typ, status, reason, message string) {
	c := api.HorizontalPodAutoscalerCondition{Type: typ, Status: status, LastTransitionTime: api.NewTime(now), Reason: reason, Message: message}
	for i := range st.Conditions {
		if st.Conditions[i].Type == typ {
			if st.Conditions[i].Status == status {
				c.LastTransitionTime = st.Conditions[i].LastTransitionTime
			}
			st.Conditions[i] = c
			return
		}
	}
	st.Conditions = append(st.Conditions, c)
	order := map[string]int{api.HPAAbleToScale: 0, api.HPAScalingActive: 1, api.HPAScalingLimited: 2}
	for i := len(st.Conditions) - 1; i > 0 && order[st.Conditions[i].Type] < order[st.Conditions[i-1].Type]; i-- {
		st.Conditions[i], st.Conditions[i-1] = st.Conditions[i-1], st.Conditions[i]
	}
}

func (r *Reconciler) writeStatus(ctx *controller.Context, h *api.HorizontalPodAutoscaler, st api.HorizontalPodAutoscalerStatus) error {
	c := api.DeepCopy(h)
	c.Status = st
	if statusEqual(h.Status, st) {
		return nil
	}
	_, err := ctx.UpdateStatus(c, fmt.Sprintf("current=%d desired=%d", st.CurrentReplicas, st.DesiredReplicas))
	if api.IsNotFound(err) || api.IsConflict(err) {
		return nil
	}
	return err
}

func statusEqual(a, b api.HorizontalPodAutoscalerStatus) bool {
	return fmt.Sprintf("%+v", flatten(a)) == fmt.Sprintf("%+v", flatten(b))
}

// flatten renders a status without pointers, for comparison.
func flatten(s api.HorizontalPodAutoscalerStatus) []any {
	out := []any{api.Deref(s.ObservedGeneration, 0), s.CurrentReplicas, s.DesiredReplicas}
	if s.LastScaleTime != nil {
		out = append(out, s.LastScaleTime.Unix())
	}
	for _, m := range s.CurrentMetrics {
		if m.Resource != nil {
			out = append(out, m.Resource.Name, api.Deref(m.Resource.Current.AverageUtilization, -1))
		}
	}
	for _, c := range s.Conditions {
		out = append(out, c.Type, c.Status, c.Reason, c.Message, c.LastTransitionTime.Unix())
	}
	return out
}

// Card is what the page says about this controller.
var Card = controller.Card{
	Name:    "horizontal-pod-autoscaler-controller",
	Package: "controllers/podautoscaler",
	Title:   controller.Text{En: "Horizontal Pod Autoscaler", Zh: "Pod 水平自动扩缩"},
	Summary: controller.Text{
		En: "Every 15 seconds it reads the CPU use of a Deployment's ready pods as a percentage of their requests and compares it with the target: desired = ceil(pods × current / target), left alone within 10%. It scales up at once (at most doubling), but down only to the highest recommendation of the last 5 minutes, always between minReplicas and maxReplicas.",
		Zh: "每 15 秒读取 Deployment 就绪 Pod 的 CPU 使用量（占 requests 的百分比）并与目标比较：期望副本数 = ceil(Pod 数 × 当前值 / 目标值)，相差 10% 以内不动。扩容立即进行（最多翻倍），缩容只降到过去 5 分钟内最高的建议值，始终在 minReplicas 与 maxReplicas 之间。",
	},
	Example: `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 1
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: nginx
        image: nginx:1.14.2
        resources:
          requests:
            cpu: 200m
---
apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: web
spec:
  scaleTargetRef:
    apiVersion: apps/v1
    kind: Deployment
    name: web
  minReplicas: 1
  maxReplicas: 10
  metrics:
  - type: Resource
    resource:
      name: cpu
      target:
        type: Utilization
        averageUtilization: 50
`,
}
