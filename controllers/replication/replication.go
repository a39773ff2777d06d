// Package replication is the ReplicationController controller of
// kube-controller-manager ("replicationcontroller" in --controllers): the
// ReplicaSet loop, over the v1 kind that came before ReplicaSets.
//
// It is the same loop, run by the same code: this package only tells
// controllers/replicaset how to read a ReplicationController — its
// selector is a plain label map (equality only, `app=web`), its template
// may be absent — and how to write its status. Observe the pods the
// selector matches, diff against spec.replicas, create or delete pods,
// adopt orphans, release pods whose labels stopped matching.
package replication

import (
	"github.com/kubeloop/kubeloop/controllers/replicaset"
	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/controller"
)

// ReplicationControllers is the kind the shared loop runs over.
var ReplicationControllers = &replicaset.Kind{
	Kind: "ReplicationController", Resource: api.ReplicationControllers,
	Controller: "replicationcontroller", Component: "replication-controller",
	Spec: func(o api.Object) (replicaset.Spec, error) {
		rc := o.(*api.ReplicationController)
		sel := api.Nothing()
		if len(rc.Spec.Selector) > 0 {
			sel = api.SelectorFromSet(rc.Spec.Selector)
		}
		return replicaset.Spec{Replicas: api.Deref(rc.Spec.Replicas, 1), MinReadySeconds: rc.Spec.MinReadySeconds,
			Selector: sel, Template: rc.Spec.Template}, nil
	},
	Status: func(o api.Object) api.ReplicaSetStatus {
		st := o.(*api.ReplicationController).Status
		return api.ReplicaSetStatus{Replicas: st.Replicas, FullyLabeledReplicas: st.FullyLabeledReplicas, ReadyReplicas: st.ReadyReplicas,
			AvailableReplicas: st.AvailableReplicas, ObservedGeneration: st.ObservedGeneration, Conditions: st.Conditions}
	},
	WithStatus: func(o api.Object, st api.ReplicaSetStatus) api.Object {
		c := api.DeepCopy(o.(*api.ReplicationController))
		c.Status = api.ReplicationControllerStatus{Replicas: st.Replicas, FullyLabeledReplicas: st.FullyLabeledReplicas, ReadyReplicas: st.ReadyReplicas,
			AvailableReplicas: st.AvailableReplicas, ObservedGeneration: st.ObservedGeneration, Conditions: st.Conditions}
		return c
	},
}

// Register adds the ReplicationController controller to a manager.
func Register(m *controller.Manager) *controller.Controller {
	return replicaset.RegisterKind(m, ReplicationControllers)
}

// Card is what the page says about this controller.
var Card = controller.Card{
	Name:    "replicationcontroller-controller",
	Package: "controllers/replication",
	Title:   controller.Text{En: "ReplicationController: the ReplicaSet's ancestor", Zh: "ReplicationController：ReplicaSet 的前身"},
	Summary: controller.Text{
		En: "Watches ReplicationControllers and the pods their label selector matches, compares the count with spec.replicas, and creates or deletes pods until they agree. It is the ReplicaSet loop (kubeloop runs the same code) over the older v1 kind, whose selector only matches labels by equality.",
		Zh: "监视 ReplicationController 及其标签选择器匹配的 Pod，把数量与 spec.replicas 比较，创建或删除 Pod 直到一致。它就是 ReplicaSet 的控制循环（kubeloop 运行同一份代码），作用于更早的 v1 资源，其选择器只支持等值匹配。",
	},
	Example: `apiVersion: v1
kind: ReplicationController
metadata:
  name: nginx
spec:
  replicas: 3
  selector:
    app: nginx
  template:
    metadata:
      labels:
        app: nginx
    spec:
      containers:
      - name: nginx
        image: nginx:1.14.2
        ports:
        - containerPort: 80
`,
}
