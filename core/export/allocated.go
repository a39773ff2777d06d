package export

import "slices"

// allocatedFields are the fields the API server (or a controller) fills
// with a value of its own choosing when the learner leaves them out: a new
// cluster chooses again, so exporting the old choice would at best pin it
// and at worst be refused (a cluster IP outside the other cluster's
// Service range). They are dropped unless the learner wrote them. "*"
// stands for every index of a list.
var allocatedFields = map[string][][]any{
	"Service": {
		{"spec", "clusterIP"}, {"spec", "clusterIPs"},
		{"spec", "ports", "*", "nodePort"}, {"spec", "healthCheckNodePort"},
	},
	// The volume it is bound to, and the default StorageClass admission
	// named (another cluster's default may be called otherwise).
	"PersistentVolumeClaim": {{"spec", "volumeName"}, {"spec", "storageClassName"}},
	"PersistentVolume":      {{"spec", "claimRef"}},
	// The node the scheduler bound the pod to.
	"Pod": {{"spec", "nodeName"}},
}

// headless is the one cluster IP a learner writes and the server never
// chooses.
const headless = "None"

// dropAllocated removes the allocated fields of an object of kind that
// written (the last-applied manifest) does not have, and a namespace of
// "default": the manifest then goes to whichever namespace the learner
// applies it in. (kubectl writes the namespace into last-applied whether
// or not the manifest had it, so there it does not tell.)
func dropAllocated(tree map[string]any, kind string, written map[string]any) {
	for _, pattern := range allocatedFields[kind] {
		for _, path := range expand(tree, pattern) {
			v := at(tree, path...)
			if ips, _ := v.([]any); v == headless || slices.Contains(ips, any(headless)) {
				continue
			}
			if _, wrote := lookup(written, path); !wrote {
				remove(tree, path)
			}
		}
	}
	meta, _ := tree["metadata"].(map[string]any)
	if meta["namespace"] == "default" {
		delete(meta, "namespace")
	}
}

// expand turns a pattern with "*" into the paths present in tree.
func expand(tree any, pattern []any) [][]any {
	paths := [][]any{{}}
	for _, p := range pattern {
		var next [][]any
		for _, path := range paths {
			if p != "*" {
				next = append(next, append(append([]any(nil), path...), p))
				continue
			}
			s, _ := at(tree, path...).([]any)
			for i := range s {
				next = append(next, append(append([]any(nil), path...), i))
			}
		}
		paths = next
	}
	var present [][]any
	for _, path := range paths {
		if _, ok := lookup(tree, path); ok {
			present = append(present, path)
		}
	}
	return present
}

// remove deletes the map key at the end of path.
func remove(tree any, path []any) {
	if m, ok := at(tree, path[:len(path)-1]...).(map[string]any); ok {
		delete(m, path[len(path)-1].(string))
	}
}
