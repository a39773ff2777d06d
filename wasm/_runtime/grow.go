//go:build js && wasm

// This file is not a package of kubeloop: the page's build adds it to Go's
// own runtime package with `go build -overlay` (site/runtimeoverlay), as
// idlemark.go is, and routes the runtime's sbrk to kubeloopSbrk.
package runtime

import "unsafe"

// kubeloopGrowShare: when the linear memory must grow, it grows by at least
// 1/kubeloopGrowShare of its size so far.
//
// Go's sbrk grows the wasm memory by just what it lacks, and its heap asks
// for 512 KB at a time: a 10,000-pod rollout grew it 487 times. Each
// memory.grow costs V8 far more than its pages (in Node, growing 400 MB
// one 64 KB page at a time took 4.8 s, 1 MB at a time 1.9 s, 4 MB 1.2 s,
// at once 1.0 s, most of that the first touch of the pages), and it
// triggers V8's own collector (5% of the run's profile). Grown by an
// eighth, the same rollout grows the memory 34 times, to 310 MB instead
// of 283; pages grown ahead and not yet used cost address space, not
// memory, until Go touches them. Under Node the 10,000-pod benchmark took
// 9.1–10.2 s of CPU instead of 11.8–14.8 (five alternated pairs).
const kubeloopGrowShare = 8

// kubeloopSbrk is Go's sbrk (mem_wasm.go), growing the memory ahead.
func kubeloopSbrk(n uintptr) unsafe.Pointer {
	bl := bloc
	n = memRound(n)
	if bl+n > blocMax {
		need := (bl + n - blocMax) / physPageSize
		pages := max(need, (blocMax/kubeloopGrowShare+physPageSize-1)/physPageSize)
		if growMemory(int32(pages)) < 0 {
			// No room for that much more: only what is needed, as Go asks.
			if pages = need; growMemory(int32(pages)) < 0 {
				return nil
			}
		}
		resetMemoryDataView()
		blocMax += pages * physPageSize
	}
	bloc += n
	return unsafe.Pointer(bl)
}
