package main

import (
	"io"
	"net"
	"strconv"
	"sync"
	"time"
)

// limitConns caps the connections ln hands out, in two ways that behave
// differently on purpose:
//
//   - All clients together hold at most lim.Conns: beyond that the next
//     connection is not accepted until one closes, so it waits in the
//     kernel's queue — a class arriving at once is slowed, not refused.
//   - One address holds at most lim.ConnsPerIP: beyond that a connection is
//     answered 503 and closed, so that one address (one misbehaving client,
//     or one NAT'd hall) cannot fill the server for everyone else.
//
// The per-address cap is generous because a whole class may share one
// address (see defaultLimits).
func limitConns(ln net.Listener, lim serveLimits) net.Listener {
	return &connLimiter{
		Listener: ln,
		slots:    make(chan struct{}, lim.Conns),
		closed:   make(chan struct{}),
		perIP:    lim.ConnsPerIP,
		open:     map[string]int{},
	}
}

type connLimiter struct {
	net.Listener
	slots     chan struct{} // one element per connection open
	closed    chan struct{} // closed by Close, to free an Accept waiting for a slot
	closeOnce sync.Once

	perIP int
	mu    sync.Mutex
	open  map[string]int // connections open per client address
}

func (l *connLimiter) Accept() (net.Conn, error) {
	for {
		select {
		case l.slots <- struct{}{}:
		case <-l.closed:
			return nil, net.ErrClosed
		}
		c, err := l.Listener.Accept()
		if err != nil {
			<-l.slots
			return nil, err
		}
		ip := clientIP(c)
		if !l.take(ip) {
			<-l.slots
			refuse(c)
			continue
		}
		return &limitedConn{Conn: c, release: func() { l.give(ip); <-l.slots }}, nil
	}
}

func (l *connLimiter) Close() error {
	l.closeOnce.Do(func() { close(l.closed) })
	return l.Listener.Close()
}

// take counts a connection from ip, unless ip holds its cap already.
func (l *connLimiter) take(ip string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.open[ip] >= l.perIP {
		return false
	}
	l.open[ip]++
	return true
}

// openFrom is how many connections ip holds.
func (l *connLimiter) openFrom(ip string) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.open[ip]
}

func (l *connLimiter) give(ip string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.open[ip]--; l.open[ip] == 0 {
		delete(l.open, ip) // the map holds only addresses with connections open
	}
}

// clientIP is the address a connection comes from, without its port.
func clientIP(c net.Conn) string {
	host, _, err := net.SplitHostPort(c.RemoteAddr().String())
	if err != nil {
		return c.RemoteAddr().String()
	}
	return host
}

// tooManyConns is the answer to a connection over its address's cap,
// written before the client's request is read: a browser shows it.
var tooManyConns = func() string {
	body := "kubeloop: too many connections from your address; try again in a moment.\n"
	return "HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\nCache-Control: no-store\r\n" +
		"Retry-After: 5\r\nConnection: close\r\nContent-Length: " + strconv.Itoa(len(body)) + "\r\n\r\n" + body
}()

// refuse answers c 503 and closes it. The answer fits any socket's send
// buffer, so the write does not wait; the deadline is there in case.
func refuse(c net.Conn) {
	c.SetWriteDeadline(time.Now().Add(time.Second))
	io.WriteString(c, tooManyConns)
	c.Close()
}

// limitedConn gives its place back when closed (once, however often
// Close is called).
type limitedConn struct {
	net.Conn
	once    sync.Once
	release func()
}

func (c *limitedConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(c.release)
	return err
}
