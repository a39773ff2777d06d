package chaos

import (
	"fmt"
	"github.com/kubeloop/kubeloop/controllers/daemonset"
	"sort"
	"strconv"
	"strings"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/cluster"
	"github.com/kubeloop/kubeloop/core/controller"
	"github.com/kubeloop/kubeloop/core/store"
)

// The invariants.
//
// At every task:
//   - resourceVersions strictly increase: each store event has the next
//     revision, and its object's resourceVersion is that revision;
//   - no node ever holds two daemon pods of one DaemonSet;
//   - a PersistentVolumeClaim, once bound, keeps its volume, and the
//     volume keeps the data written to it;
//   - no two kube-controller-manager replicas reconcile at once: once a
//     replica has reconciled after another, the other never reconciles
//     again (it lost the Lease; it must have stopped).
//
// At the end, healed and settled:
//   - every ReplicaSet has exactly spec.replicas pods, and says so;
//   - every Deployment whose template has a good image is complete;
//   - a StatefulSet's pods are exactly ordinals 0…replicas-1, Running and
//     Ready;
//   - one daemon pod per node, Running;
//   - every Job is Complete or Failed;
//   - no object has an ownerReference to an object that no longer exists;
//   - every informer of every process saw every event of its kind, in
//     order, exactly once, from when it started (to when it stopped).
type watcher struct {
	c      *cluster.Cluster
	failed map[string]bool // nodes the transcript failed and has not recovered

	rev int64 // the newest store revision checked

	bound   map[string]string // claim → the volume it first bound to
	written map[string]bool   // volumes holding the marker

	traceSeq int64
	kcm      map[string]bool // every kube-controller-manager identity seen
	leader   string          // the replica that reconciled last
	retired  map[string]bool // replicas that reconciled before another did

	attached map[*controller.Manager]*process
}

// process is what one controller manager's informers were seen to deliver.
type process struct {
	name      string
	attachRev int64 // the store's revision when the watcher attached
	seen      map[*api.Kind][]int64
}

func newWatcher(c *cluster.Cluster) *watcher {
	w := &watcher{c: c, failed: map[string]bool{}, bound: map[string]string{}, written: map[string]bool{},
		kcm: map[string]bool{}, retired: map[string]bool{}, attached: map[*controller.Manager]*process{}}
	w.rev = c.Store().Compacted()
	if err := w.afterEach(); err != nil {
		panic(err) // a fresh cluster breaks no invariant
	}
	return w
}

func (w *watcher) attach() {
	add := func(name string, m *controller.Manager) {
		if m == nil || w.attached[m] != nil {
			return
		}
		p := &process{name: name, attachRev: w.c.Store().Revision(), seen: map[*api.Kind][]int64{}}
		w.attached[m] = p
		m.Informers.Observe = func(k *api.Kind, ev store.Event) { p.seen[k] = append(p.seen[k], ev.Revision) }
	}
	for _, r := range w.c.ControllerManagers() {
		if r.Identity != "" {
			w.kcm[r.Identity] = true
		}
		add("kube-controller-manager "+r.Identity, r.Manager)
	}
	_, nodeSide := w.c.Managers()
	add("kubelets", nodeSide)
	add("kube-scheduler", w.c.Scheduler())
}

func (w *watcher) afterEach() error {
	w.attach()
	c, s := w.c, w.c.Store()

	events, err := s.Events(w.rev)
	if err != nil {
		return err
	}
	// The pod and claim checks look again only when an event may have
	// changed what they check (the store is the only writer of both).
	first := w.rev == s.Compacted()
	daemonPods, volumes := false, false
	for _, ev := range events {
		if ev.Revision != w.rev+1 {
			return fmt.Errorf("store event %s %s has revision %d after %d", ev.Type, store.KeyOf(ev.Object), ev.Revision, w.rev)
		}
		if rv := ev.Object.GetObjectMeta().ResourceVersion; rv != strconv.FormatInt(ev.Revision, 10) {
			return fmt.Errorf("store event %s %s at revision %d carries resourceVersion %q", ev.Type, store.KeyOf(ev.Object), ev.Revision, rv)
		}
		w.rev = ev.Revision
		switch ev.Kind {
		case api.Pods:
			daemonPods = daemonPods || ev.Object.GetObjectMeta().Labels["app"] == "agent"
			volumes = volumes || ev.Object.GetObjectMeta().Labels["app"] == "db"
		case api.PersistentVolumeClaims, api.PersistentVolumes:
			volumes = true
		}
	}

	perNode := map[string][]string{}
	for _, o := range s.List(api.Pods, "default") {
		if !daemonPods {
			break
		}
		p := o.(*api.Pod)
		if p.Labels["app"] != "agent" {
			continue
		}
		if n := api.TargetNodeName(p); n != "" {
			perNode[n] = append(perNode[n], p.Name)
			if len(perNode[n]) > 1 {
				return fmt.Errorf("node %s holds daemon pods %v", n, perNode[n])
			}
		}
	}

	for _, o := range s.List(api.PersistentVolumeClaims, "default") {
		if !volumes && !first {
			break
		}
		cl := o.(*api.PersistentVolumeClaim)
		pv := cl.Spec.VolumeName
		if pv == "" {
			continue
		}
		if first, ok := w.bound[cl.Name]; !ok {
			w.bound[cl.Name] = pv
		} else if first != pv {
			return fmt.Errorf("claim %s moved from volume %s to %s", cl.Name, first, pv)
		}
		fs := c.VolumeFS(pv)
		if !w.written[pv] {
			if err := fs.WriteFile("/chaos-marker", []byte(cl.Name)); err != nil {
				return fmt.Errorf("writing to volume %s: %v", pv, err)
			}
			w.written[pv] = true
		}
		if data, err := fs.ReadFile("/chaos-marker"); err != nil || string(data) != cl.Name {
			return fmt.Errorf("volume %s of claim %s lost its data: %q, %v", pv, cl.Name, data, err)
		}
	}

	for _, e := range c.TraceSince(w.traceSeq) {
		w.traceSeq = e.Seq
		if !w.kcm[e.Manager] || e.Manager == w.leader {
			continue
		}
		if w.retired[e.Manager] {
			return fmt.Errorf("kube-controller-manager %s reconciled %s %s at %s after %s had taken over",
				e.Manager, e.Controller, e.Key, e.Time.Format("15:04:05.000"), w.leader)
		}
		if w.leader != "" {
			w.retired[w.leader] = true
		}
		w.leader = e.Manager
	}
	return nil
}

func owned(o api.Object, uid string) bool {
	for _, r := range o.GetObjectMeta().OwnerReferences {
		if r.UID == uid {
			return true
		}
	}
	return false
}

func hasCondition(conds []api.JobCondition, t string) bool {
	for _, c := range conds {
		if string(c.Type) == t && string(c.Status) == "True" {
			return true
		}
	}
	return false
}

func (w *watcher) final() error {
	var errs []string
	fail := func(format string, args ...any) { errs = append(errs, fmt.Sprintf(format, args...)) }
	s := w.c.Store()
	pods := s.List(api.Pods, "default")
	live := func(o api.Object) bool { return o.GetObjectMeta().DeletionTimestamp == nil }

	for _, o := range s.List(api.ReplicaSets, "default") {
		rs := o.(*api.ReplicaSet)
		n := int32(0)
		for _, p := range pods {
			if live(p) && owned(p, rs.UID) {
				n++
			}
		}
		if want := *rs.Spec.Replicas; n != want || rs.Status.Replicas != want {
			fail("replicaset %s: spec.replicas %d, %d pods, status.replicas %d", rs.Name, want, n, rs.Status.Replicas)
		}
	}

	good := map[string]bool{}
	for _, i := range goodImages {
		good[i] = true
	}
	for _, o := range s.List(api.Deployments, "default") {
		d := o.(*api.Deployment)
		if !good[d.Spec.Template.Spec.Containers[0].Image] {
			continue
		}
		want, st := *d.Spec.Replicas, d.Status
		complete := false
		for _, c := range st.Conditions {
			if c.Type == "Progressing" && c.Status == "True" && c.Reason == "NewReplicaSetAvailable" {
				complete = true
			}
		}
		if st.ObservedGeneration < d.Generation || st.UpdatedReplicas != want || st.Replicas != want || st.AvailableReplicas != want || !complete {
			fail("deployment %s (image %s) is not complete: generation %d observed %d, replicas %d/%d updated %d available %d, conditions %+v",
				d.Name, d.Spec.Template.Spec.Containers[0].Image, d.Generation, st.ObservedGeneration, st.Replicas, want, st.UpdatedReplicas, st.AvailableReplicas, st.Conditions)
		}
	}

	// A claim's volume is provisioned on one node (as kind's local-path
	// provisioner does: the PV has node affinity). If that node is deleted
	// the pod can never run again, on a real cluster too: from the lowest
	// such ordinal up, an OrderedReady set is stuck, and rightly so.
	nodes := map[string]*api.Node{}
	for _, o := range s.List(api.Nodes, "") {
		nodes[o.GetObjectMeta().Name] = o.(*api.Node)
	}
	stranded := func(claim string) bool {
		o, err := s.Get(api.PersistentVolumeClaims, "default", claim)
		if err != nil || o.(*api.PersistentVolumeClaim).Spec.VolumeName == "" {
			return false
		}
		pv, err := s.Get(api.PersistentVolumes, "", o.(*api.PersistentVolumeClaim).Spec.VolumeName)
		if err != nil {
			return false
		}
		a := pv.(*api.PersistentVolume).Spec.NodeAffinity
		if a == nil || a.Required == nil {
			return false
		}
		for _, n := range nodes {
			if a.Required.Matches(n) {
				return false
			}
		}
		return true
	}
	for _, o := range s.List(api.StatefulSets, "default") {
		ss := o.(*api.StatefulSet)
		want := int(*ss.Spec.Replicas)
		whole := want // ordinals below whole must be Running and Ready
		for i := 0; i < want; i++ {
			if stranded(fmt.Sprintf("data-%s-%d", ss.Name, i)) {
				whole = i
				break
			}
		}
		byName := map[string]*api.Pod{}
		for _, p := range pods {
			if owned(p, ss.UID) {
				byName[p.GetObjectMeta().Name] = p.(*api.Pod)
			}
		}
		for i := 0; i < want; i++ {
			name := fmt.Sprintf("%s-%d", ss.Name, i)
			pod := byName[name]
			delete(byName, name)
			if i >= whole {
				continue
			}
			if pod == nil {
				fail("statefulset %s: replicas %d, pod %s is missing", ss.Name, want, name)
			} else if !live(pod) || pod.Status.Phase != api.PodRunning || !api.IsPodReady(pod) {
				fail("statefulset %s: pod %s is not Running and Ready (%s)", ss.Name, name, pod.Status.Phase)
			}
		}
		stuck := whole < want
		for name := range byName {
			stuck = stuck || stranded("data-"+name)
		}
		for name := range byName {
			// An OrderedReady set scales down only when every pod is Running
			// and Ready, as upstream: a stranded pod holds the scale-down.
			if !stuck {
				fail("statefulset %s: replicas %d, yet pod %s exists", ss.Name, want, name)
			}
		}
		if int(ss.Status.ReadyReplicas) < whole {
			fail("statefulset %s: replicas %d, status.readyReplicas %d", ss.Name, want, ss.Status.ReadyReplicas)
		}
	}

	for _, o := range s.List(api.DaemonSets, "default") {
		ds := o.(*api.DaemonSet)
		perNode := map[string]int{}
		for _, p := range pods {
			pod := p.(*api.Pod)
			if owned(p, ds.UID) && live(p) {
				perNode[pod.Spec.NodeName]++
				if pod.Status.Phase != api.PodRunning {
					fail("daemonset %s: pod %s on %s is %s", ds.Name, pod.Name, pod.Spec.NodeName, pod.Status.Phase)
				}
			}
		}
		// The nodes it runs on: every node whose taints its pods tolerate
		// (not the control-plane node, unless the template says so).
		tols := daemonset.DaemonPodTolerations(&ds.Spec.Template.Spec)
		var nodes []string
		for _, o := range s.List(api.Nodes, "") {
			n := o.(*api.Node)
			if _, untolerated := api.FirstUntoleratedTaint(n.Spec.Taints, tols, "NoSchedule", "NoExecute"); untolerated {
				if perNode[n.Name] != 0 {
					fail("daemonset %s: node %s has a taint its pods do not tolerate, yet %d daemon pods", ds.Name, n.Name, perNode[n.Name])
				}
				delete(perNode, n.Name)
				continue
			}
			nodes = append(nodes, n.Name)
		}
		for _, n := range nodes {
			if perNode[n] != 1 {
				fail("daemonset %s: node %s has %d daemon pods", ds.Name, n, perNode[n])
			}
			delete(perNode, n)
		}
		if len(perNode) > 0 {
			fail("daemonset %s: daemon pods on nodes that do not exist: %v", ds.Name, perNode)
		}
		if int(ds.Status.DesiredNumberScheduled) != len(nodes) || int(ds.Status.NumberReady) != len(nodes) {
			fail("daemonset %s: %d nodes, status desired %d ready %d", ds.Name, len(nodes), ds.Status.DesiredNumberScheduled, ds.Status.NumberReady)
		}
	}

	for _, o := range s.List(api.Jobs, "default") {
		j := o.(*api.Job)
		if !hasCondition(j.Status.Conditions, "Complete") && !hasCondition(j.Status.Conditions, "Failed") {
			fail("job %s is neither Complete nor Failed: %+v", j.Name, j.Status)
		}
	}

	uids := map[string]bool{}
	var all []api.Object
	for _, k := range api.Kinds {
		for _, o := range s.List(k, "") {
			uids[o.GetObjectMeta().UID] = true
			all = append(all, o)
		}
	}
	for _, o := range all {
		for _, r := range o.GetObjectMeta().OwnerReferences {
			if !uids[r.UID] {
				fail("%s %s is left with its owner %s %s gone", api.KindOf(o).Kind, store.KeyOf(o), r.Kind, r.Name)
			}
		}
	}

	if err := w.checkInformers(); err != nil {
		fail("%v", err)
	}
	if len(errs) > 0 {
		return fmt.Errorf("%s", strings.Join(errs, "\n"))
	}
	return nil
}

// checkInformers: each process's informer of a kind saw that kind's store
// events in order, each once, none missed from the first it saw (or from
// when the watcher attached, if later) to the last; and a running process
// is up to date once the cluster has settled.
func (w *watcher) checkInformers() error {
	events, err := w.c.Store().Events(w.c.Store().Compacted())
	if err != nil {
		return err
	}
	byKind := map[*api.Kind][]int64{}
	for _, ev := range events {
		byKind[ev.Kind] = append(byKind[ev.Kind], ev.Revision)
	}
	settled := !w.c.Clock().DueNow()
	for m, p := range w.attached {
		for k, seen := range p.seen {
			all := byKind[k]
			// The store's events of k the informer must have seen: from the
			// first it saw (or the first after attaching or, if later, after
			// its first list, if that is earlier) to the last it saw, or to
			// the end if it runs on.
			since := max(p.attachRev, m.Informers.For(k).StartRevision())
			from := sort.Search(len(all), func(i int) bool { return all[i] > since })
			if i := sort.Search(len(all), func(i int) bool { return all[i] >= seen[0] }); i < from {
				from = i
			}
			to := sort.Search(len(all), func(i int) bool { return all[i] > seen[len(seen)-1] })
			if !m.Stopped() && settled {
				to = len(all)
			}
			want := all[from:to]
			if fmt.Sprint(want) != fmt.Sprint(seen) {
				return fmt.Errorf("informer %s of %s (stopped %v) saw revisions %s, the store has %s",
					k.Resource, p.name, m.Stopped(), short(seen), short(want))
			}
		}
	}
	return nil
}

func short(revs []int64) string {
	if len(revs) > 30 {
		return fmt.Sprintf("%v … %v (%d)", revs[:10], revs[len(revs)-10:], len(revs))
	}
	return fmt.Sprint(revs)
}
