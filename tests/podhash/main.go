// Command podhash prints upstream's pod-template-hash for pod templates, as
// test vectors for kubeloop's re-implementation (controllers/deployment).
//
// It links the real k8s.io/api types and go-spew at the versions a release of
// Kubernetes uses, and hashes each template the way that release's
// controller.ComputeHash does: FNV-32a over spew's "%#v" printout of the
// v1.PodTemplateSpec (hashutil.DeepHashObject through dump.ForHash's
// configuration), then the collision count as 8 little-endian bytes, printed
// in decimal and safe-encoded. Each template is first round-tripped through
// protobuf, as the deployment controller's informer receives it from the
// API server, so empty lists and maps arrive as nil and quantities re-parsed.
//
// This module is separate from kubeloop's so k8s.io never enters it. The
// release is chosen by the module file:
//
//	go run . -cases cases.json > ../../controllers/deployment/testdata/podhash/v1.31.4.json
//	go run -modfile=go.v132.mod . -cases cases.json > ../../controllers/deployment/testdata/podhash/v1.32.13.json
package main

import (
	"encoding/binary"
	"encoding/json"
	"flag"
	"fmt"
	"hash/fnv"
	"os"
	"runtime/debug"

	"github.com/davecgh/go-spew/spew"
	v1 "k8s.io/api/core/v1"
)

// forHash is apimachinery's dump.ForHash configuration, which upstream
// says must never change.
var forHash = &spew.ConfigState{
	Indent:                  " ",
	SortKeys:                true,
	DisableMethods:          true,
	SpewKeys:                true,
	DisablePointerAddresses: true,
	DisableCapacities:       true,
}

// Case is one template to hash.
type Case struct {
	Name     string          `json:"name"`
	Template json.RawMessage `json:"template"`
}

// Vector is a case with its hashes for no collision count, 0 and 1, and
// spew's printout (to diff against kubeloop's when they disagree).
type Vector struct {
	Name     string          `json:"name"`
	Template json.RawMessage `json:"template"`
	Hash     string          `json:"hash"`
	Hash0    string          `json:"hashCollision0"`
	Hash1    string          `json:"hashCollision1"`
	Printout string          `json:"printout"`
}

// File is what the command prints.
type File struct {
	APIVersion string   `json:"k8sIoAPI"`
	Vectors    []Vector `json:"vectors"`
}

func computeHash(printout string, collisionCount *int32) string {
	h := fnv.New32a()
	h.Write([]byte(printout))
	if collisionCount != nil {
		b := make([]byte, 8)
		binary.LittleEndian.PutUint32(b, uint32(*collisionCount))
		h.Write(b)
	}
	return safeEncode(fmt.Sprint(h.Sum32()))
}

// safeEncode is apimachinery's rand.SafeEncodeString.
func safeEncode(s string) string {
	const alphanums = "bcdfghjklmnpqrstvwxz2456789"
	r := make([]byte, len(s))
	for i, b := range []rune(s) {
		r[i] = alphanums[int(b)%len(alphanums)]
	}
	return string(r)
}

// asInformerSees is t after a protobuf round trip.
func asInformerSees(t *v1.PodTemplateSpec) (*v1.PodTemplateSpec, error) {
	data, err := t.Marshal()
	if err != nil {
		return nil, err
	}
	var out v1.PodTemplateSpec
	if err := out.Unmarshal(data); err != nil {
		return nil, err
	}
	return &out, nil
}

func apiVersion() string {
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, d := range bi.Deps {
			if d.Path == "k8s.io/api" {
				return d.Version
			}
		}
	}
	return "unknown"
}

func run(casesPath string) error {
	raw, err := os.ReadFile(casesPath)
	if err != nil {
		return err
	}
	var cases []Case
	if err := json.Unmarshal(raw, &cases); err != nil {
		return err
	}
	out := File{APIVersion: apiVersion()}
	for _, c := range cases {
		var t v1.PodTemplateSpec
		if err := json.Unmarshal(c.Template, &t); err != nil {
			return fmt.Errorf("%s: %w", c.Name, err)
		}
		seen, err := asInformerSees(&t)
		if err != nil {
			return fmt.Errorf("%s: %w", c.Name, err)
		}
		p := forHash.Sprintf("%#v", *seen)
		zero, one := int32(0), int32(1)
		out.Vectors = append(out.Vectors, Vector{Name: c.Name, Template: c.Template,
			Hash: computeHash(p, nil), Hash0: computeHash(p, &zero), Hash1: computeHash(p, &one), Printout: p})
	}
	enc := json.NewEncoder(os.Stdout)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(out)
}

func main() {
	casesPath := flag.String("cases", "cases.json", "the templates to hash, as a JSON list of {name, template}")
	flag.Parse()
	if err := run(*casesPath); err != nil {
		fmt.Fprintln(os.Stderr, "podhash:", err)
		os.Exit(1)
	}
}
