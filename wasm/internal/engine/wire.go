package engine

import (
	"errors"
	"strconv"
	"strings"

	"github.com/kubeloop/kubeloop/core/apijson"
	"github.com/kubeloop/kubeloop/core/kubectl"
)

// What crosses between the page and its worker, as JSON: the page posts
// Messages, the worker posts Posts. A Message with an ID gets a Post with
// that ID, carrying the Reply and a Frame of what the request changed, so
// that the page draws the change before it hands the reply on; the
// worker also posts frames of its own while the clock runs.

// Message is a request from the page. The worker's loop answers the loop
// ops itself (Start, Play, Speed, Drawn, Settle, Cancel); Do answers the
// others.
type Message struct {
	ID int64 `json:"id,omitempty"`
	Request
}

// Post is what the worker sends the page: a reply to the Message of ID
// (none when ID is 0), a frame, or both.
type Post struct {
	ID    int64  `json:"id,omitempty"`
	Reply *Reply `json:"reply,omitempty"`
	Frame *Frame `json:"frame,omitempty"`
}

// Encode is the post as it crosses: its JSON, then, each after a NUL
// (which JSON text never holds), the frame's pods, Events and reconciles,
// the reply's pods, Events and reconciles (records.go), and the texts of the
// reply's outputs, each as its length and a colon before it. These are
// the big parts of a post — thousands of pods in a frame of a rollout,
// the last MaxOutputBytes of `kubectl get events` — and the page takes
// them as they are instead of scanning them as JSON.
func (p *Post) Encode() (string, error) {
	q := *p
	var texts []string
	if p.Reply != nil && len(p.Reply.Output) > 0 {
		r := *p.Reply
		r.Output = make([]kubectl.Chunk, len(p.Reply.Output))
		for i, c := range p.Reply.Output {
			texts = append(texts, c.Text)
			r.Output[i] = kubectl.Chunk{Stderr: c.Stderr}
		}
		q.Reply = &r
	}
	b, err := apijson.Marshal(&q)
	if err != nil {
		return "", err
	}
	var s strings.Builder
	s.Write(b)
	f, r := p.Frame, p.Reply
	if f == nil {
		f = &Frame{}
	}
	if r == nil {
		r = &Reply{}
	}
	for _, list := range []interface{ encode(*strings.Builder) }{f.Pods, f.Events, f.Trace, r.Pods, r.Events, r.Trace} {
		s.WriteByte(0)
		list.encode(&s)
	}
	s.WriteByte(0)
	for _, t := range texts {
		s.WriteString(strconv.Itoa(len(t)))
		s.WriteByte(':')
		s.WriteString(t)
	}
	return s.String(), nil
}

// postSections is how many parts Encode writes, NUL between each.
const postSections = 8

// DecodePost reads what Encode wrote.
func DecodePost(s string) (Post, error) {
	var p Post
	var part [postSections]string
	for i := range postSections - 1 {
		var ok bool
		if part[i], s, ok = strings.Cut(s, "\x00"); !ok {
			return p, errors.New("post: not JSON, six lists and texts")
		}
	}
	part[postSections-1] = s
	if err := apijson.Unmarshal([]byte(part[0]), &p); err != nil {
		return p, err
	}
	// A decoded field is a piece of the post's text, and keeps all of it
	// alive. The page keeps reconciles for long (its trace, as records)
	// and Events until the next change, so theirs are read from a copy of
	// their own part only; it copies the pods it keeps. A frame's Events
	// are read when drawn (EventsText).
	var err error
	if f := p.Frame; f != nil {
		if f.Pods, err = decodePods(part[1]); err != nil {
			return p, err
		}
		f.EventsText = EventsText(part[2])
		if f.Trace, err = decodeEntryRecords(strings.Clone(part[3])); err != nil {
			return p, err
		}
	}
	r := p.Reply
	if r == nil {
		return p, nil
	}
	if r.Pods, err = decodePods(part[4]); err != nil {
		return p, err
	}
	if r.Events, err = decodeEvents(strings.Clone(part[5])); err != nil {
		return p, err
	}
	if r.Trace, err = decodeEntryRecords(strings.Clone(part[6])); err != nil {
		return p, err
	}
	texts := part[7]
	for i := range r.Output {
		if r.Output[i].Text, texts, err = cutText(texts); err != nil {
			return p, err
		}
	}
	return p, nil
}

// cutText reads one length-prefixed text from the start of s.
func cutText(s string) (text, rest string, err error) {
	n, body, ok := strings.Cut(s, ":")
	size, err := strconv.Atoi(n)
	if !ok || err != nil || size < 0 || size > len(body) {
		return "", "", errors.New("post: an output's text is cut short")
	}
	return body[:size], body[size:], nil
}

// The ops the worker's loop answers itself.
const (
	// OpStart builds the cluster of Request.Seed, posts the first frame
	// (its nodes), starts the control plane and posts the next.
	OpStart = "start"
	// OpPlay runs the clock (Request.On) at Request.Speed simulated
	// seconds per real second.
	OpPlay = "play"
	// OpDrawn tells the worker the page drew the last frame: the next
	// may come. Frames are not posted faster than the page draws them;
	// what changes meanwhile goes in the next.
	OpDrawn = "drawn"
	// OpSettle settles for at most Request.Seconds, in slices between
	// which the worker reads its messages; OpCancel ends it early.
	OpSettle = "settleRun"
	OpCancel = "cancel"
	// OpWarmUp asks how far the warm-up (WarmUp) has gone.
	OpWarmUp = "warmUp"
)
