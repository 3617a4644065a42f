package cli

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestApplyAIPlaysAWholeRoute: in Almansa, whose units move one hex a
// step [10], 'apply --ai' plays a unit's whole route as one move: the
// historical set-ups first (one click each [4]), then a route of several
// steps printed as one line.
func TestApplyAIPlaysAWholeRoute(t *testing.T) {
	path := filepath.Join(t.TempDir(), "g.json")
	run("new", "almansa-1707", "--seed", "3", "--out", path).ok(t)
	for i := 0; i < 20; i++ {
		r := run("apply", path, "--ai", "easy").ok(t)
		if !strings.Contains(r.out, "(computer, easy): Move") {
			continue
		}
		if !strings.Contains(r.out, "; Move") || !strings.Contains(r.out, "a route of") {
			t.Fatalf("a move of the computer is not a whole route:\n%s", r.out)
		}
		return
	}
	t.Fatal("no move of the computer in 20 decisions")
}
