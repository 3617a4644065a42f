package game

import (
	"fmt"
	"strings"
	"testing"

	"grognard/render"
	"grognard/rules"
)

// TestRule5_4_3_MeleeResultWordsAreTheEngines (newcomer issue #18): the
// Marshals melee result is said whole by rules/marshals (melee_words.go,
// TestRule5_4_3_MeleeResultSaysWhoseLossesAreWhose there); the window no
// longer rewrites it and shows it as the engine says it. The Albuera
// rewrite leaves a Marshals-like text alone.
func TestRule5_4_3_MeleeResultWordsAreTheEngines(t *testing.T) {
	s, err := SessionFor(mustGame(t, "marshals-talavera"))
	if err != nil {
		t.Fatal(err)
	}
	line := "Melee at Torrijos: French CP 12 (morale 4) against Allied CP 7 (morale 3), amplitude 20: French wins by 5: the French (victors) lose 5 SS, the Allied lose 8 SS and retreat 2 zones [5.4.4]"
	if got := s.logWords(line); !strings.Contains(got, line) {
		t.Errorf("the window changed the engine's melee result: %q", got)
	}
	a, _ := SessionFor(mustGame(t, "albuera-1811"))
	if got := a.logWords("French wins by 5; losses 5/8, retreat 2"); got != "French wins by 5; losses 5/8, retreat 2" {
		t.Errorf("Albuera rewrote a text that is not its own: %q", got)
	}
}

func mustGame(t *testing.T, id string) *rules.Game {
	t.Helper()
	g, err := rules.NewGame(id, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestRule5_4_3_LossAllotmentSaysHowManyRemain (newcomer issue #18): the
// Marshals loss allotment's prompt read "allot a loss [5.4.3]" once per
// loss, never how many were left. The Talavera forced passage at Torrijos
// is fought to its losses; at each allotment the prompt strip says "N of
// M losses still to allot", N going down by one a choice, M the losses
// the melee gave that side.
func TestRule5_4_3_LossAllotmentSaysHowManyRemain(t *testing.T) {
	s := talaveraAtForceQuestion(t, 1)
	_, _ = s.Do(legalWhere(t, s, "force the passage", func(a rules.Action) bool { return a.Choice == "force" }))
	seen := 0
	last := [2]int{-1, -1} // per side: the losses left at the last allotment
	fightOut(t, s, func() {
		passSeat(s)
		side, left, total, ok := s.lossesLeft()
		if !ok {
			return
		}
		seen++
		p := s.promptWords(s.Game.State.Status().Prompt)
		want := lossesWords(left, total, "losses")
		if left < total && !strings.Contains(want, fmt.Sprintf("%d of %d losses still to allot", left, total)) {
			t.Errorf("%d of %d reads %q", left, total, want)
		}
		if !strings.Contains(p, want) {
			t.Errorf("the prompt reads %q; want %q", p, want)
		}
		if last[side] >= 0 && left != last[side]-1 && left < last[side] {
			t.Errorf("the losses left went from %d to %d", last[side], left)
		}
		if left > total || total < 1 {
			t.Errorf("%d of %d losses", left, total)
		}
		last[side] = left
		t.Logf("%s", p)
	})
	if seen == 0 {
		t.Fatal("the combat allotted no loss")
	}
	for _, c := range []struct {
		left, total int
		want        string
	}{{1, 1, "1 loss to allot"}, {3, 3, "3 losses to allot"}, {2, 3, "2 of 3 losses still to allot"}, {1, 3, "1 of 3 losses still to allot"}} {
		if got := lossesWords(c.left, c.total, "losses"); got != c.want {
			t.Errorf("%d of %d reads %q, want %q", c.left, c.total, got, c.want)
		}
	}
	if p := s.promptWords("French decides"); p != "French decides" {
		t.Errorf("with no loss to allot the prompt reads %q", p)
	}
	t.Logf("%d allotments", seen)
}

// TestRule15_8_ClashButtonSaysTheOdds (newcomer issue #18, turn 2 played
// by clicks): the Clash subphase's buttons read "Clash at 1705: column -3
// [15.7]", leaving a newcomer to guess whether -3 is good; their second
// row now gives the attacker's chance to win and what losing costs
// [15.8], from the same Clash Table as the hover's outcomes, whole on the
// button.
func TestRule15_8_ClashButtonSaysTheOdds(t *testing.T) {
	s := albueraSessionAt(t, albueraLesson(t, "albuera-clash-hexes"))
	n := 0
	for _, a := range s.PanelActions() {
		if a.Kind != "melee" || a.Unit != "" {
			continue
		}
		n++
		win := 0
		if p, ok := s.Game.State.(rules.Previewer); ok {
			for _, l := range p.Preview(a) {
				if strings.HasPrefix(l.Result, "D") {
					win += l.Num
				}
			}
		}
		side := s.SideName(s.Game.State.Status().Decider)
		want := fmt.Sprintf("%s win %d in 10; loser: 2 Losses, rout [15.8]", side, win)
		if a.Info != want {
			t.Errorf("%q: the button's second row reads %q, want %q", a.Label, a.Info, want)
		}
		if !render.ButtonSubFits(ruleSub(a), sideWidth-16, buttonH) {
			t.Errorf("the button's second row is cut: %q", ruleSub(a))
		}
	}
	if n == 0 {
		t.Fatal("the lesson offers no Clash in the panel")
	}
	for _, a := range s.Game.State.Legal() {
		if a.Kind != "melee" {
			if o, ok := s.Game.State.(choiceOddser); ok && o.ChoiceOdds(a) != "" {
				t.Errorf("%q got odds %q", a.Label, o.ChoiceOdds(a))
			}
		}
	}
}

// TestRule15_8_AlbueraLossAllotmentSaysHowManyRemain (newcomer issue
// #18): a beaten stack of several units allots its two Losses one by one
// [15.8]; the prompt "choose the unit that takes a Loss" now says how
// many are still to allot. The scenario's march (albueraMarch) is played
// until such a choice.
func TestRule15_8_AlbueraLossAllotmentSaysHowManyRemain(t *testing.T) {
	for seed := uint64(1); seed <= 6; seed++ {
		g, err := rules.NewGame("albuera-1811", seed, nil)
		if err != nil {
			t.Fatal(err)
		}
		ok, err := albueraMarch(g, func(st rules.Status, legal []rules.Action) bool {
			for _, a := range legal {
				if strings.HasPrefix(a.Choice, "loss:") {
					return true
				}
			}
			return st.Turn >= 4
		}, 8000)
		if err != nil {
			t.Fatal(err)
		}
		if !ok || g.State.Status().Turn >= 4 {
			continue
		}
		s, err := SessionFor(g)
		if err != nil {
			t.Fatal(err)
		}
		s.TakeSeat()
		side, left, total, has := s.lossesLeft()
		if !has || left < 1 || total < left {
			t.Fatalf("seed %d: a Loss to allot, but lossesLeft gives %d, %d of %d", seed, side, left, total)
		}
		p := s.promptWords(g.State.Status().Prompt)
		want := "(" + lossesWords(left, total, "Losses") + ")"
		if !strings.Contains(p, want) {
			t.Errorf("seed %d: the prompt reads %q, want %q", seed, p, want)
		}
		t.Logf("seed %d: %s", seed, p)
		return
	}
	t.Skip("no seed's march came to a Loss to allot before turn 4")
}
