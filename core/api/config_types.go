package api

import (
	"encoding/base64"
	"sort"
)

// This file holds ConfigMap and Secret (core/v1): configuration as data.
// In the sandbox no pod mounts them yet; the controllers that read them
// are bootstrap's token cleaner and signer (bootstrap token Secrets in
// kube-system, the cluster-info ConfigMap in kube-public).

// ConfigMap holds configuration as string key/value pairs.
type ConfigMap struct {
	TypeMeta   `json:",inline"`
	ObjectMeta `json:"metadata,omitempty"`
	Immutable  *bool             `json:"immutable,omitempty"`
	Data       map[string]string `json:"data,omitempty"`
	BinaryData map[string]string `json:"binaryData,omitempty"`
}

// Secret holds sensitive data; Data values are base64 (as in YAML), and
// StringData, plain text, is merged into Data by the API server.
type Secret struct {
	TypeMeta   `json:",inline"`
	ObjectMeta `json:"metadata,omitempty"`
	Immutable  *bool             `json:"immutable,omitempty"`
	Data       map[string]string `json:"data,omitempty"`
	StringData map[string]string `json:"stringData,omitempty"`
	Type       string            `json:"type,omitempty"`
}

// SecretValue is key's value decoded ("" when missing or not base64).
func (s *Secret) SecretValue(key string) string {
	b, err := base64.StdEncoding.DecodeString(s.Data[key])
	if err != nil {
		return ""
	}
	return string(b)
}

// defaultSecret is the API server's defaulting: type Opaque, stringData
// written into data (it is write-only: never stored).
func defaultSecret(s *Secret) {
	if s.Type == "" {
		s.Type = "Opaque"
	}
	if len(s.StringData) > 0 {
		if s.Data == nil {
			s.Data = map[string]string{}
		}
		keys := make([]string, 0, len(s.StringData))
		for k := range s.StringData {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			s.Data[k] = base64.StdEncoding.EncodeToString([]byte(s.StringData[k]))
		}
		s.StringData = nil
	}
}

// validateSecret checks that data values are base64.
func validateSecret(errs *FieldErrors, s *Secret) {
	if s.Type == "kubernetes.io/service-account-token" && s.Annotations["kubernetes.io/service-account.name"] == "" {
		errs.required("metadata.annotations[kubernetes.io/service-account.name]", "")
	}
	keys := make([]string, 0, len(s.Data))
	for k := range s.Data {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if _, err := base64.StdEncoding.DecodeString(s.Data[k]); err != nil {
			errs.invalid("data["+k+"]", "<secret contents redacted>", "illegal base64 data")
		}
	}
}
