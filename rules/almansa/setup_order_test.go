package almansa

import (
	"strings"
	"testing"

	"grognard/rules"
)

// TestRule6_AttachTheReserveThenTakeTheHistoricalSetUp: attaching the
// cavalry reserve to a formation [6] does not give up the historical
// set-up [4]: it is still offered, places every Bourbon unit at its
// historical hex, and keeps the reserve with the formation chosen. Taken
// the other way round the historical set-up attaches the reserve as in
// 1707 (and may be undone to attach it first).
func TestRule6_AttachTheReserveThenTakeTheHistoricalSetUp(t *testing.T) {
	s := fresh(t, nil)
	var attach []string
	for _, a := range s.Legal() {
		if strings.HasPrefix(a.Choice, "attach:") {
			attach = append(attach, a.Choice)
		}
	}
	if len(attach) == 0 {
		t.Fatal("no attachment of the reserve offered [6]")
	}
	taken := 0
	for _, choice := range attach {
		s := fresh(t, nil)
		apply(t, s, rules_choose(choice))
		form := strings.TrimPrefix(choice, "attach:")
		hist := false
		for _, a := range s.Legal() {
			hist = hist || a.Choice == "historical"
		}
		if !hist {
			// Only when the reserve, attached there, could not stand at
			// its historical hexes; then the reason is the system's.
			t.Logf("%s: historical set-up not offered: %s", choice, s.historicalProblem(Bourbon))
			continue
		}
		taken++
		apply(t, s, rules_choose("historical"))
		moved := form != s.def(s.idx(s.reserveIDs()[0])).Attach
		for i := range s.Units {
			d := s.def(i)
			if d.Side != Bourbon {
				continue
			}
			if d.Reserve && s.Units[i].Form != form {
				t.Fatalf("%s: the reserve %s went back to %s", choice, d.ID, s.Units[i].Form)
			}
			if d.Reserve && moved {
				continue
			}
			if !s.Units[i].On || s.Units[i].At != s.historicalHex(i) {
				t.Fatalf("%s: %s not at its historical hex", choice, d.ID)
			}
		}
		// The reserve, attached elsewhere, deploys on its new formation's
		// hexes [4]; then the Allied set-up begins.
		for n := 0; moved && n < 4 && s.Phase == phaseSetupB; n++ {
			var dep *rules.Action
			for _, a := range s.Legal() {
				if a.Kind == "deploy" {
					a := a
					dep = &a
					break
				}
			}
			if dep == nil {
				t.Fatalf("%s: nothing to deploy; legal %v", choice, s.Legal())
			}
			apply(t, s, *dep)
		}
		if s.Phase == phaseSetupB {
			t.Fatalf("%s: the Bourbon set-up did not end", choice)
		}
	}
	if taken != len(attach) {
		t.Fatalf("the historical set-up follows only %d of %d attachments", taken, len(attach))
	}
	// The historical set-up alone attaches the reserve as in 1707.
	s = fresh(t, nil)
	apply(t, s, rules_choose("historical"))
	for i := range s.Units {
		if d := s.def(i); d.Reserve && s.Units[i].Form != d.Attach {
			t.Fatalf("the historical set-up left %s with %q, want %q", d.ID, s.Units[i].Form, d.Attach)
		}
	}
}

// TestRule6_TakeTheHistoricalSetUpThenAttachTheReserve: the other order.
// After the one-click historical set-up the Bourbon set-up stays open for
// the reserve's attachment [6]: "Done" keeps Mahony and Rosellon Nuevo at
// their 1707 hexes and hands over to the Allied set-up; attaching them to
// another formation lifts the two regiments, which deploy by hand on that
// formation's lettered hexes [4], every other unit staying at its 1707 hex.
func TestRule6_TakeTheHistoricalSetUpThenAttachTheReserve(t *testing.T) {
	s := fresh(t, nil)
	apply(t, s, rules_choose("historical"))
	if s.Phase != phaseSetupB {
		t.Fatalf("the historical set-up ended the Bourbon set-up before the reserve's attachment [6]: %s", s.Phase)
	}
	var done *rules.Action
	var attach []string
	for _, a := range s.Legal() {
		switch {
		case a.Choice == "historical":
			a := a
			done = &a
		case strings.HasPrefix(a.Choice, "attach:"):
			attach = append(attach, a.Choice)
		case a.Kind == "deploy":
			t.Fatalf("nothing left to deploy, yet %q offered", a.Label)
		}
	}
	if done == nil || !strings.HasPrefix(done.Label, "Done") || len(attach) != 6 {
		t.Fatalf("after the historical set-up: want Done and 6 attachments, got %+v", s.Legal())
	}
	// Done: the reserve as in 1707, the Allied set-up begins.
	d := s.clone()
	apply(t, d, *done)
	if d.Phase != phaseSetupA || !d.ResChosen {
		t.Fatalf("Done did not end the Bourbon set-up: %s", d.Phase)
	}
	for _, choice := range attach {
		s := fresh(t, nil)
		apply(t, s, rules_choose("historical"))
		apply(t, s, rules_choose(choice))
		form := strings.TrimPrefix(choice, "attach:")
		for i := range s.Units {
			d := s.def(i)
			switch {
			case d.Side != Bourbon:
			case d.Reserve:
				if s.Units[i].On || s.Units[i].Form != form {
					t.Fatalf("%s: %s on=%v form=%s, want lifted and with %s", choice, d.ID, s.Units[i].On, s.Units[i].Form, form)
				}
			case !s.Units[i].On || s.Units[i].At != s.historicalHex(i):
				t.Fatalf("%s: %s left its historical hex", choice, d.ID)
			}
		}
		for n := 0; n < 4 && s.Phase == phaseSetupB; n++ {
			var dep *rules.Action
			for _, a := range s.Legal() {
				if a.Kind == "deploy" {
					a := a
					dep = &a
					break
				}
			}
			if dep == nil {
				t.Fatalf("%s: nothing to deploy; legal %v", choice, s.Legal())
			}
			c, _ := s.sc.Map.Layout.Parse(dep.To)
			if !s.sc.HasLabel(c, form) {
				t.Fatalf("%s: %s deploys off the formation's hexes", choice, dep.Label)
			}
			apply(t, s, *dep)
		}
		if s.Phase != phaseSetupA {
			t.Fatalf("%s: the Bourbon set-up did not end after the reserve deployed: %s", choice, s.Phase)
		}
	}
}

// TestRule7_FacingIsSaidInWords: a turn is offered and logged with the
// compass direction the unit will face ("north-east"), never a corner
// number [7].
func TestRule7_FacingIsSaidInWords(t *testing.T) {
	s := board(t, nil, phaseBMove)
	s.put("lb1", "0909", 1)
	var face *rules.Action
	for _, a := range s.Legal() {
		if a.Kind == "face" && a.Unit == "lb1" {
			a := a
			face = &a
			break
		}
	}
	if face == nil {
		t.Fatal("no turn offered [7]")
	}
	want := s.facingWord(face.Facing)
	if !strings.Contains(face.Label, "to face "+want) {
		t.Fatalf("turn label %q does not say the direction %q", face.Label, want)
	}
	evs := apply(t, s, *face)
	said := false
	for _, e := range evs {
		said = said || strings.Contains(e.Text, "turns to face "+want)
		if strings.Contains(e.Text, "facing") {
			t.Fatalf("log line with a facing number: %q", e.Text)
		}
	}
	if !said {
		t.Fatalf("no log line saying the new facing in words: %+v", evs)
	}
	words := map[string]bool{}
	for f := range 6 {
		words[s.facingWord(f)] = true
	}
	if len(words) != 6 {
		t.Fatalf("six facings, %d distinct words: %v", len(words), words)
	}
}
