package engine

import (
	"errors"
	"strconv"
	"strings"
	"time"

	"github.com/kubeloop/kubeloop/core/cluster"
)

// EventList is Events as they cross to the page: a record per Event
// (records.go). A rollout's frames each carry the newest few hundred.
type EventList []cluster.EventView

// eventFields is how many fields an Event's record has.
const eventFields = 6

// encode writes the list.
func (l EventList) encode(b *strings.Builder) {
	for i := range l {
		if i > 0 {
			b.WriteByte(recordSep)
		}
		v := &l[i]
		writeRecord(b, timeField(v.Time), v.Type, v.Reason, v.Object, v.Message, strconv.Itoa(int(v.Count)))
	}
}

// EventsText is a frame's Events as they crossed to the page, read (Read)
// only when drawn: in a burst many frames bring a new list of the newest
// Events, more than the page draws (wasm/clock.go's eventsEvery).
type EventsText string

// Read reads the Events, from a copy of their text: the list is kept until
// the next, and a piece of the post would keep all of it alive.
func (t EventsText) Read() (EventList, error) { return decodeEvents(strings.Clone(string(t))) }

// decodeEvents reads what encode wrote.
func decodeEvents(s string) (EventList, error) {
	return decodeRecords(s, "event list", eventFields, readEvent)
}

// readEvent reads one Event's record from its fields.
func readEvent(f []string) (cluster.EventView, error) {
	at, err := readTime(f[0])
	if err != nil {
		return cluster.EventView{}, errors.New("time: " + err.Error())
	}
	n, err := strconv.Atoi(f[5])
	if err != nil {
		return cluster.EventView{}, errors.New("count: " + err.Error())
	}
	return cluster.EventView{Time: at, Type: f[1], Reason: f[2], Object: f[3], Message: f[4], Count: int32(n)}, nil
}

// timeField is a time as its nanoseconds since 1970 ("" for the zero
// time). The cluster's clock is in UTC, and the page reads it so.
func timeField(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return strconv.FormatInt(t.UnixNano(), 10)
}

// readTime reads what timeField wrote.
func readTime(f string) (time.Time, error) {
	if f == "" {
		return time.Time{}, nil
	}
	ns, err := strconv.ParseInt(f, 10, 64)
	if err != nil {
		return time.Time{}, err
	}
	return time.Unix(0, ns).UTC(), nil
}
