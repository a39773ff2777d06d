package kubectl

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/kubeloop/kubeloop/core/api"
)

// columns is how `kubectl get` prints one kind: its headers, the extra
// -o wide headers, and a row per object (wide cells appended).
type columns struct {
	headers, wide []string
	row           func(o api.Object, now time.Time, wide bool) []string
}

// printers holds the table printer per kind, as kubectl's server-side
// column definitions do; a kind without one gets NAME and AGE.
var printers map[string]columns

func fillPrinters() {
	printers = map[string]columns{
		"Pod": {
			headers: []string{"NAME", "READY", "STATUS", "RESTARTS", "AGE"},
			wide:    []string{"IP", "NODE", "NOMINATED NODE", "READINESS GATES"},
			row:     podRow,
		},
		"Deployment": {
			headers: []string{"NAME", "READY", "UP-TO-DATE", "AVAILABLE", "AGE"},
			wide:    []string{"CONTAINERS", "IMAGES", "SELECTOR"},
			row: func(o api.Object, now time.Time, wide bool) []string {
				d := o.(*api.Deployment)
				want := api.Deref(d.Spec.Replicas, 0)
				r := []string{d.Name, fmt.Sprintf("%d/%d", d.Status.ReadyReplicas, want),
					fmt.Sprint(d.Status.UpdatedReplicas), fmt.Sprint(d.Status.AvailableReplicas), age(d.CreationTimestamp, now)}
				if wide {
					r = append(r, templateColumns(&d.Spec.Template, d.Spec.Selector)...)
				}
				return r
			},
		},
		"ReplicaSet": {
			headers: []string{"NAME", "DESIRED", "CURRENT", "READY", "AGE"},
			wide:    []string{"CONTAINERS", "IMAGES", "SELECTOR"},
			row: func(o api.Object, now time.Time, wide bool) []string {
				rs := o.(*api.ReplicaSet)
				r := []string{rs.Name, fmt.Sprint(api.Deref(rs.Spec.Replicas, 0)), fmt.Sprint(rs.Status.Replicas),
					fmt.Sprint(rs.Status.ReadyReplicas), age(rs.CreationTimestamp, now)}
				if wide {
					r = append(r, templateColumns(&rs.Spec.Template, rs.Spec.Selector)...)
				}
				return r
			},
		},
		"Node": {
			headers: []string{"NAME", "STATUS", "ROLES", "AGE", "VERSION"},
			wide:    []string{"INTERNAL-IP", "EXTERNAL-IP", "OS-IMAGE", "KERNEL-VERSION", "CONTAINER-RUNTIME"},
			row:     nodeRow,
		},
		"Namespace": {
			headers: []string{"NAME", "STATUS", "AGE"},
			row: func(o api.Object, now time.Time, wide bool) []string {
				ns := o.(*api.Namespace)
				return []string{ns.Name, ns.Status.Phase, age(ns.CreationTimestamp, now)}
			},
		},
		"Event": {
			headers: []string{"LAST SEEN", "TYPE", "REASON", "OBJECT", "MESSAGE"},
			wide:    []string{"SUBOBJECT", "SOURCE", "MESSAGE", "FIRST SEEN", "COUNT", "NAME"},
			row:     eventRow,
		},
		"Lease": {
			headers: []string{"NAME", "HOLDER", "AGE"},
			row: func(o api.Object, now time.Time, wide bool) []string {
				l := o.(*api.Lease)
				return []string{l.Name, api.Deref(l.Spec.HolderIdentity, ""), age(l.CreationTimestamp, now)}
			},
		},
	}
}

// headersFor is the header row for a kind, wide or not.
func headersFor(k *api.Kind, wide bool) []string {
	p, ok := printers[k.Kind]
	if !ok {
		return []string{"NAME", "AGE"}
	}
	h := append([]string(nil), p.headers...)
	if wide {
		if k.Kind == "Event" {
			// Wide events move MESSAGE after SOURCE.
			h = h[:len(h)-1]
		}
		h = append(h, p.wide...)
	}
	return h
}

// rowFor is the row for one object.
func rowFor(k *api.Kind, o api.Object, now time.Time, wide bool) []string {
	p, ok := printers[k.Kind]
	if !ok {
		m := o.GetObjectMeta()
		return []string{m.Name, age(m.CreationTimestamp, now)}
	}
	return p.row(o, now, wide)
}

func podRow(o api.Object, now time.Time, wide bool) []string {
	p := o.(*api.Pod)
	col := api.PodRow(p)
	// strconv, not fmt: a row per pod, 10,000 of them at a time.
	rs := strconv.Itoa(col.Restarts)
	if col.Restarts > 0 && !col.LastRestart.IsZero() {
		rs += " (" + HumanDuration(now.Sub(col.LastRestart)) + " ago)"
	}
	r := []string{p.Name, strconv.Itoa(col.Ready) + "/" + strconv.Itoa(col.Total), col.Status, rs, age(p.CreationTimestamp, now)}
	if wide {
		r = append(r, orNone(p.Status.PodIP), orNone(p.Spec.NodeName), orNone(p.Status.NominatedNodeName), "<none>")
	}
	return r
}

func nodeRow(o api.Object, now time.Time, wide bool) []string {
	n := o.(*api.Node)
	var status []string
	for _, c := range n.Status.Conditions {
		if c.Type == "Ready" {
			if c.Status == api.ConditionTrue {
				status = append(status, "Ready")
			} else {
				status = append(status, "NotReady")
			}
		}
	}
	if len(status) == 0 {
		status = append(status, "Unknown")
	}
	if n.Spec.Unschedulable {
		status = append(status, "SchedulingDisabled")
	}
	var roles []string
	for k, v := range n.Labels {
		switch {
		case strings.HasPrefix(k, "node-role.kubernetes.io/"):
			if role := strings.TrimPrefix(k, "node-role.kubernetes.io/"); role != "" {
				roles = append(roles, role)
			}
		case k == "kubernetes.io/role" && v != "":
			roles = append(roles, v)
		}
	}
	sort.Strings(roles)
	r := []string{n.Name, strings.Join(status, ","), orNone(strings.Join(roles, ",")), age(n.CreationTimestamp, now), n.Status.NodeInfo.KubeletVersion}
	if wide {
		internal, external := "<none>", "<none>"
		for _, a := range n.Status.Addresses {
			if a.Type == "InternalIP" && internal == "<none>" {
				internal = a.Address
			}
			if a.Type == "ExternalIP" && external == "<none>" {
				external = a.Address
			}
		}
		info := n.Status.NodeInfo
		r = append(r, internal, external, orUnknown(info.OSImage), orUnknown(info.KernelVersion), orUnknown(info.ContainerRuntimeVersion))
	}
	return r
}

func eventRow(o api.Object, now time.Time, wide bool) []string {
	e := o.(*api.Event)
	last := e.LastTimestamp
	if last.IsZero() {
		last = e.FirstTimestamp
	}
	lastSeen := age(last, now)
	target := strings.ToLower(e.InvolvedObject.Kind)
	if e.InvolvedObject.Name != "" {
		target += "/" + e.InvolvedObject.Name
	}
	msg := strings.TrimSpace(e.Message)
	if !wide {
		return []string{lastSeen, e.Type, e.Reason, target, msg}
	}
	source := e.Source.Component
	if e.Source.Host != "" {
		source += ", " + e.Source.Host
	}
	count := e.Count
	if count == 0 {
		count = 1
	}
	return []string{lastSeen, e.Type, e.Reason, target, e.InvolvedObject.FieldPath, source, msg, age(e.FirstTimestamp, now), strconv.Itoa(int(count)), e.Name}
}

// templateColumns are the CONTAINERS, IMAGES and SELECTOR wide columns.
func templateColumns(t *api.PodTemplateSpec, sel *api.LabelSelector) []string {
	var names, images []string
	for _, c := range t.Spec.Containers {
		names = append(names, c.Name)
		images = append(images, c.Image)
	}
	s := "<none>"
	if compiled, err := sel.AsSelector(); err == nil && sel != nil {
		s = compiled.String()
		if s == "" {
			s = "<none>"
		}
	}
	return []string{strings.Join(names, ","), strings.Join(images, ","), s}
}

// labelsColumn is the --show-labels cell: k=v pairs sorted by key.
func labelsColumn(labels map[string]string) string {
	if len(labels) == 0 {
		return "<none>"
	}
	keys := make([]string, 0, len(labels))
	for k := range labels {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for i, k := range keys {
		keys[i] = k + "=" + labels[k]
	}
	return strings.Join(keys, ",")
}

func orNone(s string) string {
	if s == "" {
		return "<none>"
	}
	return s
}

func orUnknown(s string) string {
	if s == "" {
		return "<unknown>"
	}
	return s
}
