package apiserver

import (
	"encoding/base64"
	"fmt"
	"path"
	"strings"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/apijson"
)

// A continue token is upstream's: unpadded URL-safe base64 of
// {"v":"meta.k8s.io/v1","rv":REV,"start":KEY}, where REV is the revision
// the first page was read at (every page is read there, so the pages of
// one list agree) and KEY is the last key returned plus "\x00", relative
// to the list's prefix ("/web-1\x00" in a namespace, "/ns/web-1\x00"
// across namespaces). A client treats it as opaque; it is what the real
// server would hand out and accept.
type continueToken struct {
	APIVersion string `json:"v"`
	Revision   int64  `json:"rv"`
	Start      string `json:"start"`
}

// encodeContinue is the token to read on after key at rev.
func encodeContinue(rev int64, key string) string {
	b, _ := apijson.Marshal(continueToken{APIVersion: "meta.k8s.io/v1", Revision: rev, Start: key + "\x00"})
	return base64.RawURLEncoding.EncodeToString(b)
}

// decodeContinue reads a token, refusing what upstream refuses with its
// words. rev -1 is a token a 410 handed out: read on at the newest
// revision.
func decodeContinue(token string) (start string, rev int64, err error) {
	const invalidKey = "continue key is not valid"
	data, err := base64.RawURLEncoding.DecodeString(token)
	if err != nil {
		return "", 0, fmt.Errorf("%s: %v", invalidKey, err)
	}
	var c continueToken
	if err := apijson.Unmarshal(data, &c); err != nil {
		return "", 0, fmt.Errorf("%s: %v", invalidKey, err)
	}
	if c.APIVersion != "meta.k8s.io/v1" {
		return "", 0, fmt.Errorf("%s: server does not recognize this encoded version %s", invalidKey, c.APIVersion)
	}
	if c.Revision == 0 {
		return "", 0, fmt.Errorf("%s: incorrect encoded start resourceVersion (version meta.k8s.io/v1)", invalidKey)
	}
	if c.Start == "" {
		return "", 0, fmt.Errorf("%s: encoded start key empty (version meta.k8s.io/v1)", invalidKey)
	}
	key := c.Start
	if !strings.HasPrefix(key, "/") {
		key = "/" + key
	}
	if path.Clean(key) != key {
		return "", 0, fmt.Errorf("%s: %v", invalidKey, c.Start)
	}
	return key, c.Revision, nil
}

// listKey is an object's key relative to the prefix of a list: what a
// continue token's start is made of, and in the order the list is in.
func listKey(o api.Object, allNamespaces bool) string {
	m := o.GetObjectMeta()
	if allNamespaces && m.Namespace != "" {
		return "/" + m.Namespace + "/" + m.Name
	}
	return "/" + m.Name
}

// continueExpired is upstream's 410 for a token whose revision has been
// compacted: the message, and a token to read the rest at the newest
// revision in the Status's own metadata.
type continueExpired struct {
	Kind       string   `json:"kind"`
	APIVersion string   `json:"apiVersion"`
	Metadata   ListMeta `json:"metadata"`
	Status     string   `json:"status"`
	Message    string   `json:"message"`
	Reason     string   `json:"reason"`
	Code       int      `json:"code"`
}

func expiredContinue(start string) *Response {
	b, _ := apijson.Marshal(continueToken{APIVersion: "meta.k8s.io/v1", Revision: -1, Start: strings.TrimPrefix(start, "/")})
	return jsonResponse(410, continueExpired{Kind: "Status", APIVersion: "v1", Status: "Failure", Reason: "Expired", Code: 410,
		Metadata: ListMeta{Continue: base64.RawURLEncoding.EncodeToString(b)},
		Message:  "The provided continue parameter is too old to display a consistent list result. You can start a new list without the continue parameter, or use the continue token in this response to retrieve the remainder of the results. Continuing with the provided token results in an inconsistent list - objects that were created, modified, or deleted between the time the first chunk was returned and now may show up in the list."})
}
