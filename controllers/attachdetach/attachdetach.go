// Package attachdetach is the attach/detach controller of
// kube-controller-manager (persistentvolume-attach-detach-controller)
// together with the kubelet's report it works with: a node's
// status.volumesAttached lists the volumes attached to it, and its
// status.volumesInUse the volumes its pods have mounted.
//
// Upstream, the controller attaches a PersistentVolume to a node when a pod
// using it is scheduled there and detaches it when no pod there needs it
// any more and the kubelet no longer reports it in use (or after 6 minutes
// of waiting, maxWaitForUnmountDuration). It does so only for attachable
// volumes: for a CSI driver it creates a VolumeAttachment object and the
// driver's external-attacher does the attaching; hostPath and local
// volumes, like the local-path provisioner's of kind, are not attachable,
// so on a real kind cluster both lists stay empty.
//
// The sandbox shows the loop anyway, treating every bound volume as if it
// were attachable, without VolumeAttachment objects: a node's
// volumesAttached follows the pods scheduled there that use PVCs, named as
// a CSI driver's would be (kubernetes.io/csi/<driver>^<handle>) for CSI
// volumes and kubernetes.io/host-path/<volume> for the others; its
// volumesInUse follows the running ones. The order is upstream's: attach,
// then mount (in use); unmount, then detach. A key is a node name.
package attachdetach

import (
	"slices"
	"sort"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/controller"
	"github.com/kubeloop/kubeloop/core/informer"
)

// Component signs the controller's Events.
const Component = "attachdetach-controller"

// Reconciler is the attach/detach controller.
type Reconciler struct {
	// nodes, pods, claims and volumes are the caches it reads; never
	// modify what they return.
	nodes   informer.Lister[*api.Node]
	pods    informer.Lister[*api.Pod]
	claims  informer.Lister[*api.PersistentVolumeClaim]
	volumes informer.Lister[*api.PersistentVolume]
}

// Register adds the attach/detach controller to a manager.
func Register(m *controller.Manager) *controller.Controller {
	r := &Reconciler{
		nodes:   informer.ListerFor[*api.Node](m.Informers),
		pods:    informer.ListerFor[*api.Pod](m.Informers),
		claims:  informer.ListerFor[*api.PersistentVolumeClaim](m.Informers),
		volumes: informer.ListerFor[*api.PersistentVolume](m.Informers),
	}
	c := m.NewController("attachdetach", r, controller.Options{Component: Component})
	node := func(name string) {
		if name != "" {
			c.Enqueue(controller.Request{Name: name})
		}
	}
	usesClaims := func(p *api.Pod) bool {
		for _, v := range p.Spec.Volumes {
			if claimOf(p, v) != "" {
				return true
			}
		}
		return false
	}
	pod := func(p *api.Pod) {
		if usesClaims(p) {
			node(p.Spec.NodeName)
		}
	}
	r.pods.AddTypedHandler(informer.HandlerFor[*api.Pod]{
		OnAdd:    pod,
		OnUpdate: func(old, p *api.Pod) { pod(old); pod(p) },
		OnDelete: pod,
	})
	r.nodes.AddHandler(informer.Handler{
		OnAdd:    func(o api.Object) { node(o.GetObjectMeta().Name) },
		OnUpdate: func(_, o api.Object) { node(o.GetObjectMeta().Name) },
	})
	// A claim bound after its pod was scheduled (WaitForFirstConsumer):
	// the nodes of the pods that use it, from the index — a walk over the
	// namespace's pods on every claim event grew with the square of a
	// StatefulSet's replicas.
	r.claims.AddTypedHandler(informer.HandlerFor[*api.PersistentVolumeClaim]{
		OnUpdate: func(_, cl *api.PersistentVolumeClaim) {
			r.pods.EachSortedByIndex(informer.IndexClaim, informer.ClaimKey(cl.Namespace, cl.Name), func(p *api.Pod) {
				node(p.Spec.NodeName)
			})
		},
	})
	return c
}

// claimOf is the claim a pod volume uses, or "": a persistentVolumeClaim
// volume's claimName, or <pod>-<volume> for a generic ephemeral volume.
func claimOf(p *api.Pod, v api.Volume) string { return api.VolumeClaimName(p, &v) }

// VolumeName is a volume's unique name in node status.
func VolumeName(pv *api.PersistentVolume) string {
	if pv.Spec.CSI != nil {
		return "kubernetes.io/csi/" + pv.Spec.CSI.Driver + "^" + pv.Spec.CSI.VolumeHandle
	}
	return "kubernetes.io/host-path/" + pv.Name
}

// use is a volume the node's pods need: its name and the pods.
type use struct {
	pv   string
	pods []*api.Pod
}

// wanted is the volumes of the node's pods that are not finished
// (attached) and of those that run (in use), by unique name.
func (r *Reconciler) wanted(node string) (attach map[string]*use, mounted map[string]bool) {
	attach, mounted = map[string]*use{}, map[string]bool{}
	// The node's pods only, from the index: every node's status report
	// brings a reconcile, and a list of all pods made each one cost the
	// whole cluster (91 reports of 10,000 pods every five minutes).
	for _, p := range r.pods.ByIndex(informer.IndexNode, node) {
		if p.Status.Phase == api.PodSucceeded || p.Status.Phase == api.PodFailed {
			continue
		}
		for _, v := range p.Spec.Volumes {
			name := claimOf(p, v)
			if name == "" {
				continue
			}
			co, ok := r.claims.Get(p.Namespace, name)
			if !ok || co.Status.Phase != api.ClaimBound {
				continue
			}
			pv, ok := r.volumes.Get("", co.Spec.VolumeName)
			if !ok {
				continue
			}
			key := VolumeName(pv)
			if attach[key] == nil {
				attach[key] = &use{pv: pv.Name}
			}
			attach[key].pods = append(attach[key].pods, p)
			if p.Status.Phase == api.PodRunning {
				mounted[key] = true
			}
		}
	}
	return attach, mounted
}

// Reconcile moves one node's volumes one step: attach what its pods need,
// then report mounted what its running pods use, then unmount and detach
// what none needs.
func (r *Reconciler) Reconcile(ctx *controller.Context, req controller.Request) (controller.Result, error) {
	n, ok := r.nodes.Get("", req.Name)
	if !ok {
		return controller.Result{}, nil
	}
	attach, mounted := r.wanted(n.Name)
	attached := map[string]bool{}
	for _, v := range n.Status.VolumesAttached {
		attached[v.Name] = true
	}
	inUse := map[string]bool{}
	for _, v := range n.Status.VolumesInUse {
		inUse[v] = true
	}
	ctx.Observe("node %s: pods need %d volume(s) (%d mounted by running pods); %d attached, %d in use",
		n.Name, len(attach), len(mounted), len(attached), len(inUse))

	var toAttach []string
	for k := range attach {
		if !attached[k] {
			toAttach = append(toAttach, k)
		}
	}
	if len(toAttach) > 0 {
		sort.Strings(toAttach)
		ctx.Diff("not attached to %s: %v", n.Name, toAttach)
		ctx.Why("a pod scheduled to %s uses them: attach before the kubelet can mount", n.Name)
		next := api.DeepCopy(n)
		for _, k := range toAttach {
			next.Status.VolumesAttached = append(next.Status.VolumesAttached, api.AttachedVolume{Name: k})
		}
		sortAttached(next.Status.VolumesAttached)
		if _, err := ctx.UpdateStatus(next, "volumesAttached +"+joinNames(toAttach)); err != nil {
			return controller.Result{}, ignoreNotFound(err)
		}
		for _, k := range toAttach {
			for _, p := range attach[k].pods {
				ctx.Event(p, controller.EventNormal, "SuccessfulAttachVolume", "AttachVolume.Attach succeeded for volume %q ", attach[k].pv)
			}
		}
		return controller.Result{}, nil
	}

	// The kubelet's report: mounted once attached, unmounted once no running pod uses it.
	var want []string
	for k := range mounted {
		if attached[k] {
			want = append(want, k)
		}
	}
	sort.Strings(want)
	if !slices.Equal(want, n.Status.VolumesInUse) {
		ctx.Diff("volumesInUse %v, mounted by running pods %v", n.Status.VolumesInUse, want)
		ctx.Why("the kubelet of %s reports the volumes its running pods have mounted", n.Name)
		next := api.DeepCopy(n)
		next.Status.VolumesInUse = want
		_, err := ctx.UpdateStatus(next, "volumesInUse "+joinNames(want))
		return controller.Result{}, ignoreNotFound(err)
	}

	var keep []api.AttachedVolume
	var detach []string
	for _, v := range n.Status.VolumesAttached {
		if attach[v.Name] != nil || inUse[v.Name] {
			keep = append(keep, v)
		} else {
			detach = append(detach, v.Name)
		}
	}
	if len(detach) == 0 {
		return controller.Result{}, nil
	}
	ctx.Diff("attached to %s but needed by no pod there: %v", n.Name, detach)
	ctx.Why("no pod on %s uses them and the kubelet reports them unmounted: safe to detach", n.Name)
	next := api.DeepCopy(n)
	next.Status.VolumesAttached = keep
	_, err := ctx.UpdateStatus(next, "volumesAttached -"+joinNames(detach))
	return controller.Result{}, ignoreNotFound(err)
}

func sortAttached(v []api.AttachedVolume) {
	sort.Slice(v, func(i, j int) bool { return v[i].Name < v[j].Name })
}

func joinNames(names []string) string {
	if len(names) == 0 {
		return "none"
	}
	out := ""
	for i, n := range names {
		if i > 0 {
			out += ","
		}
		out += n
	}
	return out
}

func ignoreNotFound(err error) error {
	if api.IsNotFound(err) {
		return nil
	}
	return err
}
