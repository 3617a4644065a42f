package game

import (
	"strings"
	"testing"

	"grognard/render"
	"grognard/rules"
	"grognard/rules/lesson"
)

// TestRule9_2_ChargeMenuSaysWhatEachDoes (newcomer issue #18, session 20):
// the dragoons beside II/34 after their straight run were offered "to
// 0607: enters the enemy hex [11.10]" and "charges 0607 [9.2]", which read
// the same to a newcomer. The popup menu's second rows and the hover over
// the lit hex now say what each does and costs (the extra MP and a Clash
// in subphase 2.4; the Clash at once with the charge's shift, the morale
// check after a win), each whole on its menu button; the Clash odds say
// "1 turn", never "1 turns".
func TestRule9_2_ChargeMenuSaysWhatEachDoes(t *testing.T) {
	ls, err := lesson.All()
	if err != nil {
		t.Fatal(err)
	}
	run, err := lesson.Start(lesson.Find(ls, "albuera-charge"))
	if err != nil {
		t.Fatal(err)
	}
	for run.Step() != nil && run.Step().Act.Kind != "charge" {
		if r := run.Do(run.Step().Act); !r.OK {
			t.Fatal(r.Msg)
		}
	}
	if run.Step() == nil {
		t.Fatal("the lesson has no charge")
	}
	charge := run.Step().Act
	s, err := SessionFor(&rules.Game{Scenario: "albuera-1811", Seed: 1, State: run.St.Clone()})
	if err != nil {
		t.Fatal(err)
	}
	s.TakeSeat()
	s.Select(charge.Unit)
	acts := s.TargetActions(charge.To)
	var enter, chg *rules.Action
	for i, a := range acts {
		switch {
		case a.Kind == "move" && a.Rule == "11.10":
			enter = &acts[i]
		case a.Kind == "charge":
			chg = &acts[i]
		}
	}
	if enter == nil || chg == nil {
		t.Fatalf("%s is not offered both entering and charging %s: %v", charge.Unit, charge.To, acts)
	}
	b := &BoardScene{S: s}
	s.Menu = acts
	w := b.menuWidth()
	subs := map[string]string{}
	for _, a := range []rules.Action{*enter, *chg} {
		sub := b.menuSub(a)
		subs[a.Kind] = sub
		if !render.ButtonSubFits(sub, w, 34) || !render.ButtonLabelFits(a.Label, w, 34) {
			t.Errorf("the menu option %q / %q is cut at %d px", a.Label, sub, w)
		}
	}
	if !strings.Contains(subs["move"], "+1 MP") || !strings.Contains(subs["move"], "2.4") {
		t.Errorf("entering does not say its cost and when the Clash is fought: %q", subs["move"])
	}
	if !strings.Contains(subs["charge"], "now") || !strings.Contains(subs["charge"], "+2") || !strings.Contains(subs["charge"], "morale check") {
		t.Errorf("the charge does not say what it does: %q", subs["charge"])
	}
	hov := strings.Join(s.HoverText(charge.To), "\n")
	for _, want := range []string{subs["move"], subs["charge"]} {
		if !strings.Contains(hov, want) {
			t.Errorf("the hover over %s does not say %q:\n%s", charge.To, want, hov)
		}
	}
	_, lines, ok := s.Odds(*chg)
	if !ok || len(lines) == 0 {
		t.Fatal("the charge has no odds")
	}
	for _, l := range lines {
		if strings.Contains(l.Result, " 1 turns") {
			t.Errorf("odds row %q: one turn, not turns", l.Result)
		}
	}
}
