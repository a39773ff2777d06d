//go:build js && wasm

package main

import "github.com/kubeloop/kubeloop/wasm/internal/engine"

// The editor's messages are the engine's (wasm/internal/engine/applyerrors.go): the
// worker turns an apply's error into them, where the text and the error are.
type lineError = engine.LineError

var applyErrors = engine.ApplyErrors
