package cluster

import (
	"encoding/hex"
	"fmt"
	"hash/fnv"

	"github.com/kubeloop/kubeloop/core/apijson"
)

// HistoryHash digests, with 128-bit FNV-1a (crypto/sha256 would pull
// the FIPS module into the page's binary), every store event since the
// last compaction —
// revision, type, kind, key and the object's JSON — so that two runs can be
// compared byte for byte: same seed and inputs, same hash, on every host.
func (c *Cluster) HistoryHash() string {
	h := fnv.New128a()
	events, _ := c.store.Events(c.store.Compacted())
	for _, ev := range events {
		b, err := apijson.Marshal(ev.Object)
		if err != nil {
			b = []byte(err.Error())
		}
		m := ev.Object.GetObjectMeta()
		fmt.Fprintf(h, "%d %s %s %s/%s %s\n", ev.Revision, ev.Type, ev.Kind.Kind, m.Namespace, m.Name, b)
	}
	return hex.EncodeToString(h.Sum(nil))
}
