package marshals

import (
	"strconv"
	"strings"
	"testing"

	"grognard/rules"
)

// forcedState brings Ruffin's French stack into Talavera, held by Iglesias,
// to the forced-passage question [5.3.3] (TestRule5_3_3_ForcedPassage's way).
func forcedState(t *testing.T) *State {
	t.Helper()
	s := opsState(t, French)
	s.CinC[French] = "fr-joseph"
	s.Units[s.idx("al-iglesias")].At = "talavera"
	play(t, s, find(t, s, "order", "", "santa-olalla", ""))
	play(t, s, find(t, s, "end", "", "", "confirm"))
	roll(t, s, 6)
	play(t, s, find(t, s, "move", "", "talavera", strconv.Itoa(s.sc.Graph.ConnIndex("santa-olalla", "talavera", "road"))))
	play(t, s, find(t, s, "choose", "", "almaraz", ""))
	for s.Sub == SubFatigue || s.Sub == SubReturn {
		if s.Sub == SubReturn {
			play(t, s, find(t, s, "choose", "", "", "keep"))
			continue
		}
		draw(t, s, "fatigue=0")
	}
	if s.Sub != SubForced {
		t.Fatalf("at %s, want the forced-passage question", s.Sub)
	}
	return s
}

// TestRule5_3_3_ForcedPassageButtonShowsOdds: the forced-passage button
// says before it is clicked what the dice decide and with what chance
// (issue #18: it said "fight now at -2 CP" and nothing of the odds): the
// French CP before the dice with the -2, the chances of one die each,
// what winning and losing do; and it tells the French nothing of the
// hidden Allied stack (the same text whatever Iglesias holds) [7.6].
func TestRule5_3_3_ForcedPassageButtonShowsOdds(t *testing.T) {
	s := forcedState(t)
	a := find(t, s, "choose", "", "", "force")
	got := s.ChoiceOdds(a)
	for _, want := range []string{"-2 forced passage", "win 15 in 36 (42%)", "draw 6 in 36", "2 ahead 26 in 36", "2 behind 6 in 36", "amplitude", "[5.3.3]", "hidden"} {
		if !strings.Contains(got, want) {
			t.Errorf("the forced passage's odds lack %q: %s", want, got)
		}
	}
	c := s.clone()
	c.Units[c.idx("al-iglesias")].Losses++
	if again := c.ChoiceOdds(a); again != got {
		t.Errorf("the odds change with the hidden enemy stack:\n%s\n%s", got, again)
	}
	if stop := s.ChoiceOdds(find(t, s, "end", "", "", "stop")); strings.Contains(stop, "in 36") || !strings.Contains(stop, "stays at Talavera") {
		t.Errorf("Stop here should say what stopping does, without odds: %q", stop)
	}
}

// TestRule5_4_CombatButtonShowsOdds: "Combat at Santa Olalla" says the
// attacker's CP before the dice and the chances of the dice [5.4] [5.4.3],
// without the defender's hidden stack.
func TestRule5_4_CombatButtonShowsOdds(t *testing.T) {
	s := opsState(t, Allied)
	for _, id := range []string{"al-hill", "al-payne"} {
		s.Units[s.idx(id)].At = "santa-olalla"
	}
	s.setAxes("santa-olalla", [2]int{s.sc.Graph.ConnIndex("santa-olalla", "madrid", "road"), s.sc.Graph.ConnIndex("santa-olalla", "talavera", "road")})
	a := find(t, s, "choose", "", "santa-olalla", "combat")
	got := s.ChoiceOdds(a)
	for _, want := range []string{"Your CP before the dice", "head unit's morale", "win 15 in 36", "[5.4]"} {
		if !strings.Contains(got, want) {
			t.Errorf("the combat's odds lack %q: %s", want, got)
		}
	}
	if strings.Contains(got, "forced") {
		t.Errorf("a declared combat is no forced passage: %s", got)
	}
	c := s.clone()
	c.Units[c.idx("fr-ruffin")].Losses++
	if again := c.ChoiceOdds(a); again != got {
		t.Errorf("the odds change with the hidden enemy stack:\n%s\n%s", got, again)
	}
	if s.ChoiceOdds(rules.Action{Kind: "choose", Choice: "combat", To: "nowhere"}) != "" {
		t.Error("odds for a zone with no stack")
	}
}

// TestDiceWinDrawSumsTo36: one die each, win + draw + loss = 36 for every lead.
func TestDiceWinDrawSumsTo36(t *testing.T) {
	for lead := -7; lead <= 7; lead++ {
		w, d := diceWinDraw(lead)
		l, d2 := diceWinDraw(-lead)
		if w+d+l != 36 || d != d2 {
			t.Errorf("lead %d: win %d draw %d loss %d", lead, w, d, l)
		}
	}
}
