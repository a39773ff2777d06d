package cluster

import (
	"encoding/base64"
	"maps"
	"slices"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/vfs"
)

// volumeFiles is what the kubelet writes into a configMap or secret
// volume: a file per key of the object (a Secret's decoded), or only the
// items named, each at its path. It is read afresh at each exec, so an
// edit to the object shows (the kubelet's sync delay is not modelled). A
// missing object gives an empty volume. ok is false for other volumes.
func (c *Cluster) volumeFiles(ns string, vol *api.Volume) (fs *vfs.FS, ok bool) {
	var data map[string][]byte
	var items []api.KeyToPath
	switch {
	case vol.ConfigMap != nil:
		data, items = c.configMapData(ns, vol.ConfigMap.Name), vol.ConfigMap.Items
	case vol.Secret != nil:
		data, items = c.secretData(ns, vol.Secret.SecretName), vol.Secret.Items
	default:
		return nil, false
	}
	fs = vfs.New()
	if len(items) == 0 {
		for _, k := range slices.Sorted(maps.Keys(data)) {
			items = append(items, api.KeyToPath{Key: k, Path: k})
		}
	}
	for _, item := range items {
		if b, found := data[item.Key]; found {
			fs.WriteFile(item.Path, b)
		}
	}
	return fs, true
}

func (c *Cluster) configMapData(ns, name string) map[string][]byte {
	o, err := c.store.Get(api.ConfigMaps, ns, name)
	cm, _ := o.(*api.ConfigMap)
	if err != nil || cm == nil {
		return nil
	}
	data := map[string][]byte{}
	for k, v := range cm.Data {
		data[k] = []byte(v)
	}
	for k, v := range cm.BinaryData {
		if b, err := base64.StdEncoding.DecodeString(v); err == nil {
			data[k] = b
		}
	}
	return data
}

func (c *Cluster) secretData(ns, name string) map[string][]byte {
	o, err := c.store.Get(api.Secrets, ns, name)
	s, _ := o.(*api.Secret)
	if err != nil || s == nil {
		return nil
	}
	data := map[string][]byte{}
	for k := range s.Data {
		data[k] = []byte(s.SecretValue(k))
	}
	return data
}
