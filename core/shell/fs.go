package shell

import (
	"path"
	"sort"
	"strings"

	"github.com/kubeloop/kubeloop/core/vfs"
)

// Mount puts a volume's file tree at a path of the container.
type Mount struct {
	Path string
	FS   *vfs.FS
}

// FS is a container's view of files: its own tree, with volumes mounted
// over it. A path under a mount lives in the volume; any other path in
// the container's tree, which goes when the container goes.
type FS struct {
	Root   *vfs.FS
	Mounts []Mount
}

// NewFS returns the view of root with mounts; each mount point is made a
// directory of root so that `ls` of its parent shows it.
func NewFS(root *vfs.FS, mounts []Mount) *FS {
	ms := append([]Mount(nil), mounts...)
	for i := range ms {
		ms[i].Path = vfs.Clean(ms[i].Path)
		root.MkdirAll(ms[i].Path)
	}
	// Longest first, so /a/b wins over /a.
	sort.SliceStable(ms, func(i, j int) bool { return len(ms[i].Path) > len(ms[j].Path) })
	return &FS{Root: root, Mounts: ms}
}

// resolve finds the tree holding p and the path inside it.
func (f *FS) resolve(p string) (*vfs.FS, string) {
	p = vfs.Clean(p)
	for _, m := range f.Mounts {
		if p == m.Path {
			return m.FS, "/"
		}
		if rest, ok := strings.CutPrefix(p, m.Path+"/"); ok || m.Path == "/" {
			if m.Path == "/" {
				return m.FS, p
			}
			return m.FS, "/" + rest
		}
	}
	return f.Root, p
}

func (f *FS) ReadFile(p string) ([]byte, error) { t, q := f.resolve(p); return t.ReadFile(q) }
func (f *FS) WriteFile(p string, b []byte) error {
	t, q := f.resolve(p)
	return t.WriteFile(q, b)
}
func (f *FS) AppendFile(p string, b []byte) error {
	t, q := f.resolve(p)
	return t.AppendFile(q, b)
}
func (f *FS) MkdirAll(p string)     { t, q := f.resolve(p); t.MkdirAll(q) }
func (f *FS) Exists(p string) bool  { t, q := f.resolve(p); return t.Exists(q) }
func (f *FS) IsDir(p string) bool   { t, q := f.resolve(p); return t.IsDir(q) }
func (f *FS) Remove(p string) error { t, q := f.resolve(p); return t.Remove(q) }

// List lists a directory; mount points below it appear as directories.
func (f *FS) List(p string) ([]string, error) {
	t, q := f.resolve(p)
	names, err := t.List(q)
	if err != nil {
		return nil, err
	}
	dir := vfs.Clean(p)
	seen := map[string]bool{}
	for _, n := range names {
		seen[strings.TrimSuffix(n, "/")] = true
	}
	for _, m := range f.Mounts {
		if m.Path != "/" && path.Dir(m.Path) == dir && !seen[path.Base(m.Path)] {
			names = append(names, path.Base(m.Path)+"/")
			seen[path.Base(m.Path)] = true
		}
	}
	sort.Strings(names)
	return names, nil
}
