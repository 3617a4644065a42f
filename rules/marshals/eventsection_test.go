package marshals

import (
	"strconv"
	"strings"
	"testing"

	"grognard/rules"
)

// TestRule4_0_EventsSectionCitesEveryMarker: the reference's event
// markers section [4.0] (built in the window until now, provided here)
// has a heading with its citation for each marker of events.txt, with
// who holds it and what it does.
func TestRule4_0_EventsSectionCitesEveryMarker(t *testing.T) {
	got := EventsSection()
	if !strings.HasPrefix(got, "\n\n## The event markers [4.0]") {
		t.Fatalf("the section begins %q", got[:min(60, len(got))])
	}
	n := strings.Count(got, "\n### ")
	if n < 20 {
		t.Errorf("%d markers in the section", n)
	}
	for _, want := range []string{"[EV Chargez]", "[EV Guerilla]", "[EV Initiative]", "Held by "} {
		if !strings.Contains(got, want) {
			t.Errorf("the section lacks %q", want)
		}
	}
}

// TestRule4_0_DrawnEventSaysInTheEventsPhase: the drawn Orage read
// "Played events phase, as soon as drawn"; the note and the Keep answer
// now say "in the events phase".
func TestRule4_0_DrawnEventSaysInTheEventsPhase(t *testing.T) {
	if got := drawnNote("orage"); !strings.Contains(got, "Played in the events phase, as soon as drawn") {
		t.Errorf("the note says %q", got)
	}
	for _, e := range []string{"orage", "chargez", "mitraille"} {
		if got := drawnInfo(e, "keep"); strings.Contains(got, "play it events") || strings.Contains(drawnNote(e), "Played events") {
			t.Errorf("%s: %q", e, got)
		}
	}
}

// TestRule5_2_ActivateAStackSaysWhatFollows: the hover of "Activate a
// stack at Bargas" [5.2] showed nothing (the status strip said "point at
// a button to read what it does"); it now says what the operation is and
// its next steps, and "Show the stack ... (open the box)" [1.3] says it
// costs no operation.
func TestRule5_2_ActivateAStackSaysWhatFollows(t *testing.T) {
	s := opsState(t, French)
	orders, boxes := 0, 0
	for _, a := range s.Legal() {
		switch {
		case a.Kind == "order":
			orders++
			got := s.ChoiceHover(a)
			if !strings.Contains(got, s.zoneOf(a.To).Name) || !strings.Contains(got, "[5.1]") || !strings.Contains(got, "command test") || !strings.Contains(got, "[5.3.3]") || strings.Contains(got, " 1 units") {
				t.Errorf("%q says %q", a.Label, got)
			}
		case a.Choice == "box-open":
			boxes++
			if got := s.ChoiceHover(a); !strings.Contains(got, "no operation") {
				t.Errorf("%q says %q", a.Label, got)
			}
		}
	}
	if orders == 0 {
		t.Fatal("no activation offered")
	}
	if got := boxInfo(true, "Bargas"); !strings.Contains(got, "Bargas") || !strings.Contains(got, "no operation") {
		t.Errorf("opening the box says %q", got)
	}
}

// TestRule5_3_2_ReturnsLeftInWords: the fatigue return's button read "1
// return(s) left after this" and "you keep your return (2)"; the count
// is now in words for none, one and many.
func TestRule5_3_2_ReturnsLeftInWords(t *testing.T) {
	for n, want := range map[int]string{0: "no return", 1: "1 return", 2: "2 returns", -1: "no return"} {
		if got := returnsWords(n); got != want {
			t.Errorf("returnsWords(%d) = %q, want %q", n, got, want)
		}
	}
}

// TestRule5_4_1_GoOnToTheMeleeSaysWhatFollows: before the melee [5.4.1]
// the status strip said "point at a button to read what it does" and
// "Go on to the melee" said nothing on hover; it now says what it
// forgoes and the steps of the combat that follow.
func TestRule5_4_1_GoOnToTheMeleeSaysWhatFollows(t *testing.T) {
	s := forcedState(t)
	play(t, s, find(t, s, "choose", "", "", "force"))
	for n := 0; s.Sub != SubPre && n < 20 && s.Status().Decider == rules.Chance; n++ {
		if _, err := s.Apply(s.Chances()[0].Action); err != nil {
			t.Fatal(err)
		}
	}
	if s.Sub != SubPre {
		t.Fatalf("the forced passage is at %s, not before the melee", s.Sub)
	}
	for _, a := range s.Legal() {
		if a.Kind == "end" && a.Choice == "no" {
			got := s.ChoiceHover(a)
			if !strings.Contains(got, "[5.4.1]") || !strings.Contains(got, "amplitude") || !strings.Contains(got, "retreat") {
				t.Errorf("%q says %q", a.Label, got)
			}
			return
		}
	}
	t.Fatal("no 'Go on to the melee' offered")
}

// TestRule5_4_3_HeadUnitButtonSaysWhatItIsFor: the head-unit buttons
// ("Zayas (vanguard) (morale 3)") said nothing on hover of what the head
// unit does; each now says its morale is the CP's base and it takes the
// first loss [5.4.3].
func TestRule5_4_3_HeadUnitButtonSaysWhatItIsFor(t *testing.T) {
	s := forcedState(t)
	play(t, s, find(t, s, "choose", "", "", "force"))
	heads := 0
	for n := 0; n < 40 && heads == 0; n++ {
		if s.Status().Decider == rules.Chance {
			if _, err := s.Apply(s.Chances()[0].Action); err != nil {
				t.Fatal(err)
			}
			continue
		}
		legal := s.Legal()
		for _, a := range legal {
			if a.Choice != "head" {
				continue
			}
			heads++
			got := s.ChoiceHover(a)
			if !strings.Contains(got, "[5.4.3]") || !strings.Contains(got, "base of your CP") || !strings.Contains(got, "first SS") {
				t.Errorf("%q says %q", a.Label, got)
			}
		}
		if heads == 0 {
			play(t, s, legal[0])
		}
	}
	if heads == 0 {
		t.Fatal("no head unit to choose")
	}
}

// TestRule5_4_3_LossButtonsCountWhatIsLeft: allotting thirteen losses one
// button at a time [5.4.3], nothing said how many were left; each loss's
// hover now counts them.
func TestRule5_4_3_LossButtonsCountWhatIsLeft(t *testing.T) {
	s := forcedState(t)
	play(t, s, find(t, s, "choose", "", "", "force"))
	seen := 0
	for n := 0; n < 200 && seen < 2 && s.Combat != nil; n++ {
		if s.Status().Decider == rules.Chance {
			if _, err := s.Apply(s.Chances()[0].Action); err != nil {
				t.Fatal(err)
			}
			continue
		}
		legal := s.Legal()
		if a := legal[0]; a.Choice == "loss" || a.Choice == "loss-art" {
			seen++
			left := s.Combat.Loss[int(s.Status().Decider)]
			got := s.ChoiceHover(a)
			want := "This is the last SS"
			if left > 1 {
				want = strconv.Itoa(left) + " SS to lose"
			}
			if !strings.Contains(got, want) || !strings.Contains(got, "[5.4.3]") {
				t.Errorf("%q with %d left says %q", a.Label, left, got)
			}
		}
		play(t, s, legal[0])
	}
	if seen == 0 {
		t.Fatal("no loss to allot in the combat")
	}
}

// TestRule5_4_3_NoMoreCombatEventsSaysWhatFollows: "No (more) combat
// events" said nothing on hover; it now says which events it forgoes and
// that the artillery fire and the melee dice follow.
func TestRule5_4_3_NoMoreCombatEventsSaysWhatFollows(t *testing.T) {
	s := forcedState(t)
	play(t, s, find(t, s, "choose", "", "", "force"))
	for n := 0; n < 60 && s.Combat != nil; n++ {
		if s.Status().Decider == rules.Chance {
			if _, err := s.Apply(s.Chances()[0].Action); err != nil {
				t.Fatal(err)
			}
			continue
		}
		legal := s.Legal()
		if s.Sub == SubCPEv {
			got := s.ChoiceHover(legal[0])
			if legal[0].Choice != "no" || !strings.Contains(got, "artillery fires next") || !strings.Contains(got, "[5.4.3]") {
				t.Errorf("%q says %q", legal[0].Label, got)
			}
			return
		}
		play(t, s, legal[0])
	}
	t.Fatal("no combat events window met")
}

// TestRule4_0_GoToTheEventDrawSaysWhatFollows: "Go to the event draw" was
// the only button before the draw and said nothing on hover; it now says
// it forgoes Renfort and Bagages and what the draw leads to.
func TestRule4_0_GoToTheEventDrawSaysWhatFollows(t *testing.T) {
	s := newFixture(t)
	s.Sub = SubBefore
	for _, a := range s.legalBefore() {
		if a.Choice == "draw" {
			if got := s.ChoiceHover(a); !strings.Contains(got, "draw one event marker") || !strings.Contains(got, "[4.0]") {
				t.Errorf("%q says %q", a.Label, got)
			}
			return
		}
	}
	t.Fatal("no draw offered")
}

// TestRule5_3_2_ReturnSaysMarkersStillToDraw: playing the Allied Retreat
// by clicks, "Return the fatigue marker" said "fatigue total 0" and three
// more markers were drawn at once (total 2 again); keep and return now
// say how many markers the step still draws.
func TestRule5_3_2_ReturnSaysMarkersStillToDraw(t *testing.T) {
	for n, want := range map[int]string{0: "no marker left to draw", 1: "1 more marker to draw", 3: "3 more markers to draw"} {
		if got := dueWords(n); !strings.Contains(got, want) {
			t.Errorf("dueWords(%d) = %q, want %q", n, got, want)
		}
	}
	s := opsState(t, Allied)
	play(t, s, find(t, s, "order", "", "plasencia", ""))
	play(t, s, find(t, s, "end", "", "", "confirm"))
	play(t, s, find(t, s, "move", "", "almaraz", ""))
	draw(t, s, "fatigue=2")
	if s.Sub != SubReturn {
		t.Fatalf("no return offered: sub %s", s.Sub)
	}
	for _, ret := range []bool{true, false} {
		if got := s.returnInfo(ret); !strings.Contains(got, "no marker left to draw") {
			t.Errorf("returnInfo(%v) = %q", ret, got)
		}
	}
}
