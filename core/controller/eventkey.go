package controller

// The recorder's two caches (events.go, aggregate.go) hold up to
// maxRecentEvents keys each, and every kubelet and controller has its own
// recorder: at 1,000 pods they held ~10,000 keys of four strings each. A key
// is kept as a 64-bit FNV-1a hash of its fields instead — a map slot of 8
// bytes rather than 72, and no strings kept alive for it. FNV is unseeded,
// so a run stays repeatable. A hit in the recent
// cache is checked against the Event it names (Recorder.matches), so two
// keys with one hash cannot merge two Events; in the similar cache they
// could only pool two objects' message lists, which for the ≤4,096 keys of
// one recorder happens with a probability below 2⁻⁴⁰.

// eventKey identifies repeats of one Event: the object's uid, type, reason
// and message — or, for the Event that combines similar ones
// (aggregate.go), no message.
type eventKey uint64

// similarKey identifies similar Events: the eventKey's fields but the
// message.
type similarKey uint64

const (
	fnvOffset = 14695981039346656037
	fnvPrime  = 1099511628211
)

// fnv64 is FNV-1a over length-prefixed strings, so that no two lists of
// fields give the same bytes. It is written out rather than taken from
// hash/fnv, whose Write would copy every field to a []byte on every Event;
// and str's loop does not call byte, since the page's build inlines nothing
// (wasm/build-flags): a call per byte of a uid and a message was 0.6% of a
// 10,000-pod run's CPU under wasm.
type fnv64 uint64

func newFNV() fnv64 { return fnvOffset }

func (h fnv64) byte(b byte) fnv64 { return (h ^ fnv64(b)) * fnvPrime }

func (h fnv64) str(s string) fnv64 {
	for n := len(s); ; n >>= 8 {
		h = (h ^ fnv64(byte(n))) * fnvPrime
		if n < 256 {
			break
		}
	}
	for i := 0; i < len(s); i++ {
		h = (h ^ fnv64(s[i])) * fnvPrime
	}
	return h
}

func similarKeyOf(uid, eventType, reason string) similarKey {
	return similarKey(newFNV().str(uid).str(eventType).str(reason))
}

// eventKeyOf is the key of an Event with its message, or of the combined
// Event of similar ones when combined.
func eventKeyOf(uid, eventType, reason, message string, combined bool) eventKey {
	return similarKeyOf(uid, eventType, reason).eventKey(message, combined)
}

// eventKey is eventKeyOf of the fields k was made of: an Event's key goes
// on from the hash of its similar key, which the recorder has made already
// (aggregate), instead of hashing the uid, type and reason again.
func (k similarKey) eventKey(message string, combined bool) eventKey {
	if combined {
		return eventKey(fnv64(k).byte(1))
	}
	return eventKey(fnv64(k).byte(0).str(message))
}
