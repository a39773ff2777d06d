package yaml

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const nsDoc = "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: ns%d\n"

// decodeFails decodes text and returns its only error.
func decodeFails(t *testing.T, text string) *Error {
	t.Helper()
	objs, err := Decode(text)
	require.Error(t, err)
	var errs Errors
	require.ErrorAs(t, err, &errs)
	require.Len(t, errs, 1, "%v", err)
	_ = objs // the documents before the limit decode; Apply ignores them
	return errs[0]
}

func TestRefusesTextOverOneMiB(t *testing.T) {
	doc := fmt.Sprintf(nsDoc, 1)
	pad := func(n int) string { return doc + "#" + strings.Repeat("x", n-len(doc)-2) + "\n" }

	objs, err := Decode(pad(MaxBytes))
	require.NoError(t, err, "exactly 1 MiB is accepted")
	assert.Len(t, objs, 1)

	e := decodeFails(t, pad(MaxBytes+1))
	assert.Equal(t, "the YAML is 1.1 MiB; kubeloop accepts at most 1 MiB per apply", e.Error())
	e = decodeFails(t, pad(MaxBytes*13/10))
	assert.Equal(t, "the YAML is 1.3 MiB; kubeloop accepts at most 1 MiB per apply", e.Error())
}

func TestRefusesMoreThanAThousandDocuments(t *testing.T) {
	var b strings.Builder
	for i := range MaxDocuments {
		fmt.Fprintf(&b, "---\n"+nsDoc, i)
	}
	objs, err := Decode(b.String())
	require.NoError(t, err)
	assert.Len(t, objs, MaxDocuments)

	line := strings.Count(b.String(), "\n") + 1
	fmt.Fprintf(&b, "---\n"+nsDoc, MaxDocuments)
	e := decodeFails(t, b.String())
	assert.Equal(t, fmt.Sprintf("line %d: document 1001 starts here; kubeloop applies at most 1000 documents at once (split the text into several applies)", line), e.Error())
}

func TestEmptyDocumentsDoNotCount(t *testing.T) {
	// 1 MiB of "---" lines: a quarter of a million empty documents, read
	// in linear time (each used to be parsed behind all the lines before it).
	text := strings.Repeat("---\n", MaxBytes/4-20) + fmt.Sprintf(nsDoc, 1)
	objs, err := Decode(text)
	require.NoError(t, err)
	assert.Len(t, objs, 1)
}

// billionLaughs defines anchors a0 … a(levels-1), each a list of nine
// aliases of the one before, as merge values (which no field checks), and
// uses the last one where use says.
func billionLaughs(levels int, use string) string {
	var b strings.Builder
	b.WriteString("apiVersion: v1\nkind: Pod\nmetadata:\n  name: lol\n  <<:\n")
	b.WriteString("  - {x: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]}\n")
	for i := 1; i < levels; i++ {
		p := fmt.Sprintf("*a%d", i-1)
		fmt.Fprintf(&b, "  - {x: &a%d [%s]}\n", i, strings.Repeat(p+", ", 8)+p)
	}
	b.WriteString("spec:\n  containers:\n  - name: c\n    image: nginx\n")
	fmt.Fprintf(&b, "    "+use+"\n", levels-1)
	return b.String()
}

func TestRefusesAliasBombs(t *testing.T) {
	for _, use := range []string{"resources: {limits: {cpu: *a%d}}", "args: *a%d"} {
		t.Run(use, func(t *testing.T) {
			e := decodeFails(t, billionLaughs(9, use))
			// Anchor a4 would hold 9^5 = 59049 strings: its first alias of a3 stops it.
			assert.Equal(t, `line 10, column 14: alias *a3 takes this document past 10000 values; kubeloop accepts at most 10000 values per document, counting the values aliases repeat`, e.Error())
		})
	}
	// A few aliases of small anchors are fine.
	_, err := Decode("apiVersion: v1\nkind: Pod\nmetadata:\n  name: a\n  labels: &l {app: web}\n  annotations: *l\n" +
		"spec:\n  containers:\n  - {name: a, image: nginx, args: &args [a, b]}\n  - {name: b, image: nginx, args: *args}\n")
	assert.NoError(t, err)
}

func TestRefusesTooManyValues(t *testing.T) {
	var b strings.Builder
	b.WriteString("apiVersion: v1\nkind: Pod\nmetadata:\n  name: a\n  <<:\n")
	b.WriteString("  - {x: &a0 [" + strings.Repeat("x, ", 6000) + "x]}\n")
	b.WriteString("spec:\n  containers:\n  - {name: a, image: nginx, args: *a0}\n")
	e := decodeFails(t, b.String())
	assert.Equal(t, `line 9, column 35: alias *a0 takes this document past 10000 values; kubeloop accepts at most 10000 values per document, counting the values aliases repeat`, e.Error())

	text := "apiVersion: v1\nkind: Pod\nmetadata:\n  name: a\nspec:\n  containers:\n  - name: a\n    image: nginx\n    args:\n" +
		strings.Repeat("    - x\n", 10100)
	e = decodeFails(t, text)
	assert.Equal(t, "line 9996, column 7: this document holds more than 10000 values (keys and scalars); kubeloop accepts at most 10000 per document", e.Error())
}

func TestRefusesTooManyKeysInOneMap(t *testing.T) {
	var b strings.Builder
	b.WriteString("apiVersion: v1\nkind: Namespace\nmetadata:\n  name: a\n  labels:\n")
	for i := range MaxMapKeys + 1 {
		fmt.Fprintf(&b, "    k%d: v\n", i)
	}
	e := decodeFails(t, b.String())
	assert.Equal(t, "line 1006, column 5: this map has more than 1000 keys; kubeloop accepts at most 1000 keys in one map", e.Error())

	flow := "apiVersion: v1\nkind: Namespace\nmetadata: {name: a, labels: {"
	for i := range MaxMapKeys + 1 {
		flow += fmt.Sprintf("k%d: v, ", i)
	}
	e = decodeFails(t, flow+"}}\n")
	assert.Contains(t, e.Message, "this map has more than 1000 keys")
}

func TestRefusesAliasesRepeatingMoreThanOneMiB(t *testing.T) {
	long := strings.Repeat("x", 100_000)
	text := "apiVersion: v1\nkind: Pod\nmetadata:\n  name: a\n  annotations: {a: &s " + long + "}\n" +
		"spec:\n  containers:\n  - name: a\n    image: nginx\n    args: [" + strings.Repeat("*s, ", 10) + "*s]\n"
	e := decodeFails(t, text)
	assert.Equal(t, 10, e.Line)
	assert.Equal(t, "alias *s takes the text aliases repeat in this document past 1 MiB; kubeloop accepts at most 1 MiB of repeated text per document", e.Message)
}

func TestRefusesDeepNesting(t *testing.T) {
	head := "apiVersion: v1\nkind: Pod\nmetadata:\n  name: a\nspec:\n  containers:\n  - name: a\n    image: nginx\n"
	deepMsg := "lists and maps are nested more than 64 levels deep here; kubeloop accepts at most 64 levels"
	for name, tc := range map[string]struct {
		text      string
		line, col int
	}{
		"flow lists":  {head + "    args: " + strings.Repeat("[", 100) + strings.Repeat("]", 100) + "\n", 9, 71},
		"flow maps":   {head + "    args: " + strings.Repeat("{a: ", 100) + strings.Repeat("}", 100) + "\n", 9, 251},
		"block lists": {head + "    args:\n    " + strings.Repeat("- ", 100) + "x\n", 10, 125},
		"unclosed":    {head + "    args: " + strings.Repeat("[", MaxBytes/2), 9, 71},
	} {
		t.Run(name, func(t *testing.T) {
			e := decodeFails(t, tc.text)
			assert.Equal(t, deepMsg, e.Message)
			assert.Equal(t, [2]int{tc.line, tc.col}, [2]int{e.Line, e.Column})
		})
	}
	t.Run("indented maps", func(t *testing.T) {
		var b strings.Builder
		b.WriteString("apiVersion: v1\nkind: Pod\nmetadata:\n  name: a\n")
		for i := range 70 {
			fmt.Fprintf(&b, "%sk%d:\n", strings.Repeat(" ", i), i)
		}
		e := decodeFails(t, b.String())
		assert.Equal(t, deepMsg, e.Message)
		assert.Equal(t, 5+64, e.Line)
	})
	t.Run("through aliases", func(t *testing.T) {
		var b strings.Builder
		b.WriteString("apiVersion: v1\nkind: Pod\nmetadata:\n  name: a\n  <<:\n  - {x: &a0 [x]}\n")
		for i := 1; i < 40; i++ {
			fmt.Fprintf(&b, "  - {x: &a%d [[*a%d]]}\n", i, i-1)
		}
		e := decodeFails(t, b.String())
		assert.Contains(t, e.Message, "nests lists and maps more than 64 levels deep here")
	})
	// A manifest at a lesson's depth is fine.
	_, err := Decode(head + "    args: " + strings.Repeat("[", 40) + strings.Repeat("]", 40) + "\n")
	require.Error(t, err)
	assert.NotContains(t, err.Error(), "levels")
}

// BenchmarkHostileInput measures Decode on the inputs the limits stop:
// each must return in milliseconds, not hang the page.
func BenchmarkHostileInput(b *testing.B) {
	var docs strings.Builder
	for i := range MaxDocuments + 1 {
		fmt.Fprintf(&docs, "---\n"+nsDoc, i)
	}
	var flat, wide strings.Builder
	flat.WriteString("apiVersion: v1\nkind: Namespace\nmetadata:\n  name: a\n  labels:\n")
	for i := 0; flat.Len() < MaxBytes-100; i++ {
		fmt.Fprintf(&flat, "    k%d: v\n", i)
	}
	// The most a document may hold: five maps of 999 keys.
	wide.WriteString("apiVersion: v1\nkind: Namespace\nmetadata:\n  name: a\n  labels:\n")
	for i := range 5 {
		fmt.Fprintf(&wide, "    m%d:\n", i)
		for j := range MaxMapKeys - 1 {
			fmt.Fprintf(&wide, "      k%d: v\n", j)
		}
	}
	for _, bc := range []struct{ name, text string }{
		{"billion-laughs-9", billionLaughs(9, "args: *a%d")},
		{"deep-flow-512KiB", "a: " + strings.Repeat("[", MaxBytes/2)},
		{"deep-block-512KiB", "a:\n" + strings.Repeat("- ", MaxBytes/4) + "x\n"},
		{"empty-docs-1MiB", strings.Repeat("---\n", MaxBytes/4)},
		{"1001-documents", docs.String()},
		{"flat-map-1MiB", flat.String()},
		{"5-maps-of-999-keys", wide.String()},
		{"over-1MiB", strings.Repeat("#", MaxBytes+1)},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.SetBytes(int64(len(bc.text)))
			for b.Loop() {
				_, _ = Decode(bc.text)
			}
		})
	}
}

// TestDeepBracketsAreRefusedWithoutReadingThemAll: a long line of nested
// brackets is refused at the same place as a short one, having read only
// the brackets up to the limit (the scanner would read every one first).
func TestDeepBracketsAreRefusedWithoutReadingThemAll(t *testing.T) {
	head := "apiVersion: v1\nkind: Pod\nmetadata:\n  name: a\nspec:\n  containers:\n  - name: a\n    image: nginx\n"
	short := decodeFails(t, head+"    args: "+strings.Repeat("[", 100)+strings.Repeat("]", 100)+"\n")
	long := head + "    args: " + strings.Repeat("[", MaxBytes/4) + strings.Repeat("]", MaxBytes/4) + "\n"
	end, deep := flowTooDeep(long)
	require.True(t, deep)
	assert.Less(t, end, len(head)+100, "the hint stops at the bracket past the limit")
	assert.Equal(t, *short, *decodeFails(t, long))
	e := decodeFails(t, strings.Repeat("{", MaxBytes-1))
	assert.Equal(t, [2]int{1, MaxDepth + 1}, [2]int{e.Line, e.Column})
}

// TestBracketsInTextAreNotNesting: brackets in quoted strings, comments,
// plain scalars and block scalars are text, not nesting; the hint does not
// count them (and where it would, the tokenizer reads the whole text).
func TestBracketsInTextAreNotNesting(t *testing.T) {
	deep := strings.Repeat("[", 80)
	for name, text := range map[string]string{
		"double quoted":  "a: \"" + deep + "\"\n",
		"single quoted":  "a: '" + deep + "'\n",
		"in flow quote":  "a: [\"" + deep + "\", 'it''s " + deep + "']\n",
		"comment":        "a: 1 # " + deep + "\n",
		"plain scalar":   "a: x" + deep + "\n",
		"block scalar":   "a: |\n  " + deep + "\n  " + deep + "\nb: 1\n",
		"folded in list": "- >-\n  " + deep + "\n",
	} {
		t.Run(name, func(t *testing.T) {
			_, isDeep := flowTooDeep(text)
			assert.False(t, isDeep)
			_, err := ToJSON(text)
			assert.NoError(t, err)
		})
	}
	// After a block scalar ends, brackets count again.
	_, isDeep := flowTooDeep("a: |\n  x\nb: " + deep)
	assert.True(t, isDeep)
}
