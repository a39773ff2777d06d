package apiserver

import (
	"sort"
	"strconv"
	"strings"

	"github.com/kubeloop/kubeloop/core/apijson"
)

// representation is a way this server can write a discovery document.
type representation int

const (
	// plainJSON is the document itself, as JSON.
	plainJSON representation = iota
	// aggregatedV2 and aggregatedV2beta1 are the aggregated document of
	// /api or /apis (apidiscovery.k8s.io), which kubectl asks for first
	// so that discovery takes two requests instead of one per group.
	aggregatedV2
	aggregatedV2beta1
)

// aggregatedMediaType is the Content-Type of an aggregated document.
func (rep representation) aggregatedMediaType() string {
	v := "v2"
	if rep == aggregatedV2beta1 {
		v = "v2beta1"
	}
	return "application/json;g=apidiscovery.k8s.io;v=" + v + ";as=APIGroupDiscoveryList"
}

// aggregatedAPIVersion is the apiVersion an aggregated document carries.
func (rep representation) aggregatedAPIVersion() string {
	if rep == aggregatedV2beta1 {
		return "apidiscovery.k8s.io/v2beta1"
	}
	return "apidiscovery.k8s.io/v2"
}

// mediaRange is one entry of an Accept header.
type mediaRange struct {
	typ, subtype string
	params       map[string]string
	q            float64
}

// parseAccept reads an Accept header into its media ranges, the most
// wanted first (by q, then in the order written).
func parseAccept(header string) []mediaRange {
	var ranges []mediaRange
	for _, clause := range strings.Split(header, ",") {
		fields := strings.Split(clause, ";")
		typ, subtype, ok := strings.Cut(strings.ToLower(strings.TrimSpace(fields[0])), "/")
		if !ok {
			continue
		}
		m := mediaRange{typ: typ, subtype: subtype, params: map[string]string{}, q: 1}
		for _, p := range fields[1:] {
			k, v, _ := strings.Cut(p, "=")
			k, v = strings.ToLower(strings.TrimSpace(k)), strings.Trim(strings.TrimSpace(v), `"`)
			if k == "q" {
				if q, err := strconv.ParseFloat(v, 64); err == nil {
					m.q = q
				}
				continue
			}
			m.params[k] = v
		}
		ranges = append(ranges, m)
	}
	sort.SliceStable(ranges, func(i, j int) bool { return ranges[i].q > ranges[j].q })
	return ranges
}

// negotiation is what a path offers besides plain JSON.
type negotiation int

const (
	// jsonOnly is /version: JSON, nothing else.
	jsonOnly negotiation = iota
	// groupDocument is /api/v1, /apis/GROUP and /apis/GROUP/VERSION:
	// JSON (upstream adds YAML and protobuf, which no client of
	// discovery asks for).
	groupDocument
	// rootDocument is /api and /apis: JSON, or the aggregated document.
	rootDocument
)

// negotiate picks how to answer r from its Accept header: the most wanted
// media range this path offers. With none, it returns the 406 a real API
// server gives that path for that header.
func negotiate(r *Request, offers negotiation) (representation, *Status) {
	accept := r.HeaderValue("Accept")
	if strings.TrimSpace(accept) == "" {
		return plainJSON, nil
	}
	askedConversion := false
	for _, m := range parseAccept(accept) {
		switch {
		case m.typ == "*" && m.subtype == "*":
			return plainJSON, nil
		case m.typ == "application" && m.subtype == "*":
			// Upstream's /api and /apis hand this to the aggregated
			// handler, which offers no wildcard and refuses it.
			if offers != rootDocument {
				return plainJSON, nil
			}
		case m.typ == "application" && m.subtype == "json":
			as, g, v := m.params["as"], m.params["g"], m.params["v"]
			if as == "" && g == "" && v == "" {
				return plainJSON, nil
			}
			if offers == rootDocument && as == "APIGroupDiscoveryList" && g == "apidiscovery.k8s.io" {
				switch v {
				case "v2":
					return aggregatedV2, nil
				case "v2beta1":
					return aggregatedV2beta1, nil
				}
			}
			askedConversion = true
		}
	}
	if offers == groupDocument || (offers == rootDocument && askedConversion) {
		return plainJSON, failure(406, "NotAcceptable", "only the following media types are accepted: application/json", nil)
	}
	return plainJSON, failure(406, "NotAcceptable", "406: Not Acceptable\n\nAvailable representations: application/json", &StatusDetails{})
}

// notAcceptable writes a 406 as upstream does: indented, whatever the
// client.
func notAcceptable(st *Status) *Response {
	body, err := apijson.MarshalIndent(st, "", "  ")
	if err != nil {
		return statusResponse(internalError(err.Error()))
	}
	return &Response{Code: st.Code, Header: map[string]string{"Content-Type": "application/json", "Cache-Control": "no-cache, private"}, Body: body}
}

// wantsPretty is upstream's test for indented JSON: ?pretty=true, or a
// client that is a person's (curl, wget, a browser).
func wantsPretty(r *Request) bool {
	if p := r.Param("pretty"); p != "" {
		pretty, _ := strconv.ParseBool(p)
		return pretty
	}
	ua := r.HeaderValue("User-Agent")
	return strings.HasPrefix(ua, "curl") || strings.HasPrefix(ua, "Wget") || strings.HasPrefix(ua, "Mozilla/5.0")
}

// encodeDocument writes v as upstream's JSON serializer does: compact and
// followed by a newline, or indented by two spaces (and no newline) when
// the client wants it pretty.
func encodeDocument(r *Request, v any) ([]byte, error) {
	if wantsPretty(r) {
		return apijson.MarshalIndent(v, "", "  ")
	}
	b, err := apijson.Marshal(v)
	return append(b, '\n'), err
}

// methodNotAllowed is the 405 for a write to a discovery document.
func methodNotAllowed() *Status {
	return failure(405, "MethodNotAllowed", "the server does not allow this method on the requested resource", &StatusDetails{})
}
