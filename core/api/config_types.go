package api

import (
	"encoding/base64"
	"sort"
	"strings"
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

const configKeyMsg = "a valid config key must consist of alphanumeric characters, '-', '_' or '.' (e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '[-._a-zA-Z0-9]+')"

// ConfigKeyErrors is what the API server finds wrong with a key of a
// ConfigMap's or a Secret's data (IsConfigMapKey): nothing for a good key.
// kubectl's generators check their keys with the same rule.
func ConfigKeyErrors(key string) []string {
	var msgs []string
	if len(key) > 253 {
		msgs = append(msgs, "must be no more than 253 characters")
	}
	good := key != ""
	for _, r := range key {
		good = good && (r == '-' || r == '.' || r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z')
	}
	if !good {
		msgs = append(msgs, configKeyMsg)
	}
	switch {
	case key == ".":
		msgs = append(msgs, "must not be '.'")
	case key == "..":
		msgs = append(msgs, "must not be '..'")
	case strings.HasPrefix(key, ".."):
		msgs = append(msgs, "must not start with '..'")
	}
	return msgs
}

// validateConfigKeys checks every key of a data map, in key order.
func validateConfigKeys(errs *FieldErrors, field string, data map[string]string) []string {
	keys := make([]string, 0, len(data))
	for k := range data {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		for _, msg := range ConfigKeyErrors(k) {
			errs.invalid(field+"["+k+"]", k, msg)
		}
	}
	return keys
}

// validateConfigMap checks the keys of data and binaryData, and that no
// key is in both.
func validateConfigMap(errs *FieldErrors, c *ConfigMap) {
	for _, k := range validateConfigKeys(errs, "data", c.Data) {
		if _, dup := c.BinaryData[k]; dup {
			errs.invalid("data["+k+"]", k, "duplicate of key present in binaryData")
		}
	}
	validateConfigKeys(errs, "binaryData", c.BinaryData)
}

// validateSecret checks the keys of data and that their values are base64.
func validateSecret(errs *FieldErrors, s *Secret) {
	if s.Type == "kubernetes.io/service-account-token" && s.Annotations["kubernetes.io/service-account.name"] == "" {
		errs.required("metadata.annotations[kubernetes.io/service-account.name]", "")
	}
	for _, k := range validateConfigKeys(errs, "data", s.Data) {
		if _, err := base64.StdEncoding.DecodeString(s.Data[k]); err != nil {
			errs.invalid("data["+k+"]", "<secret contents redacted>", "illegal base64 data")
		}
	}
}
