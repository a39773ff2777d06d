//go:build js

package main

import (
	"errors"
	"time"
)

// Under Node the program is only ever a child; the driver needs wait4.
const defaultPeerCap, defaultPeerCapLarge = time.Duration(0), time.Duration(0)

type driverOptions struct {
	sizes, wasm, peer, jsonOut, peerCache string
	peerCap, peerCapLarge                 time.Duration
	peerFull                              int
}

func runDriver(driverOptions) error { return errors.New("run with -child N under Node") }
