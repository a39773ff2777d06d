package jsonpath

import (
	"strings"
	"testing"
)

// FuzzTemplate: no template, however malformed, makes Parse or Execute
// panic or run away; what Parse accepts runs over a real object's JSON.
func FuzzTemplate(f *testing.F) {
	for _, s := range []string{
		`{.items[*].metadata.name}`, `{range .items[*]}{.kind}{"\n"}{end}`, `{..name}`,
		`{.users[?(@.name=="e2e")].user}`, `{.items[-1:]}`, `{.users[0,1]['name','user']}`,
		`{range .items[*]}{range .status.addresses[*]}{.address}{end}{end}`, `{"{"}`, `{.a\.b}`,
		`{.items[0:2:0]}`, `{[?(@)]}`, `{.users[?(@.user.username)]}`, `}{`, `{{}}`, `{range}{end}`,
	} {
		f.Add(s)
	}
	data := decodeForFuzz(nodesList)
	f.Fuzz(func(t *testing.T, tmpl string) {
		p, err := Parse(tmpl)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "error parsing jsonpath ") {
				t.Fatalf("parse error without kubectl's prefix: %v", err)
			}
			return
		}
		var b strings.Builder
		_ = p.Execute(&b, data, true)
		_ = p.Execute(&b, data, false)
		_, _ = p.Results(data, true)
	})
}
