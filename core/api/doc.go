// Package api holds kubeloop's object types: the kinds a learner writes in
// YAML and the controllers reconcile. Field names and JSON tags follow
// k8s.io/api exactly, so a manifest that runs here runs unchanged on a real
// cluster (and the reverse).
//
// The package also holds what every layer shares about those types: label
// selectors, IntOrString, Quantity, DeepCopy, the registry of kinds, admission
// defaults and validation, and typed API errors.
//
// Objects read from the store or an informer's cache are shared: never
// modify them; DeepCopy first.
package api
