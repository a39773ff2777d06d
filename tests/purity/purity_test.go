// Package purity keeps the simulation core pure: core/ and controllers/
// must build and behave the same natively and in the browser, and the same
// seed must give the same history. So they may not touch the browser, the
// network or the OS, read the wall clock, sleep, start timers or start
// goroutines. This test reads their source and fails on any of those.
package purity

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var forbiddenImports = []string{
	"syscall/js", "github.com/hack-pad/safejs", "honnef.co/go/js/dom", "net/http", "os", "os/exec",
	"text/template", "html/template", "encoding/xml", "k8s.io/",
}

var forbiddenTimeCalls = map[string]bool{
	"Now": true, "Sleep": true, "Since": true, "Until": true, "After": true, "AfterFunc": true,
	"NewTimer": true, "NewTicker": true, "Tick": true,
}

func TestCoreAndControllersArePure(t *testing.T) {
	files := 0
	for _, dir := range []string{"../../core", "../../controllers"} {
		err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return err
			}
			files++
			require.NoError(t, checkFile(t.Errorf, path))
			return nil
		})
		require.NoError(t, err)
	}
	assert.Greater(t, files, 20, "the walk must actually see the sources")
}

// checkFile reports each violation in one source file through errorf.
func checkFile(errorf func(string, ...any), path string) error {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, nil, 0)
	if err != nil {
		return err
	}
	timeName := ""
	for _, imp := range f.Imports {
		p, _ := strconv.Unquote(imp.Path.Value)
		for _, bad := range forbiddenImports {
			if p == bad || (strings.HasSuffix(bad, "/") && strings.HasPrefix(p, bad)) || strings.HasPrefix(p, bad+"/") {
				errorf("%s imports %q: the core must not touch the browser, network or OS", path, p)
			}
		}
		if p == "time" {
			timeName = "time"
			if imp.Name != nil {
				timeName = imp.Name.Name
			}
		}
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.GoStmt:
			errorf("%s: go statement: the core runs on one loop", fset.Position(x.Pos()))
		case *ast.SelectorExpr:
			if id, ok := x.X.(*ast.Ident); ok && timeName != "" && id.Name == timeName && forbiddenTimeCalls[x.Sel.Name] {
				errorf("%s: time.%s: use the simulated clock", fset.Position(x.Pos()), x.Sel.Name)
			}
		}
		return true
	})
	return nil
}

// The checker itself must catch what it claims to.
func TestCheckerCatchesViolations(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bad.go")
	src := "package bad\nimport (\n\"os\"\n\"time\"\n)\nfunc f() { go f(); _ = time.Now(); _ = os.Args }\n"
	require.NoError(t, os.WriteFile(path, []byte(src), 0o644))
	var found []string
	require.NoError(t, checkFile(func(f string, a ...any) { found = append(found, fmt.Sprintf(f, a...)) }, path))
	assert.Len(t, found, 3, "os import, go statement, time.Now: %v", found)
}
