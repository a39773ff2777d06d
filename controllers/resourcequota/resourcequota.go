// Package resourcequota is the resource quota controller of
// kube-controller-manager ("resourcequota" in --controllers), with the
// ResourceQuota admission plugin that makes quotas bite.
//
// Observe: a ResourceQuota's spec.hard, and the namespace's objects it
// counts — pods (and their cpu and memory requests and limits), Services,
// PersistentVolumeClaims, count/<resource>.<group> for any kind. Diff:
// status.hard and status.used against what is there now. Act: write the
// status. The controller never refuses anything: admission (admission.go)
// refuses the create that would go over, and the ReplicaSet that tried
// records a FailedCreate Event with the message.
//
// Upstream recounts every quota every 5 minutes and on replenishment
// events (a pod finishing, an object deleted); here every add, change and
// delete of a counted kind wakes the quotas of its namespace, so
// status.used is never stale and the resync is not needed.
package resourcequota

import (
	"fmt"
	"time"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/controller"
	"github.com/kubeloop/kubeloop/core/informer"
)

// Reconciler is the resource quota controller.
type Reconciler struct {
	// quotas and counted are the caches the loop observes (counted by
	// kind); never modify what they return.
	quotas  informer.Lister[*api.ResourceQuota]
	counted map[*api.Kind]*informer.Informer
	ctrl    *controller.Controller
}

// Register adds the resource quota controller to a manager. It watches
// every namespaced kind but Events and Leases, which nothing counts.
func Register(m *controller.Manager) *controller.Controller {
	r := &Reconciler{quotas: informer.ListerFor[*api.ResourceQuota](m.Informers), counted: map[*api.Kind]*informer.Informer{}}
	c := m.NewController("resourcequota", r, controller.Options{Component: "resourcequota-controller"})
	r.ctrl = c
	r.quotas.AddHandler(informer.Handler{
		OnAdd:    c.EnqueueObject,
		OnUpdate: func(_, o api.Object) { c.EnqueueObject(o) },
	})
	for _, k := range api.Kinds {
		if !k.Namespaced || k.Kind == "Event" || k.Kind == "Lease" {
			continue
		}
		inf := m.Informers.For(k)
		r.counted[k] = inf
		if k.Kind == "ResourceQuota" {
			continue // its own handler enqueues it; the others hear of it below
		}
		wake := func(o api.Object) { r.enqueueQuotas(o.GetObjectMeta().Namespace) }
		inf.AddHandler(informer.Handler{
			OnAdd: wake,
			OnUpdate: func(old, o api.Object) {
				if _, isPod := o.(*api.Pod); isPod {
					wake(o) // a pod's phase or deletion changes what it is charged
				}
			},
			OnDelete: func(o any) {
				if x := informer.DeletedObject(o); x != nil {
					wake(x)
				}
			},
		})
	}
	return c
}

func (r *Reconciler) enqueueQuotas(namespace string) {
	for _, q := range r.quotas.List(namespace) {
		r.ctrl.EnqueueObject(q)
	}
}

func (r *Reconciler) list(k *api.Kind, namespace string) []api.Object {
	if inf, ok := r.counted[k]; ok {
		return inf.List(namespace)
	}
	return nil
}

// Reconcile recounts one quota's usage and writes its status.
func (r *Reconciler) Reconcile(ctx *controller.Context, req controller.Request) (controller.Result, error) {
	q, ok := r.quotas.Get(req.Namespace, req.Name)
	if !ok {
		ctx.Observe("ResourceQuota %s is gone", req)
		return controller.Result{}, nil
	}
	now := ctx.Clock.Now()
	names := hardNames(q)
	used := usage(r.list, q.Namespace, names, now)
	ctx.Observe("hard: %s", orNone(prettyPrint(q.Spec.Hard, names)))
	ctx.Observe("counted in %s: %s", q.Namespace, orNone(prettyPrint(used, names)))

	var requeue time.Duration
	for _, p := range r.list(api.Pods, q.Namespace) {
		pod := p.(*api.Pod)
		if pod.DeletionTimestamp != nil && pod.DeletionGracePeriodSeconds != nil && podCounts(pod, now) {
			at := pod.DeletionTimestamp.Add(time.Duration(*pod.DeletionGracePeriodSeconds)*time.Second + time.Second)
			if d := at.Sub(now); requeue == 0 || d < requeue {
				requeue = d
			}
		}
	}
	if requeue > 0 {
		ctx.Why("a terminating pod stops counting once it outlives its deletion deadline by its grace period: look again then")
	}

	var changed []string
	for _, n := range names {
		if !sameQuantity(q.Status.Hard, q.Spec.Hard, n) {
			changed = append(changed, "hard "+n)
		}
		if !sameQuantity(q.Status.Used, used, n) {
			was := "unset"
			if v, ok := q.Status.Used[n]; ok {
				was = v.String()
			}
			u := used[n]
			changed = append(changed, fmt.Sprintf("used %s %s → %s", n, was, u.String()))
		}
	}
	if len(q.Status.Hard) != len(names) || len(q.Status.Used) != len(names) {
		changed = append(changed, "resources listed")
	}
	if len(changed) == 0 {
		ctx.Why("status.used already matches what is counted: nothing to write")
		return controller.Result{RequeueAfter: requeue}, nil
	}
	for _, c := range changed {
		ctx.Diff("%s", c)
	}
	ctx.Why("status.used is what admission's refusals quote: write what was counted")
	c := api.DeepCopy(q)
	c.Status = api.ResourceQuotaStatus{Hard: api.DeepCopy(q.Spec.Hard), Used: used}
	if c.Status.Hard == nil {
		c.Status.Hard = api.ResourceList{}
	}
	if _, err := ctx.UpdateStatus(c, prettyPrint(used, names)); err != nil {
		if api.IsNotFound(err) {
			return controller.Result{}, nil
		}
		return controller.Result{}, err
	}
	return controller.Result{RequeueAfter: requeue}, nil
}

func sameQuantity(a, b api.ResourceList, n string) bool {
	x, okA := a[n]
	y, okB := b[n]
	return okA == okB && x.MilliValue() == y.MilliValue() && x.String() == y.String()
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}

// Card is what the page says about this controller.
var Card = controller.Card{
	Name:    "resourcequota-controller",
	Package: "controllers/resourcequota",
	Title:   controller.Text{En: "ResourceQuota: a namespace's budget", Zh: "ResourceQuota：命名空间的预算"},
	Summary: controller.Text{
		En: "Watches each ResourceQuota and everything it counts in its namespace — pods, their CPU and memory requests and limits, Services, claims, count/<resource> — and writes status.used. The refusing is done by admission: a create that would go over the hard limit is forbidden, and the ReplicaSet that tried shows a FailedCreate event until a slot frees up.",
		Zh: "监视每个 ResourceQuota 及其命名空间中被计数的一切——Pod 及其 CPU 和内存的 requests 与 limits、Service、PVC、count/<资源>——并写入 status.used。拒绝由准入控制完成：超出 hard 上限的创建被禁止，尝试创建的 ReplicaSet 会显示 FailedCreate 事件，直到有空位为止。",
	},
	Example: `apiVersion: v1
kind: ResourceQuota
metadata:
  name: compute
spec:
  hard:
    pods: "2"
    count/deployments.apps: "1"
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 3
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
`,
}
