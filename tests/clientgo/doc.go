// Package clientgo drives `kubeloop serve --api` with client-go and
// controller-runtime, as a controller developer would: an envtest whose
// cluster has controllers — Deployments roll out, StatefulSets get their
// claims, namespaces finish deleting — and whose clock the test holds.
//
// It is its own module, so that k8s.io never enters kubeloop's module or
// its WebAssembly binary; `make test-clientgo` runs it.
package clientgo
