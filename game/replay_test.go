package game

import (
	"bytes"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"grognard/rules"
	"grognard/rules/almansa"
	"grognard/saves"
)

// playRandom plays n steps of random legal play (chance by the game's own
// generator) and returns the game and the snapshot after every step.
func playRandom(t *testing.T, scenario string, seed uint64, n int) (*rules.Game, [][]byte) {
	t.Helper()
	g, err := rules.NewGame(scenario, seed, nil)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(seed, 99))
	snaps := make([][]byte, len(g.Steps)+1)
	for len(g.Steps) < n && !g.State.Result().Over {
		var a rules.Action
		if g.State.Status().Decider == rules.Chance {
			a, err = rules.Sample(g.State.Chances(), g.Rand())
			if err != nil {
				t.Fatal(err)
			}
		} else {
			legal := g.State.Legal()
			if len(legal) == 0 {
				t.Fatalf("no legal action at step %d", len(g.Steps))
			}
			a = legal[r.IntN(len(legal))]
		}
		if _, err := g.ApplyOne(a); err != nil {
			t.Fatalf("step %d %s: %v", len(g.Steps)+1, a.Key(), err)
		}
		s, err := g.State.Snapshot()
		if err != nil {
			t.Fatal(err)
		}
		snaps = append(snaps, s)
	}
	return g, snaps
}

// TestReplayStateAtStepIsTheGamePlayedToIt: the state the replay shows at
// step N (and the log it shows) is the state and log of the same game
// played to step N, going back and forth by step, phase and turn.
func TestReplayStateAtStepIsTheGamePlayedToIt(t *testing.T) {
	g, snaps := playRandom(t, almansa.ScenarioID, 7, 120)
	logAt := map[int]int{}
	{
		h, err := rules.Replay(g.Scenario, g.Seed, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		logAt[0] = len(h.Log)
		for i, s := range g.Steps {
			if _, err := h.ApplyOne(s.Action); err != nil {
				t.Fatal(err)
			}
			logAt[i+1] = len(h.Log)
		}
	}
	r, err := NewReplay(g, 0)
	if err != nil {
		t.Fatal(err)
	}
	if r.N != len(g.Steps) || r.Len() != len(g.Steps) {
		t.Fatalf("replay opens at %d of %d, want the last step %d", r.N, r.Len(), len(g.Steps))
	}
	check := func(how string) {
		t.Helper()
		rg, err := r.Game()
		if err != nil {
			t.Fatal(err)
		}
		s, err := rg.State.Snapshot()
		if err != nil {
			t.Fatal(err)
		}
		if r.N >= 1 && !bytes.Equal(s, snaps[r.N]) {
			t.Fatalf("%s: the state shown at step %d is not the game's state after %d steps", how, r.N, r.N)
		}
		if got := len(r.LogLines()); got != logAt[r.N] {
			t.Fatalf("%s: %d log lines at step %d, the game had %d", how, got, r.N, logAt[r.N])
		}
		v, err := r.View()
		if err != nil || v == nil {
			t.Fatalf("%s: no view at step %d: %v", how, r.N, err)
		}
		if v.Status != rg.State.Status() {
			t.Fatalf("%s: view status %+v, state %+v", how, v.Status, rg.State.Status())
		}
	}
	for n := r.Len(); n >= 0; n-- {
		r.Goto(n)
		check("goto")
	}
	r.Goto(0)
	for r.N < r.Len() {
		before := r.N
		r.Forward()
		if r.N != before+1 {
			t.Fatalf("forward from %d went to %d", before, r.N)
		}
		check("forward")
	}
	// Phase steps land on the phase marks and never skip one.
	marks := map[int]bool{}
	for _, m := range r.Marks() {
		marks[m.Step] = true
	}
	if len(marks) < 2 {
		t.Fatalf("only %d phase marks in %d steps", len(marks), r.Len())
	}
	r.Goto(0)
	seen := 0
	for r.N < r.Len() {
		before := r.N
		r.PhaseForward()
		check("phase forward")
		if r.N <= before {
			t.Fatalf("phase forward from %d went to %d", before, r.N)
		}
		for k := before + 1; k < r.N; k++ {
			if marks[k] {
				t.Fatalf("phase forward from %d to %d skipped the phase starting at %d", before, r.N, k)
			}
		}
		if r.N < r.Len() && !marks[r.N] {
			t.Fatalf("phase forward landed on %d, not a phase start", r.N)
		}
		seen++
	}
	back := 0
	for r.N > 0 {
		before := r.N
		r.PhaseBack()
		check("phase back")
		if r.N >= before || (r.N > 0 && !marks[r.N]) {
			t.Fatalf("phase back from %d went to %d", before, r.N)
		}
		back++
	}
	if back < seen-1 {
		t.Fatalf("phase back took %d stops, forward %d", back, seen)
	}
	r.Goto(r.Len())
	r.TurnBack()
	if st := r.Status(r.N); r.N > 0 && st.Turn == r.Status(r.N-1).Turn {
		t.Fatalf("turn back landed on %d inside turn %d", r.N, st.Turn)
	}
	check("turn back")
	// The game the replay was opened from is untouched.
	last, _ := g.State.Snapshot()
	if !bytes.Equal(last, snaps[len(snaps)-1]) {
		t.Fatal("opening a replay changed the live game")
	}
}

// TestReplayShowsDiceModsAndOdds: at a die roll the replay gives its faces
// and modifiers, and the odds the action that called for it had.
func TestReplayShowsDiceModsAndOdds(t *testing.T) {
	g, _ := playRandom(t, almansa.ScenarioID, 7, 400)
	r, err := NewReplay(g, 0)
	if err != nil {
		t.Fatal(err)
	}
	rolls, odds := 0, 0
	for n := 1; n <= r.Len(); n++ {
		st, evs, _ := r.TL.Step(n)
		var dice []int
		for _, e := range evs {
			dice = append(dice, e.Dice...)
		}
		if len(dice) == 0 {
			continue
		}
		_ = st
		rolls++
		r.Goto(n)
		info := r.Info()
		if len(info.Dice) != len(dice) {
			t.Fatalf("step %d: info dice %v, events %v", n, info.Dice, dice)
		}
		for i := range dice {
			if info.Dice[i] != dice[i] {
				t.Fatalf("step %d: info dice %v, events %v", n, info.Dice, dice)
			}
		}
		if text := strings.Join(info.Lines(), "\n"); !strings.Contains(text, "Dice: ") {
			t.Fatalf("step %d: no dice line in %q", n, text)
		}
		if len(info.Odds) > 0 {
			sum := 0.0
			for _, o := range info.Odds {
				sum += float64(o.Num) / float64(o.Den)
			}
			if sum < 0.999 || sum > 1.001 {
				t.Fatalf("step %d: odds sum to %v", n, sum)
			}
			odds++
		}
	}
	t.Logf("%d rolls, %d with odds", rolls, odds)
	if rolls == 0 {
		t.Fatal("no die roll in 400 random steps")
	}
}

// TestReplayBranchLeavesTheSaveAndPlaysOn: "Play from here" writes a new
// file, the original save stays byte-identical, and the branch's game
// continues with legal actions and loads again.
func TestReplayBranchLeavesTheSaveAndPlaysOn(t *testing.T) {
	g, snaps := playRandom(t, almansa.ScenarioID, 11, 80)
	dir := t.TempDir()
	orig := filepath.Join(dir, "orig.json")
	if err := saves.Write(orig, g); err != nil {
		t.Fatal(err)
	}
	before, err := os.ReadFile(orig)
	if err != nil {
		t.Fatal(err)
	}
	tl, err := saves.ReadTimeline(orig)
	if err != nil {
		t.Fatal(err)
	}
	r, err := ReplayOf(tl, 0)
	if err != nil {
		t.Fatal(err)
	}
	r.Source = orig
	r.Goto(40)
	bg, path, err := r.Branch(dir)
	if err != nil {
		t.Fatal(err)
	}
	if path == orig {
		t.Fatal("the branch overwrote the original")
	}
	if after, err := os.ReadFile(orig); err != nil || !bytes.Equal(before, after) {
		t.Fatalf("the original save changed (%v)", err)
	}
	if len(bg.Steps) != 40 {
		t.Fatalf("the branch has %d steps, want 40", len(bg.Steps))
	}
	if s, _ := bg.State.Snapshot(); !bytes.Equal(s, snaps[40]) {
		t.Fatal("the branch does not start from the state at step 40")
	}
	rr := rand.New(rand.NewPCG(3, 3))
	for i := 0; i < 20 && !bg.State.Result().Over; i++ {
		legal := bg.State.Legal()
		if len(legal) == 0 {
			t.Fatalf("no legal action after the branch at step %d", len(bg.Steps))
		}
		if _, err := bg.Apply(legal[rr.IntN(len(legal))]); err != nil {
			t.Fatalf("the branch refused a legal action: %v", err)
		}
	}
	if err := saves.Write(path, bg); err != nil {
		t.Fatal(err)
	}
	if _, err := saves.Read(path); err != nil {
		t.Fatalf("the branch does not load after playing on: %v", err)
	}
	if after, _ := os.ReadFile(orig); !bytes.Equal(before, after) {
		t.Fatal("playing the branch changed the original save")
	}
	r.Goto(0)
	if _, p2, err := r.Branch(dir); err != nil || p2 == path || p2 == orig {
		t.Fatalf("a second branch went to %q (%v)", p2, err)
	}
}

// TestReplayHiddenVentaNeverShowsTheOtherHand: replay of an unfinished
// Venta del Pozo game, opened by the French, never puts a card of the
// Spanish hand in what the scene draws (view, log lines, step info) at
// any step, refuses to switch sides, and hides the Spanish decisions.
func TestReplayHiddenVentaNeverShowsTheOtherHand(t *testing.T) {
	g, _ := playRandom(t, "venta-del-pozo", 5, 150)
	if g.State.Result().Over {
		t.Skip("the random game ended")
	}
	r, err := NewReplay(g, 0)
	if err != nil {
		t.Fatal(err)
	}
	if !r.Restricted {
		t.Fatal("an unfinished hidden game's replay is not restricted")
	}
	if err := r.SetViewer(1); err == nil || r.Viewer != 0 {
		t.Fatal("the replay switched to the other side's view before the end")
	}
	checked := 0
	for n := 0; n <= r.Len(); n++ {
		r.Goto(n)
		st, err := r.TL.StateAt(n)
		if err != nil {
			t.Fatal(err)
		}
		other := st.View(1).Hand
		mine := map[string]bool{}
		for _, c := range st.View(0).Hand {
			mine[c.ID] = true
		}
		v, err := r.View()
		if err != nil {
			t.Fatal(err)
		}
		var drawn strings.Builder
		for _, c := range v.Hand {
			drawn.WriteString(c.ID + " " + c.Name + "\n")
		}
		for _, l := range r.LogLines() {
			drawn.WriteString(l.Text + "\n")
		}
		drawn.WriteString(strings.Join(r.Info().Lines(), "\n"))
		for _, c := range other {
			if mine[c.ID] {
				continue
			}
			checked++
			for _, h := range v.Hand {
				if h.ID == c.ID {
					t.Fatalf("step %d: the Spanish card %s is in the French view's hand", n, c.ID)
				}
			}
			if strings.Contains(drawn.String(), c.Name) && !publicName(r, n, c.Name) {
				t.Fatalf("step %d: the Spanish card %q shows in what the replay draws", n, c.Name)
			}
		}
		if s, _, err := r.TL.Step(n); err == nil && s.By != 0 && r.Info().Action != "" {
			t.Fatalf("step %d: the other side's action %s is shown", n, s.Action.Key())
		}
	}
	if checked == 0 {
		t.Fatal("the Spanish hand was never checked")
	}
}

// publicName reports whether a card name appears in the public text of the
// log up to step n (a card played openly may share its name with one in
// hand).
func publicName(r *Replay, n int, name string) bool {
	for _, l := range r.lines {
		if l.Step <= n && strings.Contains(l.Event.Text, name) {
			return true
		}
	}
	return false
}
