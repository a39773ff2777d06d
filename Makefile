# kubeloop — the whole set-up is `make serve` (try it) and `make test` (check it).
#
# make site    build the deployable site into dist/ (and site/dist/ for go:embed)
# make serve   make site, then serve it at http://127.0.0.1:8080
# make test    vet, native tests, core tests under GOOS=js (Node), browser tests (Chromium)
# make bench   all benchmarks
# make size    wasm size, raw and compressed
# make fuzz    every Fuzz target for FUZZTIME (10s) each

GO        ?= go
GOROOT    := $(shell $(GO) env GOROOT)
WASM_EXEC := $(GOROOT)/lib/wasm/wasm_exec.js
JS_EXEC   := $(GOROOT)/lib/wasm/go_js_wasm_exec
ADDR      ?= 127.0.0.1:8080
FUZZTIME  ?= 10s

.PHONY: all site serve test vet test-native test-js test-browser bench size fuzz clean

all: test

site:
	rm -rf dist
	mkdir -p dist
	GOOS=js GOARCH=wasm $(GO) build -trimpath -ldflags="-s -w" -o dist/kubeloop.wasm ./wasm
	cp $(WASM_EXEC) dist/wasm_exec.js
	cp site/static/* dist/
	find site/dist -mindepth 1 ! -name README.md -exec rm -rf {} +
	cp -R dist/. site/dist/
	@echo "dist/ written: $$(du -sh dist | cut -f1)"

serve: site
	$(GO) run ./cmd/kubeloop serve -addr $(ADDR)

test: vet test-native test-js test-browser

vet:
	$(GO) vet ./...
	GOOS=js GOARCH=wasm $(GO) vet ./wasm

# Every package but the browser tests, which test-browser runs against a fresh dist/.
test-native:
	$(GO) test $$($(GO) list ./... | grep -v /tests/browser)

# The core, the controllers, the scenario tests and the page's own helpers, under
# GOOS=js in Node: the simulation must behave the same in the browser.
test-js:
	GOOS=js GOARCH=wasm $(GO) test -exec="$(JS_EXEC)" $$(GOOS=js GOARCH=wasm $(GO) list ./... | grep -v -e /tests/browser -e /cmd/)

test-browser: site
	KUBELOOP_REQUIRE_BROWSER=1 KUBELOOP_DIST=$(CURDIR)/dist $(GO) test -count=1 ./tests/browser

bench:
	$(GO) test -run='^$$' -bench=. -benchmem ./...

size: site
	@raw=$$(wc -c < dist/kubeloop.wasm); \
	gz=$$(gzip -9 -c dist/kubeloop.wasm | wc -c); \
	awk -v n=$$raw 'BEGIN { printf "kubeloop.wasm  raw    %9d bytes  %5.2f MiB\n", n, n/1048576 }'; \
	awk -v n=$$gz  'BEGIN { printf "               gzip   %9d bytes  %5.2f MiB\n", n, n/1048576 }'; \
	if command -v brotli >/dev/null; then \
	  br=$$(brotli -c -q 11 dist/kubeloop.wasm | wc -c); \
	  awk -v n=$$br 'BEGIN { printf "               brotli %9d bytes  %5.2f MiB\n", n, n/1048576 }'; \
	fi

# Runs each Fuzz target alone (go test -fuzz accepts one target per run).
fuzz:
	@for pkg in $$($(GO) list ./...); do \
	  dir=$$($(GO) list -f '{{.Dir}}' $$pkg); \
	  for f in $$(grep -ho '^func Fuzz[A-Za-z0-9_]*' $$dir/*_test.go 2>/dev/null | cut -c6-); do \
	    echo "== $$pkg $$f"; \
	    $(GO) test -run='^$$' -fuzz="^$$f$$" -fuzztime=$(FUZZTIME) $$pkg || exit 1; \
	  done; \
	done

clean:
	rm -rf dist tests/out
	find site/dist -mindepth 1 ! -name README.md -exec rm -rf {} +
