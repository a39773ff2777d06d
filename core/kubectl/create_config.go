package kubectl

import (
	"encoding/base64"
	"fmt"
	"path"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/kubeloop/kubeloop/core/api"
)

func registerCreateConfig() {
	createCommands["configmap"] = runCreateConfigMap
	createCommands["cm"] = runCreateConfigMap
	createCommands["secret"] = runCreateSecret
}

// configSourceFlags are where `create configmap` and `create secret
// generic` take their keys from.
var configSourceFlags = []flagDef{{long: "from-literal"}, {long: "from-file"}}

// runCreateConfigMap is `kubectl create configmap NAME
// [--from-literal=KEY=VALUE]… [--from-file=[KEY=]FILE]…`.
func runCreateConfigMap(c *invocation, args []string) {
	name, f, mode, ok := c.parseGenerator(args, "create configmap", configSourceFlags...)
	if !ok {
		return
	}
	cm := &api.ConfigMap{ObjectMeta: api.ObjectMeta{Name: name, Namespace: namespaceOf(f)}}
	err := c.configSources(f, func(key string, value []byte) error {
		if _, dup := cm.Data[key]; dup || cm.BinaryData[key] != "" {
			return fmt.Errorf("cannot add key %q, another key by that name already exists in Data for ConfigMap %q", key, cm.Name)
		}
		if utf8.Valid(value) {
			cm.Data = setKey(cm.Data, key, string(value))
		} else {
			cm.BinaryData = setKey(cm.BinaryData, key, base64.StdEncoding.EncodeToString(value))
		}
		return nil
	}, "ConfigMap")
	if err != nil {
		c.fail("%v", err)
		return
	}
	c.createGenerated(cm, f, mode)
}

// runCreateSecret is `kubectl create secret generic NAME
// [--type=TYPE] [--from-literal=KEY=VALUE]… [--from-file=[KEY=]FILE]…`.
// secretTypes are the secrets `kubectl create secret TYPE` makes here.
var secretTypes = []string{"generic"}

func runCreateSecret(c *invocation, args []string) {
	if len(args) == 0 || !slices.Contains(secretTypes, args[0]) {
		c.fail("kubeloop's kubectl creates generic secrets: kubectl create secret generic NAME --from-literal=KEY=VALUE")
		return
	}
	name, f, mode, ok := c.parseGenerator(args[1:], "create secret generic", append(configSourceFlags, flagDef{long: "type"})...)
	if !ok {
		return
	}
	s := &api.Secret{ObjectMeta: api.ObjectMeta{Name: name, Namespace: namespaceOf(f)}, Type: f.str("type")}
	err := c.configSources(f, func(key string, value []byte) error {
		if _, dup := s.Data[key]; dup {
			return fmt.Errorf("cannot add key %s, another key by that name already exists in Data for Secret %q", key, s.Name)
		}
		s.Data = setKey(s.Data, key, base64.StdEncoding.EncodeToString(value))
		return nil
	}, "Secret")
	if err != nil {
		c.fail("%v", err)
		return
	}
	c.createGenerated(s, f, mode)
}

// configSources hands add every key of --from-file and --from-literal, in
// kubectl's order (files first), each checked as a config key.
func (c *invocation) configSources(f *flags, add func(key string, value []byte) error, kind string) error {
	check := func(key string, value []byte) error {
		if msgs := api.ConfigKeyErrors(key); len(msgs) > 0 {
			return fmt.Errorf("%q is not a valid key name for a %s: %s", key, kind, strings.Join(msgs, ";"))
		}
		return add(key, value)
	}
	for _, src := range f.all("from-file") {
		key, file, named := strings.Cut(src, "=")
		if !named {
			key, file = path.Base(src), src
		} else if key == "" {
			return fmt.Errorf("key name for file path %v missing", file)
		}
		b, err := c.env.ReadFile(file)
		if err != nil {
			return fmt.Errorf("error reading %s: no such file or directory", file)
		}
		if err := check(key, b); err != nil {
			return err
		}
	}
	for _, lit := range f.all("from-literal") {
		key, value, ok := strings.Cut(lit, "=")
		if !ok || key == "" {
			return fmt.Errorf("invalid literal source %v, expected key=value", lit)
		}
		if err := check(key, []byte(value)); err != nil {
			return err
		}
	}
	return nil
}

// setKey sets m[key], making m when it is nil: data, labels, annotations.
func setKey(m map[string]string, key, value string) map[string]string {
	if m == nil {
		m = map[string]string{}
	}
	m[key] = value
	return m
}
