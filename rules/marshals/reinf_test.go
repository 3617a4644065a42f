package marshals

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"grognard/rules"
)

// TestRule5_3_6_ReinforcementsAmongTheEnemy: a French reinforcement that
// arrives at Madrid, held by the Allies, puts its Retraite marker on the
// connection toward its depot (the Avila exit) at once; then the Allied
// player chooses his own among the free zones, and the events phase goes on
// where it was [5.3.6] [5.3.1].
func TestRule5_3_6_ReinforcementsAmongTheEnemy(t *testing.T) {
	s := opsState(t, French)
	for _, id := range []string{"fr-joseph", "fr-garde"} {
		s.Units[s.idx(id)].At = "toledo"
	}
	for _, id := range []string{"fr-victor", "fr-ruffin", "fr-villatte", "fr-latour"} {
		s.Units[s.idx(id)].At = "talavera"
	}
	s.Units[s.idx("al-hill")].At = "madrid"
	noDecoys(s)
	s.Phase, s.Sub, s.Cur = PhEvents, SubBefore, French
	s.Hands[French] = []string{"renfort"}
	evs := play(t, s, find(t, s, "play", "", "", "renfort"))
	if unitAt(s, "fr-mortier-div") != "madrid" {
		t.Fatalf("Girard at %q, want Madrid (entry A)", unitAt(s, "fr-mortier-div"))
	}
	ax := s.axes("madrid")
	if want := s.sc.Graph.ConnIndex("madrid", "x-avila", "road"); ax[French] != want {
		t.Errorf("French axis %d, want %d toward the Avila depot [5.3.6]", ax[French], want)
	}
	if s.Sub != SubRAxis || s.decider() != rules.Side(Allied) {
		t.Fatalf("the Allies choose their Retraite marker: sub %s decider %v (events %+v)", s.Sub, s.decider(), evs)
	}
	var to []string
	for _, a := range s.Legal() {
		if a.Rule != "5.3.6" {
			t.Errorf("action %s cites %q", a.Key(), a.Rule)
		}
		to = append(to, a.To)
	}
	slices.Sort(to)
	if !slices.Equal(to, []string{"aranjuez", "santa-olalla"}) {
		t.Fatalf("Allied choices %v: the free zones, not the French depot connection", to)
	}
	play(t, s, find(t, s, "choose", "", "santa-olalla", ""))
	if ax := s.axes("madrid"); ax[Allied] != s.sc.Graph.ConnIndex("madrid", "santa-olalla", "road") {
		t.Errorf("Allied axis %d", ax[Allied])
	}
	if s.Sub != SubBefore || s.decider() != rules.Side(French) || s.RAxis != nil {
		t.Errorf("back to the French before-draw step: sub %s decider %v", s.Sub, s.decider())
	}
}

// TestRule5_3_6_OneChoicePlacedAtOnce: when a side has a single valid
// connection the marker goes there without asking; none: no axis.
func TestRule5_3_6_OneChoicePlacedAtOnce(t *testing.T) {
	s := opsState(t, French)
	for _, id := range []string{"fr-joseph", "fr-garde"} {
		s.Units[s.idx(id)].At = "toledo"
	}
	s.Units[s.idx("al-hill")].At = "madrid"
	noDecoys(s)
	s.Phase, s.Sub, s.Cur = PhEvents, SubBefore, French
	s.Hands[French] = []string{"renfort"}
	play(t, s, find(t, s, "play", "", "", "renfort"))
	ax := s.axes("madrid")
	if want := s.sc.Graph.ConnIndex("madrid", "aranjuez", "road"); ax[Allied] != want || s.Sub != SubBefore {
		t.Errorf("Santa Olalla holds French: the Allied marker goes to Aranjuez at once; axis %d sub %s", ax[Allied], s.Sub)
	}
}

// TestEV_Fatigue_DuringTheEnemyMove: the Allies, asked for their Retraite
// marker while a French stack enters their zone, play Fatigue "at any
// moment during the movement of an adverse stack": the stack draws one
// more marker in this step, and that marker is not offered back to the
// container although Victor could return one [EV Fatigue] [5.3.2].
func TestEV_Fatigue_DuringTheEnemyMove(t *testing.T) {
	s := opsState(t, French)
	s.CinC[French] = "fr-joseph"
	s.Units[s.idx("al-iglesias")].At = "talavera"
	s.Hands[Allied] = []string{"fatigue"}
	play(t, s, find(t, s, "order", "", "santa-olalla", ""))
	play(t, s, find(t, s, "end", "", "", "confirm"))
	roll(t, s, 6)
	play(t, s, find(t, s, "move", "", "talavera", ""))
	if s.Sub != SubAxis {
		t.Fatalf("at %s", s.Sub)
	}
	before := s.Move.Pending
	evs := play(t, s, find(t, s, "play", "", "", "fatigue"))
	if len(s.Hands[Allied]) != 0 || s.Move.Pending != before+1 || s.Sub != SubAxis {
		t.Fatalf("after Fatigue: hand %v pending %d (was %d) sub %s", s.Hands[Allied], s.Move.Pending, before, s.Sub)
	}
	if !strings.Contains(evs[0].Text, "Fatigue") || evs[0].Rule != "EV Fatigue" {
		t.Errorf("event %+v", evs[0])
	}
	for _, a := range s.Legal() {
		if a.Kind == "play" {
			t.Errorf("Fatigue offered twice: %s", a.Key())
		}
	}
	play(t, s, find(t, s, "choose", "", "almaraz", ""))
	if s.Sub != SubFatigue || s.Move.Due != before+1 {
		t.Fatalf("draws due %d, want %d", s.Move.Due, before+1)
	}
	evs = draw(t, s, "fatigue=1")
	if s.Sub == SubReturn || evs[0].Rule != "EV Fatigue" {
		t.Errorf("the Fatigue marker may not be returned: sub %s, %+v", s.Sub, evs[0])
	}
	draw(t, s, "fatigue=0")
	if s.Sub != SubReturn {
		t.Errorf("the ordinary marker may be returned by Victor: sub %s", s.Sub)
	}
}

// TestPublicDecision_OnlyWhenNothingPrivateShows: the head-unit choice of a
// revealed combat is public only if the decider's screen shows nothing the
// opponent's does not — no other counter of his, no held event (the
// hand-over protects the decider's secrets) [5.4.3] (spec §3.13).
func TestPublicDecision_OnlyWhenNothingPrivateShows(t *testing.T) {
	s := combatState(t)
	play(t, s, find(t, s, "end", "", "", "confirm"))
	play(t, s, find(t, s, "end", "", "", "no"))
	play(t, s, find(t, s, "end", "", "", "no"))
	if s.Sub != SubHead || s.decider() != rules.Side(Allied) {
		t.Fatalf("at %s", s.Sub)
	}
	if s.View(rules.Side(Allied)).PublicDecision {
		t.Error("the Allied screen shows Wellesley, Cuesta and the rest: the decision needs a hand-over")
	}
	lone := s.clone()
	for i := range lone.Units {
		id := lone.def(i).ID
		if lone.def(i).Side == Allied && !slices.Contains(lone.Combat.Units[Allied], id) {
			lone.Units[i].Off, lone.Units[i].At = OffPool, ""
		}
	}
	lone.Hands[Allied] = nil
	if !lone.View(rules.Side(Allied)).PublicDecision {
		t.Error("only the revealed Hill and Payne on the Allied screen, no hand: a public decision")
	}
	lone.Hands[Allied] = []string{"feu"}
	if lone.View(rules.Side(Allied)).PublicDecision {
		t.Error("a held event is private: the decision needs a hand-over")
	}
	if v := s.View(rules.Side(French)); v.PublicDecision {
		t.Error("PublicDecision set in the view of a side that does not decide")
	}
}

// noDecoys takes the set-up decoys off the map.
func noDecoys(s *State) {
	for i := range s.Units {
		if s.def(i).Kind == KDecoy {
			s.Units[i].Off, s.Units[i].At = OffPool, ""
		}
	}
}

// blocksAt counts the anonymous enemy blocks side v sees at z, and how
// many of them show the activated front.
func blocksAt(s *State, v int, z string) (n, act int) {
	for _, u := range s.View(rules.Side(v)).Units {
		if int(u.Side) != v && u.Hidden && u.At == z {
			n++
			if slices.Contains(u.Markers, "activated") {
				act++
			}
		}
	}
	return
}

// TestRule1_3_CommanderBoxes: the counters with a nominative commander are
// hidden in his box on the order-of-battle sheet: the enemy sees only the
// commander's block [1.3]. At its operation the owner may open the box of
// a zone (every counter then shows as a block with its front: side and
// activation [1.1.1]) or close it again, once per zone and operation; a
// counter that leaves its commander is on the map; decoys never hide.
func TestRule1_3_CommanderBoxes(t *testing.T) {
	s := opsState(t, Allied)
	noDecoys(s)
	if n, _ := blocksAt(s, French, "plasencia"); n != 1 {
		t.Fatalf("Wellesley, Hill and Payne at Plasencia: the French see %d blocks, want 1 (Wellesley)", n)
	}
	open := find(t, s, "choose", "", "", "box-open")
	for _, a := range s.Legal() {
		if a.Choice == "box-open" && a.From == "plasencia" {
			open = a
		}
	}
	if open.From != "plasencia" || open.Rule != "1.3" {
		t.Fatalf("no box to open at Plasencia: %v", keys(s.Legal()))
	}
	evs := play(t, s, open)
	if n, _ := blocksAt(s, French, "plasencia"); n != 3 {
		t.Errorf("the box opened: the French see %d blocks at Plasencia, want 3", n)
	}
	if strings.Contains(evs[0].TextFor(rules.Side(French)), "Hill") || strings.Contains(evs[0].TextFor(rules.Side(French)), "Wellesley") {
		t.Errorf("the box event names a counter: %q", evs[0].TextFor(rules.Side(French)))
	}
	if s.Sub != SubOp || s.Act != Allied {
		t.Errorf("opening a box is part of the operation choice: %s %d", s.Sub, s.Act)
	}
	for _, a := range s.Legal() {
		if strings.HasPrefix(a.Choice, "box-") && a.From == "plasencia" {
			t.Errorf("a second box action at Plasencia in the same operation: %s", a.Key())
		}
	}
	// The front shows the activation [1.1.1].
	s.Units[s.idx("al-hill")].Activated = true
	if n, act := blocksAt(s, French, "plasencia"); n != 3 || act != 1 {
		t.Errorf("blocks %d, activated %d; want 3 and 1", n, act)
	}
	// Hill leaves Wellesley: on the map wherever the box is.
	play(t, s, find(t, s, "pass", "", "", ""))
	play(t, s, find(t, s, "pass", "", "", ""))
	s.Phase, s.Sub, s.Act, s.Passes = PhOperations, SubOp, Allied, 0
	for _, a := range s.Legal() {
		if a.Choice == "box-close" && a.From == "plasencia" {
			play(t, s, a)
		}
	}
	if n, _ := blocksAt(s, French, "plasencia"); n != 1 {
		t.Errorf("the box closed again: %d blocks at Plasencia, want 1", n)
	}
	s.Units[s.idx("al-hill")].At = "talavera"
	if n, _ := blocksAt(s, French, "talavera"); n != 1 {
		t.Errorf("Hill alone at Talavera: %d blocks, want 1", n)
	}
	// A decoy with a commander stays on the map [7.5].
	d := s.idx("allied-decoy-1")
	if d < 0 {
		for i := range s.Units {
			if s.def(i).Kind == KDecoy && s.def(i).Side == Allied {
				d = i
			}
		}
	}
	s.Units[d].Off, s.Units[d].At = OffNone, "almaraz"
	if n, _ := blocksAt(s, French, "almaraz"); n != 2 {
		t.Errorf("Cuesta's box and a decoy at Almaraz: %d blocks, want 2 (Cuesta, the decoy)", n)
	}
}

// TestEV_Fatigue_DuringTheFlight: Cuesta, alone at Talavera when the French
// stack comes in, must flee [7.1]; in that decision the Allies may play
// Fatigue on the moving stack: one more marker among the draws due, not
// returnable [EV Fatigue].
func TestEV_Fatigue_DuringTheFlight(t *testing.T) {
	s := opsState(t, French)
	s.CinC[French] = "fr-joseph"
	s.Units[s.idx("al-cuesta")].At = "talavera"
	s.Hands[Allied] = []string{"fatigue"}
	play(t, s, find(t, s, "order", "", "santa-olalla", ""))
	play(t, s, find(t, s, "end", "", "", "confirm"))
	roll(t, s, 6)
	play(t, s, find(t, s, "move", "", "talavera", strconv.Itoa(s.sc.Graph.ConnIndex("santa-olalla", "talavera", "road"))))
	if s.Sub != SubFlee {
		t.Fatalf("at %s", s.Sub)
	}
	play(t, s, find(t, s, "play", "", "", "fatigue"))
	if s.Sub != SubFlee || len(s.Hands[Allied]) != 0 {
		t.Fatalf("Cuesta still has to flee: %s, hand %v", s.Sub, s.Hands[Allied])
	}
	play(t, s, find(t, s, "move", "al-cuesta", "almaraz", ""))
	if s.Sub != SubFatigue || s.Move.Due != 3 {
		t.Fatalf("draws due %d at %s, want 3 (2 + the Fatigue marker)", s.Move.Due, s.Sub)
	}
	if evs := draw(t, s, "fatigue=1"); s.Sub == SubReturn || evs[0].Rule != "EV Fatigue" {
		t.Errorf("the Fatigue marker is drawn first and not returnable: sub %s %+v", s.Sub, evs[0])
	}
}

// TestRule8_0_VictoryStatusInTheHUD: during the game both sides read the
// same public status — who holds each VP zone now, the turn of the
// scenario's length — and no running total of losses (fatigue losses are
// private) [8.0].
func TestRule8_0_VictoryStatusInTheHUD(t *testing.T) {
	s := opsState(t, French)
	f, a := s.View(rules.Side(French)).Score, s.View(rules.Side(Allied)).Score
	if !slices.Equal(f, a) {
		t.Fatalf("the sides read different statuses: %q / %q", f, a)
	}
	want := []string{"French hold Madrid (5)", "Allies hold Talavera", "Turn 1 of 3; losses and exits count at the end [8.0]"}
	s.Turn = 1
	if got := s.View(rules.Side(French)).Score; !slices.Equal(got, want) {
		t.Errorf("status %q, want %q", got, want)
	}
	s.Units[s.idx("fr-ruffin")].At = "talavera"
	if got := s.View(rules.Side(Allied)).Score; len(got) != 2 || got[0] != "French hold Madrid (5), Talavera" {
		t.Errorf("Ruffin at Talavera with a line to Avila: %q", got)
	}
}
