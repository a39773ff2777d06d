package kubectl

import (
	"strings"
	"time"
	"unicode"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/apijson"
)

// describeGeneric is kubectl's describer for kinds without their own: name,
// namespace, labels and annotations, then every other field by name.
func describeGeneric(o api.Object, events []*api.Event, now time.Time) string {
	m := o.GetObjectMeta()
	var content map[string]any
	if b, err := apijson.Marshal(o); err == nil {
		_ = apijson.Unmarshal(b, &content)
	}
	return tabbed(func(w *prefixWriter) {
		printObjectMeta(w, m)
		printContent(w, 0, content, "", ".metadata.managedFields", ".metadata.name",
			".metadata.namespace", ".metadata.labels", ".metadata.annotations")
		describeEvents(events, now, w)
	})
}

// printContent prints decoded JSON as the generic describer does: fields
// sorted, nested objects indented under "Field Name:".
func printContent(w *prefixWriter, level int, content map[string]any, prefix string, skip ...string) {
	for _, field := range sortedKeys(content) {
		path := prefix + "." + field
		if contains(skip, path) {
			continue
		}
		switch v := content[field].(type) {
		case map[string]any:
			w.write(level, "%s:\n", smartLabel(field))
			printContent(w, level+1, v, path, skip...)
		case []any:
			w.write(level, "%s:\n", smartLabel(field))
			for _, item := range v {
				if m, ok := item.(map[string]any); ok {
					printContent(w, level+1, m, path, skip...)
				} else {
					w.write(level+1, "%v\n", item)
				}
			}
		case nil:
			// The API server leaves unset fields out; so does this page.
		default:
			w.write(level, "%s:\t%v\n", smartLabel(field), v)
		}
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// smartLabel turns a field name into a title: "creationTimestamp" →
// "Creation Timestamp", "uid" → "UID".
func smartLabel(field string) string {
	for _, r := range field {
		if !unicode.IsLetter(r) && r != '-' {
			return field
		}
	}
	var parts []string
	start := 0
	runes := []rune(field)
	for i := 1; i <= len(runes); i++ {
		if i == len(runes) || (unicode.IsUpper(runes[i]) && !unicode.IsUpper(runes[i-1])) {
			parts = append(parts, string(runes[start:i]))
			start = i
		}
	}
	for i, p := range parts {
		switch strings.ToUpper(p) {
		case "API", "URL", "UID", "OSB", "GUID":
			parts[i] = strings.ToUpper(p)
		default:
			parts[i] = strings.ToUpper(p[:1]) + p[1:]
		}
	}
	return strings.Join(parts, " ")
}
