package explain

import (
	"fmt"
	"strings"

	"github.com/kubeloop/kubeloop/core/api"
)

// Request is one `kubectl explain` question.
type Request struct {
	Kind      *api.Kind
	Path      []string // the fields after the resource: spec, strategy
	Recursive bool     // the field tree only, no descriptions
}

// FieldError is kubectl's answer to a path through no field. As kubectl
// does, it names the path's last field, even when an earlier one is the
// one missing.
type FieldError struct{ Field string }

func (e *FieldError) Error() string { return fmt.Sprintf("field %q does not exist", e.Field) }

// Explain prints what `kubectl explain` prints for r, in kubectl v1.32's
// plain-text layout; descriptions come from docs (nil: none).
func Explain(s *Schema, r Request, docs Docs) (string, error) {
	if docs == nil {
		docs = MapDocs(nil)
	}
	var b strings.Builder
	if r.Kind.Group != "" {
		fmt.Fprintf(&b, "GROUP:      %s\n", r.Kind.Group)
	}
	fmt.Fprintf(&b, "KIND:       %s\nVERSION:    %s\n\n", r.Kind.Kind, r.Kind.Version)

	st := s.Struct(rootName(r.Kind))
	description := docs.Type(st.Name)
	for i, name := range r.Path {
		f := (*Field)(nil)
		if st != nil {
			f = st.Field(name)
		}
		if f == nil {
			return "", &FieldError{Field: r.Path[len(r.Path)-1]}
		}
		if i == len(r.Path)-1 {
			fmt.Fprintf(&b, "FIELD: %s <%s>\n", f.Name, f.Type)
			if len(f.Enum) > 0 {
				b.WriteString("ENUM:")
				for _, v := range f.Enum {
					b.WriteString("\n    " + v)
				}
			}
			b.WriteString("\n\n")
			description = paragraphs(docs.Field(st.Name, f.Name), docs.Type(f.Struct))
		}
		st = s.Struct(f.Struct)
	}
	if len(r.Path) == 0 {
		description = paragraphs(description)
	}

	b.WriteString("DESCRIPTION:\n")
	if description == "" {
		description = "<empty>"
	}
	b.WriteString(indent(wrap(description, 76), 4))
	b.WriteString("\n")
	if st != nil && len(st.Fields) > 0 {
		b.WriteString("FIELDS:\n")
		fieldList(&b, s, st, 1, r.Recursive, docs, map[string]bool{})
	}
	b.WriteString("\n")
	return b.String(), nil
}

// paragraphs joins the descriptions kubectl prints for a field (its own,
// then its type's), each ending in a newline.
func paragraphs(texts ...string) string {
	var b strings.Builder
	for _, t := range texts {
		if t != "" {
			b.WriteString(t + "\n")
		}
	}
	return b.String()
}

// fieldList prints st's fields at level (two spaces each); recursive, it
// follows each field into its struct, but not into a struct it is already
// inside of (a type that contains itself).
func fieldList(b *strings.Builder, s *Schema, st *Struct, level int, recursive bool, docs Docs, inside map[string]bool) {
	inside[st.Name] = true
	defer delete(inside, st.Name)
	pad := strings.Repeat(" ", level*2)
	for _, f := range st.Fields {
		b.WriteString(pad + f.Name + "\t<" + f.Type + ">")
		if f.Required {
			b.WriteString(" -required-")
		}
		if len(f.Enum) > 0 {
			b.WriteString("\n" + pad + "enum: " + shortEnum(f.Enum))
		}
		b.WriteString("\n")
		if !recursive {
			d := docs.Field(st.Name, f.Name)
			if d == "" {
				d = "<no description>"
			}
			b.WriteString(indent(wrap(d, 78-level*2), level*2+2) + "\n\n")
			continue
		}
		if child := s.Struct(f.Struct); child != nil && !inside[child.Name] {
			fieldList(b, s, child, level+1, recursive, docs, inside)
		}
	}
}

// shortEnum lists at most four values, as kubectl's field list does.
func shortEnum(values []string) string {
	if len(values) > 4 {
		return strings.Join(values[:4], ", ") + ", ...."
	}
	return strings.Join(values, ", ")
}

// indent puts n spaces before every line of s, including an empty last one
// after a final newline, as kubectl's template does.
func indent(s string, n int) string {
	pad := strings.Repeat(" ", n)
	return pad + strings.ReplaceAll(s, "\n", "\n"+pad)
}
