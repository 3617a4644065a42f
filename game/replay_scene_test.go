package game

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"grognard/render"
	"grognard/rules"
	"grognard/rules/almansa"
	"grognard/saves"
)

// liveBytes is everything of a live game that replay must leave as it
// was: its state, its record (steps) and its log, as bytes.
func liveBytes(t *testing.T, g *rules.Game) []byte {
	t.Helper()
	snap, err := g.State.Snapshot()
	if err != nil {
		t.Fatal(err)
	}
	steps, err := json.Marshal(g.Steps)
	if err != nil {
		t.Fatal(err)
	}
	logs, err := json.Marshal(g.Log)
	if err != nil {
		t.Fatal(err)
	}
	return bytes.Join([][]byte{snap, steps, logs}, []byte("\n--\n"))
}

// replayOf returns the replay scene the app shows.
func replayOf(t *testing.T, a *App) *replayScene {
	t.Helper()
	rs, ok := a.scene.(*replayScene)
	if !ok {
		t.Fatalf("the app shows %T, not the replay", a.scene)
	}
	return rs
}

// shownIsStep checks that the board of the replay shows the state of the
// game played to step n (the same snapshot as a fresh replay of n steps).
func shownIsStep(t *testing.T, rs *replayScene, g *rules.Game, n int) {
	t.Helper()
	if rs.R.N != n {
		t.Fatalf("the replay shows step %d, want %d", rs.R.N, n)
	}
	want, err := rules.Replay(g.Scenario, g.Seed, g.Options, g.Steps[:n])
	if err != nil {
		t.Fatal(err)
	}
	a, _ := rs.s.Game.State.Snapshot()
	b, _ := want.State.Snapshot()
	if !bytes.Equal(a, b) {
		t.Fatalf("the board at step %d is not the game played to step %d", rs.R.N, n)
	}
	if !strings.Contains(rs.Banner(), "REPLAY") || !strings.Contains(rs.Banner(), "step "+strconv.Itoa(n)+" of "+strconv.Itoa(len(g.Steps))) {
		t.Fatalf("banner %q", rs.Banner())
	}
}

// TestReplaySceneKeysAndBarLeaveTheLiveGameUntouched: R opens the replay
// of the live Almansa game at its last step; Left/Right, Shift+Left,
// PageUp/PageDown, Home/End and a click on the timeline bar move through
// it, the board showing the game played to that step; Esc returns to the
// same live board with the game's state, record and log byte-identical.
func TestReplaySceneKeysAndBarLeaveTheLiveGameUntouched(t *testing.T) {
	t.Setenv("GROGNARD_HOME", t.TempDir())
	g, _ := playRandom(t, almansa.ScenarioID, 7, 160)
	s, err := SessionFor(g)
	if err != nil {
		t.Fatal(err)
	}
	a, b := scriptedApp(t, s)
	if s.Cover {
		s.TakeSeat()
	}
	before := liveBytes(t, g)
	ver := s.Version()
	last := len(g.Steps)

	step(t, a, Key(ebiten.KeyR, false))
	rs := replayOf(t, a)
	shownIsStep(t, rs, g, last)
	for range 3 {
		step(t, a, Key(ebiten.KeyArrowLeft, false))
	}
	shownIsStep(t, rs, g, last-3)
	step(t, a, Key(ebiten.KeyArrowRight, false))
	shownIsStep(t, rs, g, last-2)
	// A phase back: the step shown then begins a phase (its status
	// differs from the step before's) and lies before last-2.
	step(t, a, Event{Kind: EvKey, Key: ebiten.KeyArrowLeft, Shift: true})
	n := rs.R.N
	if n >= last-2 || (n > 0 && phaseKey(rs.R.Status(n)) == phaseKey(rs.R.Status(n-1))) {
		t.Fatalf("Shift+Left went to step %d (%v after %v)", n, rs.R.Status(n), rs.R.Status(max(n-1, 0)))
	}
	shownIsStep(t, rs, g, n)
	step(t, a, Key(ebiten.KeyPageUp, false))
	if m := rs.R.N; m > n || (m > 0 && rs.R.Status(m).Turn == rs.R.Status(m-1).Turn) {
		t.Fatalf("PageUp went to step %d, not the start of a turn", m)
	}
	shownIsStep(t, rs, g, rs.R.N)
	step(t, a, Key(ebiten.KeyHome, false))
	shownIsStep(t, rs, g, 0)
	step(t, a, Key(ebiten.KeyPageDown, false))
	if rs.R.N == 0 || rs.R.Status(rs.R.N).Turn == rs.R.Status(0).Turn && rs.R.N != last {
		t.Fatalf("PageDown went to step %d", rs.R.N)
	}
	step(t, a, Key(ebiten.KeyEnd, false))
	shownIsStep(t, rs, g, last)
	// The timeline bar: a click in its middle shows the middle step; a
	// drag to its left end shows step 0.
	tr := rs.trackRect(a)
	mid := tr.Min.X + tr.Dx()/2
	step(t, a, Click(mid, tr.Min.Y+4)...)
	if d := rs.R.N - last/2; d < -1 || d > 1 {
		t.Fatalf("a click in the middle of the timeline showed step %d of %d", rs.R.N, last)
	}
	shownIsStep(t, rs, g, rs.R.N)
	step(t, a, Event{Kind: EvMove, X: mid, Y: tr.Min.Y + 4}, Event{Kind: EvDown, X: mid, Y: tr.Min.Y + 4, Button: ebiten.MouseButtonLeft},
		Event{Kind: EvMove, X: tr.Min.X + tr.Dx()/4, Y: tr.Min.Y + 4})
	if d := rs.R.N - last/4; d < -1 || d > 1 {
		t.Fatalf("dragging the handle to a quarter showed step %d of %d", rs.R.N, last)
	}
	step(t, a, Event{Kind: EvMove, X: tr.Min.X - 10, Y: tr.Min.Y + 4}, Event{Kind: EvUp, X: tr.Min.X - 10, Y: tr.Min.Y + 4, Button: ebiten.MouseButtonLeft})
	shownIsStep(t, rs, g, 0)
	// A click on the map selects nothing and does nothing.
	br := rs.b.BoardRect(a)
	step(t, a, Click(br.Min.X+br.Dx()/2, br.Min.Y+br.Dy()/2)...)
	shownIsStep(t, rs, g, 0)

	step(t, a, Key(ebiten.KeyEscape, false))
	if a.scene != b {
		t.Fatalf("Esc left the replay for %T, not the live board", a.scene)
	}
	if !bytes.Equal(before, liveBytes(t, g)) {
		t.Fatal("the live game changed after the replay")
	}
	if b.S != s || s.Game != g || s.Version() != ver {
		t.Fatal("the live session changed after the replay")
	}
}

// TestReplaySceneLogLineJumps: a click on a line of the replay's log shows
// the step that wrote it; the line found is the one render.DrawLog draws
// at that height.
func TestReplaySceneLogLineJumps(t *testing.T) {
	t.Setenv("GROGNARD_HOME", t.TempDir())
	g, _ := playRandom(t, almansa.ScenarioID, 9, 120)
	s, err := SessionFor(g)
	if err != nil {
		t.Fatal(err)
	}
	a, _ := scriptedApp(t, s)
	s.TakeSeat()
	step(t, a, Key(ebiten.KeyR, false))
	rs := replayOf(t, a)
	lr := rs.replayLogRect(a)
	lines := rs.R.LogLines()
	texts := rs.logTexts()
	_, lh := render.Measure("", render.Face(12.5))
	jumped := false
	for row := 6; row >= 1 && !jumped; row-- {
		y := int(float64(lr.Max.Y) - 8 - lh*(float64(row)+0.5))
		i := logLineAt(lr, texts, 0, y)
		if i < 0 {
			t.Fatalf("no log line at row %d", row)
		}
		drawn := strings.TrimSpace(render.LogRowAt(lr, texts, 0, y))
		if drawn == "" || !strings.Contains(texts[i], drawn) {
			t.Fatalf("row %d: the log draws %q there, but the click finds line %q", row, drawn, texts[i])
		}
		if lines[i].Step == rs.R.N {
			continue
		}
		step(t, a, Click(lr.Min.X+40, y)...)
		if rs.R.N != lines[i].Step {
			t.Fatalf("a click on %q showed step %d, want %d", texts[i], rs.R.N, lines[i].Step)
		}
		shownIsStep(t, rs, g, lines[i].Step)
		jumped = true
	}
	if !jumped {
		t.Fatal("every line near the bottom of the log is of the last step")
	}
}

// TestReplayScenePlayFromHereLeavesTheSave: the menu's "Replay a save…"
// (Ctrl+R) opens a save's replay; P at step 40 starts a new game from
// there, in a new save with its own autosave; the original file stays
// byte-identical while the new game plays on.
func TestReplayScenePlayFromHereLeavesTheSave(t *testing.T) {
	home := t.TempDir()
	t.Setenv("GROGNARD_HOME", home)
	g, snaps := playRandom(t, almansa.ScenarioID, 11, 80)
	orig := filepath.Join(t.TempDir(), "orig.json")
	if err := saves.Write(orig, g); err != nil {
		t.Fatal(err)
	}
	before, _ := os.ReadFile(orig)
	a := NewApp()
	a.input = &scriptInput{}
	a.Layout(WindowW, WindowH)
	a.loadPath = func() (string, error) { return orig, nil }
	menu := a.scene
	step(t, a, Key(ebiten.KeyR, true))
	rs := replayOf(t, a)
	if rs.back != menu || rs.R.Source != orig {
		t.Fatal("the replay of a save does not come from the menu's file")
	}
	rs.R.Goto(40)
	step(t, a, Key(ebiten.KeyP, false), Key(ebiten.KeyEnter, false)) // P asks first; Enter starts it
	b := a.Board()
	if b == nil {
		t.Fatalf("Play from here shows %T", a.scene)
	}
	ng := b.S.Game
	if len(ng.Steps) != 40 {
		t.Fatalf("the new game has %d steps, want 40", len(ng.Steps))
	}
	if snap, _ := ng.State.Snapshot(); !bytes.Equal(snap, snaps[40]) {
		t.Fatal("the new game does not start from step 40")
	}
	dir, _ := saves.Dir()
	auto := saves.GameAutosavePath(dir, b.S.AutoKey)
	if b.S.AutoKey == saves.GameKey(g) || b.S.AutoKey == "" {
		t.Fatalf("the branch autosaves under the original game's key %q", b.S.AutoKey)
	}
	if _, err := os.Stat(auto); err != nil {
		t.Fatalf("the branch has no autosave: %v", err)
	}
	branches, _ := filepath.Glob(filepath.Join(dir, "*-branch-step40-*.json"))
	if len(branches) != 1 {
		t.Fatalf("the new save: %v", branches)
	}
	// The new game plays on (through the session, so its autosave too).
	if b.S.Cover {
		b.S.TakeSeat()
	}
	for i := 0; i < 10 && !ng.State.Result().Over; i++ {
		legal := ng.State.Legal()
		if len(legal) == 0 {
			break
		}
		if ng.State.Status().Decider == rules.Chance {
			if _, err := ng.Apply(legal[0]); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if _, err := b.S.Do(legal[0]); err != nil {
			t.Fatalf("the branch refused a legal action: %v", err)
		}
	}
	if got, err := saves.Read(auto); err != nil || len(got.Steps) <= 40 {
		t.Fatalf("the branch's autosave did not follow its play (%v)", err)
	}
	if after, _ := os.ReadFile(orig); !bytes.Equal(before, after) {
		t.Fatal("the original save changed")
	}
}

// TestReplaySceneVentaShowsOneSideOnly: the replay of an unfinished Venta
// del Pozo game opens behind the hand-over screen, which shows nothing of
// the game; then, at every step, what the scene draws (banner, step info,
// hand, log) holds no card of the other side's hand, V does not switch
// sides, and the view is the French one.
func TestReplaySceneVentaShowsOneSideOnly(t *testing.T) {
	t.Setenv("GROGNARD_HOME", t.TempDir())
	g, _ := playRandom(t, "venta-del-pozo", 5, 150)
	if g.State.Result().Over {
		t.Skip("the random game ended")
	}
	s, err := SessionFor(g)
	if err != nil {
		t.Fatal(err)
	}
	a, _ := scriptedApp(t, s)
	s.TakeSeat()
	me := s.Viewer
	other := 1 - me
	step(t, a, Key(ebiten.KeyR, false))
	rs := replayOf(t, a)
	if !rs.cover || rs.View() != nil {
		t.Fatal("the replay of a hidden game does not open behind the hand-over screen")
	}
	cover := strings.Join(rs.Texts(a), "\n")
	for _, c := range g.State.View(me).Hand {
		if strings.Contains(cover, c.Name) {
			t.Fatalf("the hand-over screen shows the card %q", c.Name)
		}
	}
	// The cover's words fit its box (render.DrawCover: two lines of
	// text under the title, wrapped to the title's width).
	title, sub := rs.coverText()
	tw, _ := render.Measure(title, render.Bold(34))
	if n := len(render.Wrap(sub, render.Face(16), max(tw, 360)+20)); n > 2 {
		t.Errorf("the cover's text takes %d lines, its box holds 2", n)
	}
	step(t, a, Key(ebiten.KeyArrowLeft, false)) // ignored behind the cover
	if rs.R.N != rs.R.Len() {
		t.Fatal("a key moved the replay behind the hand-over screen")
	}
	step(t, a, Key(ebiten.KeyEnter, false))
	if rs.cover {
		t.Fatal("Enter did not take the seat")
	}
	step(t, a, Key(ebiten.KeyV, false))
	if rs.R.Viewer != me {
		t.Fatal("V showed the other side's view before the end")
	}
	checked := 0
	for n := rs.R.Len(); n >= 0; n-- {
		if rs.R.N != n {
			t.Fatalf("at step %d, want %d", rs.R.N, n)
		}
		st, err := rs.R.TL.StateAt(n)
		if err != nil {
			t.Fatal(err)
		}
		mine := map[string]bool{}
		for _, c := range st.View(me).Hand {
			mine[c.ID] = true
		}
		v := rs.View()
		if v == nil || rs.s.Viewer != me {
			t.Fatalf("step %d: the scene shows side %d", n, rs.s.Viewer)
		}
		drawn := strings.Join(rs.Texts(a), "\n")
		for _, c := range st.View(other).Hand {
			if mine[c.ID] {
				continue
			}
			checked++
			for _, h := range v.Hand {
				if h.ID == c.ID {
					t.Fatalf("step %d: the other side's card %s is in the hand the scene draws", n, c.ID)
				}
			}
			if strings.Contains(drawn, c.Name) && !publicName(rs.R, n, c.Name) {
				t.Fatalf("step %d: the other side's card %q shows in the replay", n, c.Name)
			}
		}
		step(t, a, Key(ebiten.KeyArrowLeft, false))
	}
	if checked == 0 {
		t.Fatal("the other side's hand was never checked")
	}
}

// TestReplaySceneSidePanelFits: the side panel's buttons, info and key
// list stay inside the panel and above the log at the default size and at
// a small window, and the banner's text fits its strip.
func TestReplaySceneSidePanelFits(t *testing.T) {
	t.Setenv("GROGNARD_HOME", t.TempDir())
	g, _ := playRandom(t, almansa.ScenarioID, 7, 60)
	s, _ := SessionFor(g)
	for _, size := range [][2]int{{WindowW, WindowH}, {1024, 600}} {
		a, _ := scriptedApp(t, s)
		a.Layout(size[0], size[1])
		s.TakeSeat()
		step(t, a, Key(ebiten.KeyR, false))
		rs := replayOf(t, a)
		rs.layout(a)
		side, lr := rs.sideRect(a), rs.replayLogRect(a)
		for _, bt := range rs.buttons {
			if !bt.b.Rect.In(side) || bt.b.Rect.Max.Y > lr.Min.Y {
				t.Errorf("%v: button %q at %v is outside the panel %v or over the log %v", size, bt.b.Label, bt.b.Rect, side, lr)
			}
			// render.DrawButton's label face and room.
			lf := render.Bold(min(15, max(10, float64(bt.b.Rect.Dy())*0.38)))
			if w, _ := render.Measure(bt.b.Label, lf); w > float64(bt.b.Rect.Dx()-10) {
				t.Errorf("%v: the label %q (%.0f px) is wider than its button (%d px)", size, bt.b.Label, w, bt.b.Rect.Dx())
			}
		}
		if lr.Dy() < logMinH-8 {
			t.Errorf("%v: the log has only %d px", size, lr.Dy())
		}
		for _, k := range replayKeys {
			if w, _ := render.Measure(k, render.Face(11.5)); w > float64(side.Dx()-28) {
				t.Errorf("%v: the key line %q is cut (%.0f px)", size, k, w)
			}
		}
		if w, _ := render.Measure(rs.Banner(), render.Bold(19)); w > float64(rs.bannerRect(a).Dx()-28) {
			t.Errorf("%v: the banner is cut", size)
		}
		if size[0] == WindowW {
			// At the default size every step's info (dice, modifiers,
			// odds) fits above the key list: nothing is left out.
			for n := 0; n <= rs.R.Len(); n++ {
				rs.R.Goto(n)
				lr := rs.replayLogRect(a)
				need := 0
				for _, row := range rs.infoRows(a) {
					need += row.height()
				}
				if room := lr.Min.Y - 6 - keyRowH*len(replayKeys) - rs.layout(a); need > room {
					t.Errorf("step %d: the info needs %d px, the panel has %d", n, need, room)
				}
			}
		}
		step(t, a, Key(ebiten.KeyEscape, false))
	}
}

// TestReplaySceneRollShowsFacesModsAndOdds: at every die roll of a random
// Almansa game the side panel draws the dice (a dice row), states the roll
// in its log words (faces, modifiers, result, rule) and, where the combat
// had odds, marks the outcome the roll gave among them; the battle dice of
// Venta del Pozo (symbols) are never drawn as numbered dice.
func TestReplaySceneRollShowsFacesModsAndOdds(t *testing.T) {
	t.Setenv("GROGNARD_HOME", t.TempDir())
	for _, c := range []struct {
		scenario string
		symbols  bool
	}{{almansa.ScenarioID, false}, {"venta-del-pozo", true}} {
		var s *Session
		if c.symbols {
			g, _ := playRandom(t, c.scenario, 5, 400)
			s, _ = SessionFor(g)
		} else {
			s = almShock(t)
		}
		a, _ := scriptedApp(t, s)
		s.TakeSeat()
		step(t, a, Key(ebiten.KeyR, false))
		rs := replayOf(t, a)
		rs.cover = false
		rolls, marked := 0, 0
		for n := 1; n <= rs.R.Len(); n++ {
			_, evs, _ := rs.R.TL.Step(n)
			var rolled []rules.Event
			for _, e := range evs {
				if len(e.Dice) > 0 {
					rolled = append(rolled, e)
				}
			}
			if len(rolled) == 0 {
				continue
			}
			rolls++
			rs.R.Goto(n)
			rs.sync(a)
			lines := rs.panelLines()
			text := strings.Join(lines, "\n")
			diceRow := false
			for _, r := range rs.infoRows(a) {
				diceRow = diceRow || r.dice
			}
			// Numbered dice and battle dice alike are drawn as the
			// pictures on the dice (newcomer issue #18 point 8).
			if !diceRow {
				t.Fatalf("%s step %d: the dice are not drawn", c.scenario, n)
			}
			for _, e := range rolled {
				if !strings.Contains(text, "Roll: "+e.TextFor(rs.R.Viewer)) {
					t.Fatalf("%s step %d: the panel lacks the roll %q:\n%s", c.scenario, n, e.TextFor(rs.R.Viewer), text)
				}
			}
			if k := strings.Count(text, "(this roll)"); k > 1 {
				t.Fatalf("%s step %d: %d outcomes marked", c.scenario, n, k)
			} else if k == 1 {
				marked++
			}
		}
		t.Logf("%s: %d rolls, %d with their outcome marked among the odds", c.scenario, rolls, marked)
		if rolls == 0 || !c.symbols && marked == 0 {
			t.Fatalf("%s: %d rolls, %d marked", c.scenario, rolls, marked)
		}
		step(t, a, Key(ebiten.KeyEscape, false))
	}
}

// almShock is an Almansa game (seed 3) played to just after a Bourbon
// shock [13]: Milan (av4) attacks Lisboa at 1907 and the roll is made.
func almShock(t *testing.T) *Session {
	t.Helper()
	s := almContact(t, "Bourbon shock combat")
	s.Select("av4")
	for _, a := range s.TargetActions("1907") {
		if a.Kind == "shock" {
			if _, err := s.Do(a); err != nil {
				t.Fatal(err)
			}
		}
	}
	if s.Waiting() {
		s.TakeSeat()
	}
	for _, a := range s.PanelActions() {
		if a.Choice == "resolve" {
			if _, err := s.Do(a); err != nil {
				t.Fatal(err)
			}
		}
	}
	if s.Game.State.(*almansa.State).Decl != nil {
		t.Fatal("the shock was not resolved")
	}
	return s
}

// TestReplayScenePlayFromHereLeavesTheLiveAutosave: Play from here in the
// replay of the live game starts the new game with an autosave of its own;
// the live game's autosave file stays byte-identical (Continue brings the
// live game back as it stood), even when branching at its last step.
func TestReplayScenePlayFromHereLeavesTheLiveAutosave(t *testing.T) {
	t.Setenv("GROGNARD_HOME", t.TempDir())
	for _, back := range []int{5, 0} {
		g, _ := playRandom(t, almansa.ScenarioID, 13, 60)
		s, err := SessionFor(g)
		if err != nil {
			t.Fatal(err)
		}
		a := NewApp()
		a.input = &scriptInput{}
		a.Layout(WindowW, WindowH)
		a.startSession(s)
		s.TakeSeat()
		if err := s.Autosave(g); err != nil {
			t.Fatal(err)
		}
		dir, _ := saves.Dir()
		livePath := saves.GameAutosavePath(dir, s.AutoKey)
		before, err := os.ReadFile(livePath)
		if err != nil {
			t.Fatal(err)
		}
		step(t, a, Key(ebiten.KeyR, false))
		for range back {
			step(t, a, Key(ebiten.KeyArrowLeft, false))
		}
		step(t, a, Key(ebiten.KeyP, false), Key(ebiten.KeyEnter, false)) // P asks first; Enter starts it
		nb := a.Board()
		if nb == nil || nb.S == s || len(nb.S.Game.Steps) != len(g.Steps)-back {
			t.Fatalf("back %d: Play from here did not open a new game of %d steps", back, len(g.Steps)-back)
		}
		if nb.S.AutoKey == s.AutoKey {
			t.Fatalf("back %d: the branch autosaves into the live game's file", back)
		}
		if nb.S.CanAct() || nb.S.Waiting() {
			legal := nb.S.Legal()
			if nb.S.Waiting() {
				nb.S.TakeSeat()
				legal = nb.S.Legal()
			}
			if len(legal) > 0 {
				if _, err := nb.S.Do(legal[0]); err != nil {
					t.Fatal(err)
				}
			}
		}
		if after, _ := os.ReadFile(livePath); !bytes.Equal(before, after) {
			t.Fatalf("back %d: the live game's autosave changed", back)
		}
	}
}

// TestReplaySceneWindowCloseAsksForTheLiveGame: closing the window during
// the replay of a live game with unsaved decisions returns to its board
// and asks first, as without the replay; with none, the app quits.
func TestReplaySceneWindowCloseAsksForTheLiveGame(t *testing.T) {
	t.Setenv("GROGNARD_HOME", t.TempDir())
	s := almContact(t, "Bourbon shock combat") // decisions made in this session
	if s.Unsaved() == 0 {
		t.Fatal("the session has no unsaved decision")
	}
	a, b := scriptedApp(t, s)
	if s.Waiting() {
		s.TakeSeat()
	}
	step(t, a, Key(ebiten.KeyR, false))
	replayOf(t, a)
	if !a.closeFromReplay() || a.scene != b || b.dialog == nil || a.quit {
		t.Fatalf("closing during the replay: scene %T, question %v, quit %v", a.scene, b.dialog != nil, a.quit)
	}
	b.answer(a, false) // Stay
	s.unsaved = 0
	step(t, a, Key(ebiten.KeyR, false))
	replayOf(t, a)
	if !a.closeFromReplay() || !a.quit {
		t.Fatal("closing during the replay of a saved game does not quit")
	}
	if a.closeFromReplay() {
		t.Fatal("closeFromReplay acted outside a replay")
	}
}

// TestReplaySceneMarshalsFogShowsOneSide: the replay of an unfinished
// Marshals game (fog of war) draws, at every step, exactly the seat's view
// of the state then (never the other side's, which differs), and V does
// not switch sides.
func TestReplaySceneMarshalsFogShowsOneSide(t *testing.T) {
	t.Setenv("GROGNARD_HOME", t.TempDir())
	g, _ := playRandom(t, "marshals-three-armies", 3, 300)
	if g.State.Result().Over {
		t.Skip("the random game ended")
	}
	s, err := SessionFor(g)
	if err != nil {
		t.Fatal(err)
	}
	a, _ := scriptedApp(t, s)
	s.TakeSeat()
	me := s.Viewer
	step(t, a, Key(ebiten.KeyR, false))
	rs := replayOf(t, a)
	if !rs.R.Restricted || !rs.cover {
		t.Fatal("the replay of an unfinished Marshals game is not restricted to one side behind the cover")
	}
	step(t, a, Key(ebiten.KeyEnter, false))
	step(t, a, Key(ebiten.KeyV, false))
	differs := 0
	for n := rs.R.Len(); n >= 0; n -= 7 {
		rs.R.Goto(n)
		rs.sync(a)
		st, err := rs.R.TL.StateAt(n)
		if err != nil {
			t.Fatal(err)
		}
		got, _ := json.Marshal(rs.View().Units)
		want, _ := json.Marshal(st.View(me).Units)
		other, _ := json.Marshal(st.View(1 - me).Units)
		if !bytes.Equal(got, want) {
			t.Fatalf("step %d: the replay's units are not %s's view", n, s.SideName(me))
		}
		if !bytes.Equal(got, other) {
			differs++
		}
	}
	if differs == 0 {
		t.Fatal("the two sides' views never differ: the fog was not tested")
	}
}
