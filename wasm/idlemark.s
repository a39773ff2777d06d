//go:build js && wasm && kubeloop_idlemark

// An assembly file, empty, so that the compiler accepts holdIdleMark's
// declaration without a body (idlemark.go): its body is in the runtime.
