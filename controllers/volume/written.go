package volume

import (
	"strconv"

	"github.com/kubeloop/kubeloop/core/api"
)

// The binder's own writes of volumes, kept until its cache has them:
// upstream's PersistentVolume controller stores what the API server
// returns for its writes in its cache (storeObjectUpdate), so that its next
// sync — often in the same instant, before the watch brings the write back
// — reads the volume as written instead of a stale copy whose write the
// API server would refuse as a conflict.

// wrote remembers a volume as the API server returned it.
func (b *Binder) wrote(o api.Object) {
	pv, ok := o.(*api.PersistentVolume)
	if !ok {
		return
	}
	if b.written == nil {
		b.written = map[string]*api.PersistentVolume{}
	}
	b.written[pv.Name] = pv
}

// freshest is the newer of pv (from the cache) and the binder's own last
// write of it; once the cache has caught up the write is forgotten.
func (b *Binder) freshest(pv *api.PersistentVolume) *api.PersistentVolume {
	w, ok := b.written[pv.Name]
	if !ok {
		return pv
	}
	if w.UID == pv.UID && revision(w) > revision(pv) {
		return w
	}
	delete(b.written, pv.Name)
	return pv
}

// forget drops the binder's write of a volume the cache now holds at the
// same or a later revision (or no longer holds).
func (b *Binder) forget(pv *api.PersistentVolume, deleted bool) {
	if w, ok := b.written[pv.Name]; ok && (deleted || revision(pv) >= revision(w)) {
		delete(b.written, pv.Name)
	}
}

func revision(o api.Object) int64 {
	n, _ := strconv.ParseInt(o.GetObjectMeta().ResourceVersion, 10, 64)
	return n
}
