package game

import (
	"image"
	"strings"
	"testing"

	"grognard/rules"
)

// TestRule5_2_ActivateAStackHoverSaysWhatFollows: at the first choice of
// an operation [5.0] the status strip said "point at a button to read
// what it does", but pointing at "Activate a stack at Bargas" showed
// nothing. Its hover now says the steps that follow (leave units behind
// [5.1], the command test [5.2], the move [5.3], the forced passage
// [5.3.3]), and its button keeps one line, so the activations still fill
// the panel.
func TestRule5_2_ActivateAStackHoverSaysWhatFollows(t *testing.T) {
	s, b := marshalsPanelAt(t, 1)
	n := 0
	for _, pb := range b.panel {
		if pb.act == nil || pb.act.Kind != "order" {
			continue
		}
		n++
		got := strings.Join(s.axisWhatLines(*pb.act), " ")
		for _, want := range []string{"[5.1]", "command test", "[5.3.3]"} {
			if !strings.Contains(got, want) {
				t.Errorf("%q: the hover says %q, want %q", pb.act.Label, got, want)
			}
		}
		// One short line: what stands there, then the rule
		// (marshals_turn_sub.go), never wrapped.
		if !strings.HasSuffix(pb.b.Sub, " [5.2]") || pb.wrapSub || !strings.Contains(pb.b.Sub, "SS") && !strings.Contains(pb.b.Sub, "decoy") {
			t.Errorf("%q: the button's second line is %q (wrapped: %v)", pb.act.Label, pb.b.Sub, pb.wrapSub)
		}
	}
	if n == 0 {
		t.Fatal("no activation laid out")
	}
}

// TestRule5_1_FormTheStackStatusStripSaysWhatToDo: forming the stack at
// Bargas [5.1], the status strip said "Click a unit to see what it may do
// (Tab: next unit)" and the panel, short under two held markers, had no
// room for its advice; the strip now says to click "Activate this stack"
// on the right (or Space) or a unit to leave behind.
func TestRule5_1_FormTheStackStatusStripSaysWhatToDo(t *testing.T) {
	s := bargasActivated(t, 1, false)
	a, b := scriptedApp(t, s)
	b.layoutPanel(a)
	got := b.composeStrip()
	if !strings.Contains(got, `"Activate this stack" on the right`) || !strings.Contains(got, "Space") || !strings.Contains(got, "leave it behind [5.1]") {
		t.Errorf("the strip says %q", got)
	}
	s2 := marshalsSeated(t, 1)
	_, b2 := scriptedApp(t, s2)
	if got := b2.composeStrip(); got != "" {
		t.Errorf("at the choice of an operation the strip says %q", got)
	}
}

// TestRule5_3_3_EnemyCardSaysWhatAClickDoes: the French stack from
// Bargas may march on Torrijos; pointing at the Spanish counter there
// showed only its card ("Unidentified unit, At: Torrijos"), not that the
// march forces a passage [5.3.3] or that battle order draws no fatigue
// [5.3.4]. The card now ends with what a click on the zone does.
func TestRule5_3_3_EnemyCardSaysWhatAClickDoes(t *testing.T) {
	s := bargasActivated(t, 1, true)
	found := false
	for _, u := range s.View().Units {
		if u.At != "torrijos" || u.Side == s.Viewer {
			continue
		}
		found = true
		got := strings.Join(s.withMoveNote(u).Detail, " ")
		if !strings.Contains(got, "A click here") || !strings.Contains(got, "forces a passage") || !strings.Contains(got, "without any fatigue draw") {
			t.Errorf("%s's card says %q", u.ID, got)
		}
		if len(u.Detail) == len(s.withMoveNote(u).Detail) {
			t.Error("the card itself was not given the note")
		}
	}
	if !found {
		t.Fatal("no enemy counter at Torrijos in the French view")
	}
	// not where the stack cannot go
	for _, u := range s.View().Units {
		if u.Side != s.Viewer && u.At != "" && len(s.TargetActions(u.At)) == 0 {
			if got := s.withMoveNote(u); len(got.Detail) != len(u.Detail) {
				t.Errorf("%s at %s (not a target) got %q", u.ID, u.At, got.Detail)
			}
			break
		}
	}
}

// TestRule5_3_2_ChoiceTipClearOfTheMovingStack: the hover tip of a panel
// choice ("Keep the fatigue marker" [5.3.2], "Force the passage"
// [5.3.3]) is drawn left of the panel at the button's height and covered
// the zone of the stack it is about; it now goes below or above that
// zone.
func TestRule5_3_2_ChoiceTipClearOfTheMovingStack(t *testing.T) {
	s := bargasActivated(t, 1, true)
	a, b := scriptedApp(t, s)
	b.layoutPanel(a)
	u, ok := s.Unit(s.Selected)
	if !ok {
		t.Fatalf("no stack selected: %q", s.Selected)
	}
	fx, fy, ok := b.ScreenOf(u.At)
	if !ok {
		t.Fatal("the stack's zone has no screen place")
	}
	lines := []string{"Force the passage", "a line of the tip's words, about as long as the others", "[5.3.3]"}
	screen := image.Rect(0, 0, 1280, 720)
	x, y := fx-120, fy-40 // a tip drawn over the zone
	got := b.tipClearOfFocus(x, y, lines, screen)
	if got == y {
		t.Fatalf("the tip stays over %s at (%.0f, %.0f)", u.At, fx, fy)
	}
	tip := image.Rect(int(x)+14, int(got)+16, int(x)+14+300, int(got)+16+3*18+16)
	if tip.Overlaps(image.Rect(int(fx)-30, int(fy)-30, int(fx)+30, int(fy)+30)) {
		t.Errorf("the tip at y %.0f still covers %s at (%.0f, %.0f)", got, u.At, fx, fy)
	}
	if far := b.tipClearOfFocus(fx+400, fy+300, lines, screen); far != fy+300 {
		t.Errorf("a tip away from the zone moved from %.0f to %.0f", fy+300, far)
	}
}

// TestRule5_3_2_TipFocusWithNothingSelected: while the enemy places his
// Retraite marker [5.3.1] and the fatigue is drawn [5.3.2] nothing is
// selected; the tip still keeps clear of the moving stack's zone.
func TestRule5_3_2_TipFocusWithNothingSelected(t *testing.T) {
	s := marchedToTorrijos(t, 1)
	passSeat(s)
	s.Selected = ""
	if got := marshalsFocus(s); got != "torrijos" {
		t.Errorf("the focus is %q, want the moving stack's torrijos", got)
	}
}

// TestEV_Mitraille_PlayableCardNamedInTheAdvice: in the combat events
// window the French read "Nothing to select on the map: click the button
// "No (more) combat events" above" while their Mitraille card [EV
// Mitraille] could be clicked to play it; the advice now names the
// playable card first, and not a card that cannot be played.
func TestEV_Mitraille_PlayableCardNamedInTheAdvice(t *testing.T) {
	play := rules.Action{Kind: "play", Choice: "mitraille"}
	panel := []panelButton{
		{isCard: true, card: &rules.Card{ID: "genie", Name: "Génie"}},
		{isCard: true, card: &rules.Card{ID: "mitraille", Name: "Mitraille"}, act: &play},
	}
	got := playableCardsFirst(panel, "Nothing to select on the map.")
	if !strings.HasPrefix(got, `Click the card "Mitraille" to play it now.`) || strings.Contains(got, "Génie") {
		t.Errorf("the advice says %q", got)
	}
	if got := playableCardsFirst(panel[:1], "x"); got != "x" {
		t.Errorf("with no playable card the advice says %q", got)
	}
}
