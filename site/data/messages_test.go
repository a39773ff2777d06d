package data

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// messages.json is key → [English, Chinese], both written: the page reads
// it with the browser's JSON.parse and takes each entry as a key and two
// texts (wasm/i18n.go, loadMessages), which checks their count only.
func TestEveryMessageIsAnEnglishAndAChineseText(t *testing.T) {
	text, err := files.ReadFile("messages.json")
	require.NoError(t, err)
	var table map[string][]string
	require.NoError(t, json.Unmarshal(text, &table), "an object of arrays of strings")
	require.NotEmpty(t, table)
	for key, texts := range table {
		if assert.Len(t, texts, 2, key) {
			assert.NotEmpty(t, texts[0], "%s: its English", key)
			assert.NotEmpty(t, texts[1], "%s: its Chinese", key)
		}
		for _, s := range append(texts, key) {
			assert.NotContains(t, s, "\x00", "%s: the page splits the table at NULs", key)
		}
	}
}
