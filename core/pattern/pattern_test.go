package pattern

import (
	"errors"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Realistic kubectl output for the lesson patterns.
const (
	podWide = "NAME    READY   STATUS    RESTARTS   AGE   IP           NODE     NOMINATED NODE   READINESS GATES\n" +
		"nginx   1/1     Running   0          5s    10.244.1.2   node-1   <none>           <none>\n"
	podWidePending = "NAME    READY   STATUS    RESTARTS   AGE   IP       NODE     NOMINATED NODE   READINESS GATES\n" +
		"nginx   0/1     Pending   0          5s    <none>   <none>   <none>           <none>\n"
	podPull    = "NAME         READY   STATUS         RESTARTS   AGE\nnginx-typo   0/1     ErrImagePull   0          3s\n"
	podBackOff = "NAME         READY   STATUS             RESTARTS   AGE\nnginx-typo   0/1     ImagePullBackOff   0          40s\n"
	podCreate  = "NAME         READY   STATUS              RESTARTS   AGE\nnginx-typo   0/1     ContainerCreating   0          1s\n"
	revisions  = "NAME                               CONTROLLER                             REVISION   AGE\n" +
		"fluentd-elasticsearch-6d4b8c9f7    daemonset.apps/fluentd-elasticsearch   1          2m\n" +
		"fluentd-elasticsearch-7f9c5d8b6    daemonset.apps/fluentd-elasticsearch   2          10s\n"
	revisionOne = "NAME                               CONTROLLER                             REVISION   AGE\n" +
		"fluentd-elasticsearch-6d4b8c9f7    daemonset.apps/fluentd-elasticsearch   1          2m\n"
	cronEvery  = "NAME    SCHEDULE      TIMEZONE   SUSPEND   ACTIVE   LAST SCHEDULE   AGE\nhello   */1 * * * *   <none>     False     0        <none>          5s\n"
	cronFive   = "NAME    SCHEDULE      TIMEZONE   SUSPEND   ACTIVE   LAST SCHEDULE   AGE\nhello   */5 * * * *   <none>     False     0        <none>          5s\n"
	jobsDone   = "NAME            STATUS     COMPLETIONS   DURATION   AGE\nslow-28901234   Complete   1/1           12s        1m\n"
	jobsRun    = "NAME            STATUS    COMPLETIONS   DURATION   AGE\nslow-28901234   Running   0/1           12s        12s\n"
	rsScaled   = "NAME             DESIRED   CURRENT   READY   AGE\nweb-5d8f7c6b9d   0         0         0       2m\nweb-7c9f8d5b6    3         3         3       1m\n"
	rsOld      = "NAME             DESIRED   CURRENT   READY   AGE\nweb-5d8f7c6b9d   1         1         1       2m\nweb-7c9f8d5b6    3         3         3       1m\n"
	rsIndented = "  web-5d8f7c6b9d   0         0         0       2m\n"
)

var patternCases = []struct {
	expr, text string
	want       bool
}{
	// The lessons' patterns on what kubectl prints.
	{`Running\s.*node-\d`, podWide, true},
	{`Running\s.*node-\d`, podWidePending, false},
	{`Running\s.*node-\d`, "nginx   1/1     Running   0   5s   10.244.1.2   node-x", false},
	{`ErrImagePull|ImagePullBackOff`, podPull, true},
	{`ErrImagePull|ImagePullBackOff`, podBackOff, true},
	{`ErrImagePull|ImagePullBackOff`, podCreate, false},
	{`daemonset.apps/fluentd-elasticsearch +2`, revisions, true},
	{`daemonset.apps/fluentd-elasticsearch +2`, revisionOne, false},
	{`hello +\*/1 \* \* \* \*`, cronEvery, true},
	{`hello +\*/1 \* \* \* \*`, cronFive, false},
	{`slow-[0-9]+ +Complete`, jobsDone, true},
	{`slow-[0-9]+ +Complete`, jobsRun, false},
	{`(?m)^web-\S+ +0 +0`, rsScaled, true},
	{`(?m)^web-\S+ +0 +0`, rsOld, false},
	{`(?m)^web-\S+ +0 +0`, rsIndented, false},
	{`^web-\S+ +0 +0`, rsScaled, false}, // without (?m), ^ is the text's start

	// Literals, runes and dot.
	{``, ``, true},
	{``, `abc`, true},
	{`abc`, `xxabcxx`, true},
	{`abc`, `ab`, false},
	{`控制`, `控制循环`, true},
	{`a.c`, `a控c`, true},
	{`a.c`, "a\nc", false},
	{`(?s)a.c`, "a\nc", true},
	{`a.c`, "a\xffc", true}, // an invalid byte is one rune, U+FFFD
	{"a\uFFFDc", "a\xffc", true},
	{`..`, "\xe6\x8e", true}, // two invalid bytes: two runes

	// Anchors.
	{`^a`, `ab`, true},
	{`^b`, `ab`, false},
	{`b$`, `ab`, true},
	{`a$`, "a\n", false}, // $ is the end of text, not before a final newline
	{`(?m)a$`, "a\nb", true},
	{`(?m)^b`, "a\nb", true},
	{`^b`, "a\nb", false},
	{`(?m)^$`, "a\n", true},
	{`(?m)^$`, "a", false},
	{`\Aa`, "b\na", false},
	{`(?m)\Aa`, "b\na", false},
	{`a\z`, "a\n", false},
	{`(?m)a\z`, "a\nb", false},
	{`^$`, ``, true},
	{`^*a`, `a`, true},

	// Perl classes and word boundaries, ASCII as in Go.
	{`\d+`, `pod-12`, true},
	{`\d`, `٣`, false}, // Arabic-Indic three is not \d
	{`^\D+$`, `abc`, true},
	{`\s`, "a\tb", true},
	{`\s`, "a\vb", false}, // \v is not \s in Go
	{`^\S+$`, "a-b", true},
	{`\w`, `_`, true},
	{`\w`, `é`, false},
	{`^\W$`, `é`, true},
	{`\bnode\b`, `a node here`, true},
	{`\bnode\b`, `nodes`, false},
	{`\bnode\b`, `node_1`, false},
	{`\bnode\b`, `node-1`, true},
	{`\Bode`, `node`, true},
	{`\Bnode`, `node`, false},
	{`\b`, ``, false},
	{`\B`, ``, true},
	{`é\b`, `é`, false}, // é is not a word character

	// Escapes.
	{`\.`, `a.b`, true},
	{`\.`, `ab`, false},
	{`a\*`, `a*`, true},
	{`a\*`, `aa`, false},
	{`\/\-\_\{\}\[\]\(\)\|\^\$\+\?\\`, `/-_{}[]()|^$+?\`, true},
	{`\t\n\r\f\v\a`, "\t\n\r\f\v\a", true},
	{`\ `, `a b`, true},

	// Classes.
	{`[a-c]`, `b`, true},
	{`[a-c]`, `d`, false},
	{`[^a-c]`, `b`, false},
	{`[^a]`, "\n", true}, // a negated class matches a newline, as in Go
	{`[-a]`, `-`, true},
	{`[a-]`, `-`, true},
	{`[a-c-e]`, `-`, true},
	{`[a-c-e]`, `d`, false},
	{`[]a]`, `]`, true},
	{`[^]a]`, `]`, false},
	{`[\d]`, `7`, true},
	{`[\d-z]`, `-`, true},
	{`[^\d]`, `7`, false},
	{`[\D]`, `x`, true},
	{`[\s\w]`, ` `, true},
	{`[^\s\w]`, `-`, true},
	{`[\]\-\\]`, `\`, true},
	{`[.]`, `a`, false},
	{`[α-ω]`, `λ`, true},
	{`[[]`, `[`, true},
	{`[a[:]`, `:`, true}, // "[:" without ":]" later is no POSIX class
	{`[\n]`, "\n", true},

	// Groups, alternation and repetition.
	{`(ab)+c`, `ababc`, true},
	{`(?:ab)+c`, `abac`, false},
	{`a(b|c)d`, `acd`, true},
	{`a(b|c)d`, `aed`, false},
	{`a|`, `zzz`, true},
	{`|a`, ``, true},
	{`()`, ``, true},
	{`(|)`, `x`, true},
	{`ab*c`, `ac`, true},
	{`ab+c`, `ac`, false},
	{`ab?c`, `abc`, true},
	{`ab?c`, `abbc`, false},
	{`a{2}`, `a a`, false},
	{`a{2}`, `xaa`, true},
	{`^a{2,}$`, `aaaa`, true},
	{`^a{2,3}$`, `aaaa`, false},
	{`^a{0}$`, ``, true},
	{`^a{0,1}b$`, `b`, true},
	{`^(?:ab){1,2}$`, `ababab`, false},
	{`a*?b`, `aab`, true},
	{`a+?b`, `b`, false},
	{`a??b`, `ab`, true},
	{`^a{1,2}?$`, `aa`, true},
	{`^a{2}?$`, `aa`, true},
	{`a{,2}`, `a{,2}`, true}, // not a count: literal text, as in Go
	{`a{01}`, `a{01}`, true}, // nor with a leading zero
	{`a{01}`, `a`, false},
	{`a{`, `a{`, true},
	{`a{1`, `a{1`, true},
	{`x{2}{`, `xx{`, true},
	{`^a(?i)*$`, `AAA`, false}, // the * applies to the a before the flags, as in Go
	{`^a(?i)*$`, `aaa`, true},
	{`^a*(?i)*$`, `aaa`, true},
	{`(a*)*b`, `aaab`, true},
	{`(a*)+$`, `b`, true},
	{`(|a)*b`, `b`, true},
	{`(^|x)*y`, `y`, true},

	// Flags.
	{`(?i)running`, `RUNNING`, true},
	{`running`, `RUNNING`, false},
	{`(?i)[a-c]`, `B`, true},
	{`(?i)[^a-c]`, `B`, false},
	{`(?i)k`, "\u212a", true}, // the Kelvin sign folds to k, as in Go
	{`(?i)s`, "\u017f", true}, // long s
	{`(?i)\w`, "\u017f", true},
	{`(?i)\W`, "\u017f", false},
	{`(?i)é`, `É`, true},
	{`(?i)σ`, `ς`, true},
	{`(?i)\d`, `x`, false},
	{`(?i:a)b`, `Ab`, true},
	{`(?i:a)b`, `AB`, false},
	{`(?i)a(?-i)b`, `Ab`, true},
	{`(?i)a(?-i)b`, `AB`, false},
	{`(a(?i)b)c`, `aBc`, true},
	{`(a(?i)b)c`, `aBC`, false}, // a flag ends with its group
	{`a(?i)b|c`, `C`, true},     // … and lasts across |
	{`(?ms)^a.b$`, "x\na\nb\ny", true},
	{`(?m-s)^a.b$`, "x\na\nb\ny", false},
	{`(?s-m)^a.b$`, "x\na\nb\ny", false},
	{`(?U)a+`, `a`, true},
	{`(?)a`, `a`, true},
	{`(?:)`, ``, true},
	{`(?i)(?s:.)`, "\n", true},
}

// TestPatternMatches checks each case against Go's regexp too, so the
// table itself cannot be wrong.
func TestPatternMatches(t *testing.T) {
	for _, tc := range patternCases {
		p, err := Compile(tc.expr)
		require.NoError(t, err, tc.expr)
		assert.Equal(t, tc.want, p.MatchString(tc.text), "%q on %q", tc.expr, tc.text)
		assert.Equal(t, tc.want, regexp.MustCompile(tc.expr).MatchString(tc.text), "regexp: %q on %q", tc.expr, tc.text)
	}
}

func TestPatternErrors(t *testing.T) {
	tests := []struct {
		expr, msg string
		offset    int
		kind      patternErrorKind
	}{
		{`(`, `missing closing )`, 1, errSyntax},
		{`(a|(b)`, `missing closing )`, 6, errSyntax},
		{`(?i:a`, `missing closing )`, 5, errSyntax},
		{`a)`, `unexpected )`, 1, errSyntax},
		{`[a`, `missing closing ]`, 2, errSyntax},
		{`[]`, `missing closing ]`, 2, errSyntax},
		{`[^]`, `missing closing ]`, 3, errSyntax},
		{`[a-`, `missing closing ]`, 3, errSyntax},
		{`[b-a]`, `invalid character class range b-a`, 1, errSyntax},
		{`[a--]`, `invalid character class range a--`, 1, errSyntax},
		{`[a-\d]`, `invalid escape sequence \d`, 3, errSyntax},
		{`*a`, `missing argument to repetition operator *`, 0, errSyntax},
		{`a|+`, `missing argument to repetition operator +`, 2, errSyntax},
		{`(?i)?`, `missing argument to repetition operator ?`, 4, errSyntax},
		{`(*)`, `missing argument`, 1, errSyntax},
		{`{2}`, `missing argument to repetition operator {2}`, 0, errSyntax},
		{`a**`, `invalid nested repetition operator *`, 2, errSyntax},
		{`a*??`, `invalid nested repetition operator ?`, 3, errSyntax},
		{`a{2}{3}`, `invalid nested repetition operator {3}`, 4, errSyntax},
		{`a{2}*`, `invalid nested repetition operator *`, 4, errSyntax},
		{`a{1001}`, `invalid repeat count {1001}`, 1, errSyntax},
		{`a{2,1}`, `invalid repeat count {2,1}`, 1, errSyntax},
		{`a{99999999999}`, `invalid repeat count`, 1, errSyntax},
		{`(a{100}){11}`, `invalid repeat count {11}: nested counts multiply`, 8, errSyntax},
		{`((a{10}){10}b){11}`, `nested counts multiply`, 14, errSyntax},
		{`\q`, `invalid escape sequence \q`, 0, errSyntax},
		{`\Z`, `invalid escape sequence \Z`, 0, errSyntax},
		{`\C`, `invalid escape sequence \C`, 0, errSyntax},
		{`[\b]`, `invalid escape sequence \b`, 1, errSyntax},
		{`\é`, `invalid escape sequence \é`, 0, errSyntax},
		{`\1`, `backreferences are not RE2`, 0, errSyntax},
		{`(a)\9`, `backreferences are not RE2`, 3, errSyntax},
		{`\18`, `backreferences are not RE2`, 0, errSyntax},
		{`a\`, `trailing backslash`, 1, errSyntax},
		{`[a\`, `trailing backslash`, 2, errSyntax},
		{`(?=a)`, `invalid or unsupported Perl syntax (?=`, 2, errSyntax},
		{`(?!a)`, `invalid or unsupported Perl syntax`, 2, errSyntax},
		{`(?i-)a`, `invalid or unsupported Perl syntax (?i-)`, 4, errSyntax},
		{`(?-)a`, `invalid or unsupported Perl syntax`, 3, errSyntax},
		{`(?i-m-s)`, `invalid or unsupported Perl syntax`, 5, errSyntax},
		{`(?`, `missing closing )`, 2, errSyntax},
		{`(?i`, `missing closing )`, 3, errSyntax},
		{`(?P=n)`, `invalid or unsupported Perl syntax`, 2, errSyntax},
		{"a\xffb", `invalid UTF-8`, 1, errSyntax},
		// Go accepts these; lessons do not need them.
		{`\pL`, `Unicode classes (\p) are not supported`, 0, errUnsupported},
		{`\P{Greek}`, `Unicode classes (\P)`, 0, errUnsupported},
		{`[\p{Han}]`, `Unicode classes`, 1, errUnsupported},
		{`[[:alpha:]]`, `POSIX classes like [:alpha:] are not supported`, 1, errUnsupported},
		{`\Q*\E`, `\Q...\E is not supported`, 0, errUnsupported},
		{`\x41`, `hex escapes`, 0, errUnsupported},
		{`[\x{41}]`, `hex escapes`, 1, errUnsupported},
		{`\0`, `octal escapes`, 0, errUnsupported},
		{`\12`, `octal escapes`, 0, errUnsupported},
		{`(?P<name>a)`, `named groups are not supported`, 0, errUnsupported},
		{`(?<name>a)`, `named groups are not supported`, 0, errUnsupported},
		{strings.Repeat("a", maxPatternLen+1), `longer than 1000 bytes`, maxPatternLen, errUnsupported},
		{`(?:` + strings.Repeat("abcdefghij", 10) + `){1000}`, `too large: expands to 100001 instructions`, 0, errTooLarge},
	}
	for _, tt := range tests {
		_, err := Compile(tt.expr)
		require.Error(t, err, tt.expr)
		var pe *patternError
		require.True(t, errors.As(err, &pe), "%q: %v", tt.expr, err)
		assert.Contains(t, err.Error(), tt.msg, tt.expr)
		assert.Equal(t, tt.offset, pe.Offset, "%q: %v", tt.expr, err)
		assert.Equal(t, tt.kind, pe.Kind, "%q: %v", tt.expr, err)
		// Syntax errors are Go's too; the rest is RE2 that Go accepts.
		_, goErr := regexp.Compile(tt.expr)
		assert.Equal(t, tt.kind == errSyntax, goErr != nil, "%q: regexp says %v", tt.expr, goErr)
	}
	_, err := Compile("(")
	assert.EqualError(t, err, `pattern "(": missing closing ): at offset 1`)
}

// TestPatternHasNoBlowUp runs patterns that make a backtracking matcher
// take exponential time. A Pike VM needs no budget: each finishes at once.
func TestPatternHasNoBlowUp(t *testing.T) {
	for _, text := range []string{strings.Repeat("a", 30), strings.Repeat("a", 10_000)} {
		for _, expr := range []string{`(a*)*b`, `(a|a)*c`, `(a|aa)+$b`, `(?:a+)+b`, `(x+x+)+y`, `(a?){30}a{30}b`, `^(\w+\s?)*$x`} {
			p, err := Compile(expr)
			require.NoError(t, err, expr)
			assert.False(t, p.MatchString(text), expr)
		}
		p, err := Compile(`(a|a)*a$`)
		require.NoError(t, err)
		assert.True(t, p.MatchString(text))
	}
}

// The differential tests' alphabet: what the random patterns use, and
// runes that fold (K, the Kelvin sign, ſ), one of several bytes, and an
// invalid byte.
var textAlphabet = []string{"a", "b", "A", "B", "-", ".", " ", "\n", "0", "1", "_", "é", "k", "K", "\u212a", "\u017f", "\xff"}

func randomText(r *rand.Rand) string {
	var b strings.Builder
	for range r.IntN(9) {
		b.WriteString(textAlphabet[r.IntN(len(textAlphabet))])
	}
	return b.String()
}

// randomPattern writes a pattern from the supported syntax. Some do not
// compile (a quantifier after a flag group with nothing before it, a class
// range backwards); then regexp and Compile must both reject them.
func randomPattern(r *rand.Rand, depth int) string {
	var b strings.Builder
	writeAlt(&b, r, depth)
	return b.String()
}

func writeAlt(b *strings.Builder, r *rand.Rand, depth int) {
	for i := range 1 + r.IntN(3)*r.IntN(2) {
		if i > 0 {
			b.WriteByte('|')
		}
		for range r.IntN(4) {
			writeAtom(b, r, depth)
			if r.IntN(3) == 0 {
				b.WriteString(pickOne(r, "*", "+", "?", "{0}", "{1}", "{2}", "{0,}", "{2,}", "{1,2}", "{0,3}", "{3,1}", "{01}"))
				if r.IntN(4) == 0 {
					b.WriteByte('?')
				}
			}
		}
	}
}

func writeAtom(b *strings.Builder, r *rand.Rand, depth int) {
	switch k := r.IntN(12); {
	case k < 4:
		b.WriteString(pickOne(r, "a", "b", "A", "k", "-", " ", "0", "1", "é", "\n", `\.`, `\-`, `\n`, `\ `, `{`, `}`, `]`, `\*`))
	case k == 4:
		b.WriteByte('.')
	case k == 5:
		b.WriteString(pickOne(r, `\d`, `\D`, `\s`, `\S`, `\w`, `\W`))
	case k == 6:
		b.WriteString(pickOne(r, `^`, `$`, `\A`, `\z`, `\b`, `\B`))
	case k == 7:
		b.WriteString(pickOne(r, "(?i)", "(?m)", "(?s)", "(?ms)", "(?-i)", "(?i-s)", "(?U)", "(?-U)", "(?)"))
	case k <= 9:
		b.WriteByte('[')
		if r.IntN(3) == 0 {
			b.WriteByte('^')
		}
		for range 1 + r.IntN(3) {
			b.WriteString(pickOne(r, "a", "b", "A", "-", ".", " ", "0", "\n", "é", "]", "k", "a-b", "0-9", "A-b", "b-a", "a-z", `\d`, `\s`, `\w`, `\W`, `\S`, `\-`, `\]`, `\n`, `\\`, "^"))
		}
		b.WriteByte(']')
	default:
		if depth <= 0 {
			b.WriteByte('a')
			return
		}
		b.WriteString(pickOne(r, "(", "(", "(?:", "(?i:", "(?s:", "(?m:", "(?-i:"))
		writeAlt(b, r, depth-1)
		b.WriteByte(')')
	}
}

func pickOne(r *rand.Rand, choices ...string) string { return choices[r.IntN(len(choices))] }

// randomTokens glues tokens into mostly broken patterns, for the
// rejections to agree as well as the matches.
func randomTokens(r *rand.Rand) string {
	tokens := []string{"a", "b", "(", ")", "(?:", "(?i)", "(?", "(?i-", "[", "]", "[^", "^", "$", "*", "+", "?",
		"{2}", "{1,}", "{,1}", "{2,1}", "{1001}", "{0", "|", `\`, `\d`, `\b`, `\q`, `\pL`, "-", ".", "(?P<n>",
		`\1`, `\x41`, "[:alpha:]", "{", "}", "\xff", "é", `\Q`, "(?=", ":]"}
	var b strings.Builder
	for range 1 + r.IntN(6) {
		b.WriteString(tokens[r.IntN(len(tokens))])
	}
	return b.String()
}

// outsideSubset reports, conservatively, syntax Go accepts and
// Compile need not: \p \P \Q \x, octal, [:name:], named groups, and
// patterns over the length limit.
func outsideSubset(expr string) bool {
	if len(expr) > maxPatternLen {
		return true
	}
	for i := 0; i+1 < len(expr); i++ {
		if expr[i] == '\\' {
			if c := expr[i+1]; strings.IndexByte("pPQx", c) >= 0 || c >= '0' && c <= '9' {
				return true
			}
			i++
		}
	}
	return strings.Contains(expr, "[:") || strings.Contains(expr, "(?P<") || strings.Contains(expr, "(?<")
}

// checkAgainstRegexp is the differential check: what Go rejects,
// Compile rejects; what Go accepts in the subset, Compile
// accepts; and where both compile, they agree on every text.
func checkAgainstRegexp(t testing.TB, expr string, texts ...string) (compiled bool) {
	t.Helper()
	re, goErr := regexp.Compile(expr)
	p, err := Compile(expr)
	if goErr != nil {
		if err == nil {
			t.Fatalf("regexp rejects %q (%v), Compile accepts it", expr, goErr)
		}
		return false // for the first problem found, which may be another
	}
	if err != nil {
		var pe *patternError
		require.True(t, errors.As(err, &pe), "%q: %v", expr, err)
		if pe.Kind == errSyntax {
			t.Fatalf("regexp compiles %q, Compile calls it a syntax error: %v", expr, err)
		}
		if outsideSubset(expr) || pe.Kind == errTooLarge {
			return false
		}
		t.Fatalf("regexp compiles %q, Compile does not: %v", expr, err)
	}
	for _, text := range texts {
		if got, want := p.MatchString(text), re.MatchString(text); got != want {
			t.Fatalf("%q on %q: Compile says %v, regexp %v", expr, text, got, want)
		}
	}
	return true
}

var handWrittenPatterns = []string{
	`a`, `ab`, `a|b`, `a*`, `a+b`, `(a|b)*`, `^a`, `a$`, `^$`, `^`, `$`, `(?m)^a$`, `(?m)^$`, `(?s).`, `.`,
	`..`, `\.`, `[ab]`, `[^ab]`, `[a-]`, `[-a]`, `[]a]`, `[^]a]`, `[\d\s]`, `[^\w]`, `\d+`, `\D`, `\s\S`,
	`\w\W`, `\bb`, `a\b`, `\B`, `\Aa`, `a\z`, `(?i)a`, `(?i)[a-b]`, `(?i)k`, `(?i)\W`, `(?i)[^k]`,
	`a{2}`, `a{1,}`, `a{0,2}b`, `(ab){2,3}`, `(a*)*`, `(a|)+b`, `(?:a|b|)c`, `a*?`, `a+?b`, `a??`,
	`a{1,2}?`, `(?i:a)A`, `(?i)a(?-i)a`, `(a(?i)a)a`, `a(?i)*`, `^*$`, `\b*a`, `(?U)a+?`, `(?-U)a`, `(?i-U:a)`, `x{2}{`,
	`a{,2}`, `[.-]+`, `-\-`, "\n", `\n`, "a\nb", `é`, `[é-ë]`, `(?i)É`, `[\n-\n]`, `\ `,
	`(?m)$\n^`, `(?m)a$|^b`, `(?s)^.*$`, `(|a)*`, `()+`, `(?:)*`,
}

func TestPatternAgreesWithRegexp(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	texts := make([]string, 60)
	for i := range texts {
		texts[i] = randomText(r)
	}
	for _, expr := range handWrittenPatterns {
		assert.True(t, checkAgainstRegexp(t, expr, texts...), "%q should compile", expr)
	}
	compiled, rejected := 0, 0
	for range 4000 {
		if checkAgainstRegexp(t, randomPattern(r, 3), texts...) {
			compiled++
		} else {
			rejected++
		}
	}
	t.Logf("random patterns: %d compiled and agreed, %d rejected by both", compiled, rejected)
	assert.Greater(t, compiled, 3000)
	assert.Greater(t, rejected, 50)
	agreedOnBroken := 0
	for range 4000 {
		if checkAgainstRegexp(t, randomTokens(r), texts...) {
			agreedOnBroken++
		}
	}
	assert.Greater(t, agreedOnBroken, 100)
}

func FuzzPatternAgreesWithRegexp(f *testing.F) {
	for _, tc := range patternCases {
		f.Add(tc.expr, tc.text)
	}
	for _, expr := range handWrittenPatterns {
		f.Add(expr, "ab\nAB-. 01_é")
	}
	f.Fuzz(func(t *testing.T, expr, text string) {
		checkAgainstRegexp(t, expr, text, "", text+"\n", "\n"+text)
	})
}
