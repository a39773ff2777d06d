//go:build js && wasm

package main

import (
	"strings"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/store"
	"github.com/kubeloop/kubeloop/core/yaml"
)

// Export: the cluster's objects as a manifest that `kubectl apply -f`
// accepts on a real cluster — what the learner made, not what the
// controllers made from it, and none of the server's bookkeeping.

// exportSkipKinds are kinds the cluster (or its controllers) make; a real
// cluster makes its own.
var exportSkipKinds = map[string]bool{
	"Node": true, "Event": true, "Lease": true, "Endpoints": true, "EndpointSlice": true,
	"ControllerRevision": true, "PersistentVolume": true, "StorageClass": true,
}

// systemObjects are made by every cluster: exporting them would fight it.
var systemObjects = map[string]bool{
	"Namespace/default": true, "Namespace/kube-system": true, "Namespace/kube-public": true,
	"Namespace/kube-node-lease": true, "Service/default/kubernetes": true,
	"ServiceAccount/default": true, "ConfigMap/kube-root-ca.crt": true,
}

// systemNamespace: what lives in kube-system and its siblings is the
// cluster's own (DNS, leases), made by every real cluster too.
func systemNamespace(ns string) bool {
	return ns == "kube-system" || ns == "kube-public" || ns == "kube-node-lease"
}

// exportAnnotations are written by controllers and kubectl, not by people.
var exportAnnotations = []string{
	"kubectl.kubernetes.io/last-applied-configuration",
	"deployment.kubernetes.io/revision",
	"deployment.kubernetes.io/desired-replicas",
	"deployment.kubernetes.io/max-replicas",
	"pv.kubernetes.io/bind-completed",
	"pv.kubernetes.io/bound-by-controller",
	"volume.beta.kubernetes.io/storage-provisioner",
	"volume.kubernetes.io/storage-provisioner",
}

// exportObjects returns the user's objects, cleaned, sorted by kind order
// (namespaces first, as apply needs them) and name.
func exportObjects(s *store.Store) []api.Object {
	var out []api.Object
	for _, k := range api.Kinds {
		if exportSkipKinds[k.Kind] {
			continue
		}
		for _, o := range s.List(k, "") {
			m := o.GetObjectMeta()
			if api.ControllerOf(o) != nil || m.DeletionTimestamp != nil {
				continue // made by a controller, or on its way out
			}
			if systemObjects[k.Kind+"/"+m.Name] || systemObjects[k.Kind+"/"+m.Namespace+"/"+m.Name] || systemNamespace(m.Namespace) {
				continue
			}
			if k.Kind == "ServiceAccount" && m.Name == "default" {
				continue
			}
			if k.Kind == "PersistentVolumeClaim" && fromClaimTemplate(s, m) {
				continue
			}
			out = append(out, cleanForExport(o))
		}
	}
	return out
}

// fromClaimTemplate reports a PVC a StatefulSet made from its
// volumeClaimTemplates (they carry no owner reference): the StatefulSet
// makes it again on a real cluster.
func fromClaimTemplate(s *store.Store, m *api.ObjectMeta) bool {
	k := api.ResourceFor("statefulsets")
	if k == nil {
		return false
	}
	for _, o := range s.List(k, m.Namespace) {
		if strings.Contains(m.Name, "-"+o.GetObjectMeta().Name+"-") {
			return true
		}
	}
	return false
}

// cleanForExport drops what the server and the controllers wrote.
func cleanForExport(o api.Object) api.Object {
	c := api.DeepCopyObject(o)
	api.SetKind(c)
	m := c.GetObjectMeta()
	m.UID, m.ResourceVersion, m.Generation = "", "", 0
	m.CreationTimestamp = api.Time{}
	m.DeletionTimestamp, m.DeletionGracePeriodSeconds = nil, nil
	m.OwnerReferences, m.Finalizers = nil, nil
	if m.Namespace == "default" {
		m.Namespace = "" // apply into whatever namespace the learner uses
	}
	for _, a := range exportAnnotations {
		delete(m.Annotations, a)
	}
	if len(m.Annotations) == 0 {
		m.Annotations = nil
	}
	switch v := c.(type) {
	case *api.Pod:
		v.Spec.NodeName = "" // the real cluster's scheduler chooses
	case *api.Namespace:
		v.Spec = api.NamespaceSpec{}
	}
	return c
}

// manifestOf encodes objects as one multi-document YAML, without the
// status of each (the encoder writes it; a manifest never has one).
func manifestOf(objs []api.Object) (string, error) {
	var b strings.Builder
	for i, o := range objs {
		doc, err := yaml.Encode(o)
		if err != nil {
			return "", err
		}
		if i > 0 {
			b.WriteString("---\n")
		}
		b.WriteString(dropTopLevel(doc, "status"))
	}
	return b.String(), nil
}

// dropTopLevel removes a top-level key and its block from a YAML document,
// and a "creationTimestamp: null" line (an unset time, as kubectl writes it).
func dropTopLevel(doc, key string) string {
	var out strings.Builder
	skipping := false
	for _, line := range strings.SplitAfter(doc, "\n") {
		if line == "" {
			continue
		}
		top := line[0] != ' ' && line[0] != '-' && line[0] != '#'
		if top {
			skipping = strings.HasPrefix(line, key+":")
		}
		if skipping || strings.TrimSpace(line) == "creationTimestamp: null" {
			continue
		}
		out.WriteString(line)
	}
	return out.String()
}

// exportManifests downloads the cluster's manifests as kubeloop.yaml.
func (a *app) exportManifests() {
	objs := exportObjects(a.cluster.Store())
	if len(objs) == 0 {
		a.notify("export.empty")
		return
	}
	text, err := manifestOf(objs)
	if err != nil {
		a.notify("export.failed", err.Error())
		return
	}
	text = "# " + a.tr("export.header") + "\n" + text
	a.ui.lastExport = text
	if bridge, err := a.global.Get("kubeloopEditor"); err == nil {
		bridge.Call("download", "kubeloop.yaml", text, "application/yaml")
	}
	a.notify("export.done", len(objs))
}
