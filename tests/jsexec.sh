#!/bin/sh
# tests/jsexec.sh — runs a GOOS=js GOARCH=wasm test binary under Node, as
# Go's lib/wasm/go_js_wasm_exec does (go test -exec; make test-js), but with
# V8's baseline compiler only (--liftoff-only). Most test binaries run for a
# second or two: optimising their hot functions, on the same cores as the
# other tests, costs them more than it gains. An optimising tier computes
# what the baseline one does, so the tests see the same program.
exec node --stack-size=8192 --liftoff-only "${GOROOT:-$(go env GOROOT)}/lib/wasm/wasm_exec_node.js" "$@"
