package main

import (
	"bufio"
	"encoding/binary"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestTheAcceptKeyIsRFC6455s(t *testing.T) {
	// The example of RFC 6455 §1.3.
	assert.Equal(t, "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=", wsAccept("dGhlIHNhbXBsZSBub25jZQ=="))
}

// wsClient is the client's end of a WebSocket, for tests: it masks what
// it sends, as a client must.
type wsClient struct {
	conn net.Conn
	br   *bufio.Reader
}

// clientFrame is one frame as a client sends it: masked.
func clientFrame(fin bool, op byte, payload []byte) []byte {
	b0 := op
	if fin {
		b0 |= 0x80
	}
	out := []byte{b0}
	switch n := len(payload); {
	case n < 126:
		out = append(out, 0x80|byte(n))
	case n <= 0xFFFF:
		out = append(out, 0x80|126)
		out = binary.BigEndian.AppendUint16(out, uint16(n))
	default:
		out = append(out, 0x80|127)
		out = binary.BigEndian.AppendUint64(out, uint64(n))
	}
	mask := []byte{0x12, 0x34, 0x56, 0x78}
	out = append(out, mask...)
	for i, c := range payload {
		out = append(out, c^mask[i%4])
	}
	return out
}

func (c *wsClient) send(t *testing.T, frames ...[]byte) {
	t.Helper()
	for _, f := range frames {
		_, err := c.conn.Write(f)
		require.NoError(t, err)
	}
}

// read reads one frame from the server, which must be unmasked.
func (c *wsClient) read(t *testing.T) (op byte, payload []byte) {
	t.Helper()
	c.conn.SetReadDeadline(time.Now().Add(5 * time.Second))
	var head [2]byte
	_, err := io.ReadFull(c.br, head[:])
	require.NoError(t, err)
	require.Zero(t, head[1]&0x80, "a server's frames are not masked")
	require.NotZero(t, head[0]&0x80, "a server's frames here are final")
	n := uint64(head[1] & 0x7F)
	switch n {
	case 126:
		var b [2]byte
		io.ReadFull(c.br, b[:])
		n = uint64(binary.BigEndian.Uint16(b[:]))
	case 127:
		var b [8]byte
		io.ReadFull(c.br, b[:])
		n = binary.BigEndian.Uint64(b[:])
	}
	payload = make([]byte, n)
	_, err = io.ReadFull(c.br, payload)
	require.NoError(t, err)
	return head[0] & 0x0F, payload
}

// dialWebSocket opens a WebSocket to url's path with a hand-made
// handshake, and checks the server's answer.
func dialWebSocket(t *testing.T, srvURL, path string, header map[string]string) (*wsClient, *http.Response) {
	t.Helper()
	conn, err := net.Dial("tcp", strings.TrimPrefix(srvURL, "http://"))
	require.NoError(t, err)
	t.Cleanup(func() { conn.Close() })
	req := "GET " + path + " HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\n" +
		"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
	for k, v := range header {
		req += k + ": " + v + "\r\n"
	}
	_, err = conn.Write([]byte(req + "\r\n"))
	require.NoError(t, err)
	br := bufio.NewReader(conn)
	resp, err := http.ReadResponse(br, nil)
	require.NoError(t, err)
	return &wsClient{conn: conn, br: br}, resp
}

// echoServer upgrades every request and echoes each message back, with a
// message of its own first.
func echoServer(t *testing.T) *httptest.Server {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if why := wsCheckUpgrade(r); why != "" {
			http.Error(w, why, http.StatusBadRequest)
			return
		}
		ws, err := wsUpgrade(w, r, "v5.channel.k8s.io", time.Second)
		if err != nil {
			return
		}
		for {
			op, msg, err := ws.ReadMessage()
			if err != nil {
				ws.conn.Close()
				return
			}
			ws.WriteMessage(op, msg)
		}
	}))
	t.Cleanup(srv.Close)
	return srv
}

func TestAWebSocketHandshakeAndMessagesBothWays(t *testing.T) {
	srv := echoServer(t)
	c, resp := dialWebSocket(t, srv.URL, "/", nil)
	require.Equal(t, 101, resp.StatusCode)
	assert.Equal(t, "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=", resp.Header.Get("Sec-WebSocket-Accept"))
	assert.Equal(t, "v5.channel.k8s.io", resp.Header.Get("Sec-WebSocket-Protocol"))

	// A message in two fragments, with a ping between them.
	c.send(t, clientFrame(false, opBinary, []byte("\x00hel")), clientFrame(true, opPing, []byte("p")), clientFrame(true, opContinuation, []byte("lo")))
	op, payload := c.read(t)
	assert.Equal(t, byte(opPong), op)
	assert.Equal(t, "p", string(payload))
	op, payload = c.read(t)
	assert.Equal(t, byte(opBinary), op)
	assert.Equal(t, "\x00hello", string(payload))

	// 126- and 127-byte length forms.
	big := strings.Repeat("x", 70000)
	c.send(t, clientFrame(true, opBinary, []byte(big[:300])), clientFrame(true, opBinary, []byte(big)))
	_, payload = c.read(t)
	assert.Len(t, payload, 300)
	_, payload = c.read(t)
	assert.Equal(t, big, string(payload))

	// The closing handshake: the server answers with the same code.
	c.send(t, clientFrame(true, opClose, []byte{0x03, 0xE8}))
	op, payload = c.read(t)
	assert.Equal(t, byte(opClose), op)
	assert.Equal(t, []byte{0x03, 0xE8}, payload)
}

func TestAnUnmaskedClientFrameClosesWithAProtocolError(t *testing.T) {
	srv := echoServer(t)
	c, _ := dialWebSocket(t, srv.URL, "/", nil)
	c.send(t, []byte{0x82, 0x01, 'x'})
	op, payload := c.read(t)
	assert.Equal(t, byte(opClose), op)
	assert.Equal(t, uint16(1002), binary.BigEndian.Uint16(payload))
}

func TestAnOversizedMessageClosesWith1009(t *testing.T) {
	srv := echoServer(t)
	c, _ := dialWebSocket(t, srv.URL, "/", nil)
	// Only the header: a length past the limit is refused before the payload.
	head := []byte{0x82, 0x80 | 127}
	head = binary.BigEndian.AppendUint64(head, wsMaxMessage+1)
	c.send(t, head)
	op, payload := c.read(t)
	assert.Equal(t, byte(opClose), op)
	assert.Equal(t, uint16(1009), binary.BigEndian.Uint16(payload))
}

func TestARequestThatIsNoHandshakeIsRefused(t *testing.T) {
	cases := map[string]func(r *http.Request){
		"not GET":       func(r *http.Request) { r.Method = "POST" },
		"no Connection": func(r *http.Request) { r.Header.Del("Connection") },
		"no Upgrade":    func(r *http.Request) { r.Header.Set("Upgrade", "SPDY/3.1") },
		"old version":   func(r *http.Request) { r.Header.Set("Sec-WebSocket-Version", "8") },
		"short key":     func(r *http.Request) { r.Header.Set("Sec-WebSocket-Key", "YWJj") },
	}
	for name, spoil := range cases {
		r := httptest.NewRequest("GET", "/", nil)
		r.Header.Set("Connection", "keep-alive, Upgrade")
		r.Header.Set("Upgrade", "websocket")
		r.Header.Set("Sec-WebSocket-Version", "13")
		r.Header.Set("Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ==")
		assert.Empty(t, wsCheckUpgrade(r), "a good handshake")
		spoil(r)
		assert.NotEmpty(t, wsCheckUpgrade(r), name)
	}
}
