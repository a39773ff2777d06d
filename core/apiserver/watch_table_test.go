package apiserver

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestOnlyTheFirstTableOfAWatchDefinesTheColumns(t *testing.T) {
	w := &watchStream{}
	table := `{"kind":"Table","apiVersion":"meta.k8s.io/v1","metadata":{"resourceVersion":"7"},"columnDefinitions":[{"name":"Name","type":"string","format":"name","description":"a [b] {c}","priority":0}],"rows":[{"cells":["a"]}]}`
	assert.Equal(t, table, string(w.tableOnce([]byte(table))))
	// What v1.32 sent as the second event's table.
	assert.Equal(t, `{"kind":"Table","apiVersion":"meta.k8s.io/v1","metadata":{"resourceVersion":"7"},"columnDefinitions":null,"rows":[{"cells":["a"]}]}`,
		string(w.tableOnce([]byte(table))))
}
