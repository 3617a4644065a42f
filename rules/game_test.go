package rules_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
	"time"

	"grognard/rules"
	"grognard/rules/almansa"
	"grognard/rules/rulestest"
)

// playRandom plays a toy game to the end with choices drawn from pick.
func playRandom(t testing.TB, seed uint64, pick *rand.Rand) *rules.Game {
	t.Helper()
	rulestest.Register()
	g, err := rules.NewGame(rulestest.ScenarioID, seed, nil)
	if err != nil {
		t.Fatal(err)
	}
	for !g.State.Result().Over {
		legal := g.State.Legal()
		if len(legal) == 0 {
			t.Fatalf("no legal action at %+v", g.State.Status())
		}
		if _, err := g.Apply(legal[pick.IntN(len(legal))]); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

func snap(t testing.TB, st rules.State) []byte {
	t.Helper()
	b, err := st.Snapshot()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestGameReplayDeterministic(t *testing.T) {
	rulestest.Register()
	g := playRandom(t, 42, rand.New(rand.NewPCG(1, 2)))
	if len(g.Steps) < 10 {
		t.Fatalf("only %d steps in a whole race", len(g.Steps))
	}
	// The opening deal (rule 1.2) is resolved by NewGame and recorded.
	if g.Steps[0].By != rules.Chance || g.Steps[0].Action.Kind != "draw" || !g.Steps[0].Barrier {
		t.Errorf("first step = %+v, want a chance draw barrier", g.Steps[0])
	}
	// Steps keep only the identity of the action.
	for i, s := range g.Steps {
		if s.Action.Label != "" || s.Action.Rule != "" {
			t.Fatalf("step %d keeps its label: %+v", i, s.Action)
		}
		if (s.By == rules.Chance) != (s.Action.Kind == "draw" || s.Action.Kind == "roll") {
			t.Fatalf("step %d: %s decided by %s", i, s.Action.Key(), s.By)
		}
	}

	// Replay gives the same state and the same log.
	r, err := rules.Replay(g.Scenario, g.Seed, g.Options, g.Steps)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(snap(t, g.State), snap(t, r.State)) {
		t.Fatalf("replay differs:\n%s\n%s", snap(t, g.State), snap(t, r.State))
	}
	if len(r.Log) != len(g.Log) || len(r.Steps) != len(g.Steps) {
		t.Errorf("replay has %d events/%d steps, game %d/%d", len(r.Log), len(r.Steps), len(g.Log), len(g.Steps))
	}

	// The same seed and the same choices play the same game; the dice come
	// from the seed, not from the choices' generator.
	g2 := playRandom(t, 42, rand.New(rand.NewPCG(1, 2)))
	a, _ := json.Marshal(g.Steps)
	b, _ := json.Marshal(g2.Steps)
	if !bytes.Equal(a, b) {
		t.Fatalf("same seed, same choices, different games")
	}

	// Different seeds give different dice (the toy rolls many times a game).
	differ := false
	for seed := uint64(43); seed < 48 && !differ; seed++ {
		g3 := playRandom(t, seed, rand.New(rand.NewPCG(1, 2)))
		c, _ := json.Marshal(g3.Steps)
		differ = !bytes.Equal(a, c)
	}
	if !differ {
		t.Errorf("five other seeds all played the very same game")
	}

	// Replay refuses a step that the rules refuse and names it.
	bad := append([]rules.Step(nil), g.Steps...)
	for i, s := range bad {
		if s.Action.Kind == "move" {
			bad[i].Action.To = "99"
			_, err := rules.Replay(g.Scenario, g.Seed, g.Options, bad)
			if err == nil || !strings.Contains(err.Error(), "step ") || !strings.Contains(err.Error(), "[2.1]") {
				t.Errorf("replay of an edited move: error %v", err)
			}
			break
		}
	}
	// A step recorded for the wrong side is refused.
	bad = append([]rules.Step(nil), g.Steps...)
	bad[0].By = 1
	if _, err := rules.Replay(g.Scenario, g.Seed, g.Options, bad); err == nil || !strings.Contains(err.Error(), "step 1") {
		t.Errorf("replay with a step recorded for the wrong side: error %v", err)
	}
}

func TestGameUndoStopsAtChance(t *testing.T) {
	rulestest.Register()
	g, err := rules.NewGame(rulestest.ScenarioID, 7, nil)
	if err != nil {
		t.Fatal(err)
	}
	// After the deal the last step is a chance draw: nothing to undo.
	if _, why := g.UndoTarget(); !strings.Contains(why, "die roll, a draw") {
		t.Fatalf("undo across the opening draw: UndoTarget says %q", why)
	}
	if err := g.Undo(); err == nil {
		t.Fatalf("Undo crossed the opening draw")
	}
	before := snap(t, g.State)
	n := len(g.Steps)

	// A plain decision (rule 2.1) can be undone.
	if _, err := g.Apply(rules.Action{Kind: "move", Unit: "red", To: "2"}); err != nil {
		t.Fatal(err)
	}
	if keep, why := g.UndoTarget(); why != "" || keep != n {
		t.Fatalf("UndoTarget = %d, %q; want %d, \"\"", keep, why, n)
	}
	if err := g.Undo(); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(before, snap(t, g.State)) || len(g.Steps) != n {
		t.Fatalf("undo did not restore the state")
	}

	// Ending the move rolls the bonus die (rule 3): undo stops there.
	for _, a := range []rules.Action{{Kind: "move", Unit: "red", To: "1"}, {Kind: "end"}} {
		if _, err := g.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	if last := g.Steps[len(g.Steps)-1]; last.By != rules.Chance || !last.Barrier {
		t.Fatalf("last step after ending the move = %+v", last)
	}
	afterRoll := snap(t, g.State)
	if err := g.Undo(); err == nil {
		t.Fatalf("Undo crossed a die roll")
	}
	if !bytes.Equal(afterRoll, snap(t, g.State)) {
		t.Fatalf("a refused undo changed the state")
	}

	// Revealing the secret card (rule 2.3) is a barrier too.
	if _, err := g.Apply(rules.Action{Kind: "play", Choice: "card"}); err != nil {
		t.Fatal(err)
	}
	if last := g.Steps[len(g.Steps)-1]; last.By != 1 || !last.Barrier {
		t.Fatalf("reveal step = %+v, want Blue's barrier", last)
	}
	if err := g.Undo(); err == nil {
		t.Fatalf("Undo crossed a reveal of hidden information")
	}

	// In hot-seat play nobody takes back the other side's decision.
	other := g.Clone()
	other.Steps = append(other.Steps, rules.Step{Action: rules.Action{Kind: "end"}, By: 1 - other.State.Status().Decider})
	if _, why := other.UndoTarget(); !strings.Contains(why, "other side") {
		t.Errorf("undo of the other side's step: UndoTarget says %q", why)
	}
	if _, why := (&rules.Game{}).UndoTarget(); why != "nothing to undo" {
		t.Errorf("empty game: UndoTarget says %q", why)
	}
}

func TestGameRefusesIllegalAndOver(t *testing.T) {
	rulestest.Register()
	g, err := rules.NewGame(rulestest.ScenarioID, 3, nil)
	if err != nil {
		t.Fatal(err)
	}
	before := snap(t, g.State)
	// The system names the rule: an advance of 3 needs the sprint option.
	_, err = g.Apply(rules.Action{Kind: "move", Unit: "red", To: "3"})
	var re *rules.RuleError
	if err == nil || !asRuleError(err, &re) || re.Rule != "2.1" {
		t.Fatalf("advance 3 without sprint: error %v", err)
	}
	if !bytes.Equal(before, snap(t, g.State)) || len(g.Steps) != 2 {
		t.Fatalf("a refused action changed the game")
	}
	g = playRandom(t, 3, rand.New(rand.NewPCG(9, 9)))
	if _, err := g.Apply(rules.Action{Kind: "end"}); err == nil || !strings.Contains(err.Error(), "over") {
		t.Errorf("action after the end: error %v", err)
	}
}

func asRuleError(err error, re **rules.RuleError) bool {
	r, ok := err.(*rules.RuleError)
	*re = r
	return ok
}

func TestActionKeyIgnoresLabels(t *testing.T) {
	a := rules.Action{Kind: "move", Unit: "u1", Units: []string{"u2", "u3"}, From: "0101", To: "0102",
		Facing: 3, Choice: "x", Dice: []int{4, 5}, Label: "Move", Rule: "10.1", Info: "2 MP"}
	want := "move u=u1 us=u2,u3 from=0101 to=0102 f=3 c=x d=4,5"
	if a.Key() != want {
		t.Errorf("Key = %q, want %q", a.Key(), want)
	}
	b := a
	b.Label, b.Rule, b.Info = "", "", ""
	if !a.Same(b) {
		t.Errorf("labels take part in identity")
	}
	if a.String() != "Move [10.1]" || b.String() != want {
		t.Errorf("String = %q / %q", a.String(), b.String())
	}
	e := rules.Event{Text: "Red draws a card", Private: "Red draws the Two", Owner: 0, Rule: "1.2", Mods: []string{"+1"}}
	if got := e.TextFor(1); got != "Red draws a card (+1) [1.2]" {
		t.Errorf("TextFor(other) = %q", got)
	}
	if got := e.TextFor(0); got != "Red draws the Two (+1) [1.2]" {
		t.Errorf("TextFor(owner) = %q", got)
	}
}

// TestReplayCheckedRefusesForeignChance: a recorded chance outcome that is
// not the one the game's generator gives at that step (an edited die, a
// changed seed) is refused; Replay (for undo and tests) still applies it.
func TestReplayCheckedRefusesForeignChance(t *testing.T) {
	g := playRandom(t, 42, rand.New(rand.NewPCG(1, 2)))
	if _, err := rules.ReplayChecked(g.Scenario, g.Seed, g.Options, g.Steps); err != nil {
		t.Fatalf("the game's own record: %v", err)
	}
	edited := 0
	for i, s := range g.Steps {
		if s.Action.Kind != "roll" || edited == 3 {
			continue
		}
		edited++
		bad := append([]rules.Step(nil), g.Steps...)
		bad[i].Action.Dice = []int{s.Action.Dice[0]%6 + 1}
		_, err := rules.ReplayChecked(g.Scenario, g.Seed, g.Options, bad)
		var ce *rules.ChanceError
		if !errors.As(err, &ce) || ce.Step != i+1 || ce.Expected != s.Action.Key() {
			t.Errorf("die of step %d edited: %v", i+1, err)
		}
		if _, err := rules.Replay(g.Scenario, g.Seed, g.Options, bad[:i+1]); err != nil {
			t.Errorf("Replay refuses a forced die: %v", err)
		}
	}
	if edited == 0 {
		t.Fatal("no roll in the game")
	}
	// Another seed: the opening deal is not that seed's.
	for seed := g.Seed + 1; seed < g.Seed+20; seed++ {
		r, _ := rules.NewGame(g.Scenario, seed, nil)
		if r.Steps[0].Action.Key() == g.Steps[0].Action.Key() && r.Steps[1].Action.Key() == g.Steps[1].Action.Key() {
			continue
		}
		if _, err := rules.ReplayChecked(g.Scenario, seed, g.Options, g.Steps); err == nil {
			t.Errorf("seed %d accepted the record of seed %d", seed, g.Seed)
		}
		break
	}
}

// TestTimelineStateAtEveryStep: the state at step n of a timeline equals
// the state of the same game replayed to step n, for every n, with its
// steps and log as they stood; the game at step n plays on; out-of-range
// steps are refused.
func TestTimelineStateAtEveryStep(t *testing.T) {
	g := playRandom(t, 7, rand.New(rand.NewPCG(3, 4)))
	for _, every := range []int{1, 5, 0} {
		tl, err := rules.NewTimeline(g, every)
		if err != nil {
			t.Fatal(err)
		}
		if tl.Len() != len(g.Steps) {
			t.Fatalf("Len %d, %d steps", tl.Len(), len(g.Steps))
		}
		for n := 0; n <= len(g.Steps); n++ {
			at, err := tl.GameAt(n)
			if err != nil {
				t.Fatal(err)
			}
			want, err := rules.Replay(g.Scenario, g.Seed, g.Options, g.Steps[:n])
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(snap(t, at.State), snap(t, want.State)) || len(at.Steps) != n || len(at.Log) != len(want.Log) {
				t.Fatalf("every %d, step %d: timeline state differs from the replay", every, n)
			}
			for i := range want.Log {
				if at.Log[i].Text != want.Log[i].Text {
					t.Fatalf("step %d: log line %d differs", n, i)
				}
			}
			if n > 0 {
				st, evs, err := tl.Step(n)
				prev, _ := rules.Replay(g.Scenario, g.Seed, g.Options, g.Steps[:n-1])
				if err != nil || st.Action.Key() != g.Steps[n-1].Action.Key() || len(prev.Log)+len(evs) != len(want.Log) {
					t.Fatalf("Step(%d) = %v, %d events, %v", n, st, len(evs), err)
				}
			}
			// The copy is the caller's: playing on it leaves the timeline alone.
			if !at.State.Result().Over {
				if _, err := at.Apply(at.State.Legal()[0]); err != nil {
					t.Fatalf("the game at step %d does not play on: %v", n, err)
				}
			}
			again, _ := tl.StateAt(n)
			if !bytes.Equal(snap(t, again), snap(t, want.State)) {
				t.Fatalf("step %d changed after playing on a copy", n)
			}
		}
	}
	tl, _ := rules.NewTimeline(g, 0)
	if _, _, err := tl.Step(0); err == nil {
		t.Error("Step(0) accepted")
	}
	for _, n := range []int{-1, len(g.Steps) + 1, 1 << 40} {
		_, err := tl.StateAt(n)
		var re *rules.StepRangeError
		if !errors.As(err, &re) || !strings.Contains(err.Error(), "out of range") {
			t.Errorf("step %d: %v", n, err)
		}
	}
	// A record with an edited die does not make a timeline.
	bad := append([]rules.Step(nil), g.Steps...)
	for i, s := range bad {
		if s.Action.Kind == "roll" {
			bad[i].Action.Dice = []int{s.Action.Dice[0]%6 + 1}
			break
		}
	}
	if _, err := rules.TimelineOf(g.Scenario, g.Seed, g.Options, bad, 0); err == nil {
		t.Error("a timeline of an edited record")
	}
}

var (
	almansaOnce sync.Once
	almansaGame *rules.Game
	almansaErr  error
)

// finishedAlmansa plays one random Almansa game to its end (once per run).
func finishedAlmansa() (*rules.Game, error) {
	almansaOnce.Do(func() {
		g, err := rules.NewGame(almansa.ScenarioID, 1, nil)
		if err != nil {
			almansaErr = err
			return
		}
		pick := rand.New(rand.NewPCG(1, 1))
		for n := 0; !g.State.Result().Over; n++ {
			if n > 100000 {
				almansaErr = errors.New("no end after 100000 actions")
				return
			}
			legal := g.State.Legal()
			if _, err := g.Apply(legal[pick.IntN(len(legal))]); err != nil {
				almansaErr = err
				return
			}
		}
		almansaGame = g
	})
	return almansaGame, almansaErr
}

// BenchmarkStateAtStep: the state at a moment of a finished Almansa game,
// from a Timeline built once (as the replay view and 'show --step' do).
// Every iteration asks for a step just before a checkpoint, the slowest
// case, so ns/op is the worst case; the goal is at most 100 ms.
// 'build-ms' is the one-off cost of the timeline (a checked replay of the
// whole game).
func BenchmarkStateAtStep(b *testing.B) {
	g, err := finishedAlmansa()
	if err != nil {
		b.Fatal(err)
	}
	start := time.Now()
	tl, err := rules.NewTimeline(g, 0)
	if err != nil {
		b.Fatal(err)
	}
	build := time.Since(start)
	every := rules.DefaultCheckpointEvery
	k := 0
	for b.Loop() {
		n := (k*7919)%(tl.Len()/every)*every + every - 1
		k++
		st, err := tl.StateAt(n)
		if err != nil || st == nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(build.Milliseconds()), "build-ms")
	b.ReportMetric(float64(tl.Len()), "steps")
}

// TestTimelineAlmansa: on a real system (Almansa, 200 random steps), the
// state at a step before, at and after a checkpoint equals the replay.
func TestTimelineAlmansa(t *testing.T) {
	g, err := rules.NewGame(almansa.ScenarioID, 3, nil)
	if err != nil {
		t.Fatal(err)
	}
	pick := rand.New(rand.NewPCG(3, 3))
	for len(g.Steps) < 200 && !g.State.Result().Over {
		legal := g.State.Legal()
		if _, err := g.Apply(legal[pick.IntN(len(legal))]); err != nil {
			t.Fatal(err)
		}
	}
	tl, err := rules.NewTimeline(g, 0)
	if err != nil {
		t.Fatal(err)
	}
	every := rules.DefaultCheckpointEvery
	for _, n := range []int{0, 1, every - 1, every, every + 1, len(g.Steps) / 2, len(g.Steps) - 1, len(g.Steps)} {
		got, err := tl.StateAt(n)
		if err != nil {
			t.Fatal(err)
		}
		want, err := rules.Replay(g.Scenario, g.Seed, g.Options, g.Steps[:n])
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(snap(t, got), snap(t, want.State)) {
			t.Errorf("step %d: the timeline's state differs from the replay", n)
		}
	}
}

// TestSeedChosenKept: the mark of a chosen seed survives undo, clone and
// the timeline's games.
func TestSeedChosenKept(t *testing.T) {
	rulestest.Register()
	g, err := rules.NewGame(rulestest.ScenarioID, 9, nil)
	if err != nil {
		t.Fatal(err)
	}
	g.SeedChosen = true
	if _, err := g.Apply(g.State.Legal()[0]); err != nil {
		t.Fatal(err)
	}
	if !g.Clone().SeedChosen {
		t.Error("Clone lost the mark")
	}
	tl, err := rules.NewTimeline(g, 0)
	if err != nil {
		t.Fatal(err)
	}
	if at, _ := tl.GameAt(1); !at.SeedChosen {
		t.Error("GameAt lost the mark")
	}
	if err := g.Undo(); err != nil {
		t.Fatal(err)
	}
	if !g.SeedChosen {
		t.Error("Undo lost the mark")
	}
}

// TestParseKeyInvertsKey: every action's Key reads back as the same
// action, and malformed keys are refused with the reason.
func TestParseKeyInvertsKey(t *testing.T) {
	for _, a := range []rules.Action{
		{Kind: "end"},
		{Kind: "fire", Unit: "I/51", Units: []string{"I/16L", "A"}, To: "0905"},
		{Kind: "move", Unit: "b2", From: "0104", To: "0205", Facing: 3, Choice: "march"},
		{Kind: "roll", Dice: []int{3, 6}},
	} {
		b, err := rules.ParseKey(a.Key())
		if err != nil || !b.Same(a) {
			t.Errorf("%q read back as %q (%v)", a.Key(), b.Key(), err)
		}
	}
	for _, bad := range []string{"", "u=x", "move u", "move f=x", "roll d=1,y", "move z=1"} {
		if _, err := rules.ParseKey(bad); err == nil {
			t.Errorf("%q should be refused", bad)
		}
	}
}
