package game

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"grognard/render"
	"grognard/rules"
	"grognard/rules/fixture"
	"grognard/rules/hex"
)

func newHexSession(t testing.TB, seed uint64) *Session {
	t.Helper()
	fixture.Register()
	s, err := NewSession(fixture.HexScenario, seed, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !s.Cover || s.Seat != 0 {
		t.Fatalf("a hidden game should open on the hand-over screen for Blue (cover %v seat %v)", s.Cover, s.Seat)
	}
	s.TakeSeat()
	return s
}

func snapshot(t testing.TB, s *Session) []byte {
	t.Helper()
	b, err := s.Game.State.Snapshot()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func fixtureState(s *Session) *fixture.State { return s.Game.State.(*fixture.State) }

func findUnit(s *Session, id string) *fixture.Unit {
	for _, u := range fixtureState(s).D.Units {
		if u.ID == id {
			return u
		}
	}
	return nil
}

func TestSelectHighlightsExactlyTheLegalTargets(t *testing.T) {
	s := newHexSession(t, 1)
	s.Select("b2")
	want := map[string]bool{}
	infos := map[string]string{}
	for _, a := range s.View().Legal {
		if involves(a, "b2") && a.To != "" && a.Kind != "face" {
			want[a.To] = true
			infos[a.To] = a.Info
		}
	}
	for _, r := range fixtureState(s).Reach("b2") {
		want[r.To] = true
	}
	if len(want) < 3 {
		t.Fatalf("fixture gives b2 too few targets: %v", want)
	}
	got := map[string]bool{}
	for _, h := range s.Highlights() {
		if got[h.At] {
			t.Errorf("hex %s highlighted twice", h.At)
		}
		got[h.At] = true
		if !want[h.At] {
			t.Errorf("highlight at %s, where b2 has no legal action or route", h.At)
		}
		if info, direct := infos[h.At]; direct && h.Text != info {
			t.Errorf("highlight at %s says %q, the action's info is %q", h.At, h.Text, info)
		}
		if h.Kind != render.HLMove {
			t.Errorf("movement highlight at %s has kind %v", h.At, h.Kind)
		}
	}
	for at := range want {
		if !got[at] {
			t.Errorf("legal target %s not highlighted", at)
		}
	}
	f := s.Facings()
	sort.Ints(f)
	if len(f) != 5 {
		t.Fatalf("facings %v: want the 5 other facings", f)
	}
	// An enemy unit has no highlights: only the decider's units act.
	s.Select("r1")
	if h := s.Highlights(); len(h) != 0 {
		t.Fatalf("enemy unit highlighted %v", h)
	}
}

func TestClickHighlightDoesTheAction(t *testing.T) {
	s := newHexSession(t, 1)
	saved := 0
	s.Autosave = func(*rules.Game) error { saved++; return nil }
	s.Select("b2")
	n := len(s.Game.Steps)
	acts, err := s.ClickLoc("0204")
	if err != nil || len(acts) != 1 || acts[0].Kind != "move" {
		t.Fatalf("click 0204: %v %v", acts, err)
	}
	if u := findUnit(s, "b2"); u.At != "0204" {
		t.Fatalf("b2 at %s after the click", u.At)
	}
	if len(s.Game.Steps) != n+1 || saved != 1 {
		t.Fatalf("steps %d -> %d, autosaves %d", n, len(s.Game.Steps), saved)
	}
	if s.Selected != "b2" {
		t.Fatal("the unit should stay selected after its move")
	}
}

func TestClickUnlitHexDoesNothingAndExplains(t *testing.T) {
	s := newHexSession(t, 1)
	s.Select("b2")
	before := snapshot(t, s)
	// 0103 is behind the Hussars: a rear hex.
	acts, err := s.ClickLoc("0101")
	if err == nil || len(acts) != 0 {
		t.Fatalf("click on an unlit hex: %v %v", acts, err)
	}
	if !strings.HasPrefix(err.Error(), "No: ") || !strings.Contains(err.Error(), "F3.1") {
		t.Fatalf("explanation %q should say why, with the rule", err)
	}
	if !bytes.Equal(before, snapshot(t, s)) {
		t.Fatal("clicking an unlit hex changed the game")
	}
	if s.Message != err.Error() {
		t.Fatalf("message %q", s.Message)
	}
	if h := s.HoverText("0101"); len(h) != 1 || h[0] != err.Error() {
		t.Fatalf("hover text %v", h)
	}
	// Without an Explainer the generic sentence is used.
	if w := (&Session{Game: &rules.Game{State: plainState{s.Game.State}}, Selected: "b2", Viewer: 0}).WhyNot("0412"); w != "no legal action of this unit targets 0412" {
		t.Fatalf("generic why-not %q", w)
	}
}

// plainState hides the fixture's optional interfaces.
type plainState struct{ rules.State }

func setupFireAtStack(t *testing.T, s *Session) string {
	t.Helper()
	st := fixtureState(s)
	b1, b2 := findUnit(s, "b1"), findUnit(s, "b2")
	b1.At, b2.At = "0303", "0304"
	// 0404 is in front of both; put a Red stack there.
	findUnit(s, "r1").At = "0404"
	findUnit(s, "rl").At = "0404"
	_ = st
	s.changed()
	var end rules.Action
	for _, a := range s.PanelActions() {
		if a.Kind == "end" {
			end = a
		}
	}
	if _, err := s.Do(end); err != nil {
		t.Fatal(err)
	}
	if s.View().Status.Phase != "Fire" {
		t.Fatalf("phase %s", s.View().Status.Phase)
	}
	return "0404"
}

func TestSeveralActionsOnOneTargetOpenAMenu(t *testing.T) {
	s := newHexSession(t, 1)
	target := setupFireAtStack(t, s)
	s.Select("b1")
	var hl render.Highlight
	for _, h := range s.Highlights() {
		if h.At == target {
			hl = h
		}
	}
	if hl.Kind != render.HLFire {
		t.Fatalf("fire target highlight %+v", hl)
	}
	before := snapshot(t, s)
	acts, err := s.ClickLoc(target)
	// Alone or supported, at either unit of the stack, and b1 supporting
	// the Hussars: six actions.
	if err != nil || len(acts) != 6 || len(s.Menu) != 6 || s.MenuAt != target {
		t.Fatalf("menu: %v (err %v), menu %d", acts, err, len(s.Menu))
	}
	if !bytes.Equal(before, snapshot(t, s)) {
		t.Fatal("opening the menu changed the game")
	}
	for _, a := range s.Menu {
		if !strings.Contains(a.String(), "[F5.") {
			t.Errorf("menu entry %q lacks its rule", a.String())
		}
	}
	// The odds of a combat are known before the roll.
	title, lines, ok := s.Odds(s.Menu[0])
	if !ok || title == "" || len(lines) != 2 || lines[0].Num+lines[1].Num != 6 {
		t.Fatalf("odds %q %v %v", title, lines, ok)
	}
	s.Cancel()
	if s.Menu != nil || s.Selected != "b1" {
		t.Fatal("Esc closes the menu first, keeping the selection")
	}
	s.ClickLoc(target)
	n := len(s.Game.Steps)
	if err := s.Choose(0); err != nil {
		t.Fatal(err)
	}
	// The fire and its die roll were applied.
	if len(s.Game.Steps) != n+2 || s.Game.Steps[n+1].By != rules.Chance {
		t.Fatalf("steps after choosing: %+v", s.Game.Steps[n:])
	}
}

func TestWalkStopsWhenNextStepBecomesIllegal(t *testing.T) {
	fixture.Register()
	stopped, reached := 0, 0
	for seed := uint64(1); seed <= 60 && (stopped == 0 || reached == 0); seed++ {
		s := newHexSession(t, seed)
		s.Select("b1")
		r, ok := s.Routes()["0302"]
		if !ok || len(r.Steps) != 2 || r.Steps[0].To != "0203" {
			t.Fatalf("route to 0302 through the woods: %+v", r)
		}
		n, err := s.WalkTo("0302")
		b1 := findUnit(s, "b1")
		if err != nil {
			// [F3.7] a 1 in the woods disorganises: the next step is illegal.
			if n != 1 || b1.At != "0203" || !b1.Dis {
				t.Fatalf("seed %d: stopped after %d steps at %s (dis %v): %v", seed, n, b1.At, b1.Dis, err)
			}
			if !strings.Contains(err.Error(), "F4.3") || !strings.Contains(err.Error(), "stopped after 1 of 2") {
				t.Fatalf("reason %q", err)
			}
			stopped++
			continue
		}
		if n != 2 || b1.At != "0302" {
			t.Fatalf("seed %d: walked %d steps to %s", seed, n, b1.At)
		}
		reached++
	}
	if stopped == 0 || reached == 0 {
		t.Fatalf("stopped %d, reached %d: want both outcomes among the seeds", stopped, reached)
	}
}

func TestWalkStopsWhenTheDeciderChanges(t *testing.T) {
	s := newHexSession(t, 2)
	blueCard := s.View().Hand[0].ID
	// The Hussars ride east; place the Red Battery so that a route passes
	// two hexes from it (the reaction of F4).
	m := s.View().Board.Hex
	var dest string
	s.Select("b2")
	routes := s.Routes()
	for _, gc := range m.Coords() {
		gun := m.Num(gc)
		if len(fixtureState(s).D.Units) == 0 || dest != "" {
			break
		}
		empty := true
		for _, u := range s.View().Units {
			empty = empty && u.At != gun && u.At2 != gun
		}
		if !empty {
			continue
		}
		for to, r := range routes {
			ok := true
			for i, st := range r.Steps {
				c, _ := m.ParseOn(st.To)
				d := hex.Distance(c, gc)
				last := i == len(r.Steps)-1
				if (!last && d <= 2 && i != 0) || (i == 0 && d != 2) || m.Cell(c).Terrain == "woods" {
					ok = false
				}
			}
			if ok && len(r.Steps) >= 2 {
				dest = to
				findUnit(s, "r3").At = gun
				break
			}
		}
	}
	if dest == "" {
		t.Fatal("no place for the battery")
	}
	s.changed()
	n, err := s.WalkTo(dest)
	if err == nil || !strings.Contains(err.Error(), "react") {
		t.Fatalf("walk to %s: %d steps, err %v", dest, n, err)
	}
	// Hidden system: the board is covered for Red, and the view drawn is
	// still Blue's until Red takes the seat.
	if !s.Cover || s.Seat != 1 || s.View().Side != 0 || s.CanAct() {
		t.Fatalf("cover %v seat %v view side %v", s.Cover, s.Seat, s.View().Side)
	}
	if _, err := s.ClickLoc(dest); err == nil || !strings.Contains(err.Error(), "Pass the seat") && !strings.Contains(err.Error(), "pass the seat") {
		t.Fatalf("click under the cover: %v", err)
	}
	s.TakeSeat()
	v := s.View()
	if v.Side != 1 || len(v.Legal) == 0 {
		t.Fatalf("after Red takes the seat: side %v legal %d", v.Side, len(v.Legal))
	}
	// Red sees its own card, never Blue's.
	js, _ := json.Marshal(v)
	for _, c := range v.Hand {
		if c.ID == blueCard && fixtureState(s).D.Hand[1] != blueCard {
			t.Fatal("Red's view holds Blue's card")
		}
	}
	if fixtureState(s).D.Hand[1] != blueCard && bytes.Contains(js, []byte(`"id":"`+blueCard+`"`)) {
		t.Fatalf("Red's view mentions Blue's card %s: %s", blueCard, js)
	}
	// The only Red unit that can act (the battery) is selected for it.
	if s.Selected != "r3" {
		t.Fatalf("selected %q, want the reacting battery", s.Selected)
	}
}

func TestHandOverOnlyInHiddenSystems(t *testing.T) {
	s := newHexSession(t, 3)
	end := func(s *Session) {
		t.Helper()
		for _, a := range s.PanelActions() {
			if a.Kind == "end" {
				if _, err := s.Do(a); err != nil {
					t.Fatal(err)
				}
				return
			}
		}
		t.Fatal("no end action")
	}
	end(s) // Blue: Movement -> Fire, Blue keeps the seat
	if s.Cover || s.Viewer != 0 {
		t.Fatal("no hand-over while the same side decides")
	}
	end(s) // Red's turn
	if !s.Cover || s.Seat != 1 || s.View().Side != 0 {
		t.Fatalf("hand-over to Red: cover %v seat %v view %v", s.Cover, s.Seat, s.View().Side)
	}
	if len(s.LogLines()) == 0 {
		t.Fatal("no log")
	}
	s.TakeSeat()
	if s.View().Side != 1 || s.Cover {
		t.Fatal("Red has the seat")
	}
	// The open zone system: the view follows the decider, no cover.
	z, err := NewSession(fixture.ZoneScenario, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	if z.Cover {
		t.Fatal("no hand-over screen in an open system")
	}
	end(z)
	if z.Cover || z.Viewer != 1 || z.View().Side != 1 || !z.CanAct() {
		t.Fatalf("open system after the end: cover %v viewer %v", z.Cover, z.Viewer)
	}
}

func TestUndoStopsAtChance(t *testing.T) {
	s := newHexSession(t, 1)
	before := snapshot(t, s)
	s.Select("b2")
	if _, err := s.ClickLoc("0204"); err != nil {
		t.Fatal(err)
	}
	if err := s.Undo(); err != nil {
		t.Fatalf("undo a plain move: %v", err)
	}
	if !bytes.Equal(before, snapshot(t, s)) {
		t.Fatal("undo did not restore the state")
	}
	// Into the woods: a die is rolled [F3.7]; undo refuses to cross it.
	s.Select("b1")
	if _, err := s.ClickLoc("0203"); err != nil {
		t.Fatal(err)
	}
	after := snapshot(t, s)
	err := s.Undo()
	if err == nil || !strings.Contains(err.Error(), "die roll") {
		t.Fatalf("undo past a roll: %v", err)
	}
	if !bytes.Equal(after, snapshot(t, s)) {
		t.Fatal("a refused undo changed the game")
	}
	if !strings.Contains(s.Message, "Cannot undo") {
		t.Fatalf("message %q", s.Message)
	}
}

func TestSaveThenLoadGivesTheSameGame(t *testing.T) {
	t.Setenv("GROGNARD_HOME", t.TempDir())
	s := newHexSession(t, 4)
	s.Select("b2")
	if _, err := s.ClickLoc("0205"); err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), "game.json")
	if err := s.Save(p); err != nil {
		t.Fatal(err)
	}
	l, err := LoadSession(p)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(snapshot(t, s), snapshot(t, l)) || len(l.Game.Steps) != len(s.Game.Steps) {
		t.Fatal("the loaded game differs")
	}
	// A loaded hidden game opens on the hand-over screen.
	if !l.Cover || l.Seat != 0 {
		t.Fatalf("loaded game: cover %v seat %v", l.Cover, l.Seat)
	}
}

func TestBrokenSaveShowsErrorAndChangesNothing(t *testing.T) {
	t.Setenv("GROGNARD_HOME", t.TempDir())
	bad := filepath.Join(t.TempDir(), "broken.json")
	if err := os.WriteFile(bad, []byte(`{"format": 1, "scenario": "fixture-hex", "steps": [`), 0o644); err != nil {
		t.Fatal(err)
	}
	a := NewApp()
	a.input = &scriptInput{}
	a.loadPath = func() (string, error) { return bad, nil }
	s := newHexSession(t, 1)
	b := a.OpenSession(s)
	before := snapshot(t, s)
	a.Inject(Key(ebiten.KeyO, true))
	if err := a.Update(); err != nil {
		t.Fatal(err)
	}
	if a.Board() != b || b.S != s {
		t.Fatal("a failed load replaced the game")
	}
	if !strings.Contains(s.Message, "Load failed") || !strings.Contains(s.Message, "broken.json") {
		t.Fatalf("message %q should give the error and the file", s.Message)
	}
	if !bytes.Equal(before, snapshot(t, s)) {
		t.Fatal("a failed load changed the game")
	}
}

func TestReferenceText(t *testing.T) {
	if got := ReferenceText("no-such-system"); got != NoReference {
		t.Fatalf("missing reference: %q", got)
	}
}
