package cluster

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
)

// HistoryHash digests every store event since the last compaction —
// revision, type, kind, key and the object's JSON — so that two runs can be
// compared byte for byte: same seed and inputs, same hash, on every host.
func (c *Cluster) HistoryHash() string {
	h := sha256.New()
	events, _ := c.store.Events(c.store.Compacted())
	for _, ev := range events {
		b, err := json.Marshal(ev.Object)
		if err != nil {
			b = []byte(err.Error())
		}
		m := ev.Object.GetObjectMeta()
		fmt.Fprintf(h, "%d %s %s %s/%s %s\n", ev.Revision, ev.Type, ev.Kind.Kind, m.Namespace, m.Name, b)
	}
	return hex.EncodeToString(h.Sum(nil))
}
