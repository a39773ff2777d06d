// Package openapi writes the OpenAPI v3 documents a Kubernetes API server
// publishes at /openapi/v3, for the kinds kubeloop serves: one document per
// group-version, and the index that names each with its hash.
//
// The schemas are read by reflection from core/api's Go types (the json
// tags, as core/explain reads them), named as upstream names them
// ("io.k8s.api.apps.v1.Deployment"), with the extensions clients act on:
// x-kubernetes-group-version-kind (kubectl explain finds a kind by it),
// the list and patch extensions (kubectl apply's strategic merge patch
// matches list items by x-kubernetes-patch-merge-key), int-or-string and
// quantity formats, required fields and enums (core/explain's). The
// descriptions are core/explain's Docs (site/data), handed in by the host.
//
// Each kind's paths carry the operations and query parameters the server
// accepts; kubectl decides whether the server validates fields by finding
// the fieldValidation parameter on a PATCH operation of the kind.
//
// Not written: the deprecated /watch/ paths, the subresources kubectl
// reaches without OpenAPI (pods' log, exec, eviction, binding), the
// discovery documents' own entries ("api", "apis/apps"), and protobuf.
//
// Not for the page: only native hosts serve the API, so nothing under
// wasm/ imports this package.
package openapi
