package volume

import (
	"sort"

	"github.com/kubeloop/kubeloop/core/vfs"
)

// Volumes holds the data of every PersistentVolume: one in-memory file
// tree per volume name. Files written through a pod's mount live here, so
// they outlive the pod; they go when the volume is deleted.
type Volumes struct {
	trees map[string]*vfs.FS
}

// NewVolumes returns an empty set of volumes.
func NewVolumes() *Volumes { return &Volumes{trees: map[string]*vfs.FS{}} }

// FS returns the file tree of volume pvName, creating an empty one on
// first use (a statically created volume starts empty). The caller
// resolves pod volume → claim → volume name first.
func (v *Volumes) FS(pvName string) *vfs.FS {
	fs, ok := v.trees[pvName]
	if !ok {
		fs = vfs.New()
		v.trees[pvName] = fs
	}
	return fs
}

// Has reports whether volume pvName has a file tree.
func (v *Volumes) Has(pvName string) bool { _, ok := v.trees[pvName]; return ok }

// Names lists the volumes that have a file tree, sorted.
func (v *Volumes) Names() []string {
	out := make([]string, 0, len(v.trees))
	for n := range v.trees {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// remove drops a deleted volume's data.
func (v *Volumes) remove(pvName string) { delete(v.trees, pvName) }
