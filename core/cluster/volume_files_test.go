package cluster

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A configMap volume holds a file per key, or only the items named at
// their paths; a secret volume holds its values decoded; an edit to the
// ConfigMap shows at the next exec; a missing optional object gives an
// empty volume.
func TestConfigMapAndSecretVolumesHoldTheirKeysAsFiles(t *testing.T) {
	c := New(Options{Seed: 1, Controllers: allControllers})
	_, err := c.Apply(`apiVersion: v1
kind: ConfigMap
metadata: {name: settings}
data: {mode: fast, level: "3"}
binaryData: {blob: AAEC}
---
apiVersion: v1
kind: Secret
metadata: {name: creds}
stringData: {password: s3cret}
---
apiVersion: v1
kind: Pod
metadata: {name: p}
spec:
  containers:
  - name: app
    image: nginx:1.25
    volumeMounts:
    - {name: all, mountPath: /etc/all}
    - {name: some, mountPath: /etc/some}
    - {name: creds, mountPath: /etc/creds}
    - {name: gone, mountPath: /etc/gone}
  volumes:
  - name: all
    configMap: {name: settings}
  - name: some
    configMap:
      name: settings
      items: [{key: mode, path: conf/mode.txt}, {key: missing, path: nothing}]
  - name: creds
    secret: {secretName: creds, defaultMode: 0400}
  - name: gone
    configMap: {name: absent, optional: true}
`)
	require.NoError(t, err)
	c.Settle(0)
	exec := func(script string) string {
		t.Helper()
		stdout, stderr, code := c.Exec("default", "p", "", []string{"sh", "-c", script}, "")
		require.Equal(t, 0, code, stderr)
		return stdout
	}
	assert.Equal(t, "blob\nlevel\nmode\n", exec("ls /etc/all"))
	assert.Equal(t, "fast", exec("cat /etc/all/mode"))
	assert.Equal(t, "\x00\x01\x02", exec("cat /etc/all/blob"))
	assert.Equal(t, "conf\n", exec("ls /etc/some"))
	assert.Equal(t, "fast", exec("cat /etc/some/conf/mode.txt"))
	assert.Equal(t, "s3cret", exec("cat /etc/creds/password"))
	assert.Equal(t, "", exec("ls /etc/gone"))

	_, err = c.Apply("apiVersion: v1\nkind: ConfigMap\nmetadata: {name: settings}\ndata: {mode: slow}\n")
	require.NoError(t, err)
	assert.Equal(t, "slow", exec("cat /etc/all/mode"))
}
