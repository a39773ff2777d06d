package main

import (
	"net/http"
	"time"
)

// writeChunk is the most deadlineWriter hands the connection at once: the
// client must take this much within WriteStall.
const writeChunk = 32 << 10

// withDeadlines serves h with a write deadline that moves with the
// download (deadlineWriter) rather than one for the whole response, which
// would have to be long enough for the slowest Wi-Fi and so would never cut
// off a client that stopped reading. A request's body, which no answer
// reads (only GET and HEAD are served), is given ReadHeader to arrive: the
// server discards it after the answer, and a client must not hold the
// connection by trickling it.
func withDeadlines(h http.Handler, lim serveLimits) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rc := http.NewResponseController(w)
		if r.ContentLength != 0 {
			rc.SetReadDeadline(time.Now().Add(lim.ReadHeader))
		}
		dw := &deadlineWriter{ResponseWriter: w, rc: rc, stall: lim.WriteStall}
		dw.extend()
		h.ServeHTTP(dw, r)
		// The server flushes what is buffered after the handler returns;
		// the deadline a previous request left must not cut that short.
		dw.extend()
	})
}

// deadlineWriter writes a response in chunks of at most writeChunk bytes,
// each with a fresh write deadline of stall: a slow client is served at any
// rate above writeChunk per stall, and one that stops reading is cut off.
type deadlineWriter struct {
	http.ResponseWriter
	rc    *http.ResponseController
	stall time.Duration
}

func (w *deadlineWriter) extend() { w.rc.SetWriteDeadline(time.Now().Add(w.stall)) }

func (w *deadlineWriter) Write(p []byte) (int, error) {
	written := 0
	for len(p) > 0 {
		chunk := p[:min(len(p), writeChunk)]
		w.extend()
		n, err := w.ResponseWriter.Write(chunk)
		written += n
		if err != nil {
			return written, err
		}
		p = p[n:]
	}
	return written, nil
}

// Unwrap lets http.ResponseController reach the connection's writer.
func (w *deadlineWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }
