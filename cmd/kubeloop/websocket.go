package main

import (
	"bufio"
	"crypto/sha1"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"
)

// This file is the server's side of a WebSocket (RFC 6455), as much as
// kubectl exec needs: the opening handshake, binary messages both ways
// (fragmented ones reassembled), ping answered with pong, and the closing
// handshake. No extensions (no compression) are negotiated.

// The opcodes of RFC 6455 §5.2.
const (
	opContinuation = 0x0
	opText         = 0x1
	opBinary       = 0x2
	opClose        = 0x8
	opPing         = 0x9
	opPong         = 0xA
)

// wsMaxMessage bounds one message a client sends (stdin of an exec comes in
// pieces far smaller): a larger one closes the connection with 1009.
const wsMaxMessage = 1 << 20

// wsGUID is the constant RFC 6455 §1.3 appends to the client's key.
const wsGUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"

// errWebSocketClosed is the client's close, or a connection that broke.
var errWebSocketClosed = errors.New("websocket closed")

// wsAccept is the Sec-WebSocket-Accept answering a Sec-WebSocket-Key.
func wsAccept(key string) string {
	h := sha1.Sum([]byte(key + wsGUID))
	return base64.StdEncoding.EncodeToString(h[:])
}

// wsCheckUpgrade reports why a request is no WebSocket opening handshake,
// or "" when it is one.
func wsCheckUpgrade(r *http.Request) string {
	switch {
	case r.Method != http.MethodGet:
		return "a WebSocket handshake is a GET"
	case !headerHasToken(r.Header, "Connection", "upgrade"):
		return "Connection: Upgrade is missing"
	case !headerHasToken(r.Header, "Upgrade", "websocket"):
		return "Upgrade: websocket is missing"
	case r.Header.Get("Sec-WebSocket-Version") != "13":
		return "Sec-WebSocket-Version must be 13"
	}
	key, err := base64.StdEncoding.DecodeString(r.Header.Get("Sec-WebSocket-Key"))
	if err != nil || len(key) != 16 {
		return "Sec-WebSocket-Key must be 16 bytes in base64"
	}
	return ""
}

// headerHasToken reports whether a comma-separated header holds token.
func headerHasToken(h http.Header, name, token string) bool {
	for _, v := range h.Values(name) {
		for _, t := range strings.Split(v, ",") {
			if strings.EqualFold(strings.TrimSpace(t), token) {
				return true
			}
		}
	}
	return false
}

// wsConn is one server-side WebSocket. Reads belong to one goroutine;
// writes may come from two (the session's output, and the pong the
// reader sends), so they take wmu.
type wsConn struct {
	conn  net.Conn
	br    *bufio.Reader
	stall time.Duration // how long one write may wait for the client

	wmu    sync.Mutex
	closed bool // a close frame was sent
}

// wsUpgrade completes the handshake on w (which wsCheckUpgrade accepted)
// with the given subprotocol and takes over its connection.
func wsUpgrade(w http.ResponseWriter, r *http.Request, protocol string, stall time.Duration) (*wsConn, error) {
	conn, brw, err := http.NewResponseController(w).Hijack()
	if err != nil {
		return nil, err
	}
	conn.SetDeadline(time.Time{}) // the server's deadlines were for plain HTTP
	resp := "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: " +
		wsAccept(r.Header.Get("Sec-WebSocket-Key")) + "\r\n"
	if protocol != "" {
		resp += "Sec-WebSocket-Protocol: " + protocol + "\r\n"
	}
	ws := &wsConn{conn: conn, br: brw.Reader, stall: stall}
	if err := ws.writeRaw([]byte(resp + "\r\n")); err != nil {
		conn.Close()
		return nil, err
	}
	return ws, nil
}

// writeRaw writes b whole, within the stall deadline.
func (ws *wsConn) writeRaw(b []byte) error {
	ws.conn.SetWriteDeadline(time.Now().Add(ws.stall))
	_, err := ws.conn.Write(b)
	return err
}

// WriteMessage sends one unfragmented message (a server's frames are not
// masked, §5.1).
func (ws *wsConn) WriteMessage(op byte, payload []byte) error {
	ws.wmu.Lock()
	defer ws.wmu.Unlock()
	if ws.closed {
		return errWebSocketClosed
	}
	if op == opClose {
		ws.closed = true
	}
	return ws.writeRaw(appendFrame(nil, op, payload))
}

// appendFrame appends one final, unmasked frame.
func appendFrame(dst []byte, op byte, payload []byte) []byte {
	dst = append(dst, 0x80|op)
	switch n := len(payload); {
	case n < 126:
		dst = append(dst, byte(n))
	case n <= 0xFFFF:
		dst = append(dst, 126)
		dst = binary.BigEndian.AppendUint16(dst, uint16(n))
	default:
		dst = append(dst, 127)
		dst = binary.BigEndian.AppendUint64(dst, uint64(n))
	}
	return append(dst, payload...)
}

// Close sends a close frame with a status code and closes the connection.
func (ws *wsConn) Close(code uint16) {
	ws.WriteMessage(opClose, binary.BigEndian.AppendUint16(nil, code))
	ws.conn.Close()
}

// ReadMessage returns the next data message (text or binary), answering
// pings on the way. A close from the client is answered and returned as
// errWebSocketClosed.
func (ws *wsConn) ReadMessage() (op byte, msg []byte, err error) {
	for {
		fin, fop, payload, err := ws.readFrame()
		if err != nil {
			return 0, nil, err
		}
		switch fop {
		case opPing:
			if err := ws.WriteMessage(opPong, payload); err != nil {
				return 0, nil, err
			}
			continue
		case opPong:
			continue
		case opClose:
			ws.WriteMessage(opClose, payload[:min(len(payload), 2)])
			return 0, nil, errWebSocketClosed
		case opContinuation:
			if op == 0 {
				return 0, nil, ws.protocolError(1002, "a continuation frame with no message begun")
			}
		case opText, opBinary:
			if op != 0 {
				return 0, nil, ws.protocolError(1002, "a new message inside a fragmented one")
			}
			op = fop
		default:
			return 0, nil, ws.protocolError(1002, fmt.Sprintf("unknown opcode %d", fop))
		}
		if len(msg)+len(payload) > wsMaxMessage {
			return 0, nil, ws.protocolError(1009, "message too big")
		}
		msg = append(msg, payload...)
		if fin {
			return op, msg, nil
		}
	}
}

// protocolError closes the connection with a status code and returns why.
func (ws *wsConn) protocolError(code uint16, why string) error {
	ws.Close(code)
	return fmt.Errorf("websocket: %s", why)
}

// readFrame reads one frame and unmasks its payload. Frames from a client
// must be masked (§5.1); a control frame is at most 125 bytes and never
// fragmented (§5.5).
func (ws *wsConn) readFrame() (fin bool, op byte, payload []byte, err error) {
	var head [2]byte
	if _, err := io.ReadFull(ws.br, head[:]); err != nil {
		return false, 0, nil, errWebSocketClosed
	}
	fin, op = head[0]&0x80 != 0, head[0]&0x0F
	if head[0]&0x70 != 0 {
		return false, 0, nil, ws.protocolError(1002, "reserved bits set with no extension negotiated")
	}
	if head[1]&0x80 == 0 {
		return false, 0, nil, ws.protocolError(1002, "a client's frame must be masked")
	}
	n := uint64(head[1] & 0x7F)
	switch n {
	case 126:
		var b [2]byte
		if _, err := io.ReadFull(ws.br, b[:]); err != nil {
			return false, 0, nil, errWebSocketClosed
		}
		n = uint64(binary.BigEndian.Uint16(b[:]))
	case 127:
		var b [8]byte
		if _, err := io.ReadFull(ws.br, b[:]); err != nil {
			return false, 0, nil, errWebSocketClosed
		}
		n = binary.BigEndian.Uint64(b[:])
	}
	if op >= opClose && (n > 125 || !fin) {
		return false, 0, nil, ws.protocolError(1002, "a control frame longer than 125 bytes or fragmented")
	}
	if n > wsMaxMessage {
		return false, 0, nil, ws.protocolError(1009, "message too big")
	}
	var mask [4]byte
	if _, err := io.ReadFull(ws.br, mask[:]); err != nil {
		return false, 0, nil, errWebSocketClosed
	}
	payload = make([]byte, n)
	if _, err := io.ReadFull(ws.br, payload); err != nil {
		return false, 0, nil, errWebSocketClosed
	}
	for i := range payload {
		payload[i] ^= mask[i%4]
	}
	return fin, op, payload, nil
}
