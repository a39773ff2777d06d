package kubeproto

import (
	"encoding/binary"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The protobuf a client sends is built here field by field, as the wire
// format lays it out; tests/clientgo checks the same reading against
// what client-go itself encodes.

type msg []byte

func (m msg) varint(n int, v uint64) msg {
	m = binary.AppendUvarint(m, uint64(n)<<3|uint64(wireVarint))
	return binary.AppendUvarint(m, v)
}

func (m msg) bytes(n int, b []byte) msg {
	m = binary.AppendUvarint(m, uint64(n)<<3|uint64(wireBytes))
	m = binary.AppendUvarint(m, uint64(len(b)))
	return append(m, b...)
}

func (m msg) str(n int, s string) msg { return m.bytes(n, []byte(s)) }

// body wraps an object's message in the magic number and envelope.
func body(apiVersion, kind string, raw msg) []byte {
	typeMeta := msg{}.str(1, apiVersion).str(2, kind)
	return append([]byte(magic), msg{}.bytes(1, typeMeta).bytes(2, raw).str(3, "").str(4, "")...)
}

func toJSON(t *testing.T, b []byte) string {
	t.Helper()
	j, err := ToJSON(b)
	require.NoError(t, err)
	return string(j)
}

func TestADeploymentReadsAsItsJSON(t *testing.T) {
	labels := msg{}.str(1, "app").str(2, "web")
	meta := msg{}.str(1, "web").str(2, "").str(3, "default").
		bytes(8, msg{}). // the zero time
		bytes(11, labels)
	port := msg{}.str(1, "http").varint(2, 0).varint(3, 80).str(4, "TCP")
	container := msg{}.str(1, "nginx").str(2, "nginx:1.25").bytes(6, port).
		bytes(8, msg{}.bytes(1, msg{}.str(1, "cpu").bytes(2, msg{}.str(1, "500m"))))
	template := msg{}.bytes(1, msg{}.bytes(11, labels)).bytes(2, msg{}.bytes(2, container))
	strategy := msg{}.str(1, "RollingUpdate").bytes(2, msg{}.
		bytes(1, msg{}.varint(1, 1).varint(2, 0).str(3, "25%")).
		bytes(2, msg{}.varint(1, 0).varint(2, 1)))
	spec := msg{}.varint(1, 0). // replicas: 0, a pointer, so kept
					bytes(2, msg{}.bytes(1, labels)).bytes(3, template).bytes(4, strategy).
					varint(5, 0) // minReadySeconds: 0, not a pointer, so left out
	got := toJSON(t, body("apps/v1", "Deployment", msg{}.bytes(1, meta).bytes(2, spec).bytes(3, msg{})))
	assert.JSONEq(t, `{"apiVersion":"apps/v1","kind":"Deployment",
		"metadata":{"name":"web","namespace":"default","labels":{"app":"web"}},
		"spec":{"replicas":0,"selector":{"matchLabels":{"app":"web"}},
			"template":{"metadata":{"labels":{"app":"web"}},"spec":{"containers":[{"name":"nginx","image":"nginx:1.25",
				"ports":[{"name":"http","containerPort":80,"protocol":"TCP"}],"resources":{"limits":{"cpu":"500m"}}}]}},
			"strategy":{"type":"RollingUpdate","rollingUpdate":{"maxUnavailable":"25%","maxSurge":1}}}}`, got)
}

func TestInlineMessagesNegativeNumbersAndTimes(t *testing.T) {
	minus := int64(-5)
	minus5 := uint64(minus)
	volume := msg{}.str(1, "data").bytes(2, msg{}.bytes(2, msg{}.str(1, "Memory"))) // volumeSource (inline).emptyDir
	podSpec := msg{}.bytes(1, volume).
		varint(4, minus5). // terminationGracePeriodSeconds, sign-extended
		bytes(2, msg{}.str(1, "app").str(2, "busybox"))
	meta := msg{}.str(1, "p").bytes(8, msg{}.varint(1, 1700000000).varint(2, 5)).
		bytes(9, msg{}.varint(1, 1700000060)) // deletionTimestamp
	got := toJSON(t, body("v1", "Pod", msg{}.bytes(1, meta).bytes(2, podSpec)))
	assert.JSONEq(t, `{"apiVersion":"v1","kind":"Pod",
		"metadata":{"name":"p","creationTimestamp":"2023-11-14T22:13:20Z","deletionTimestamp":"2023-11-14T22:14:20Z"},
		"spec":{"volumes":[{"name":"data","emptyDir":{"medium":"Memory"}}],"terminationGracePeriodSeconds":-5,
			"containers":[{"name":"app","image":"busybox"}]}}`, got)
}

func TestDeleteOptionsReadInAnyGroupVersion(t *testing.T) {
	opts := msg{}.varint(1, 0).str(4, "Foreground").bytes(2, msg{}.str(1, "uid-1"))
	for _, gv := range []string{"v1", "apps/v1", "meta.k8s.io/v1"} {
		got := toJSON(t, body(gv, "DeleteOptions", opts))
		assert.JSONEq(t, `{"apiVersion":"`+gv+`","kind":"DeleteOptions","gracePeriodSeconds":0,
			"propagationPolicy":"Foreground","preconditions":{"uid":"uid-1"}}`, got, gv)
	}
}

func TestRawExtensionsHoldJSONOrProtobuf(t *testing.T) {
	rev := msg{}.bytes(1, msg{}.str(1, "web-1")).bytes(2, msg{}.bytes(1, []byte(`{"spec":{"x":1}}`))).varint(3, 2)
	assert.JSONEq(t, `{"apiVersion":"apps/v1","kind":"ControllerRevision","metadata":{"name":"web-1"},
		"data":{"spec":{"x":1}},"revision":2}`, toJSON(t, body("apps/v1", "ControllerRevision", rev)))

	inner := body("v1", "ConfigMap", msg{}.bytes(1, msg{}.str(1, "cm")))
	rev = msg{}.bytes(2, msg{}.bytes(1, inner))
	assert.JSONEq(t, `{"apiVersion":"apps/v1","kind":"ControllerRevision",
		"data":{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"cm"}}}`, toJSON(t, body("apps/v1", "ControllerRevision", rev)))
}

func TestBadBodiesAreRefusedWithTheirCause(t *testing.T) {
	for _, c := range []struct {
		name string
		body []byte
		want string
	}{
		{"no magic", []byte(`{"kind":"Pod"}`), "does not start with the Kubernetes magic number"},
		{"no kind", append([]byte(magic), msg{}.bytes(2, nil)...), "names no kind"},
		{"unknown kind", body("v1", "Widget", nil), `no kind "Widget" is registered for version "v1"`},
		{"truncated", append(body("v1", "Pod", nil), 0x0a, 0x05, 'x'), "truncated"},
		{"wrong wire type", body("v1", "Pod", msg{}.varint(1, 3)), "metadata: a message sent with wire type 0"},
		{"a group", append(body("v1", "Pod", nil), 0x0b), "wire type 3"},
		{"raw bytes that are neither", body("apps/v1", "ControllerRevision", msg{}.bytes(2, msg{}.str(1, "{oops"))), "neither JSON nor protobuf"},
	} {
		_, err := ToJSON(c.body)
		require.Error(t, err, c.name)
		assert.Contains(t, err.Error(), c.want, c.name)
	}
}

func TestNestingIsBounded(t *testing.T) {
	raw := msg{}.str(1, "cm")
	for range maxDepth + 2 { // raw extensions of raw extensions
		raw = msg{}.bytes(2, msg{}.bytes(1, body("apps/v1", "ControllerRevision", raw)))
	}
	_, err := ToJSON(body("apps/v1", "ControllerRevision", raw))
	require.Error(t, err)
}

func FuzzToJSON(f *testing.F) {
	f.Add(body("apps/v1", "Deployment", msg{}.bytes(1, msg{}.str(1, "web"))))
	f.Add(body("v1", "Pod", msg{}.bytes(2, msg{}.bytes(1, msg{}.str(1, "v")))))
	f.Fuzz(func(t *testing.T, b []byte) {
		j, err := ToJSON(b)
		if err == nil && len(j) == 0 {
			t.Fatal("no error and no JSON")
		}
	})
}
