#!/bin/sh
# Runs every Fuzz target in the module for a bounded time each, one at a
# time (go test -fuzz takes one target per run): a short run in `make test`,
# a long one by hand. Usage: tests/fuzz/run.sh [FUZZTIME] (default 3s).
# A failure leaves the crasher in the package's testdata/fuzz/FuzzX/ and
# stops the run; see tests/fuzz/README.md.
set -eu
cd "$(dirname "$0")/../.."
GO=${GO:-go}
FUZZTIME=${1:-${FUZZTIME:-3s}}

# The page's packages build for GOOS=js only; the browser tests need Chromium.
pkgs=$($GO list ./... | grep -v -e /tests/browser -e /wasm)
total=0
for pkg in $pkgs; do
	dir=$($GO list -f '{{.Dir}}' "$pkg")
	for f in $(grep -ho '^func Fuzz[A-Za-z0-9_]*' "$dir"/*_test.go 2>/dev/null | cut -c6- | sort); do
		out=$($GO test -run='^$' -fuzz="^$f\$" -fuzztime="$FUZZTIME" -fuzzminimizetime=10s "$pkg" 2>&1) || {
			printf '%s\n' "$out"
			echo "FAIL $pkg $f: the crasher is in $dir/testdata/fuzz/$f/"
			exit 1
		}
		execs=$(printf '%s\n' "$out" | sed -n 's/.*execs: \([0-9]*\).*/\1/p' | tail -1)
		total=$((total + ${execs:-0}))
		printf 'ok   %-45s %-16s %8s execs\n' "$pkg" "$f" "${execs:-0}"
	done
done
echo "fuzz: $total executions in all, no failure"
