package almansa

import (
	"context"
	"testing"

	"grognard/rules"
	"grognard/rules/ai"
)

// TestRule6_EvaluationCountsOutOfCommandAsACost: a unit beyond its
// formation leader's command radius may neither move nor attack next turn
// [6]; the computer's evaluation counts it against its side, for either
// side, in full once the leader can no longer follow, a little while he
// still may in this movement phase.
func TestRule6_EvaluationCountsOutOfCommandAsACost(t *testing.T) {
	for _, tc := range []struct {
		side       int
		phase      string
		unit, lead string
	}{
		{Allied, phaseAMove, "v1", "villaverde"},
		{Bourbon, phaseBMove, "lb1", "labadie"},
	} {
		s := started(t, nil)
		s.Phase, s.Turn = tc.phase, 3
		s.touch()
		i, l := s.idx(tc.unit), s.idx(tc.lead)
		if got := s.aiCommandCost(i); got != 0 {
			t.Fatalf("%s at set-up: cost %.2f, want 0 (in command)", tc.unit, got)
		}
		v0 := s.Evaluate(rules.Side(tc.side))
		// Far beyond the radius (4) and the leader's movement (8 MP).
		far := s.Units[l].At
		for k := 0; k < 14; k++ {
			n := far.Neighbor(1)
			if _, ok := s.sc.EdgeDist[tc.side][n]; !ok {
				break
			}
			far = n
		}
		if distance(far, s.Units[l].At) <= 4+8 {
			far = s.Units[l].At
			for k := 0; k < 14; k++ {
				n := far.Neighbor(4)
				if _, ok := s.sc.EdgeDist[tc.side][n]; !ok {
					break
				}
				far = n
			}
		}
		if distance(far, s.Units[l].At) <= 12 {
			t.Fatalf("no hex far enough from %s", tc.lead)
		}
		s.Units[i].At = far
		s.touch()
		if got := s.aiCommandCost(i); got != 1 {
			t.Fatalf("%s %d hexes from %s: cost %.2f, want 1 [6]", tc.unit, distance(far, s.Units[l].At), tc.lead, got)
		}
		vFar := s.Evaluate(rules.Side(tc.side))
		if !(vFar < v0) {
			t.Errorf("%s out of command: %s evaluation %.4f, in command %.4f: want lower [6]", tc.unit, sideName(tc.side), vFar, v0)
		}
		// Five hexes from his leader, who has his whole move left: a
		// small cost; none once he stands next to it.
		s.Units[i].At = s.Units[l].At
		for k := 0; k < 5; k++ {
			s.Units[i].At = s.Units[i].At.Neighbor(1)
		}
		s.touch()
		if got := s.aiCommandCost(i); got <= 0 || got >= 1 {
			t.Errorf("%s 5 hexes from %s, who may still follow: cost %.2f, want a share of 1", tc.unit, tc.lead, got)
		}
		s.Units[l].Spent = 2 * s.def(l).MP // his move is spent
		s.touch()
		if got := s.aiCommandCost(i); got != 1 {
			t.Errorf("%s 5 hexes from %s, who has no movement left: cost %.2f, want 1", tc.unit, tc.lead, got)
		}
	}
}

// TestRule6_HintLeavesNoUnitOutOfCommand: in a movement phase where one
// formation is left to move and its leader's move is spent, the hint (the
// normal computer's choice) and the greedy player never move one of its
// units beyond his command radius [6], where it could neither move nor
// attack next turn. The Bourbon priority sends units at the enemy, and
// before the evaluation counted command in the movement phase (it judged
// a unit ahead of its leader only once the phase was over) the hint sent
// Labadie's foot there. Several seeds.
func TestRule6_HintLeavesNoUnitOutOfCommand(t *testing.T) {
	for _, tc := range []struct {
		side         int
		phase        string
		form, leader string
	}{
		{Bourbon, phaseBMove, "Lb", "labadie"},
		{Allied, phaseAMove, "V", "villaverde"},
	} {
		s := started(t, nil)
		s.Phase, s.Turn = tc.phase, 2
		l := s.idx(tc.leader)
		s.Units[l].Spent = 2 * s.def(l).MP
		// The other formations have moved: the leader's troops are the
		// units left to move (with the guns and the commanders in chief).
		for _, f := range s.sc.Forms {
			if f.Side == tc.side && f.ID != tc.form {
				s.Done[f.ID] = true
			}
		}
		s.touch()
		players := []ai.Config{ai.Levels["normal"], {Name: "greedy", Greedy: true}}
		for seed := uint64(1); seed <= 2; seed++ {
			for _, cfg := range players {
				d, err := ai.Decide(context.Background(), s.Clone(), rules.Side(tc.side), cfg, seed, nil)
				if err != nil {
					t.Fatal(err)
				}
				c := s.Clone().(*State)
				for _, a := range append([]rules.Action{d.Action}, d.Plan...) {
					if _, err := c.Apply(a); err != nil {
						break
					}
				}
				for i := range c.Units {
					if c.alive(i) && c.def(i).Side == tc.side && c.aiCommandCost(i) == 1 && s.aiCommandCost(i) < 1 {
						t.Errorf("seed %d, %s: %s (%s) leaves %s out of command [6]", seed, cfg.Name, d.Action.String(), d.Reason, c.def(i).ID)
					}
				}
			}
		}
	}
}

// TestRule6_EvaluationCountsAFormationOutOfCommand: a formation leader
// beyond his commander in chief's radius rolls on the out-of-command table
// [6] (an Allied formation may be forced to attack, or to withdraw): the
// evaluation counts each of its units by the table's chance of a result
// other than "normal" for his rating, and the whole of it once the
// movement phase is over.
func TestRule6_EvaluationCountsAFormationOutOfCommand(t *testing.T) {
	s := started(t, nil)
	s.Phase, s.Turn = phaseBFire, 3
	s.touch()
	for _, f := range s.sc.Forms {
		if got := s.aiFormOut(f.ID); got != 0 {
			t.Fatalf("formation %s at the historical set-up: %.2f, want 0 (in command)", f.ID, got)
		}
	}
	v0 := s.Evaluate(rules.Side(Allied))
	// Galway rides off to the far corner of the map, 20 hexes and more
	// from his leaders (radius 8) and from Das Minas (cinc_apart).
	g := s.idx("galway")
	far := s.Units[g].At
	for k := 0; k < 20; k++ {
		n := far.Neighbor(0)
		if _, ok := s.sc.EdgeDist[Allied][n]; !ok {
			break
		}
		far = n
	}
	s.Units[g].At = far
	s.touch()
	want := s.aiOOCChance(s.def(s.idx("villaverde")).Rating)
	if want <= 0 || want >= 1 {
		t.Fatalf("out-of-command chance for rating 1: %.2f", want)
	}
	out := 0
	for _, f := range s.sc.Forms {
		if f.Side != Allied {
			continue
		}
		p := s.aiFormOut(f.ID)
		if p > 0 {
			out++
		}
		if l := s.idx(f.Leader); p > 0 && p != s.aiOOCChance(s.def(l).Rating) {
			t.Errorf("formation %s: %.2f, want the table's %.2f", f.ID, p, s.aiOOCChance(s.def(l).Rating))
		}
	}
	if out == 0 {
		t.Fatalf("Galway %d hexes off: no Allied formation out of command", distance(far, s.Units[s.idx("dasminas")].At))
	}
	if v := s.Evaluate(rules.Side(Allied)); !(v < v0) {
		t.Errorf("%d Allied formations out of command: Allied evaluation %.4f, was %.4f: want lower [6]", out, v, v0)
	}
}

// TestRule11_VolleyInPlaceCountsInFullAfterAMovementPhase: the Bourbon
// volley in place comes for certain in the fire phase that follows a
// movement phase (their offensive fire after their movement, their
// defensive fire after the Allied movement [3] [11]): the evaluation
// counts all of it then, half of it in other phases (a unit may yet fall
// back first [10]).
func TestRule11_VolleyInPlaceCountsInFullAfterAMovementPhase(t *testing.T) {
	s := board(t, nil, phaseAMove)
	s.Turn = 3
	s.put("lb1", "0414", 1) // facing 1: 0514 is a front hex
	s.put("v1", "0514", 4)
	if s.aiThreat() <= 0 {
		t.Fatal("an Allied unit in front of Bourbon infantry: no threat")
	}
	moving := s.Evaluate(rules.Side(Allied))
	s.Phase = phaseBShock
	s.touch()
	other := s.Evaluate(rules.Side(Allied))
	if !(moving < other) {
		t.Errorf("Allied unit under the Bourbon volley: %.4f in the Allied movement, %.4f in the Bourbon shock phase: want lower in the movement [11]", moving, other)
	}
	if s.aiThreatShare() != aiThreatWeight {
		t.Errorf("share in the shock phase %.2f, want %.2f", s.aiThreatShare(), aiThreatWeight)
	}
}
