package rules_test

import (
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// forbidden reports why an import may not appear in rules/, or "".
func forbidden(path string) string {
	switch {
	case strings.HasPrefix(path, "github.com/hajimehoshi/ebiten"):
		return "rules/ builds without a display: no Ebitengine"
	case path == "os" || strings.HasPrefix(path, "os/") || path == "io/ioutil":
		return "rules/ does no file I/O"
	case path == "math/rand":
		return "rules/ draws only from the game's seeded math/rand/v2 generator"
	case path == "time":
		return "rules/ reads no clock"
	}
	return ""
}

// TestRulesPurity parses every non-test Go file under rules/ (all systems
// included) and fails on an import the layer must not use.
func TestRulesPurity(t *testing.T) {
	// The checker itself must catch what it is meant to catch.
	for _, p := range []string{"github.com/hajimehoshi/ebiten/v2", "github.com/hajimehoshi/ebiten/v2/text/v2", "os", "os/exec", "io/ioutil", "math/rand", "time"} {
		if forbidden(p) == "" {
			t.Errorf("forbidden(%q) allows it", p)
		}
	}
	for _, p := range []string{"math/rand/v2", "encoding/json", "fmt", "grognard/rules/hex", "sort"} {
		if why := forbidden(p); why != "" {
			t.Errorf("forbidden(%q) = %q", p, why)
		}
	}

	files := 0
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); path != "." && (name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
		if err != nil {
			t.Errorf("rules/%s: %v", path, err)
			return nil
		}
		files++
		for _, im := range f.Imports {
			p, _ := strconv.Unquote(im.Path.Value)
			if why := forbidden(p); why != "" {
				t.Errorf("rules/%s imports %q: %s", filepath.ToSlash(path), p, why)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files < 8 {
		t.Errorf("only %d files checked: is the walk rooted at rules/?", files)
	}
}
