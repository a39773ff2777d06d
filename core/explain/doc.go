// Package explain is `kubectl explain` over kubeloop's own API types: a
// schema read by reflection from core/api's structs (so it cannot drift
// from what the decoder accepts), and a printer with kubectl v1.32's
// plain-text layout.
//
// The schema knows field names, kubectl's type names (`<string>`,
// `<[]Container>`, `<map[string]string>`, `<IntOrString>`), required
// fields and enums; it carries no prose. Descriptions are data (site/data),
// handed in as Docs by the host: natively from an embedded copy, in the
// page from a file loaded after the first render. Without Docs the printer
// still prints the field tree.
//
// Not for: validating objects (core/api does that) or OpenAPI clients; the
// schema is exactly as detailed as kubectl explain's output needs.
package explain
