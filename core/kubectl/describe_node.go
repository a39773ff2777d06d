package kubectl

import (
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/kubeloop/kubeloop/core/api"
)

// describeNode is kubectl's node page: roles, labels, taints, the node's
// Lease, conditions, addresses, capacity, system info, pod CIDRs, the
// non-terminated pods with their requests and limits, and the totals.
func (c *invocation) describeNode(n *api.Node, events []*api.Event, now time.Time) string {
	st := c.env.Store()
	var lease *api.Lease
	if o, err := st.Get(api.Leases, "kube-node-lease", n.Name); err == nil {
		lease = o.(*api.Lease)
	}
	running := func(o api.Object) bool {
		p := o.(*api.Pod)
		return p.Spec.NodeName == n.Name && p.Status.Phase != api.PodSucceeded && p.Status.Phase != api.PodFailed
	}
	var pods []*api.Pod
	for _, o := range st.ListMatching(api.Pods, "", running) {
		pods = append(pods, o.(*api.Pod))
	}
	return tabbed(func(w *prefixWriter) {
		describeNodeMeta(w, n, lease, now)
		describeNodeStatus(w, n)
		describeNodePods(w, n, pods, now)
		describeEvents(events, now, w)
	})
}

// describeNodeMeta is the page's head: what the node is called, how it
// is labelled and tainted, and its Lease.
func describeNodeMeta(w *prefixWriter, n *api.Node, lease *api.Lease, now time.Time) {
	w.write(0, "Name:\t%s\n", n.Name)
	w.write(0, "Roles:\t%s\n", nodeRow(n, now, false)[2])
	printLabels(w, "Labels", n.Labels)
	printAnnotations(w, "Annotations", n.Annotations)
	w.write(0, "CreationTimestamp:\t%s\n", describeTime(n.CreationTimestamp))
	w.write(0, "Taints:\t")
	if len(n.Spec.Taints) == 0 {
		w.line("<none>")
	}
	for i, t := range n.Spec.Taints {
		if i > 0 {
			w.write(0, "\t")
		}
		w.line(t.ToString())
	}
	w.write(0, "Unschedulable:\t%v\n", n.Spec.Unschedulable)
	if lease != nil {
		w.write(0, "Lease:\n")
		w.write(1, "HolderIdentity:\t%s\n", api.Deref(lease.Spec.HolderIdentity, "<unset>"))
		w.write(1, "AcquireTime:\t%s\n", optionalTime(lease.Spec.AcquireTime))
		w.write(1, "RenewTime:\t%s\n", optionalTime(lease.Spec.RenewTime))
	}
}

// describeNodeStatus is what the kubelet reports: conditions, addresses,
// capacity and allocatable, system info, and the pod CIDRs.
func describeNodeStatus(w *prefixWriter, n *api.Node) {
	if len(n.Status.Conditions) > 0 {
		w.write(0, "Conditions:\n  Type\tStatus\tLastHeartbeatTime\tLastTransitionTime\tReason\tMessage\n")
		w.write(1, "----\t------\t-----------------\t------------------\t------\t-------\n")
		for _, cd := range n.Status.Conditions {
			w.write(1, "%v \t%v \t%s \t%s \t%v \t%v\n", cd.Type, cd.Status, describeTime(cd.LastHeartbeatTime),
				describeTime(cd.LastTransitionTime), cd.Reason, cd.Message)
		}
	}
	w.write(0, "Addresses:\n")
	for _, a := range n.Status.Addresses {
		w.write(1, "%s:\t%s\n", a.Type, a.Address)
	}
	for _, rl := range []struct {
		title string
		list  api.ResourceList
	}{{"Capacity", n.Status.Capacity}, {"Allocatable", n.Status.Allocatable}} {
		if len(rl.list) == 0 {
			continue
		}
		w.write(0, "%s:\n", rl.title)
		names := make([]string, 0, len(rl.list))
		for k := range rl.list {
			names = append(names, k)
		}
		sort.Strings(names)
		for _, k := range names {
			q := rl.list[k]
			w.write(1, "%s:\t%s\n", k, q.String())
		}
	}
	info := n.Status.NodeInfo
	w.write(0, "System Info:\n")
	w.write(1, "Machine ID:\t%s\n", info.MachineID)
	w.write(1, "System UUID:\t%s\n", info.SystemUUID)
	w.write(1, "Boot ID:\t%s\n", info.BootID)
	w.write(1, "Kernel Version:\t%s\n", info.KernelVersion)
	w.write(1, "OS Image:\t%s\n", info.OSImage)
	w.write(1, "Operating System:\t%s\n", info.OperatingSystem)
	w.write(1, "Architecture:\t%s\n", info.Architecture)
	w.write(1, "Container Runtime Version:\t%s\n", info.ContainerRuntimeVersion)
	w.write(1, "Kubelet Version:\t%s\n", info.KubeletVersion)
	w.write(1, "Kube-Proxy Version:\t%s\n", info.KubeProxyVersion)
	if n.Spec.PodCIDR != "" {
		w.write(0, "PodCIDR:\t%s\n", n.Spec.PodCIDR)
		w.write(0, "PodCIDRs:\t%s\n", strings.Join(n.Spec.PodCIDRs, ","))
	}
}

// describeNodePods is the node's non-terminated pods, each with its
// requests and limits as a share of what the node can allocate, then
// their totals.
func describeNodePods(w *prefixWriter, n *api.Node, pods []*api.Pod, now time.Time) {
	allocCPU, allocMem := n.Status.Allocatable["cpu"], n.Status.Allocatable["memory"]
	w.write(0, "Non-terminated Pods:\t(%d in total)\n", len(pods))
	// kubectl's table has an empty column after Name (two tabs).
	w.write(1, "Namespace\tName\t\tCPU Requests\tCPU Limits\tMemory Requests\tMemory Limits\tAge\n")
	w.write(1, "---------\t----\t\t------------\t----------\t---------------\t-------------\t---\n")
	var sum [4]int64
	for _, p := range pods {
		r := podResources(p)
		for i := range sum {
			sum[i] = api.AddMilli(sum[i], r[i])
		}
		w.write(1, "%s\t%s\t\t%s\t%s\t%s\t%s\t%s\n", p.Namespace, p.Name,
			withPercent(formatCPU(r[0]), r[0], allocCPU.MilliValue()), withPercent(formatCPU(r[1]), r[1], allocCPU.MilliValue()),
			withPercent(formatMemory(r[2]), r[2], allocMem.MilliValue()), withPercent(formatMemory(r[3]), r[3], allocMem.MilliValue()),
			age(p.CreationTimestamp, now))
	}
	w.write(0, "Allocated resources:\n  (Total limits may be over 100 percent, i.e., overcommitted.)\n")
	w.write(1, "Resource\tRequests\tLimits\n")
	w.write(1, "--------\t--------\t------\n")
	w.write(1, "cpu\t%s\t%s\n", withPercent(formatCPU(sum[0]), sum[0], allocCPU.MilliValue()), withPercent(formatCPU(sum[1]), sum[1], allocCPU.MilliValue()))
	w.write(1, "memory\t%s\t%s\n", withPercent(formatMemory(sum[2]), sum[2], allocMem.MilliValue()), withPercent(formatMemory(sum[3]), sum[3], allocMem.MilliValue()))
	// kubectl prints ephemeral storage whether or not anything asks for it.
	storageReq, storageLim := podsResource(pods, "ephemeral-storage")
	allocStorage := n.Status.Allocatable["ephemeral-storage"]
	w.write(1, "ephemeral-storage\t%s\t%s\n", withPercent(formatMemory(storageReq), storageReq, allocStorage.MilliValue()),
		withPercent(formatMemory(storageLim), storageLim, allocStorage.MilliValue()))
}

func optionalTime(t *api.MicroTime) string {
	if t == nil {
		return "<unset>"
	}
	return describeTime(api.Time{Time: t.Time})
}

// podResources sums a pod's containers: cpu requests, cpu limits, memory
// requests, memory limits, in milli-units.
func podResources(p *api.Pod) [4]int64 {
	var r [4]int64
	for _, c := range p.Spec.Containers {
		for i, q := range []struct {
			list api.ResourceList
			name string
		}{{c.Resources.Requests, "cpu"}, {c.Resources.Limits, "cpu"}, {c.Resources.Requests, "memory"}, {c.Resources.Limits, "memory"}} {
			if v, ok := q.list[q.name]; ok {
				r[i] = api.AddMilli(r[i], v.MilliValue())
			}
		}
	}
	return r
}

// podsResource sums one resource's requests and limits over the pods'
// containers, in milli-units.
func podsResource(pods []*api.Pod, name string) (requests, limits int64) {
	for _, p := range pods {
		for _, c := range p.Spec.Containers {
			if v, ok := c.Resources.Requests[name]; ok {
				requests = api.AddMilli(requests, v.MilliValue())
			}
			if v, ok := c.Resources.Limits[name]; ok {
				limits = api.AddMilli(limits, v.MilliValue())
			}
		}
	}
	return requests, limits
}

// withPercent appends v's share of total as kubectl computes it, in
// floating point; the conversion back saturates so that an amount beyond
// int64 prints the same percentage on every platform.
func withPercent(s string, v, total int64) string {
	pct := int64(0)
	if total > 0 {
		pct = api.FloatToInt64(float64(v) / float64(total) * 100)
	}
	return fmt.Sprintf("%s (%d%%)", s, pct)
}

// formatCPU prints milli-cores as a Quantity would: "100m", "2", "0".
func formatCPU(milli int64) string {
	if milli%1000 == 0 {
		return fmt.Sprint(milli / 1000)
	}
	return fmt.Sprintf("%dm", milli)
}

// formatMemory prints bytes (in milli-units) with the largest binary
// suffix that divides them: "200Mi", "1Gi", "0".
func formatMemory(milli int64) string {
	b := milli / 1000
	if b == 0 {
		return "0"
	}
	for _, s := range []struct {
		suffix string
		size   int64
	}{{"Ti", 1 << 40}, {"Gi", 1 << 30}, {"Mi", 1 << 20}, {"Ki", 1 << 10}} {
		if b%s.size == 0 {
			return fmt.Sprintf("%d%s", b/s.size, s.suffix)
		}
	}
	return fmt.Sprint(b)
}
