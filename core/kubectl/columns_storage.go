package kubectl

import (
	"fmt"
	"strings"
	"time"

	"github.com/kubeloop/kubeloop/core/api"
)

// This file holds the table printers of StatefulSets, ControllerRevisions
// and the storage kinds, with kubectl's columns and empty-cell rules.

func registerColumnsStorage() {
	printers["StatefulSet"] = columns{
		headers: []string{"NAME", "READY", "AGE"},
		wide:    []string{"CONTAINERS", "IMAGES"},
		row:     statefulSetRow,
	}
	printers["ControllerRevision"] = columns{
		headers: []string{"NAME", "CONTROLLER", "REVISION", "AGE"},
		row:     controllerRevisionRow,
	}
	printers["PersistentVolume"] = columns{
		headers: []string{"NAME", "CAPACITY", "ACCESS MODES", "RECLAIM POLICY", "STATUS", "CLAIM", "STORAGECLASS", "VOLUMEATTRIBUTESCLASS", "REASON", "AGE"},
		wide:    []string{"VOLUMEMODE"},
		row:     persistentVolumeRow,
	}
	printers["PersistentVolumeClaim"] = columns{
		headers: []string{"NAME", "STATUS", "VOLUME", "CAPACITY", "ACCESS MODES", "STORAGECLASS", "VOLUMEATTRIBUTESCLASS", "AGE"},
		wide:    []string{"VOLUMEMODE"},
		row:     claimRow,
	}
	printers["StorageClass"] = columns{
		headers: []string{"NAME", "PROVISIONER", "RECLAIMPOLICY", "VOLUMEBINDINGMODE", "ALLOWVOLUMEEXPANSION", "AGE"},
		row:     storageClassRow,
	}
}

func statefulSetRow(o api.Object, now time.Time, wide bool) []string {
	s := o.(*api.StatefulSet)
	r := []string{s.Name, fmt.Sprintf("%d/%d", s.Status.ReadyReplicas, api.Deref(s.Spec.Replicas, 0)), age(s.CreationTimestamp, now)}
	if wide {
		r = append(r, templateColumns(&s.Spec.Template, s.Spec.Selector)[:2]...)
	}
	return r
}

func controllerRevisionRow(o api.Object, now time.Time, _ bool) []string {
	r := o.(*api.ControllerRevision)
	return []string{r.Name, revisionController(r), fmt.Sprint(r.Revision), age(r.CreationTimestamp, now)}
}

// revisionController is the CONTROLLER column: the owner as
// kind.group/name ("statefulset.apps/web"), or <none>.
func revisionController(r *api.ControllerRevision) string {
	ref := api.ControllerOf(r)
	if ref == nil {
		return "<none>"
	}
	group, _, _ := strings.Cut(ref.APIVersion, "/")
	if !strings.Contains(ref.APIVersion, "/") {
		group = ""
	}
	owner := strings.ToLower(ref.Kind)
	if group != "" {
		owner += "." + group
	}
	return owner + "/" + ref.Name
}

func persistentVolumeRow(o api.Object, now time.Time, wide bool) []string {
	pv := o.(*api.PersistentVolume)
	claim := ""
	if ref := pv.Spec.ClaimRef; ref != nil {
		claim = ref.Namespace + "/" + ref.Name
	}
	phase := pv.Status.Phase
	if pv.DeletionTimestamp != nil {
		phase = "Terminating"
	}
	size := pv.Spec.Capacity["storage"]
	r := []string{pv.Name, size.String(), api.AccessModesShort(pv.Spec.AccessModes), pv.Spec.PersistentVolumeReclaimPolicy,
		phase, claim, pv.Spec.StorageClassName, "<unset>", pv.Status.Reason, age(pv.CreationTimestamp, now)}
	if wide {
		r = append(r, api.Deref(pv.Spec.VolumeMode, "<unset>"))
	}
	return r
}

func claimRow(o api.Object, now time.Time, wide bool) []string {
	c := o.(*api.PersistentVolumeClaim)
	phase := c.Status.Phase
	if c.DeletionTimestamp != nil {
		phase = "Terminating"
	}
	capacity, modes := "", ""
	if c.Spec.VolumeName != "" {
		q := c.Status.Capacity["storage"]
		capacity, modes = q.String(), api.AccessModesShort(c.Status.AccessModes)
	}
	r := []string{c.Name, phase, c.Spec.VolumeName, capacity, modes, api.ClaimClass(c),
		api.Deref(c.Spec.VolumeAttributesClassName, "<unset>"), age(c.CreationTimestamp, now)}
	if wide {
		r = append(r, api.Deref(c.Spec.VolumeMode, "<unset>"))
	}
	return r
}

func storageClassRow(o api.Object, now time.Time, _ bool) []string {
	sc := o.(*api.StorageClass)
	name := sc.Name
	if api.IsDefaultClass(sc) {
		name += " (default)"
	}
	return []string{name, sc.Provisioner, api.Deref(sc.ReclaimPolicy, api.ReclaimDelete),
		api.Deref(sc.VolumeBindingMode, api.VolumeBindingImmediate), fmt.Sprint(api.Deref(sc.AllowVolumeExpansion, false)),
		age(sc.CreationTimestamp, now)}
}
