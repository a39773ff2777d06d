package cluster

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/store"
)

// Snapshot is the cluster as the page draws it: plain data with JSON tags.
type Snapshot struct {
	Time        time.Time        `json:"time"`
	Elapsed     string           `json:"elapsed"`
	Revision    int64            `json:"revision"`
	Nodes       []NodeView       `json:"nodes"`
	Pods        []PodView        `json:"pods"`
	Deployments []DeploymentView `json:"deployments"`
	ReplicaSets []ReplicaSetView `json:"replicaSets"`
	Events      []EventView      `json:"events"`
	Jobs        []JobView        `json:"jobs,omitempty"`
}

type NodeView struct {
	Name    string `json:"name"`
	Ready   bool   `json:"ready"`
	PodCIDR string `json:"podCIDR"`
	// Taints as kubectl describe node writes them ("key=value:Effect").
	Taints []string `json:"taints,omitempty"`
	// Conditions that are not in their healthy state ("Ready=Unknown",
	// "MemoryPressure=True"); none for a healthy node.
	Conditions []string `json:"conditions,omitempty"`
	// Unschedulable is a cordoned node (kubectl get nodes:
	// SchedulingDisabled).
	Unschedulable bool `json:"unschedulable,omitempty"`
	// Fault is what the sandbox did to the machine, which no object
	// shows (NodeFault). Only the newest state has it; a replayed
	// revision's nodes have none.
	Fault NodeFault `json:"fault,omitzero"`
	// ControlPlane is the control-plane node (its node-role label), which
	// runs the cluster's own pods and none of a learner's.
	ControlPlane bool `json:"controlPlane,omitempty"`
}

// JobView is a Job's progress: how many pods succeeded of how many wanted.
type JobView struct {
	Name        string `json:"name"`
	Namespace   string `json:"namespace"`
	Completions int32  `json:"completions"`
	Succeeded   int32  `json:"succeeded"`
	Failed      int32  `json:"failed"`
	Active      int32  `json:"active"`
	// Status is kubectl get job's STATUS: Running, Complete, Failed …
	Status string `json:"status"`
}

type PodView struct {
	Name      string `json:"name"`
	Namespace string `json:"namespace"`
	Phase     string `json:"phase"`
	Status    string `json:"status"` // kubectl's STATUS column
	Ready     bool   `json:"ready"`
	ReadyText string `json:"readyText"`
	Node      string `json:"node"`
	IP        string `json:"ip"`
	Owner     string `json:"owner"`
	OwnerKind string `json:"ownerKind"`
	Deleting  bool   `json:"deleting"`
	Image     string `json:"image"`
	Restarts  int32  `json:"restarts"`
	Reason    string `json:"reason,omitempty"` // why it is Pending, from the scheduler
	// System is one of the cluster's own pods (IsSystemPod: the control
	// plane's mirror pods, CoreDNS, kube-proxy, kindnet), which a page
	// shows only when asked to.
	System bool `json:"system,omitempty"`
}

type DeploymentView struct {
	Name      string `json:"name"`
	Namespace string `json:"namespace"`
	Replicas  int32  `json:"replicas"`
	Ready     int32  `json:"ready"`
	Updated   int32  `json:"updated"`
	Available int32  `json:"available"`
	Revision  string `json:"revision"`
}

type ReplicaSetView struct {
	Name      string `json:"name"`
	Namespace string `json:"namespace"`
	Owner     string `json:"owner"`
	Replicas  int32  `json:"replicas"`
	Current   int32  `json:"current"`
	Ready     int32  `json:"ready"`
	Available int32  `json:"available"`
	Revision  string `json:"revision"`
	Image     string `json:"image"`
}

type EventView struct {
	Time    time.Time `json:"time"`
	Type    string    `json:"type"`
	Reason  string    `json:"reason"`
	Object  string    `json:"object"`
	Message string    `json:"message"`
	Count   int32     `json:"count"`
}

// MaxSnapshotEvents caps the events a snapshot carries (newest kept).
const MaxSnapshotEvents = 200

// Snapshot captures the newest state.
func (c *Cluster) Snapshot() Snapshot {
	v, _ := c.store.At(c.store.Revision())
	s := c.snapshotOf(v)
	c.markFaults(&s)
	return s
}

// markFaults sets the nodes' faults, which are now's, not a revision's.
func (c *Cluster) markFaults(s *Snapshot) {
	for i := range s.Nodes {
		s.Nodes[i].Fault = c.NodeFault(s.Nodes[i].Name)
	}
}

// SnapshotAt captures the state at an earlier revision (replay).
func (c *Cluster) SnapshotAt(rev int64) (Snapshot, error) {
	v, err := c.store.At(rev)
	if err != nil {
		return Snapshot{}, err
	}
	return c.snapshotOf(v), nil
}

func (c *Cluster) snapshotOf(v *store.Snapshot) Snapshot {
	s := c.overviewOf(v)
	s.Revision = v.Revision
	for _, o := range v.List(api.Pods, "") {
		s.Pods = append(s.Pods, podView(o.(*api.Pod)))
	}
	for _, e := range newestOf(allEvents(v)) {
		s.Events = append(s.Events, eventView(e))
	}
	return s
}

// lister is what a view is read from: the live store or one revision of
// its history.
type lister interface {
	List(kind *api.Kind, namespace string) []api.Object
}

// Overview is the newest state without its pods and Events — the nodes
// and the workloads, a few objects each — read from the store as it is,
// without copying its state as Snapshot does. A page that follows the pods
// and Events with a Feed draws the rest from this.
func (c *Cluster) Overview() Snapshot {
	s := c.overviewOf(c.store)
	s.Revision = c.store.Revision()
	c.markFaults(&s)
	return s
}

func (c *Cluster) overviewOf(v lister) Snapshot {
	s := Snapshot{Time: c.clk.Now(), Elapsed: c.clk.Now().Sub(c.clk.Start()).String()}
	for _, o := range v.List(api.Nodes, "") {
		s.Nodes = append(s.Nodes, nodeView(o.(*api.Node)))
	}
	for _, o := range v.List(api.Jobs, "") {
		s.Jobs = append(s.Jobs, jobView(o.(*api.Job)))
	}
	for _, o := range v.List(api.Deployments, "") {
		s.Deployments = append(s.Deployments, deploymentView(o.(*api.Deployment)))
	}
	for _, o := range v.List(api.ReplicaSets, "") {
		s.ReplicaSets = append(s.ReplicaSets, replicaSetView(o.(*api.ReplicaSet)))
	}
	return s
}

func nodeView(n *api.Node) NodeView {
	_, controlPlane := n.Labels[controlPlaneRole]
	nv := NodeView{Name: n.Name, PodCIDR: n.Spec.PodCIDR, Unschedulable: n.Spec.Unschedulable, ControlPlane: controlPlane}
	for _, cond := range n.Status.Conditions {
		healthy := cond.Status == api.ConditionFalse
		if cond.Type == "Ready" {
			nv.Ready = cond.Status == api.ConditionTrue
			healthy = nv.Ready
		}
		if !healthy {
			nv.Conditions = append(nv.Conditions, fmt.Sprintf("%s=%s", cond.Type, cond.Status))
		}
	}
	for _, t := range n.Spec.Taints {
		kv := t.Key
		if t.Value != "" {
			kv += "=" + t.Value
		}
		nv.Taints = append(nv.Taints, kv+":"+t.Effect)
	}
	return nv
}

func jobView(j *api.Job) JobView {
	jv := JobView{Name: j.Name, Namespace: j.Namespace, Completions: api.Deref(j.Spec.Completions, 1),
		Succeeded: j.Status.Succeeded, Failed: j.Status.Failed, Active: j.Status.Active, Status: "Running"}
	for _, c := range j.Status.Conditions {
		if (c.Type == api.JobComplete || c.Type == api.JobFailed) && c.Status == api.ConditionTrue {
			jv.Status = c.Type
		}
	}
	return jv
}

func deploymentView(d *api.Deployment) DeploymentView {
	return DeploymentView{Name: d.Name, Namespace: d.Namespace,
		Replicas: api.Deref(d.Spec.Replicas, 1), Ready: d.Status.ReadyReplicas, Updated: d.Status.UpdatedReplicas,
		Available: d.Status.AvailableReplicas, Revision: d.Annotations["deployment.kubernetes.io/revision"]}
}

func replicaSetView(rs *api.ReplicaSet) ReplicaSetView {
	view := ReplicaSetView{Name: rs.Name, Namespace: rs.Namespace, Replicas: api.Deref(rs.Spec.Replicas, 1),
		Current: rs.Status.Replicas, Ready: rs.Status.ReadyReplicas, Available: rs.Status.AvailableReplicas,
		Revision: rs.Annotations["deployment.kubernetes.io/revision"]}
	if ref := api.ControllerOf(rs); ref != nil {
		view.Owner = ref.Name
	}
	if cs := rs.Spec.Template.Spec.Containers; len(cs) > 0 {
		view.Image = cs[0].Image
	}
	return view
}

func eventView(e *api.Event) EventView {
	return EventView{Time: e.LastTimestamp.Time, Type: e.Type, Reason: e.Reason,
		Object: strings.ToLower(e.InvolvedObject.Kind) + "/" + e.InvolvedObject.Name, Message: e.Message, Count: e.Count}
}

func podView(p *api.Pod) PodView {
	v := PodView{Name: p.Name, Namespace: p.Namespace, Phase: p.Status.Phase, Status: api.PodDisplayStatus(p),
		Ready: api.IsPodReady(p), Node: p.Spec.NodeName, IP: p.Status.PodIP, Deleting: p.DeletionTimestamp != nil,
		System: IsSystemPod(p)}
	ready := 0
	for _, cs := range p.Status.ContainerStatuses {
		if cs.Ready {
			ready++
		}
		v.Restarts += cs.RestartCount
	}
	v.ReadyText = strconv.Itoa(ready) + "/" + strconv.Itoa(len(p.Spec.Containers)) // a feed views thousands per draw
	if ref := api.ControllerOf(p); ref != nil {
		v.Owner, v.OwnerKind = ref.Name, ref.Kind
	}
	if len(p.Spec.Containers) > 0 {
		v.Image = p.Spec.Containers[0].Image
	}
	if c := p.Condition(api.PodScheduled); c != nil && c.Status == api.ConditionFalse {
		v.Reason = c.Message
	}
	return v
}
