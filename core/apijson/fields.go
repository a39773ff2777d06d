package apijson

import (
	"cmp"
	"reflect"
	"slices"
	"sort"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// field is one JSON member of a struct type, as encoding/json's typeFields
// finds it.
type field struct {
	name      string
	key       string // `"name":`, escaped as encoding/json escapes it
	index     []int  // path through embedded structs
	tagged    bool   // the name came from a json tag
	omitEmpty bool
	omitZero  bool
	quoted    bool // the ",string" option, which apijson refuses
}

// structFields is a struct type's fields in encoding order, with the two
// indexes decoding matches keys by.
type structFields struct {
	list   []field
	exact  map[string]int
	folded map[string]int
}

// fieldCache holds each struct type's fields; a sync.Map because hosts may
// encode from several goroutines.
var fieldCache sync.Map

func fieldsOf(t reflect.Type) *structFields {
	if f, ok := fieldCache.Load(t); ok {
		return f.(*structFields)
	}
	f, _ := fieldCache.LoadOrStore(t, typeFields(t))
	return f.(*structFields)
}

// typeFields follows encoding/json's rules: exported fields, and the fields
// of embedded structs without a tag name as if they were the parent's; a
// name at a shallower depth, or tagged at the same depth, hides the others;
// two equal claims hide each other.
func typeFields(t reflect.Type) *structFields {
	type level struct {
		typ   reflect.Type
		index []int
	}
	var (
		current, next    []level
		count, nextCount map[reflect.Type]int
		visited          = map[reflect.Type]bool{}
		fields           []field
	)
	next = []level{{typ: t}}
	for len(next) > 0 {
		current, next = next, nil
		count, nextCount = nextCount, map[reflect.Type]int{}
		for _, l := range current {
			if visited[l.typ] {
				continue
			}
			visited[l.typ] = true
			for i := range l.typ.NumField() {
				sf := l.typ.Field(i)
				if sf.Anonymous {
					ft := sf.Type
					if ft.Kind() == reflect.Pointer {
						ft = ft.Elem()
					}
					if !sf.IsExported() && ft.Kind() != reflect.Struct {
						continue
					}
				} else if !sf.IsExported() {
					continue
				}
				tag := sf.Tag.Get("json")
				if tag == "-" {
					continue
				}
				name, opts, _ := strings.Cut(tag, ",")
				if !validTag(name) {
					name = ""
				}
				index := append(slices.Clip(l.index), i)
				ft := sf.Type
				if ft.Name() == "" && ft.Kind() == reflect.Pointer {
					ft = ft.Elem()
				}
				if name != "" || !sf.Anonymous || ft.Kind() != reflect.Struct {
					f := field{name: name, tagged: name != "", index: index,
						omitEmpty: hasOption(opts, "omitempty"), omitZero: hasOption(opts, "omitzero"),
						quoted: hasOption(opts, "string")}
					if f.name == "" {
						f.name = sf.Name
					}
					f.key = string(appendString(nil, f.name, true)) + ":"
					fields = append(fields, f)
					if count[l.typ] > 1 {
						fields = append(fields, f) // so that the duplicate annihilates
					}
					continue
				}
				nextCount[ft]++
				if nextCount[ft] == 1 {
					next = append(next, level{typ: ft, index: index})
				}
			}
		}
	}
	// sort.Slice, not slices.SortFunc, here and below: these sorts run once
	// per Go type, and slices.SortFunc puts a copy of the sort for each
	// element type into the page's wasm.
	sort.Slice(fields, func(i, j int) bool {
		a, b := fields[i], fields[j]
		if c := strings.Compare(a.name, b.name); c != 0 {
			return c < 0
		}
		if c := cmp.Compare(len(a.index), len(b.index)); c != 0 {
			return c < 0
		}
		if a.tagged != b.tagged {
			return a.tagged
		}
		return slices.Compare(a.index, b.index) < 0
	})
	out := fields[:0]
	for i := 0; i < len(fields); {
		j := i + 1
		for j < len(fields) && fields[j].name == fields[i].name {
			j++
		}
		if j-i == 1 || len(fields[i].index) != len(fields[i+1].index) || fields[i].tagged != fields[i+1].tagged {
			out = append(out, fields[i])
		}
		i = j
	}
	sort.Slice(out, func(i, j int) bool { return slices.Compare(out[i].index, out[j].index) < 0 })
	sf := &structFields{list: out, exact: map[string]int{}, folded: map[string]int{}}
	for i, f := range out {
		sf.exact[f.name] = i
		if _, ok := sf.folded[foldName(f.name)]; !ok {
			sf.folded[foldName(f.name)] = i // the first folded match wins, as in encoding/json
		}
	}
	return sf
}

func hasOption(opts, name string) bool {
	for opts != "" {
		var o string
		o, opts, _ = strings.Cut(opts, ",")
		if o == name {
			return true
		}
	}
	return false
}

// validTag is encoding/json's isValidTag.
func validTag(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		switch {
		case strings.ContainsRune("!#$%&()*+-./:;<=>?@[]^_{|}~ ", c):
		case !unicode.IsLetter(c) && !unicode.IsDigit(c):
			return false
		}
	}
	return true
}

// foldName is a name with case folded as encoding/json folds it to match
// keys case-insensitively.
func foldName(s string) string {
	var out []byte
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			if 'a' <= c && c <= 'z' {
				c -= 'a' - 'A'
			}
			out = append(out, c)
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		out = utf8.AppendRune(out, unicode.ToUpper(unicode.ToLower(r)))
		i += n
	}
	return string(out)
}

// fieldByIndex is v's field at index, or false when an embedded pointer on
// the way is nil.
func fieldByIndex(v reflect.Value, index []int) (reflect.Value, bool) {
	for i, x := range index {
		if i > 0 && v.Kind() == reflect.Pointer {
			if v.IsNil() {
				return reflect.Value{}, false
			}
			v = v.Elem()
		}
		v = v.Field(x)
	}
	return v, true
}

// FieldTypes maps each member name that struct type t has in JSON to the
// Go type of its field, by the rules Marshal follows (embedded structs'
// fields promoted, `-` left out): what a strict reader checks keys against.
func FieldTypes(t reflect.Type) map[string]reflect.Type {
	fs := fieldsOf(t)
	m := make(map[string]reflect.Type, len(fs.list))
	for _, f := range fs.list {
		m[f.name] = t.FieldByIndex(f.index).Type
	}
	return m
}

// A Member is one JSON member of a struct type: its name and the Go type
// of its field.
type Member struct {
	Name string
	Type reflect.Type
}

// Members are struct type t's JSON members in encoding order (the order of
// the fields, embedded structs' fields where the struct is embedded).
func Members(t reflect.Type) []Member {
	fs := fieldsOf(t)
	out := make([]Member, len(fs.list))
	for i, f := range fs.list {
		out[i] = Member{f.name, t.FieldByIndex(f.index).Type}
	}
	return out
}
