package engine

import (
	"errors"
	"strconv"
	"strings"

	"github.com/kubeloop/kubeloop/core/cluster"
)

// PodList is pod changes as they cross to the page: a record per pod
// (records.go). A frame of a 10,000-pod rollout carries thousands.
type PodList []PodChange

// podFields is how many fields a pod's record has (writePod).
const podFields = 17

// encode writes the list.
func (l PodList) encode(b *strings.Builder) {
	for i, p := range l {
		if i > 0 {
			b.WriteByte(recordSep)
		}
		writePod(b, &p)
	}
}

// writePod writes one record: the key, whether the pod is gone, then the
// view's fields in PodView's order.
func writePod(b *strings.Builder, p *PodChange) {
	v := &p.View
	writeRecord(b,
		p.Key, flag(p.Gone),
		v.Name, v.Namespace, v.Phase, v.Status, flag(v.Ready), v.ReadyText, v.Node, v.IP,
		v.Owner, v.OwnerKind, flag(v.Deleting), v.Image, strconv.Itoa(int(v.Restarts)), v.Reason, flag(v.System),
	)
}

// decodePods reads what encode wrote.
func decodePods(s string) (PodList, error) {
	return decodeRecords(s, "pod list", podFields, readPod)
}

// readPod reads one pod's record from its fields.
func readPod(f []string) (PodChange, error) {
	restarts, err := strconv.Atoi(f[14])
	if err != nil {
		return PodChange{}, errors.New("restarts: " + err.Error())
	}
	return PodChange{Key: f[0], Gone: f[1] != "", View: cluster.PodView{
		Name: f[2], Namespace: f[3], Phase: f[4], Status: f[5], Ready: f[6] != "", ReadyText: f[7],
		Node: f[8], IP: f[9], Owner: f[10], OwnerKind: f[11], Deleting: f[12] != "", Image: f[13],
		Restarts: int32(restarts), Reason: f[15], System: f[16] != "",
	}}, nil
}
