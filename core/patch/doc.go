// Package patch applies the patches of the Kubernetes API to decoded JSON:
// RFC 7386 JSON merge patches (Merge), RFC 6902 JSON patches
// (ApplyJSONPatch), strategic merge patches (Strategic) with the merge keys
// of the built-in types (MergeKey), and a patch of any of these to an
// object (Object), checked as the API server checks it. The sandbox's
// kubectl patches through it as the API server in core/apiserver does, so
// both answer alike.
package patch
