package data

import (
	"reflect"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// kubectl-help.json reads as help pages (core/kubectl/helpdata_test.go
// holds them to kubectl's commands), once for every host.
func TestKubectlHelpReads(t *testing.T) {
	p, err := KubectlHelp()
	require.NoError(t, err)
	assert.Equal(t, "Display one or many resources", p["get"].Short)
	assert.Equal(t, reflect.ValueOf(p).Pointer(), reflect.ValueOf(MustKubectlHelp()).Pointer(), "one Pages for every caller")
}
