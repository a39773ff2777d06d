// Package vfs is the small in-memory file tree behind every simulated
// volume and container filesystem: what `kubectl exec … -- sh -c 'echo hi
// > /usr/share/nginx/html/index.html'` writes and a later `cat` reads back,
// even after the pod is re-created on the same PersistentVolume.
//
// Paths are absolute and slash-separated; "." and ".." are resolved.
// Not for: large data or permissions — it keeps bytes and nothing else.
package vfs

import (
	"errors"
	"io/fs"
	"path"
	"sort"
	"strings"
)

// FS is one file tree. The zero value is not usable; call New.
type FS struct {
	files map[string][]byte   // file path → contents
	dirs  map[string]struct{} // directory paths ("/" always)
}

// New returns an empty tree holding only "/".
func New() *FS { return &FS{files: map[string][]byte{}, dirs: map[string]struct{}{"/": {}}} }

// Clean makes p absolute and canonical.
func Clean(p string) string { return path.Clean("/" + p) }

// WriteFile creates or replaces a file, creating its parent directories.
func (f *FS) WriteFile(p string, data []byte) error {
	p = Clean(p)
	if _, isDir := f.dirs[p]; isDir {
		return &fs.PathError{Op: "write", Path: p, Err: errors.New("Is a directory")}
	}
	f.MkdirAll(path.Dir(p))
	f.files[p] = append([]byte(nil), data...)
	return nil
}

// AppendFile appends to a file, creating it if missing (`>>`).
func (f *FS) AppendFile(p string, data []byte) error {
	old, _ := f.ReadFile(p)
	return f.WriteFile(p, append(old, data...))
}

// ReadFile returns a copy of a file's contents.
func (f *FS) ReadFile(p string) ([]byte, error) {
	p = Clean(p)
	if _, isDir := f.dirs[p]; isDir {
		return nil, &fs.PathError{Op: "read", Path: p, Err: errors.New("Is a directory")}
	}
	b, ok := f.files[p]
	if !ok {
		return nil, &fs.PathError{Op: "open", Path: p, Err: errors.New("No such file or directory")}
	}
	return append([]byte(nil), b...), nil
}

// MkdirAll creates a directory and its parents.
func (f *FS) MkdirAll(p string) {
	for p = Clean(p); ; p = path.Dir(p) {
		f.dirs[p] = struct{}{}
		if p == "/" {
			return
		}
	}
}

// Exists reports whether p is a file or directory.
func (f *FS) Exists(p string) bool {
	p = Clean(p)
	_, isFile := f.files[p]
	_, isDir := f.dirs[p]
	return isFile || isDir
}

// IsDir reports whether p is a directory.
func (f *FS) IsDir(p string) bool { _, ok := f.dirs[Clean(p)]; return ok }

// Remove deletes a file, or a directory and everything under it.
func (f *FS) Remove(p string) error {
	p = Clean(p)
	if !f.Exists(p) {
		return &fs.PathError{Op: "remove", Path: p, Err: errors.New("No such file or directory")}
	}
	prefix := strings.TrimSuffix(p, "/") + "/"
	for k := range f.files {
		if k == p || strings.HasPrefix(k, prefix) {
			delete(f.files, k)
		}
	}
	for k := range f.dirs {
		if k != "/" && (k == p || strings.HasPrefix(k, prefix)) {
			delete(f.dirs, k)
		}
	}
	return nil
}

// List returns the names directly inside directory p, sorted, with a
// trailing "/" on directories.
func (f *FS) List(p string) ([]string, error) {
	p = Clean(p)
	if !f.IsDir(p) {
		return nil, &fs.PathError{Op: "open", Path: p, Err: errors.New("No such file or directory")}
	}
	var out []string
	add := func(k, suffix string) {
		if k != p && path.Dir(k) == p {
			out = append(out, path.Base(k)+suffix)
		}
	}
	for k := range f.files {
		add(k, "")
	}
	for k := range f.dirs {
		add(k, "/")
	}
	sort.Strings(out)
	return out, nil
}

// Size is the total bytes stored (for the page's volume view).
func (f *FS) Size() int {
	n := 0
	for _, b := range f.files {
		n += len(b)
	}
	return n
}
