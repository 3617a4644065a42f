package game

import (
	"image"

	"github.com/hajimehoshi/ebiten/v2"
	"regexp"
	"strings"
	"testing"

	"grognard/render"
	"grognard/rules"
)

// Unit tests of newcomer issue #18, points 3, 4, 6, 7 (the game side), 8,
// 9 and 10, each named after the problem a newcomer met. They need no
// display (the app is scripted: scriptedApp).

// newcomerSession opens a scenario at a seed with the seat taken.
func newcomerSession(t *testing.T, sc string, seed uint64) *Session {
	t.Helper()
	t.Setenv("GROGNARD_HOME", t.TempDir())
	s, err := NewSession(sc, seed, nil)
	if err != nil {
		t.Fatal(err)
	}
	s.TakeSeat()
	return s
}

// nbApply applies the first legal action whose label contains want
// (through the rules: the set-up a test starts from, not what it checks).
func nbApply(t *testing.T, s *Session, want string) rules.Action {
	t.Helper()
	for _, a := range s.Game.State.Legal() {
		if strings.Contains(a.Label, want) {
			if _, err := s.Game.Apply(a); err != nil {
				t.Fatal(err)
			}
			s.afterChange()
			return a
		}
	}
	t.Fatalf("no legal action %q; the first is %q", want, s.Game.State.Legal()[0].Label)
	return rules.Action{}
}

// almansaMovement brings Almansa (seed 3) to the Bourbon movement of turn
// 1, both armies at their historical positions [4].
func almansaMovement(t *testing.T) *Session {
	t.Helper()
	s := newcomerSession(t, "almansa-1707", 3)
	for range 8 {
		if strings.Contains(s.Game.State.Status().Phase, "movement") {
			return s
		}
		l := s.Game.State.Legal()
		if _, err := s.Game.Apply(l[0]); err != nil {
			t.Fatal(err)
		}
	}
	s.afterChange()
	if !strings.Contains(s.Game.State.Status().Phase, "movement") {
		t.Fatalf("not in movement: %+v", s.Game.State.Status())
	}
	return s
}

// albueraActivated is Albuera (seed 3) after the French activate Bron's
// brigade with Latour-Maubourg's chit [4.5].
func albueraActivated(t *testing.T) *Session {
	t.Helper()
	s := newcomerSession(t, "albuera-1811", 3)
	nbApply(t, s, "Activate Bron's brigade")
	return s
}

var onlyRuleNumbers = regexp.MustCompile(`^[\[\]0-9.,/ ]+$`)

// TestRule12_LitHexLabelsSayWhatAndCostNotRuleNumbers: a battalion whose
// lit hexes are shared by its own move and its stack's move read "12.1 /
// 12.13"; every lit hex's label now says what is done and its cost.
func TestRule12_LitHexLabelsSayWhatAndCostNotRuleNumbers(t *testing.T) {
	s := albueraActivated(t)
	s.Select("I/Gr")
	hs := s.Highlights()
	if len(hs) == 0 {
		t.Fatal("I/Gr lights nothing")
	}
	labelled := 0
	for _, h := range hs {
		if h.Text == "" {
			continue
		}
		labelled++
		if onlyRuleNumbers.MatchString(h.Text) || strings.Contains(h.Text, "[") {
			t.Errorf("lit hex %s reads %q: rule numbers, not what the action does", h.At, h.Text)
		}
		if !strings.Contains(h.Text, "MP") && !strings.Contains(h.Text, "stack") {
			t.Errorf("lit hex %s reads %q: no cost", h.At, h.Text)
		}
	}
	if labelled == 0 {
		t.Fatal("no lit hex carries a label")
	}
	// The stack's move shares its hex with the battalion's: both named.
	for _, a := range s.Legal() {
		if a.Unit == "I/Gr" && len(a.Units) > 0 && a.Kind == "move" {
			if w := hexWords(a); !strings.Contains(w, "stack") {
				t.Errorf("the stack's move %q is labelled %q", a.Label, w)
			}
		}
	}
}

// TestRule7_1_PanelButtonSaysMPNotCostEquals: a panel button read
// "cost=8" under "forms square (4 MP each)".
func TestRule7_1_PanelButtonSaysMPNotCostEquals(t *testing.T) {
	s := albueraActivated(t)
	seen := 0
	for _, a := range s.Legal() {
		if strings.Contains(a.Info, "=") {
			t.Errorf("%q carries Info %q", a.Label, a.Info)
		}
		if strings.Contains(a.Label, "forms") {
			seen++
			if sub := ruleSub(a); strings.Contains(sub, "=") || strings.Contains(sub, "MP") {
				t.Errorf("the button of %q reads %q under it (the cost is in the label)", a.Label, sub)
			}
		}
	}
	if seen == 0 {
		t.Fatal("no array change offered to check")
	}
}

// TestRefusalSaysNoOnce: messages read "No: no: 3017 is not adjacent".
func TestRefusalSaysNoOnce(t *testing.T) {
	for in, want := range map[string]string{
		"no: 3017 is not adjacent [12.13]": "No: 3017 is not adjacent [12.13]",
		"No: no: out of reach":             "No: out of reach",
		"out of reach [7]":                 "No: out of reach [7]",
	} {
		if got := sayNo(in); got != want {
			t.Errorf("sayNo(%q) = %q, want %q", in, got, want)
		}
	}
	s := albueraActivated(t)
	s.Select("I/Gr")
	for _, loc := range []string{"3017", "0101", "2010"} {
		if w := s.WhyNot(loc); strings.Contains(strings.ToLower(w), "no: no") {
			t.Errorf("WhyNot(%s) = %q", loc, w)
		}
	}
}

// TestEndQuestionNamedAfterItsActionAndGrammar: finishing one battalion's
// move asked "End the phase?"; "1 unit that may still act have not".
func TestEndQuestionNamedAfterItsActionAndGrammar(t *testing.T) {
	if got := endTitle(rules.Action{Kind: "end", Label: "End movement"}); got != "End movement?" {
		t.Errorf("title %q", got)
	}
	if got := idleCount(1); got != "1 unit that may still act has not acted" {
		t.Errorf("one: %q", got)
	}
	if got := idleCount(3); got != "3 units that may still act have not acted" {
		t.Errorf("many: %q", got)
	}
	s := albueraActivated(t)
	a, b := scriptedApp(t, s)
	var end rules.Action
	for _, act := range s.PanelActions() {
		if act.Kind == "end" {
			end = act
		}
	}
	b.endPhase(end)
	if b.dialog == nil {
		t.Fatal("ending movement with every unit idle asked nothing")
	}
	if b.dialog.title == "End the phase?" || !strings.HasPrefix(b.dialog.title, end.Label) {
		t.Errorf("the question is titled %q for %q", b.dialog.title, end.Label)
	}
	_ = a
	// Finishing one battalion's move [12.13] asks nothing: the others
	// keep their moves.
	if w := s.EndWarning(rules.Action{Kind: "end", Unit: "I/Gr", Label: "Finish I/Gr's move", Rule: "12.13"}); w != "" {
		t.Errorf("finishing one battalion's move asks %q", w)
	}
}

// TestActivatedBrigadeOutlinedAndBroughtIntoView [4.5]: after choosing
// which brigade a commander activates nothing showed where it was; its
// units are outlined and their group brought on the screen, and the
// commander left selected without actions is dropped.
func TestActivatedBrigadeOutlinedAndBroughtIntoView(t *testing.T) {
	s := newcomerSession(t, "albuera-1811", 3)
	a, b := scriptedApp(t, s)
	step(t, a)
	// The player looks at another corner of the map when choosing.
	b.Cam.X, b.Cam.Y = 0, 0
	nbApply(t, s, "Activate Bron's brigade")
	step(t, a)
	hs := b.activeHexes()
	if len(hs) == 0 {
		t.Fatal("no units outlined after the activation")
	}
	if s.Selected != "" && !s.hasActions(s.Selected) {
		t.Errorf("%s stays selected with nothing to do", s.Selected)
	}
	room := b.BoardRect(a)
	in := 0
	main := b.mainCluster(hs)
	for _, h := range main {
		x, y, _ := b.ScreenOf(h)
		if image.Pt(int(x), int(y)).In(room) {
			in++
		}
	}
	if in != len(main) {
		t.Errorf("%d of the brigade's %d hexes on the screen (%v)", in, len(main), main)
	}
	// The brigade's dragoons are among them.
	found := false
	for _, u := range s.View().Units {
		if u.ID == "4Da" {
			for _, h := range main {
				found = found || h == u.At
			}
		}
	}
	if !found {
		t.Errorf("the group brought into view %v is not Bron's brigade", main)
	}
}

// TestTabBringsLitHexesIntoView: Tab selected a battalion at the window's
// edge with its lit hexes off the screen.
func TestTabBringsLitHexesIntoView(t *testing.T) {
	s := albueraActivated(t)
	a, b := scriptedApp(t, s)
	step(t, a)
	for range 6 {
		step(t, a, Key(ebiten.KeyTab, false))
		if s.Selected == "" {
			t.Fatal("Tab selected nothing")
		}
		// The camera as Tab found it in the newcomer's screenshot: the
		// unit just inside the left edge (where bringing the unit alone
		// into view leaves it), its lit hexes to its left beyond it.
		u, _ := s.Unit(s.Selected)
		ux, uy, _ := b.ScreenOf(u.At)
		m := max(80, 2*render.HexSize*b.Cam.Zoom)
		b.pan(ux-float64(b.BoardRect(a).Min.X)-m-1, uy-float64(b.BoardRect(a).Min.Y+b.BoardRect(a).Dy()/2))
		b.showLit(a)      // what Tab does (board.go, the Tab key)
		b.showSelected(a) // after choosing the unit
		off := 0
		lit := s.Highlights()
		// Seen: inside the board by half a hex, not under the overview
		// nor the hint strip along the bottom.
		half := int(render.HexSize * b.Cam.Zoom / 2)
		seen := b.BoardRect(a).Inset(half)
		seen.Max.Y -= 40
		mm := b.RB.MinimapBox(b.Cam, b.minimapHidden)
		for _, h := range lit {
			x, y, _ := b.ScreenOf(h.At)
			p := image.Pt(int(x), int(y))
			if !p.In(seen) || p.In(mm) {
				off++
			}
		}
		if off > 0 {
			t.Errorf("Tab to %s: %d of its %d lit hexes off the screen", s.Selected, off, len(lit))
		}
	}
}

// TestClickOnFriendOnLitHexSelectsIt [10]: clicking a friendly unit to
// select it, when its hex was lit for the selected unit, moved the
// selected unit there. A click selects the friend; Shift+click moves.
func TestClickOnFriendOnLitHexSelectsIt(t *testing.T) {
	s := almansaMovement(t)
	a, b := scriptedApp(t, s)
	step(t, a)
	var mover, friend, at string
	for _, u := range s.View().Units {
		if u.Side != s.Viewer || u.At == "" {
			continue
		}
		s.Select(u.ID)
		for _, h := range s.Highlights() {
			for _, f := range s.View().Units {
				if f.At == h.At && f.Side == s.Viewer && f.ID != u.ID && len(b.RB.UnitsAt(s.View(), f.At)) == 1 {
					mover, friend, at = u.ID, f.ID, h.At
				}
			}
		}
		if mover != "" {
			break
		}
	}
	if mover == "" {
		t.Skip("no lit hex holds a single friend at this seed")
	}
	s.Select(mover)
	from, _ := s.Unit(mover)
	b.invalidate()
	clickAt(t, a, b, at)
	if u, _ := s.Unit(mover); u.At != from.At {
		t.Fatalf("a click on %s moved %s to %s", friend, mover, u.At)
	}
	if s.Selected != friend {
		t.Fatalf("a click on %s selected %q", friend, s.Selected)
	}
	// The hover of the friend says which click does what.
	s.Select(mover)
	x, y, _ := b.ScreenOf(at)
	step(t, a, Event{Kind: EvMove, X: int(x), Y: int(y)})
	lines := b.friendHover()
	if len(lines) < 2 || !strings.HasPrefix(lines[0], "Click: select") || !strings.HasPrefix(lines[1], "Shift+click: ") {
		t.Errorf("hover over the friend says %q", lines)
	}
	// Shift+click moves onto the friend.
	step(t, a, Event{Kind: EvMove, X: int(x), Y: int(y)}, Event{Kind: EvDown, X: int(x), Y: int(y)}, Event{Kind: EvUp, X: int(x), Y: int(y), Shift: true})
	if u, _ := s.Unit(mover); u.At != at {
		t.Errorf("Shift+click left %s at %s, not %s", mover, u.At, at)
	}
}

// TestHintStripNeverOverTheLogNorUnderTheReason: the hint bar covered the
// last log line; the "No: ..." reason was drawn over the hint.
func TestHintStripNeverOverTheLogNorUnderTheReason(t *testing.T) {
	s := almansaMovement(t)
	a, b := scriptedApp(t, s)
	step(t, a)
	br := b.BoardRect(a)
	long := strings.Repeat("Your army stands at its 1707 hexes: attach Mahony and Rosellon Nuevo to another formation, or Done. ", 2)
	r, lines := b.hintStrip(br, long)
	if !r.In(br) {
		t.Errorf("the hint strip %v leaves the board %v (over the log or panel)", r, br)
	}
	if len(lines) < 2 {
		t.Errorf("a long hint is not wrapped: %q", lines)
	}
	if mm := b.RB.MinimapBox(b.Cam, b.minimapHidden); !mm.Empty() && r.Overlaps(mm) {
		t.Errorf("the hint strip %v under the overview %v", r, mm)
	}
	b.hintRect = r
	above := b.aboveHint(br)
	if above.Overlaps(r) {
		t.Errorf("the room for hovers %v overlaps the hint %v", above, r)
	}
	// A reason placed for a cursor right on the hint stays above it.
	b.mx, b.my = r.Min.X+20, r.Min.Y+5
	box := placeIn(above.Inset(4), 400, 40, besides(b.mx, b.my, 400, 40, 16), nil)
	if box.Overlaps(r) {
		t.Errorf("the reason %v is drawn over the hint %v", box, r)
	}
}

// TestUnitReasonNotRepeatedOnEveryHex: in the other side's fire phase
// every unlit hex said "No: in the Bourbon turn only this decision is
// yours now...": a reason about the unit is said once, not per hex.
func TestUnitReasonNotRepeatedOnEveryHex(t *testing.T) {
	s := almansaMovement(t)
	// An enemy unit selected: the reason is the unit's, not the place's.
	for _, u := range s.View().Units {
		if u.Side != s.Viewer && u.At != "" {
			s.Select(u.ID)
			break
		}
	}
	if got := s.HoverText("1010"); len(got) > 0 {
		t.Errorf("hovering an empty hex with an enemy selected says %q", got)
	}
	if st := s.SelectionHint(); st == "" {
		t.Error("the status says nothing about the enemy unit selected")
	}
}

// TestOddsSummaryOfHitsAndFlags: the melee odds were 15 rows over half the
// board; the summary is what a player decides on.
func TestOddsSummaryOfHitsAndFlags(t *testing.T) {
	lines := []rules.OddsLine{
		{Result: "0 hits, 0 flags", Num: 1, Den: 16}, {Result: "0 hits, 1 flag", Num: 1, Den: 12},
		{Result: "0 hits, 2 flags", Num: 1, Den: 24}, {Result: "0 hits, 3 flags", Num: 1, Den: 108},
		{Result: "0 hits, 4 flags", Num: 1, Den: 1296}, {Result: "1 hit, 0 flags", Num: 1, Den: 6},
		{Result: "1 hit, 1 flag", Num: 1, Den: 6}, {Result: "1 hit, 2 flags", Num: 1, Den: 18},
		{Result: "1 hit, 3 flags", Num: 1, Den: 162}, {Result: "2 hits, 0 flags", Num: 1, Den: 6},
		{Result: "2 hits, 1 flag", Num: 1, Den: 9}, {Result: "2 hits, 2 flags", Num: 1, Den: 54},
		{Result: "3 hits, 0 flags", Num: 2, Den: 27}, {Result: "3 hits, 1 flag", Num: 2, Den: 81},
		{Result: "4 hits, 0 flags", Num: 1, Den: 81},
	}
	sum, ok := summarizeOdds(lines)
	if !ok {
		t.Fatal("not summed up")
	}
	// 4 dice hitting on 2 faces of 6: P(no hit) = (2/3)^4 = 16/81.
	if d := sum.anyHit - (1 - 16.0/81); d > 1e-3 || d < -1e-3 {
		t.Errorf("P(at least one hit) = %.4f, want %.4f", sum.anyHit, 1-16.0/81)
	}
	// Expected hits 4 x 1/3.
	if d := sum.hits - 4.0/3; d > 1e-3 || d < -1e-3 {
		t.Errorf("expected hits %.4f, want 1.333", sum.hits)
	}
	if _, ok := summarizeOdds(lines[:3]); ok {
		t.Error("a short table was summed up")
	}
	if _, ok := summarizeOdds([]rules.OddsLine{{Result: "defender loses 1 step", Num: 1, Den: 2}}); ok {
		t.Error("a table without hits was summed up")
	}
}

// TestCardHoverNeverCoversTheCard: the hover card covered the card under
// the pointer.
func TestCardHoverNeverCoversTheCard(t *testing.T) {
	screen := image.Rect(0, 0, 1280, 720)
	card := image.Rect(928, 390, 1272, 460)
	lines := []string{"Scout Centre", strings.Repeat("Order 1 unit or leader in the centre. ", 3), "Click to play it: Play Scout Centre [Sequence of Play: command]"}
	r := cardHoverRect(screen, card, lines)
	if r.Overlaps(card) {
		t.Errorf("the hover %v covers the card %v", r, card)
	}
	if !r.In(screen) {
		t.Errorf("the hover %v leaves the screen", r)
	}
}

// TestFitZoomCountersShowASummary: at the fit zoom counters were about 20
// px and their values unreadable.
func TestFitZoomCountersShowASummary(t *testing.T) {
	if !render.CompactAt(0.4) || !render.CompactAt(0.5) {
		t.Error("a counter 20-25 px wide is drawn in full print")
	}
	if render.CompactAt(1) {
		t.Error("a counter at zoom 1 is drawn as a summary")
	}
}

// TestDicePicturesOfTheLastRollOnlyPublic: dice were only words in the
// log; the last decision's rolls are kept for their pictures, public ones
// only (the tray stays after a hand-over), until the next decision.
func TestDicePicturesOfTheLastRollOnlyPublic(t *testing.T) {
	s := newcomerSession(t, "venta-del-pozo", 3)
	s.noteRoll([]rules.Event{{Kind: "roll", Text: "3e Hussards rolls infantry, flag", Dice: []int{0, 3}}, {Kind: "roll", Text: "secret", Dice: []int{2}, Private: "x"}, {Kind: "log", Text: "no dice"}})
	r := s.LastRolls()
	if len(r) != 1 || len(r[0].dice) != 2 || r[0].text != "3e Hussards rolls infantry, flag" {
		t.Fatalf("last rolls %+v", r)
	}
	if syms := dieSymbols(s.Game.State); diceWords(syms, r[0].dice) != "infantry, flag" {
		t.Errorf("the dice read %q", diceWords(syms, r[0].dice))
	}
	s.Game.Steps = append(s.Game.Steps, rules.Step{})
	if len(s.LastRolls()) != 0 {
		t.Error("the roll stays after another decision")
	}
}

// TestPanelOnlyUnitHoverSaysNothingPerHex [4.5]: with the commander whose
// chit was drawn selected, every hex said "No: first French decides:
// choose what Latour-Maubourg activates".
func TestPanelOnlyUnitHoverSaysNothingPerHex(t *testing.T) {
	s := newcomerSession(t, "albuera-1811", 3)
	if s.Selected == "" {
		t.Skip("nothing selected at the opening")
	}
	if !s.panelOnly(s.Selected) {
		t.Fatalf("%s has actions on the map at the opening choice", s.Selected)
	}
	if got := s.HoverText("2010"); len(got) > 0 {
		t.Errorf("hovering a hex says %q", got)
	}
	if h := s.SelectionHint(); !strings.Contains(h, "panel") {
		t.Errorf("the status says %q", h)
	}
}
