#!/bin/sh
# Runs every Fuzz target in the module for a bounded time each (go test
# -fuzz takes one target per run), two at a time: most of a short run is
# each target's build and baseline, and the fuzzing itself is a fixed
# wall-clock time. A short run in `make test`, a long one by hand. Usage:
# tests/fuzz/run.sh [FUZZTIME] (default 3s). A failure leaves the crasher
# in the package's testdata/fuzz/FuzzX/ and stops the run (the target
# running beside it finishes); see tests/fuzz/README.md.
set -eu
self=$(cd "$(dirname "$0")" && pwd)/$(basename "$0")
cd "$(dirname "$self")/../.."
GO=${GO:-go}
export GO

# run.sh --target PKG DIR FUZZ: one target. It exits 255 on a failure,
# which makes xargs start no other.
if [ "${1:-}" = "--target" ]; then
	pkg=$2 dir=$3 f=$4
	if ! out=$($GO test -run='^$' -fuzz="^$f\$" -fuzztime="$FUZZTIME" -fuzzminimizetime=10s "$pkg" 2>&1); then
		# Go before 1.27 may report the end of -fuzztime itself as a
		# failure, "context deadline exceeded" with no input written
		# (golang/go#75804): not a finding.
		if ! printf '%s\n' "$out" | grep -q 'Failing input written' &&
			[ "$(printf '%s\n' "$out" | grep -c -e '^--- FAIL' -e '^    ')" -le 2 ] &&
			printf '%s\n' "$out" | grep -q '^    context deadline exceeded$'; then
			printf 'ok   %-45s %-18s (stopped by golang/go#75804, no failing input)\n' "$pkg" "$f"
			exit 0
		fi
		printf '%s\nFAIL %s %s: the failing input is in %s/testdata/fuzz/%s/\n' "$out" "$pkg" "$f" "$dir" "$f"
		exit 255
	fi
	execs=$(printf '%s\n' "$out" | sed -n 's/.*execs: \([0-9]*\).*/\1/p' | tail -1)
	printf 'ok   %-45s %-18s %8s execs\n' "$pkg" "$f" "${execs:-0}"
	exit 0
fi

FUZZTIME=${1:-${FUZZTIME:-3s}}
export FUZZTIME

# The page's packages build for GOOS=js only; the browser tests need Chromium.
# Only packages whose tests define a Fuzz target (the name is checked below).
pkgs=$($GO list -f '{{if .TestGoFiles}}{{.ImportPath}} {{.Dir}}{{end}}{{if .XTestGoFiles}}{{if not .TestGoFiles}}{{.ImportPath}} {{.Dir}}{{end}}{{end}}' ./... |
	grep -v -e /tests/browser -e /wasm)
printf '%s\n' "$pkgs" | while read -r pkg dir; do
	for f in $(grep -ho '^func Fuzz[A-Za-z0-9_]*' "$dir"/*_test.go 2>/dev/null | cut -c6- | sort); do
		printf '%s %s %s\n' "$pkg" "$dir" "$f"
	done
done | xargs -n 3 -P 2 "$self" --target
