package main

import (
	"encoding/json"
	"net/http"
	"strconv"
	"time"
)

// controlPrefix holds kubeloop's own endpoints beside the Kubernetes API,
// for tests and scripts that drive the simulated clock themselves:
//
//	POST /kubeloop/v1/advance?duration=30s  move the clock 30 simulated seconds
//	POST /kubeloop/v1/settle[?max=10m]      run until the cluster is quiet (at most max)
//	GET  /kubeloop/v1/clock                 the simulated time and revision
//
// Each answers {"now": RFC 3339, "revision": N} (settle adds "settled" and
// "took"). They take the same token as the API.
const controlPrefix = "/kubeloop/v1/"

// maxControlAdvance bounds one advance or settle: a typo of hours would
// hold the cluster for minutes of wall time.
const maxControlAdvance = 24 * time.Hour

// clockState is what the control endpoints answer.
type clockState struct {
	Now      string `json:"now"`
	Revision string `json:"revision"`
	Settled  *bool  `json:"settled,omitempty"`
	Took     string `json:"took,omitempty"`
}

func (h *apiHost) control(w http.ResponseWriter, r *http.Request) {
	name := r.URL.Path[len(controlPrefix):]
	want := http.MethodPost
	if name == "clock" {
		want = http.MethodGet
	}
	switch {
	case name != "advance" && name != "settle" && name != "clock":
		http.NotFound(w, r)
		return
	case r.Method != want:
		w.Header().Set("Allow", want)
		writeStatus(w, http.StatusMethodNotAllowed, "MethodNotAllowed", name+" takes "+want)
		return
	}
	var st clockState
	switch name {
	case "advance":
		d, err := controlDuration(r, "duration", 0)
		if err != nil || d <= 0 {
			writeStatus(w, http.StatusBadRequest, "BadRequest", "duration must be a positive duration of at most 24h, such as 30s or 5m")
			return
		}
		h.advance(d)
	case "settle":
		max, err := controlDuration(r, "max", 10*time.Minute)
		if err != nil || max <= 0 {
			writeStatus(w, http.StatusBadRequest, "BadRequest", "max must be a positive duration of at most 24h, such as 10m")
			return
		}
		var settled bool
		var took time.Duration
		h.locked(func() { settled, took = h.c.Settle(max) })
		h.ticked()
		st.Settled, st.Took = &settled, took.String()
	}
	h.locked(func() {
		st.Now = h.c.Now().UTC().Format(time.RFC3339Nano)
		st.Revision = strconv.FormatInt(h.c.Store().Revision(), 10)
	})
	b, _ := json.Marshal(st)
	w.Header().Set("Content-Type", "application/json")
	w.Write(append(b, '\n'))
}

// controlDuration reads a duration parameter (def when absent).
func controlDuration(r *http.Request, name string, def time.Duration) (time.Duration, error) {
	v := r.URL.Query().Get(name)
	if v == "" {
		return def, nil
	}
	d, err := time.ParseDuration(v)
	if err == nil && d > maxControlAdvance {
		err = strconv.ErrRange
	}
	return d, err
}
