// Package apiserver runs `kubeloop serve --api` — the built binary — and
// drives it with the real kubectl, as a learner or a lecturer would.
//
// Its tests start processes (the binary, the real kubectl), which a test
// built for GOOS=js cannot: they build for other platforms only.
package apiserver
