# kubeloop — the whole set-up is `make serve` (try it) and `make test` (check it).
#
# make site    build the deployable site into dist/ (and site/dist/ for go:embed), and the
#              single-file dist/kubeloop.html that works from file://; SITE_URL=https://…/
#              is where their share links point (default: the deployed site)
# make serve   make site, then serve it at http://127.0.0.1:8080
# make test    vet, native tests, core tests under GOOS=js (Node), the native/wasm identity
#              corpus, client-go against kubeloop serve --api, browser tests (Chromium)
# make bench   all benchmarks, and the scenario vs. the peer (make bench-scenario)
# make size    wasm and JS sizes, raw and compressed, and the page's total transfer
# make perf    the page benchmark: 1,000- and 10,000-pod rollouts, long tasks and fps
# make shots   the browser tests, saving the pictures for reviewing a page change:
#              every room, both languages, presenter mode (tests/out/browser/*.png)
# make fuzz    every Fuzz target for FUZZTIME (10s) each
# make parity  every transcript and lesson through kubeloop and a real control plane
#              (ORACLE, default ../shared/oracle; not in make test: it takes an hour)
#
# The editor (site/editor, CodeMirror 6) is bundled by esbuild from node_modules,
# installed from package-lock.json by `npm ci` (make does it when node_modules is
# missing or older than the lock file).

GO        ?= go
GOROOT    := $(shell $(GO) env GOROOT)
WASM_EXEC := $(GOROOT)/lib/wasm/wasm_exec.js
JS_EXEC   := $(CURDIR)/tests/jsexec.sh
ADDR      ?= 127.0.0.1:8080
FUZZTIME  ?= 10s
# Share links made from the single file or from kubeloop serve start with this public
# address (site/siteurl); the deployed site's own links start with its own.
SITE_URL  ?= https://kubeloop.netlify.app/
ESBUILD   := node_modules/.bin/esbuild
# The page binary's build flags, one per line (shared with wasm/size_test.go).
# The stock toolchain builds it: nothing of Go's runtime is patched.
WASM_BUILD_FLAGS := $(shell grep -v -e '^\#' -e '^$$' wasm/build-flags | sed "s/.*/'&'/")

.PHONY: all site serve test vet test-native test-js test-identity test-clientgo test-browser shots bench bench-scenario size perf fuzz fuzz-short clean

all: test

node_modules/.package-lock.json: package.json package-lock.json
	npm ci --no-audit --no-fund

site: node_modules/.package-lock.json
	rm -rf dist
	mkdir -p dist
	GOOS=js GOARCH=wasm $(GO) build $(WASM_BUILD_FLAGS) -o dist/kubeloop.wasm ./wasm
	$(GO) run ./site/wasmdata dist/kubeloop.wasm
	cp $(WASM_EXEC) dist/wasm_exec.js
	cp site/static/* dist/
	mkdir -p dist/data
	find site/data -name "*.json" -exec cp {} dist/data/ \;
	$(GO) run ./site/lessons/text/cmd/lessonsjson dist/data/lessons.json
	$(GO) run ./site/siteurl -url '$(SITE_URL)' dist/index.html
	$(ESBUILD) site/editor/main.js --bundle --minify --format=iife --target=es2020 \
	  --legal-comments=none --log-level=warning --outfile=dist/editor.js
	find site/dist -mindepth 1 ! -name README.md -exec rm -rf {} +
	cp -R dist/. site/dist/
	$(GO) run ./site/singlefile -dist dist -out dist/kubeloop.html
	@echo "dist/ written: $$(du -sh dist | cut -f1)"

serve: site
	$(GO) run ./cmd/kubeloop serve -addr $(ADDR)

# Each part in turn, saying how long it took: CI's log shows where its time goes.
# Every Fuzz target's seed corpus runs in test-native and test-js; fuzzing
# itself (fuzz-short, fuzz) is run by hand: most of a short run is building
# the module again with the fuzzer's instrumentation, minutes of CI's fifteen
# for seconds of new inputs (tests/fuzz/README.md).
TEST_PARTS := vet test-native test-js test-identity test-clientgo test-browser
test:
	@for part in $(TEST_PARTS); do \
	  start=$$(date +%s); \
	  $(MAKE) --no-print-directory $$part || exit 1; \
	  echo "::: make $$part done in $$(($$(date +%s) - start))s"; \
	done

vet:
	$(GO) vet ./...
	GOOS=js GOARCH=wasm $(GO) vet ./wasm

# Every package but the browser tests, which test-browser runs against a fresh dist/,
# and the identity corpus, which test-identity runs. The test binaries are linked
# without their symbol table and DWARF (-s -w), which only a debugger reads: linking
# is much of the time of a step that links a binary per package.
test-native:
	KUBELOOP_REQUIRE_KUBECTL=1 $(GO) test -ldflags='-s -w' $$($(GO) list ./... | grep -v -e /tests/browser -e /tests/identity)
	# The cluster's benchmarks once each: each checks the rollout it times
	# finished, and nothing else runs them.
	$(GO) test -run '^$$' -bench . -benchtime=1x ./core/cluster

# The core, the controllers, the scenario tests and the page's own helpers, under
# GOOS=js in Node: the simulation must behave the same in the browser. Not
# tests/tracezh: it reads the controllers' sources to check the Chinese catalog
# of their trace, which no platform changes.
test-js:
	GOROOT=$(GOROOT) GOOS=js GOARCH=wasm $(GO) test -exec="$(JS_EXEC)" $$(GOOS=js GOARCH=wasm $(GO) list ./... | grep -v -e /tests/browser -e /cmd/ -e /tests/tracezh)

# The edge-case transcripts of tests/identity/testdata, run natively and built for
# GOOS=js under Node: their outputs must be the same bytes (same seed, same history).
test-identity:
	GOROOT=$(GOROOT) $(GO) test ./tests/identity

# client-go and controller-runtime against `kubeloop serve --api`, in their own
# module (tests/clientgo/go.mod) so that k8s.io never enters kubeloop's.
test-clientgo:
	cd tests/clientgo && $(GO) vet ./... && $(GO) test -count=1 ./...

test-browser: site
	rm -f tests/out/browser/timings.txt
	KUBELOOP_REQUIRE_BROWSER=1 KUBELOOP_DIST=$(CURDIR)/dist $(GO) test -count=1 -timeout=30m ./tests/browser
	@cat tests/out/browser/timings.txt 2>/dev/null || true

# The browser tests as make test runs them, and the pictures a person reviews a page
# change by (KUBELOOP_SHOTS; tests/browser/harness_test.go): make test saves none.
shots:
	KUBELOOP_SHOTS=1 $(MAKE) --no-print-directory test-browser

# The Go benchmarks (with a learner's commands on a 10,000-pod cluster,
# tests/bench/commands_test.go), then the scenario of tests/bench (a
# Deployment of N replicas scaled up and rolled out) natively, as wasm
# under Node (built with the page's flags, wasm/build-flags), and on
# the peer simulator webernetes (tests/bench/webernetes, npm ci'd on first
# use), in one table. BENCH_N picks the sizes; the peer is bounded in time
# (kubeloop-bench -h) and, since it takes half an hour at N=1000 and does
# not change, its runs are kept in tests/out/bench/peer-cache.jsonl and
# reused (marked in the table); delete the file to run it again. Not part
# of `make test`: it takes minutes.
BENCH_N ?= 10,100,1000,10000
BENCH_OUT := tests/out/bench
bench:
	$(GO) test -run='^$$' -bench=. -benchmem $$($(GO) list ./... | grep -v /tests/bench)
	$(GO) test -run='^$$' -bench=CommandsAt10000Pods -benchmem ./tests/bench
	$(GO) test -run='^$$' -bench=StatefulSetClaims -benchtime=1x ./tests/bench
	$(MAKE) bench-scenario

bench-scenario:
	mkdir -p $(BENCH_OUT)
	$(GO) build -o $(BENCH_OUT)/kubeloop-bench ./tests/bench/cmd/kubeloop-bench
	GOOS=js GOARCH=wasm $(GO) build $(WASM_BUILD_FLAGS) -o $(BENCH_OUT)/kubeloop-bench.wasm ./tests/bench/cmd/kubeloop-bench
	test -f tests/bench/webernetes/node_modules/.package-lock.json || npm ci --prefix tests/bench/webernetes --no-audit --no-fund
	$(BENCH_OUT)/kubeloop-bench -n $(BENCH_N) -wasm $(BENCH_OUT)/kubeloop-bench.wasm \
	  -peer tests/bench/webernetes -peer-cache $(BENCH_OUT)/peer-cache.jsonl \
	  -json $(BENCH_OUT)/results.jsonl | tee $(BENCH_OUT)/table.txt

# Sizes as served: raw, gzip -9 and brotli -q 11 (the brotli binary, or Node's
# zlib when it is missing), per file and for the whole page's first load.
size: site
	@node site/size.mjs dist index.html app.css app.js build.js cells.js wasm_exec.js editor.js kubeloop.wasm kubeloop.html

# Plays 1,000- and 10,000-pod rollouts at full speed in Chromium and reports
# long tasks and frames per second (tests/browser/perf_test.go); it never
# fails on timing. Minutes long, so not part of make test.
perf: site
	rm -f tests/out/browser/timings.txt
	KUBELOOP_PERF=1 KUBELOOP_REQUIRE_BROWSER=1 KUBELOOP_DIST=$(CURDIR)/dist $(GO) test -count=1 -timeout=30m -run TestPerfRollout ./tests/browser
	@grep '^perf ' tests/out/browser/timings.txt 2>/dev/null || true

# Every Fuzz target for 2s each (tests/fuzz/README.md).
fuzz-short:
	GO=$(GO) tests/fuzz/run.sh 2s

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
	rm -rf dist tests/out build
	find site/dist -mindepth 1 ! -name README.md -exec rm -rf {} +

# The parity run (tests/parity): kubeloop against a real v1.32 control plane built
# by the oracle's scripts, which start and stop it on loopback ports.
ORACLE ?= ../shared/oracle
parity:
	$(GO) run ./tests/parity -oracle $(ORACLE) $(PARITY_FILES)

