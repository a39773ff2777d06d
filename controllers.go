package kubeloop

import (
	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/controller"
	"github.com/kubeloop/kubeloop/core/informer"
)

// ControllerFor makes a controller named name that reconciles the objects
// of type T: reconcile runs whenever one is created or changes, and again
// when it asks (its Result, or an error). Put it in Options.Controllers.
//
// The contract, as for every controller here:
//
//   - Level, not edge: reconcile is told which object to look at, never
//     what happened to it. Compare what the object asks for with what
//     exists, and write only the difference; run twice, it must do nothing
//     the second time. Several changes may come as one reconcile, and your
//     own writes bring the object back to the queue.
//   - obj is the controller's cache, shared with every other reader: never
//     modify it. Change a copy (api.DeepCopy) and write that.
//   - Write through ctx (ctx.Create, ctx.Update, ctx.Delete) so that each
//     write shows in the reconcile trace; say why with ctx.Observe,
//     ctx.Diff and ctx.Why. ctx.Store() reads the API server itself, for
//     the other objects you look at.
//   - Return an error to be retried with back-off (controller.Terminal(err)
//     for one retrying cannot fix), controller.Result{RequeueAfter: d} to
//     look again after d, or nothing when the world matches.
//   - A deleted object is not reconciled: give what you create an owner
//     reference to obj, and the garbage collector deletes it after obj.
//   - Time is simulated: read ctx.Clock.Now(), never time.Now, and start
//     no goroutine. Only the leading kube-controller-manager reconciles.
//
// ControllerFor panics when T is not a kind the cluster serves.
func ControllerFor[T api.Object](name string, reconcile func(ctx *controller.Context, obj T) (controller.Result, error)) Register {
	kind, err := kindOf[T]()
	if err != nil {
		panic(err.Error())
	}
	return func(m *controller.Manager) *controller.Controller {
		objects := m.Informers.For(kind)
		c := m.NewController(name, controller.ReconcileFunc(
			func(ctx *controller.Context, req controller.Request) (controller.Result, error) {
				o, ok := objects.Get(req.Namespace, req.Name)
				if !ok {
					return controller.Result{}, nil // deleted: its dependents go with it
				}
				return reconcile(ctx, o.(T))
			}), controller.Options{})
		objects.AddHandler(informer.Handler{OnAdd: c.EnqueueObject, OnUpdate: func(_, o api.Object) { c.EnqueueObject(o) }})
		return c
	}
}
