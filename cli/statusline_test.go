package cli

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	_ "grognard/rules/systems"
)

// TestStatusLineSaysTheRuleAndTheDeciderOnce: the "# turn ..." line of
// legal/show/apply named the phase's rule twice when the sub-phase already
// carried it ("Movement [12] [12]", "[CR6] [CR6]") and the decider twice
// when the prompt began with it ("French decides: French decides: ...",
// "Allied decides: Allied: ..."). Over the first steps of Albuera and
// Talavera every status line says each once.
func TestStatusLineSaysTheRuleAndTheDeciderOnce(t *testing.T) {
	twiceRule := regexp.MustCompile(`(\[[^\]]+\]) (\[[^\]]+\] )?` + `\[`)
	for _, sc := range []string{"albuera-1811", "marshals-talavera"} {
		path := filepath.Join(t.TempDir(), "g.json")
		run("new", sc, "--out", path, "--seed", "3").ok(t)
		seen := 0
		for i := 0; i < 25; i++ {
			r := run("apply", path, "1", "--reveal")
			if r.code != 0 {
				break
			}
			for _, ln := range strings.Split(r.out, "\n") {
				if !strings.HasPrefix(ln, "# turn ") {
					continue
				}
				seen++
				for _, m := range twiceRule.FindAllStringSubmatch(ln, -1) {
					if strings.Contains(ln, m[1]+" "+m[1]) {
						t.Errorf("%s: rule said twice: %s", sc, ln)
					}
				}
				parts := strings.SplitN(ln, " decides: ", 2)
				if len(parts) == 2 {
					who := parts[0][strings.LastIndex(parts[0], ", ")+2:]
					if strings.HasPrefix(parts[1], who+" decides") || strings.HasPrefix(parts[1], who+":") {
						t.Errorf("%s: decider said twice: %s", sc, ln)
					}
				}
			}
		}
		if seen < 10 {
			t.Fatalf("%s: only %d status lines in 25 steps", sc, seen)
		}
	}
}
