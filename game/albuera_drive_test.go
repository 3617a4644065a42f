package game

import (
	"fmt"
	"strings"
	"testing"

	"grognard/render"
	"grognard/rules"
	_ "grognard/rules/systems"
)

// Albuera 1811 in the real window. The French 1er bataillon of the 16e
// Léger (Godinot's brigade, east of the bridge at set-up) marches on the
// bridge: the test plays the first activations through the engine (the
// Allies hold, every other commander ends his movement) until the battalion
// stands in Line on 1608 with the bridge in front of it, then does the rest
// with the mouse: select it, see its legal destinations light on the map,
// click the hex over the bridge (1508), which is a front hex of the KGL's
// 2nd Light Battalion in the village; the reaction prompt [13.1] appears
// for the Allies and a click decides it.
const (
	albSeed   = 3
	albUnit   = "I/16L"
	albLine   = "1608" // where the driver leaves it, in Line
	albBridge = "1508" // across the bridge: 2KGL's front hex
	albKGL    = "2KGL"
)

var albPath = []string{"1809", "1708", albLine} // in Column, through the olive groves

// albView returns the view of the battalion.
func albUnitView(st rules.State, id string) (rules.UnitView, bool) {
	for _, u := range st.View(0).Units {
		if u.ID == id {
			return u, true
		}
	}
	return rules.UnitView{}, false
}

// albueraDrive plays g until the French decide with albUnit in Line on
// albLine and a legal move to albBridge; it returns false if the game went
// another way within the step budget. (No t.Fatal: the window test runs it
// on the game loop.)
func albueraDrive(g *rules.Game) (bool, error) {
	for step := 0; step < 3000; step++ {
		st := g.State.Status()
		if g.State.Result().Over {
			return false, nil
		}
		if st.Decider == rules.Chance {
			if _, err := g.ResolveChance(); err != nil {
				return false, err
			}
			continue
		}
		legal := g.State.Legal()
		u, ok := albUnitView(g.State, albUnit)
		if !ok {
			return false, nil
		}
		find := func(match func(a rules.Action) bool) (rules.Action, bool) {
			for _, a := range legal {
				if match(a) {
					return a, true
				}
			}
			return rules.Action{}, false
		}
		var act rules.Action
		found := false
		if st.Decider == 0 {
			if u.At == albLine && u.Formation == "line" {
				if _, ok := find(func(a rules.Action) bool { return a.Kind == "move" && a.Unit == albUnit && a.To == albBridge }); ok {
					return true, nil
				}
			}
			// The next hex of the march, or Line at its end.
			next := ""
			for i, h := range albPath {
				if u.At == h && i+1 < len(albPath) {
					next = albPath[i+1]
				}
			}
			if u.At == "1909" {
				next = albPath[0]
			}
			if next != "" {
				act, found = find(func(a rules.Action) bool { return a.Kind == "move" && a.Unit == albUnit && a.To == next })
			} else if u.At == albLine && u.Formation != "line" {
				act, found = find(func(a rules.Action) bool { return a.Kind == "choose" && a.Unit == albUnit && a.Choice == "array:line" })
			}
			if !found { // Soult's chit [4.6] and division chits: Godinot if offered
				act, found = find(func(a rules.Action) bool {
					return a.Kind == "choose" && strings.Contains(strings.ToLower(a.Choice+" "+a.Label), "godinot")
				})
			}
		}
		if !found {
			act, found = find(func(a rules.Action) bool { return a.Kind == "pass" || a.Kind == "end" || a.Choice == "react:none" })
		}
		if !found {
			act, found = legal[0], len(legal) > 0
		}
		if !found {
			return false, fmt.Errorf("no legal action at %+v", st)
		}
		if _, err := g.Apply(act); err != nil {
			return false, fmt.Errorf("%s: %v", act.Label, err)
		}
	}
	return false, nil
}

// TestAlbueraDriveToTheBridge [12], [13.1A]: the engine part of the window
// test, without a window: the driver brings I/16 L in Line to 1608, its move
// over the bridge to 1508 enters the front of 2KGL, and the Allies must
// react (procedure A: the KGL count as British, -2, and in command, -1, so
// the check always passes and the choice is theirs).
func TestAlbueraDriveToTheBridge(t *testing.T) {
	g, err := rules.NewGame("albuera-1811", albSeed, nil)
	if err != nil {
		t.Fatal(err)
	}
	if ok, err := albueraDrive(g); err != nil || !ok {
		if err != nil {
			t.Fatal(err)
		}
		t.Fatalf("the driver did not bring %s to %s in Line", albUnit, albLine)
	}
	var move rules.Action
	for _, a := range g.State.Legal() {
		if a.Kind == "move" && a.Unit == albUnit && a.To == albBridge {
			move = a
		}
	}
	if _, err := g.Apply(move); err != nil {
		t.Fatal(err)
	}
	st := g.State.Status()
	if st.Decider != 1 {
		t.Fatalf("after %s the Allies should decide a reaction; decider %d, %s", move.Label, st.Decider, st.SubPhase)
	}
	opts := map[string]bool{}
	for _, a := range g.State.Legal() {
		if a.Unit == albKGL && strings.HasPrefix(a.Choice, "react:") {
			opts[a.Choice] = true
		}
	}
	if !opts["react:none"] || !opts["react:fire"] {
		t.Fatalf("2KGL's reaction choices %v", opts)
	}
}

// TestRule13_ReactionPromptAutoSelects [13.1]: when the mover enters 2KGL's
// front, the session hands the board to the Allies, selects the reacting
// unit at once, the prompt names the mover and the reacting unit and says who
// decides, and each option that rolls dice carries its odds.
func TestRule13_ReactionPromptAutoSelects(t *testing.T) {
	s, err := NewSession("albuera-1811", albSeed, nil)
	if err != nil {
		t.Fatal(err)
	}
	if ok, err := albueraDrive(s.Game); err != nil || !ok {
		t.Fatalf("the driver did not bring %s to %s in Line (%v)", albUnit, albLine, err)
	}
	s.afterChange()
	var move rules.Action
	for _, a := range s.Game.State.Legal() {
		if a.Kind == "move" && a.Unit == albUnit && a.To == albBridge {
			move = a
		}
	}
	s.Selected = ""
	if _, err := s.Do(move); err != nil {
		t.Fatal(err)
	}
	if s.Decider() != 1 || s.Viewer != 1 {
		t.Fatalf("decider %d, viewer %d: the Allies should hold the board", s.Decider(), s.Viewer)
	}
	if s.Selected != albKGL {
		t.Fatalf("selected %q, want the reacting unit %s", s.Selected, albKGL)
	}
	st := s.Game.State.Status()
	kgl, _ := albUnitView(s.Game.State, albKGL)
	mover, _ := albUnitView(s.Game.State, albUnit)
	if !strings.Contains(st.Prompt, "Allied") || !strings.Contains(st.Prompt, kgl.Name) || !strings.Contains(st.Prompt, mover.Name) {
		t.Errorf("prompt %q should say the Allies decide and name %s and %s", st.Prompt, kgl.Name, mover.Name)
	}
	odds := 0
	for _, a := range s.Legal() {
		if a.Unit != albKGL || !strings.HasPrefix(a.Choice, "react:") {
			t.Errorf("action %s is not 2KGL's reaction", a.Label)
		}
		if strings.Contains(a.Choice, "fire") && !strings.Contains(a.Choice, "turn") { // after a turn the target is not known yet
			if !strings.Contains(a.Info, "in 10") {
				t.Errorf("fire option %q without its odds", a.Label)
			}
			odds++
		}
		t.Logf("option: %s", a.Label)
	}
	if odds == 0 {
		t.Error("no fire option with odds")
	}
}

// TestRule4_5_OpeningChoiceShowsAtOnce: an Albuera game opens on the first
// chit's choice (what the drawn commander activates [4.5]); the commander
// is selected as the session opens, so the choices are on the screen
// without the player hunting for him on the map.
func TestRule4_5_OpeningChoiceShowsAtOnce(t *testing.T) {
	for seed := uint64(1); seed <= 4; seed++ {
		s, err := NewSession("albuera-1811", seed, nil)
		if err != nil {
			t.Fatal(err)
		}
		legal := s.Legal()
		if len(legal) == 0 || legal[0].Kind != "choose" || legal[0].Unit == "" {
			continue
		}
		if s.Selected != legal[0].Unit {
			t.Fatalf("seed %d: the game opens on %s's choice [4.5], selected %q", seed, legal[0].Unit, s.Selected)
		}
		return
	}
	t.Fatal("no seed opened on a commander's choice")
}

// TestRule4_5_ChoiceButtonsNeverCut: the opening chit's choices [4.5]
// (two brigades and "the whole division (coordination N: M in 10)") show
// whole in the side panel at 1280x720: a choice too long for half a row
// takes a row of its own.
func TestRule4_5_ChoiceButtonsNeverCut(t *testing.T) {
	t.Setenv("GROGNARD_HOME", t.TempDir())
	checked := 0
	for seed := uint64(1); seed <= 6; seed++ {
		s, err := NewSession("albuera-1811", seed, nil)
		if err != nil {
			t.Fatal(err)
		}
		a, b := scriptedApp(t, s)
		b.layoutPanel(a)
		for _, pb := range b.panel {
			if pb.act == nil || pb.isCard {
				continue
			}
			r := pb.b.Rect
			if !render.ButtonLabelFits(pb.b.Label, r.Dx(), r.Dy()) {
				t.Errorf("seed %d: %q is cut on its %dx%d button", seed, pb.b.Label, r.Dx(), r.Dy())
			}
			checked++
		}
	}
	if checked == 0 {
		t.Fatal("no choice button laid out")
	}
}
