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
// for little at a time: a large rollout grows it again and again.
// Each memory.grow costs V8 far more than its pages, so many small steps
// cost far more than a few large ones, and each triggers V8's own
// collector. Grown by an eighth, the memory grows far fewer times and ends
// a little larger; pages grown ahead and not yet used cost address space,
// not memory, until Go touches them.
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
