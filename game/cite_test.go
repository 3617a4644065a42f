package game

import (
	"strings"
	"testing"

	"grognard/render"
)

// TestCitationInTheLogOpensTheRule: a click on a log row citing a rule
// opens the rules reference scrolled to that rule's section.
func TestCitationInTheLogOpensTheRule(t *testing.T) {
	t.Setenv("GROGNARD_HOME", t.TempDir())
	s := almSetUp(t)
	for _, act := range s.Legal() {
		if act.Kind == "move" {
			if _, err := s.Do(act); err != nil {
				t.Fatal(err)
			}
			break
		}
	}
	a, b := scriptedApp(t, s)
	lr := b.logRect(a)
	y, rule := 0, ""
	for yy := lr.Max.Y - 10; yy > lr.Min.Y; yy -= 2 {
		if r := render.RuleCited(render.LogRowAt(lr, s.LogLines(), 0, yy)); r != "" {
			y, rule = yy, r
			break
		}
	}
	if rule == "" {
		t.Fatal("no citation in the log")
	}
	step(t, a, Click(lr.Min.X+40, y)...)
	ref, ok := a.scene.(*referenceScene)
	if !ok {
		t.Fatalf("a click on a citation [%s] should open the reference", rule)
	}
	// The scene's first picture is drawn before its first update, and a
	// quick click brings no later event: drawing must already be at the
	// rule (the second citation clicked once opened at the top).
	ref.layout(a)
	if ref.scroll <= 0 {
		t.Fatalf("the reference's first picture should be at rule %s, scroll %v", rule, ref.scroll)
	}
	step(t, a)
	if ref.scroll <= 0 {
		t.Fatalf("the reference should open at rule %s, scroll %v", rule, ref.scroll)
	}
	// The line at the top is the rule's heading.
	yy := 0.0
	for _, l := range ref.lines {
		if yy >= ref.scroll-0.5 {
			major := strings.SplitN(rule, ".", 2)[0]
			if !strings.HasPrefix(l.text(), major+".") {
				t.Fatalf("rule %s: the reference opens at %q", rule, l.text())
			}
			break
		}
		yy += l.h
	}
	if render.RuleCited("Bourbon ends its movement [10]") != "10" || render.RuleCited("no rule") != "" {
		t.Fatal("RuleCited")
	}
}
