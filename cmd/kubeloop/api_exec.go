package main

import (
	"net/http"
	"time"

	"github.com/kubeloop/kubeloop/core/apiserver"
)

// session runs an exec session over a WebSocket: the handler's messages go
// out as binary messages, the client's go to its Input, until the session
// ends (the WebSocket closes normally), the client goes away or the server
// shuts down.
func (h *apiHost) session(w http.ResponseWriter, r *http.Request, resp *apiserver.Response, in apiserver.InputStream) {
	defer h.locked(in.Close)
	if why := wsCheckUpgrade(r); why != "" {
		writeStatus(w, http.StatusBadRequest, "BadRequest", "Upgrade request required: "+why)
		return
	}
	ws, err := wsUpgrade(w, r, resp.Header["Sec-WebSocket-Protocol"], h.stall)
	if err != nil {
		return
	}
	// client-go's WebSocket executor starts reading as soon as the upgrade
	// is done but registers its streams a moment later, and drops what
	// arrives for a stream not yet registered ("Unknown stream id 3,
	// discarding message"): a real kubelet's exec starts a process first,
	// which takes longer than that; the sandbox's answers are ready at
	// once, so they wait as long.
	select {
	case <-time.After(execStartDelay):
	case <-h.quit:
		ws.Close(1001)
		return
	}
	messages := make(chan []byte)
	stop := make(chan struct{})
	defer close(stop)
	go func() {
		defer close(messages)
		for {
			_, msg, err := ws.ReadMessage()
			if err != nil {
				return
			}
			select {
			case messages <- msg:
			case <-stop:
				return
			}
		}
	}()
	for {
		tick := h.nextTick()
		var frames [][]byte
		var done bool
		h.locked(func() { frames, done = in.Poll() })
		for _, f := range frames {
			if ws.WriteMessage(opBinary, f) != nil {
				ws.conn.Close()
				return
			}
		}
		if done {
			ws.Close(1000)
			return
		}
		select {
		case msg, ok := <-messages:
			if !ok {
				ws.conn.Close()
				return
			}
			h.locked(func() { in.Input(msg) })
		case <-tick:
		case <-h.quit:
			ws.Close(1001) // going away
			return
		}
	}
}

// execStartDelay is how long an exec session's first messages wait after
// the upgrade (see session).
const execStartDelay = 100 * time.Millisecond
