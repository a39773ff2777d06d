//go:build js && wasm

package main

import (
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestMain loads the page's strings as app.js hands them to the page.
func TestMain(m *testing.M) {
	text, err := os.ReadFile("../site/data/messages.json")
	if err == nil {
		err = loadMessages(string(text))
	}
	if err != nil {
		panic(err)
	}
	os.Exit(m.Run())
}

func TestLoadMessagesRefusesWhatIsNotTheTable(t *testing.T) {
	kept := messages
	defer func() { messages = kept }()
	assert.Error(t, loadMessages(""))
	assert.Error(t, loadMessages("{}"))
	assert.Error(t, loadMessages(`{"a": "one string"}`))
	assert.Error(t, loadMessages(`{"a": ["A"], "b": ["B", "乙"]}`), "an English text without its Chinese")
	assert.Error(t, loadMessages(`{"a": ["A", "甲", "a"]}`))
	assert.Error(t, loadMessages(`["a", "A", "甲"]`))
	assert.Error(t, loadMessages(`"a"`))
	assert.Error(t, loadMessages(`null`))
	assert.Error(t, loadMessages(`{"a": ["A", "甲"],}`), "not JSON")
	assert.Equal(t, kept, messages, "a bad table changes nothing")
	require.NoError(t, loadMessages(`{"a": ["A", "甲"], "b.one": ["1 \"B\"\n", "\u4e59"]}`))
	assert.Equal(t, map[string][2]string{"a": {"A", "甲"}, "b.one": {"1 \"B\"\n", "乙"}}, messages, "every message, its escapes read")
}
