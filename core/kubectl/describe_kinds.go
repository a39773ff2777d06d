package kubectl

import (
	"fmt"
	"strings"
	"time"

	"github.com/kubeloop/kubeloop/core/api"
)

// This file holds kubectl's describers for the kinds a learner meets
// first: Pod, ReplicaSet and Deployment, field for field in its order.

func describePod(p *api.Pod, events []*api.Event, now time.Time) string {
	return tabbed(func(w *prefixWriter) {
		w.write(0, "Name:\t%s\n", p.Name)
		w.write(0, "Namespace:\t%s\n", p.Namespace)
		if p.Spec.Priority != nil {
			w.write(0, "Priority:\t%d\n", *p.Spec.Priority)
		}
		if p.Spec.PriorityClassName != "" {
			w.write(0, "Priority Class Name:\t%s\n", p.Spec.PriorityClassName)
		}
		if p.Spec.ServiceAccountName != "" {
			w.write(0, "Service Account:\t%s\n", p.Spec.ServiceAccountName)
		}
		if p.Spec.NodeName == "" {
			w.write(0, "Node:\t<none>\n")
		} else {
			w.write(0, "Node:\t%s\n", p.Spec.NodeName+"/"+p.Status.HostIP)
		}
		if p.Status.StartTime != nil {
			w.write(0, "Start Time:\t%s\n", describeTime(*p.Status.StartTime))
		}
		printLabels(w, "Labels", p.Labels)
		printAnnotations(w, "Annotations", p.Annotations)
		if p.DeletionTimestamp != nil && p.Status.Phase != api.PodFailed && p.Status.Phase != api.PodSucceeded {
			w.write(0, "Status:\tTerminating (lasts %s)\n", age(*p.DeletionTimestamp, now))
			w.write(0, "Termination Grace Period:\t%ds\n", api.Deref(p.DeletionGracePeriodSeconds, 0))
		} else {
			phase := p.Status.Phase
			if phase == "" {
				phase = api.PodPending // the API server sets it on create
			}
			w.write(0, "Status:\t%s\n", phase)
		}
		if p.Status.Reason != "" {
			w.write(0, "Reason:\t%s\n", p.Status.Reason)
		}
		if p.Status.Message != "" {
			w.write(0, "Message:\t%s\n", p.Status.Message)
		}
		w.write(0, "IP:\t%s\n", p.Status.PodIP)
		if len(p.Status.PodIPs) == 0 {
			w.write(0, "IPs:\t<none>\n")
		} else {
			w.write(0, "IPs:\n")
			for _, ip := range p.Status.PodIPs {
				w.write(1, "IP:\t%s\n", ip.IP)
			}
		}
		if ref := api.ControllerOf(p); ref != nil {
			w.write(0, "Controlled By:\t%s/%s\n", ref.Kind, ref.Name)
		}
		if p.Status.NominatedNodeName != "" {
			w.write(0, "NominatedNodeName:\t%s\n", p.Status.NominatedNodeName)
		}
		if len(p.Spec.InitContainers) > 0 {
			describeContainers("Init Containers", p.Spec.InitContainers, p.Status.InitContainerStatuses, p, w, "")
		}
		describeContainers("Containers", p.Spec.Containers, p.Status.ContainerStatuses, p, w, "")
		if len(p.Status.Conditions) > 0 {
			w.write(0, "Conditions:\n  Type\tStatus\n")
			for _, c := range p.Status.Conditions {
				w.write(1, "%s \t%s \n", c.Type, c.Status)
			}
		}
		describeVolumes(p.Spec.Volumes, w, "")
		w.write(0, "QoS Class:\t%s\n", qosClass(p))
		printLabels(w, "Node-Selectors", p.Spec.NodeSelector)
		printTolerations(w, "Tolerations", p.Spec.Tolerations)
		describeEvents(events, now, w)
	})
}

// qosClass is the pod's QoS class: as its status says, else computed —
// Guaranteed when every container's cpu and memory limits equal its
// requests, BestEffort when nothing is requested or limited, else Burstable.
func qosClass(p *api.Pod) string {
	if p.Status.QOSClass != "" {
		return p.Status.QOSClass
	}
	any, guaranteed := false, true
	for _, c := range append(append([]api.Container(nil), p.Spec.InitContainers...), p.Spec.Containers...) {
		if len(c.Resources.Requests) > 0 || len(c.Resources.Limits) > 0 {
			any = true
		}
		for _, r := range []string{"cpu", "memory"} {
			lim, hasLim := c.Resources.Limits[r]
			req, hasReq := c.Resources.Requests[r]
			if !hasLim || (hasReq && req.MilliValue() != lim.MilliValue()) {
				guaranteed = false
			}
		}
	}
	switch {
	case !any:
		return "BestEffort"
	case guaranteed:
		return "Guaranteed"
	}
	return "Burstable"
}

func describeReplicaSet(rs *api.ReplicaSet, pods []*api.Pod, events []*api.Event, now time.Time) string {
	var running, waiting, succeeded, failed int
	for _, p := range pods {
		switch p.Status.Phase {
		case api.PodRunning:
			running++
		case api.PodPending:
			waiting++
		case api.PodSucceeded:
			succeeded++
		case api.PodFailed:
			failed++
		}
	}
	return tabbed(func(w *prefixWriter) {
		w.write(0, "Name:\t%s\n", rs.Name)
		w.write(0, "Namespace:\t%s\n", rs.Namespace)
		w.write(0, "Selector:\t%s\n", formatSelector(rs.Spec.Selector))
		printLabels(w, "Labels", rs.Labels)
		printAnnotations(w, "Annotations", rs.Annotations)
		if ref := api.ControllerOf(rs); ref != nil {
			w.write(0, "Controlled By:\t%s/%s\n", ref.Kind, ref.Name)
		}
		w.write(0, "Replicas:\t%d current / %d desired\n", rs.Status.Replicas, api.Deref(rs.Spec.Replicas, 1))
		w.write(0, "Pods Status:\t%d Running / %d Waiting / %d Succeeded / %d Failed\n", running, waiting, succeeded, failed)
		describePodTemplate(&rs.Spec.Template, w)
		if len(rs.Status.Conditions) > 0 {
			w.write(0, "Conditions:\n  Type\tStatus\tReason\n")
			w.write(1, "----\t------\t------\n")
			for _, c := range rs.Status.Conditions {
				w.write(1, "%s \t%s\t%s\n", c.Type, c.Status, c.Reason)
			}
		}
		describeEvents(events, now, w)
	})
}

func describeDeployment(d *api.Deployment, old []*api.ReplicaSet, newRS *api.ReplicaSet, events []*api.Event, now time.Time) string {
	return tabbed(func(w *prefixWriter) {
		w.write(0, "Name:\t%s\n", d.Name)
		w.write(0, "Namespace:\t%s\n", d.Namespace)
		w.write(0, "CreationTimestamp:\t%s\n", describeTime(d.CreationTimestamp))
		printLabels(w, "Labels", d.Labels)
		printAnnotations(w, "Annotations", d.Annotations)
		sel := "<none>"
		if s, err := d.Spec.Selector.AsSelector(); err == nil {
			sel = s.String()
		}
		w.write(0, "Selector:\t%s\n", sel)
		st := d.Status
		w.write(0, "Replicas:\t%d desired | %d updated | %d total | %d available | %d unavailable\n",
			api.Deref(d.Spec.Replicas, 1), st.UpdatedReplicas, st.Replicas, st.AvailableReplicas, st.UnavailableReplicas)
		w.write(0, "StrategyType:\t%s\n", d.Spec.Strategy.Type)
		w.write(0, "MinReadySeconds:\t%d\n", d.Spec.MinReadySeconds)
		if ru := d.Spec.Strategy.RollingUpdate; ru != nil {
			w.write(0, "RollingUpdateStrategy:\t%s max unavailable, %s max surge\n", intOrStringText(ru.MaxUnavailable), intOrStringText(ru.MaxSurge))
		}
		describePodTemplate(&d.Spec.Template, w)
		if len(st.Conditions) > 0 {
			w.write(0, "Conditions:\n  Type\tStatus\tReason\n")
			w.write(1, "----\t------\t------\n")
			for _, c := range st.Conditions {
				w.write(1, "%s \t%s\t%s\n", c.Type, c.Status, c.Reason)
			}
		}
		if len(old) > 0 || newRS != nil {
			w.write(0, "OldReplicaSets:\t%s\n", replicaSetList(old))
			var news []*api.ReplicaSet
			if newRS != nil {
				news = append(news, newRS)
			}
			w.write(0, "NewReplicaSet:\t%s\n", replicaSetList(news))
		}
		describeEvents(events, now, w)
	})
}

// replicaSetList is "name (2/3 replicas created), ..." or <none>.
func replicaSetList(rss []*api.ReplicaSet) string {
	var parts []string
	for _, rs := range rss {
		parts = append(parts, fmt.Sprintf("%s (%d/%d replicas created)", rs.Name, rs.Status.Replicas, api.Deref(rs.Spec.Replicas, 1)))
	}
	if len(parts) == 0 {
		return "<none>"
	}
	return strings.Join(parts, ", ")
}

func intOrStringText(v *api.IntOrString) string {
	if v == nil {
		return "<nil>"
	}
	return v.String()
}
