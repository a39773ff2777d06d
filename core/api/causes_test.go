package api_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/api"
)

// causes are an Invalid error's field errors as kubectl prints them, in
// order.
func causes(t *testing.T, err error) []string {
	t.Helper()
	var se *api.StatusError
	require.ErrorAs(t, err, &se)
	var got []string
	for _, c := range se.Causes {
		got = append(got, c.Error())
	}
	return got
}
