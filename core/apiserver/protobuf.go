package apiserver

import (
	"strings"

	"github.com/kubeloop/kubeloop/core/kubeproto"
)

// client-go's typed clientsets send built-in objects (and the options of
// a delete) as Kubernetes protobuf. The server reads such a body as the
// JSON the same client would have sent, before anything else looks at
// it; what it answers is JSON, which those clients accept too.

// fromProtobuf returns r with a protobuf body turned into JSON, or the
// 400 for a body it cannot read.
func fromProtobuf(r *Request) (*Request, *Response) {
	media, _, _ := strings.Cut(r.HeaderValue("Content-Type"), ";")
	if strings.TrimSpace(strings.ToLower(media)) != kubeproto.MediaType {
		return r, nil
	}
	body, err := kubeproto.ToJSON(r.Body)
	if err != nil {
		return nil, statusResponse(badRequest("the body of the request could not be decoded: " + err.Error()))
	}
	header := make(map[string][]string, len(r.Header))
	for k, v := range r.Header {
		header[k] = v
	}
	header["Content-Type"] = []string{"application/json"}
	decoded := *r
	decoded.Header, decoded.Body = header, body
	return &decoded, nil
}
