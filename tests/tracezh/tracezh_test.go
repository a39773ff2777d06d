// Package tracezh checks the reconcile trace's Chinese catalog
// (site/data/trace.zh-cn.json): every format a controller records has its
// Chinese, and every line the course's scenarios record translates wholly.
package tracezh

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/controllers"
	"github.com/kubeloop/kubeloop/core/cluster"
	"github.com/kubeloop/kubeloop/core/textcat"
	"github.com/kubeloop/kubeloop/core/transcript"
)

const catalogPath = "../../site/data/trace.zh-cn.json"

func loadCatalog(t *testing.T) (*textcat.Catalog, map[string]string) {
	t.Helper()
	data, err := os.ReadFile(catalogPath)
	require.NoError(t, err)
	c, err := textcat.Parse(data)
	require.NoError(t, err)
	f, err := textcat.ParseFile(data)
	require.NoError(t, err)
	return c, f.Formats
}

// detailArg is the position of the free-text argument of the Context
// methods that record trace text: the format, or an action's detail.
var detailArg = map[string]int{
	"Observe": 0, "ObserveText": 0, "Diff": 0, "Why": 0,
	"Create": 1, "CreateOwned": 1, "Update": 1, "UpdateStatus": 1, "UpdateStatusOwned": 1,
	"Delete": 2,
}

// traceFormats walks the trace's writers (controllers/, the controller
// runtime and the cluster's own reconcilers) for the formats they record:
// a literal format or detail, a fmt.Sprintf of a literal, "literal "+x as
// "literal %s", and the runner's Results.
func traceFormats(t *testing.T) map[string]string {
	t.Helper()
	found := map[string]string{}
	fset := token.NewFileSet()
	for _, root := range []string{"../../controllers", "../../core/controller", "../../core/cluster"} {
		err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return err
			}
			f, err := parser.ParseFile(fset, path, nil, 0)
			if err != nil {
				return err
			}
			ast.Inspect(f, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.CallExpr:
					sel, ok := n.Fun.(*ast.SelectorExpr)
					if !ok {
						return true
					}
					if i, ok := detailArg[sel.Sel.Name]; ok && len(n.Args) > i {
						if s, ok := formatOf(n.Args[i]); ok {
							found[s] = fset.Position(n.Pos()).String()
						}
					}
				case *ast.AssignStmt:
					if sel, ok := n.Lhs[0].(*ast.SelectorExpr); ok && sel.Sel.Name == "Result" && len(n.Rhs) == 1 {
						if s, ok := formatOf(n.Rhs[0]); ok {
							found[s] = fset.Position(n.Pos()).String()
						}
					}
				}
				return true
			})
			return nil
		})
		require.NoError(t, err)
	}
	return found
}

// formatOf is the format an expression records, when it is written out.
func formatOf(e ast.Expr) (string, bool) {
	switch e := e.(type) {
	case *ast.BasicLit:
		if e.Kind == token.STRING {
			s, err := strconv.Unquote(e.Value)
			return s, err == nil
		}
	case *ast.CallExpr:
		if sel, ok := e.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "Sprintf" && len(e.Args) > 0 {
			return formatOf(e.Args[0])
		}
	case *ast.BinaryExpr:
		if e.Op == token.ADD {
			if s, ok := formatOf(e.X); ok && !strings.Contains(s, "%") {
				if r, ok := formatOf(e.Y); ok {
					return s + r, true
				}
				return s + "%s", true
			}
		}
	}
	return "", false
}

func TestEveryTraceFormatHasChinese(t *testing.T) {
	_, formats := loadCatalog(t)
	found := traceFormats(t)
	require.Greater(t, len(found), 300, "the walk finds the controllers' formats")
	var missing []string
	for s, where := range found {
		if !hasLetter(s) || strings.HasPrefix(s, "kube-") {
			continue // "%s", "%d %s": their lines are their arguments'; a namespace is a name
		}
		if zh := formats[s]; zh == "" {
			missing = append(missing, where+": "+strconv.Quote(s))
		}
	}
	slices.Sort(missing)
	assert.Empty(t, missing, "formats without Chinese in %s", catalogPath)
}

// letters is s without what is not a letter: Chinese punctuation may
// replace English in a line of Kubernetes' words.
func letters(s string) string {
	return regexp.MustCompile(`[^a-zA-Z]`).ReplaceAllString(s, "")
}

func hasLetter(s string) bool {
	return regexp.MustCompile(`[a-zA-Z]`).MatchString(verbs.ReplaceAllString(s, ""))
}

var verbs = regexp.MustCompile(`%(?:\[\d+\])?[-+# 0-9.]*[a-zA-Z%]`)

// TestCatalogTranslationsUseEveryArgument: a translation names each of its
// format's arguments, and contains Chinese (or is made of Kubernetes'
// own words, such as "collisionCount").
func TestCatalogTranslationsUseEveryArgument(t *testing.T) {
	_, formats := loadCatalog(t)
	han := regexp.MustCompile(`\p{Han}`)
	for en, zh := range formats {
		assert.Equal(t, len(verbs.FindAllString(en, -1)), len(verbs.FindAllString(zh, -1)), "%q → %q: every argument once", en, zh)
		if hasLetter(en) && !han.MatchString(zh) {
			assert.Equal(t, letters(en), letters(zh), "%q → %q: not Chinese, so Kubernetes' words as they are", en, zh)
		}
	}
}

// englishWords is two English words in a row: a phrase.
var englishWords = regexp.MustCompile(`\b[a-z]{2,} [a-z]{2,}\b`)

// kubernetesMessage matches what Kubernetes itself says, in English as
// kubectl shows it (an API error, the scheduler's FailedScheduling
// message), which the trace quotes: the catalog keeps it as it is (%#v) —
// the scheduler's reasons after its translated head too (个节点可用：).
var kubernetesMessage = regexp.MustCompile(`Operation cannot be fulfilled on .*|\S+ "[^"]*" is forbidden: .*|nodes are available: .*|个节点可用：.*|waiting for ephemeral volume controller to create the persistentvolumeclaim "[^"]*"|PVC \S+ was not created for pod \S+ \(pod is not owner\)`)

// scenarioLine is a line a course scenario's trace recorded.
type scenarioLine struct{ scenario, text string }

// scenarioLines runs the course's scenarios (tests/transcripts) once for
// the tests that read their traces, and returns every line recorded: what
// was observed, the diffs, the reasons, the actions' details, the results.
var scenarioLines = sync.OnceValues(func() ([]scenarioLine, error) {
	scripts, err := filepath.Glob("../transcripts/testdata/*.txt")
	if err != nil || len(scripts) == 0 {
		return nil, fmt.Errorf("no scenarios: %v", err)
	}
	var lines []scenarioLine
	for _, path := range scripts {
		name := strings.TrimSuffix(filepath.Base(path), ".txt")
		script, err := os.ReadFile(path)
		if err != nil {
			return nil, err
		}
		c := cluster.New(cluster.Options{Seed: 1, Controllers: controllers.All(), TraceLimit: 1 << 20, ReadFile: func(f string) ([]byte, error) {
			return os.ReadFile(filepath.Join("../transcripts/testdata", f))
		}})
		if _, err := transcript.Run(c, string(script)); err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		for _, e := range c.TraceSince(0) {
			texts := slices.Concat(e.Observed, e.Diff, e.Why, []string{e.Result})
			for _, a := range e.Actions {
				texts = append(texts, a.Detail)
			}
			for _, text := range texts {
				if text != "" {
					lines = append(lines, scenarioLine{name, text})
				}
			}
		}
	}
	return lines, nil
})

// TestScenarioTracesTranslateWholly runs the course's scenarios and
// translates every line their traces record: each matches a format, and
// no English phrase is left in the Chinese (a phrase a controller computed
// and passed as an argument, whose format is missing).
func TestScenarioTracesTranslateWholly(t *testing.T) {
	cat, _ := loadCatalog(t)
	all, err := scenarioLines()
	require.NoError(t, err)
	bad := map[string]string{}
	lines := 0
	for _, l := range all {
		name, line := l.scenario, l.text
		lines++
		zh, ok := cat.Translate(line)
		if !ok {
			// A line no format matches shows as it is: right for
			// Kubernetes' words alone ("ContainerCreating",
			// "count/pods=2"), wrong for a phrase.
			if englishWords.MatchString(kubernetesMessage.ReplaceAllString(line, "")) {
				bad[line] = name + ": no format"
			}
		} else if p := textcat.Untranslated(kubernetesMessage.ReplaceAllString(zh, "")); p != "" {
			bad[line] = name + ": English left: " + p + " in " + zh
		}
	}
	require.Greater(t, lines, 10000)
	var list []string
	for line, why := range bad {
		list = append(list, why+"\n    "+line)
	}
	slices.Sort(list)
	assert.Empty(t, list, "%d trace lines of %d do not translate wholly", len(bad), lines)
}

// TestOneRestartTranslates: the kubelet's line says "1 restart" for one
// (controllers/kubelet appendSummary), which no course scenario records;
// each container state's singular translates as its plural does.
func TestOneRestartTranslates(t *testing.T) {
	cat, _ := loadCatalog(t)
	for _, state := range []string{"running (ready, %s)", "running (not ready, %s)", "exited 1 (%s)", "CrashLoopBackOff 10s (%s)"} {
		for _, tail := range []string{"", ", side created"} {
			line := "pod web-0 on node-1: phase Running, containers: app " + fmt.Sprintf(state, "1 restart") + tail
			zh, ok := cat.Translate(line)
			require.True(t, ok, line)
			assert.Empty(t, textcat.Untranslated(zh), "%s → %s", line, zh)
			plural, _ := cat.Translate(strings.Replace(line, "1 restart", "2 restarts", 1))
			assert.Equal(t, strings.Replace(plural, "2", "1", 1), zh, line)
		}
	}
}

// TestTheTraceCountsOneAsOne: no line of the course's scenarios says "1"
// of a plural — "1 pods", "1 old ReplicaSets", "1 volumes". The lines a learner
// reads most have a format for one ("1 pod", "1 replica", "1 endpoint");
// lines of several counts say "volume(s)" or "existing slices: 1".
func TestTheTraceCountsOneAsOne(t *testing.T) {
	all, err := scenarioLines()
	require.NoError(t, err)
	onePlural := regexp.MustCompile(`(^|[^\w.:/-])1 ((old|new|lowest|oldest|active|ready|available|running) )?[A-Za-z]+s\b`)
	// A 1 that is not a count of things: the namespace controller counts
	// what is left by resource ("1 endpoints", "1 configmaps"), an exit
	// code, a revision ("revision 1 is current again").
	notACount := regexp.MustCompile(`^1 [a-z]+$|exits with 1 |revision 1 `)
	singular := regexp.MustCompile(`still ask for 1 pod$|matches 1 pod: |: 1 endpoint \(|^1 endpoint$|, 1 replica$|: 1 replica; min|its 1 replica is|of 1 replica, |^1 old ReplicaSet at`)
	ones, bad := 0, map[string]bool{}
	for _, l := range all {
		if !strings.Contains(l.text, "1 ") {
			continue // most lines: the regular expressions are slow on 400,000
		}
		if onePlural.MatchString(notACount.ReplaceAllString(l.text, "")) {
			bad[l.scenario+": "+l.text] = true
		}
		if singular.MatchString(l.text) {
			ones++
		}
	}
	assert.Empty(t, bad)
	assert.Greater(t, ones, 50, "the scenarios record lines of one")
}
