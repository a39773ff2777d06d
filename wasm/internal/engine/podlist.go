package engine

import (
	"errors"
	"strconv"
	"strings"

	"github.com/kubeloop/kubeloop/core/cluster"
)

// PodList is pod changes as they cross to the page: not JSON but a text of
// its own after the post's JSON (Post.Encode), a record per pod and a
// field per view's field, split by the ASCII record and unit separators.
// A frame of a 10,000-pod rollout carries thousands of pods; read as JSON
// objects, each byte scanned and each field set through reflection, they
// were most of the page's longest tasks. As this text the page splits
// them, and each field is a piece of the one string.
type PodList []PodChange

const (
	recordSep = '\x1e'
	unitSep   = '\x1f'
	// podFields is how many fields a record has (writePod).
	podFields = 17
)

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
	for i, f := range [...]string{
		p.Key, flag(p.Gone),
		v.Name, v.Namespace, v.Phase, v.Status, flag(v.Ready), v.ReadyText, v.Node, v.IP,
		v.Owner, v.OwnerKind, flag(v.Deleting), v.Image, strconv.Itoa(int(v.Restarts)), v.Reason, flag(v.System),
	} {
		if i > 0 {
			b.WriteByte(unitSep)
		}
		b.WriteString(clean(f))
	}
}

// flag is a bool as one character.
func flag(on bool) string {
	if on {
		return "1"
	}
	return ""
}

// clean drops the separators from a field, and NUL, which ends the pod
// list (Post.Encode). No name, address or image can hold them (they are
// control characters), and a scheduler's reason does not.
func clean(f string) string {
	if strings.ContainsAny(f, "\x1e\x1f\x00") {
		return strings.Map(func(r rune) rune {
			if r == recordSep || r == unitSep || r == 0 {
				return -1
			}
			return r
		}, f)
	}
	return f
}

// decodePods reads what encode wrote.
func decodePods(s string) (PodList, error) {
	if s == "" {
		return nil, nil
	}
	l := make(PodList, 0, strings.Count(s, string(recordSep))+1)
	var f [podFields]string
	for rec := range strings.SplitSeq(s, string(recordSep)) {
		if err := splitFields(rec, &f); err != nil {
			return nil, err
		}
		restarts, err := strconv.Atoi(f[14])
		if err != nil {
			return nil, errors.New("pod list: restarts: " + err.Error())
		}
		l = append(l, PodChange{Key: f[0], Gone: f[1] != "", View: cluster.PodView{
			Name: f[2], Namespace: f[3], Phase: f[4], Status: f[5], Ready: f[6] != "", ReadyText: f[7],
			Node: f[8], IP: f[9], Owner: f[10], OwnerKind: f[11], Deleting: f[12] != "", Image: f[13],
			Restarts: int32(restarts), Reason: f[15], System: f[16] != "",
		}})
	}
	return l, nil
}

// splitFields splits a record into its fields, without allocating.
func splitFields(rec string, f *[podFields]string) error {
	for i := range podFields - 1 {
		at := strings.IndexByte(rec, unitSep)
		if at < 0 {
			return errors.New("pod list: a record of " + strconv.Itoa(i+1) + " fields, not " + strconv.Itoa(podFields))
		}
		f[i], rec = rec[:at], rec[at+1:]
	}
	if strings.IndexByte(rec, unitSep) >= 0 {
		return errors.New("pod list: a record of more than " + strconv.Itoa(podFields) + " fields")
	}
	f[podFields-1] = rec
	return nil
}
