package api

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestTaintToStringIsKubectlsForm(t *testing.T) {
	assert.Equal(t, "dedicated=lesson:NoSchedule", Taint{Key: "dedicated", Value: "lesson", Effect: "NoSchedule"}.ToString())
	assert.Equal(t, "node.kubernetes.io/unreachable:NoExecute", Taint{Key: "node.kubernetes.io/unreachable", Effect: "NoExecute"}.ToString())
}
