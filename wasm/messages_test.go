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
	assert.Equal(t, kept, messages, "a bad table changes nothing")
	require.NoError(t, loadMessages(`{"a": ["A", "甲"]}`))
	assert.Equal(t, "甲", translate(langZH, "a"))
}
