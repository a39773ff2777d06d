package api_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/kubeloop/kubeloop/core/api"
)

func podWithVolume(v api.Volume) *api.Pod {
	p := &api.Pod{ObjectMeta: api.ObjectMeta{Name: "p", Namespace: "default"},
		Spec: api.PodSpec{Containers: []api.Container{{Name: "app", Image: "nginx"}}, Volumes: []api.Volume{v}}}
	api.Default(p)
	return p
}

// configMap and secret volumes get upstream's default mode, 0644 (420),
// unless one is given.
func TestVolumeFilesDefaultMode(t *testing.T) {
	p := podWithVolume(api.Volume{Name: "c", ConfigMap: &api.ConfigMapVolumeSource{Name: "settings"}})
	assert.Equal(t, int32(420), *p.Spec.Volumes[0].ConfigMap.DefaultMode)
	p = podWithVolume(api.Volume{Name: "s", Secret: &api.SecretVolumeSource{SecretName: "creds", DefaultMode: api.Ptr[int32](0o400)}})
	assert.Equal(t, int32(256), *p.Spec.Volumes[0].Secret.DefaultMode)
}

// Cases of upstream's TestValidateVolumes (pkg/apis/core/validation) for
// configMap and secret sources, with the field errors it expects.
func TestValidateVolumeFiles(t *testing.T) {
	item := func(key, path string, mode *int32) []api.KeyToPath {
		return []api.KeyToPath{{Key: key, Path: path, Mode: mode}}
	}
	for _, tc := range []struct {
		name string
		vol  api.Volume
		want []string
	}{
		{"valid ConfigMap", api.Volume{Name: "v", ConfigMap: &api.ConfigMapVolumeSource{Name: "my-cfgmap",
			Items: item("key", "filename", nil)}}, nil},
		{"valid ConfigMap with defaultMode", api.Volume{Name: "v", ConfigMap: &api.ConfigMapVolumeSource{Name: "my-cfgmap",
			DefaultMode: api.Ptr[int32](0o644)}}, nil},
		{"valid ConfigMap with mode", api.Volume{Name: "v", ConfigMap: &api.ConfigMapVolumeSource{Name: "my-cfgmap",
			Items: item("key", "filename", api.Ptr[int32](0o644))}}, nil},
		{"configmap with missing path", api.Volume{Name: "v", ConfigMap: &api.ConfigMapVolumeSource{Name: "c",
			Items: item("key", "", nil)}}, []string{"spec.volumes[0].configMap.items[0].path: Required value"}},
		{"configmap with absolute path", api.Volume{Name: "v", ConfigMap: &api.ConfigMapVolumeSource{Name: "c",
			Items: item("key", "/absolutepath", nil)}}, []string{`spec.volumes[0].configMap.items[0].path: Invalid value: "/absolutepath": must be a relative path`}},
		{"configmap with double dot path", api.Volume{Name: "v", ConfigMap: &api.ConfigMapVolumeSource{Name: "c",
			Items: item("key", "../foo", nil)}}, []string{
			`spec.volumes[0].configMap.items[0].path: Invalid value: "../foo": must not contain '..'`}},
		{"configmap with double dot key", api.Volume{Name: "v", ConfigMap: &api.ConfigMapVolumeSource{Name: "c",
			Items: item("../foo", "path", nil)}}, nil},
		{"configmap with leading double dot in file name", api.Volume{Name: "v", ConfigMap: &api.ConfigMapVolumeSource{Name: "c",
			Items: item("key", "..foo", nil)}}, []string{`spec.volumes[0].configMap.items[0].path: Invalid value: "..foo": must not start with '..'`}},
		{"configmap with missing key", api.Volume{Name: "v", ConfigMap: &api.ConfigMapVolumeSource{Name: "c",
			Items: item("", "path", nil)}}, []string{"spec.volumes[0].configMap.items[0].key: Required value"}},
		{"configmap with mode not in the 0777 range", api.Volume{Name: "v", ConfigMap: &api.ConfigMapVolumeSource{Name: "c",
			Items: item("key", "path", api.Ptr[int32](0o1000))}}, []string{
			"spec.volumes[0].configMap.items[0].mode: Invalid value: 512: must be a number between 0 and 0777 (octal), both inclusive"}},
		{"configmap with negative defaultMode", api.Volume{Name: "v", ConfigMap: &api.ConfigMapVolumeSource{Name: "c",
			DefaultMode: api.Ptr[int32](-1)}}, []string{
			"spec.volumes[0].configMap.defaultMode: Invalid value: -1: must be a number between 0 and 0777 (octal), both inclusive"}},
		{"configmap with no name", api.Volume{Name: "v", ConfigMap: &api.ConfigMapVolumeSource{}}, []string{"spec.volumes[0].configMap.name: Required value"}},
		{"valid Secret", api.Volume{Name: "v", Secret: &api.SecretVolumeSource{SecretName: "my-secret",
			Items: item("key", "filename", nil)}}, nil},
		{"secret with mode not in the 0777 range", api.Volume{Name: "v", Secret: &api.SecretVolumeSource{SecretName: "s",
			DefaultMode: api.Ptr[int32](0o1000)}}, []string{
			"spec.volumes[0].secret.defaultMode: Invalid value: 512: must be a number between 0 and 0777 (octal), both inclusive"}},
		{"secret with no name", api.Volume{Name: "v", Secret: &api.SecretVolumeSource{}}, []string{"spec.volumes[0].secret.secretName: Required value"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := api.Validate(podWithVolume(tc.vol), nil)
			if tc.want == nil {
				assert.NoError(t, err)
				return
			}
			assert.Equal(t, tc.want, causes(t, err))
		})
	}
}
