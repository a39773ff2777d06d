package helptext

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseReadsPagesAndOptionPairs(t *testing.T) {
	p, err := Parse([]byte(`{
  "scale": {
    "short": "Set a new size",
    "long": "Set a new size for a deployment.\n\n More.",
    "options": [
      ["--replicas=0", "The new desired number of replicas. Required."]
    ],
    "usage": "kubectl scale [options]"
  }
}`))
	require.NoError(t, err)
	assert.Equal(t, Pages{"scale": {
		Short:   "Set a new size",
		Long:    "Set a new size for a deployment.\n\n More.",
		Options: []Option{{Flag: "--replicas=0", Text: "The new desired number of replicas. Required."}},
		Usage:   "kubectl scale [options]",
	}}, p)
}

// A hand-edited file's mistakes are errors that name the page.
func TestParseRefusesWhatIsNoPage(t *testing.T) {
	page := func(fields string) string {
		return `{"get": {"short": "s", "long": "l", "usage": "u"` + fields + `}}`
	}
	for _, tc := range []struct{ text, err string }{
		{``, "unexpected end of JSON input"},
		{`{}`, "no help pages"},
		{`[]`, "cannot unmarshal array"},
		{page(`, "exmaple": "x"`), `json: unknown field "exmaple"`},
		{`{"get": {"long": "l", "usage": "u"}}`, `"get": "short" is missing`},
		{`{"get": {"short": "s", "usage": "u"}}`, `"get": "long" is missing`},
		{`{"get": {"short": "s", "long": "l"}}`, `"get": "usage" is missing`},
		{page(`, "options": [["--a=1"]]`), "an option is a pair [flag, text], not 1 strings"},
		{page(`, "options": [["--a=1", "x", "y"]]`), "an option is a pair [flag, text], not 3 strings"},
		{page(`, "options": ["--a=1: x"]`), "cannot unmarshal string"},
		{page(`, "options": [["a=1", "x"]]`), `"get": option "a=1": a flag`},
		{page(`, "options": [["--a=1", ""]]`), `"get": option "--a=1": a flag`},
	} {
		_, err := Parse([]byte(tc.text))
		assert.ErrorContains(t, err, tc.err, tc.text)
	}
}
