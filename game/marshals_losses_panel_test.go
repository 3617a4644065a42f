package game

import (
	"math/rand/v2"
	"strings"
	"testing"

	"grognard/render"
	"grognard/rules"
)

// bigLossGame plays random Talavera games until a side has at least min
// losses of a melee to allot [5.4.3] among two units or more.
func bigLossGame(t *testing.T, min int) *rules.Game {
	t.Helper()
	type allotter interface{ LossesToAllot() (int, int) }
	for seed := uint64(1); seed <= 40; seed++ {
		g, err := rules.NewGame("marshals-talavera", seed, nil)
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(seed, 9))
		for n := 0; n < 3000 && !g.State.Result().Over; n++ {
			if _, left := g.State.(allotter).LossesToAllot(); left >= min {
				units, many := map[string]bool{}, false
				for _, a := range g.State.Legal() {
					units[a.Unit] = true
					many = many || isManyLosses(a)
				}
				if len(units) >= 3 && many { // two units and the proposal; a melee's, not a pursuit's guns first [5.4.6]
					return g
				}
			}
			var a rules.Action
			if g.State.Status().Decider == rules.Chance {
				a, err = rules.Sample(g.State.Chances(), g.Rand())
				if err != nil {
					t.Fatal(err)
				}
			} else {
				l := g.State.Legal()
				a = l[r.IntN(len(l))]
			}
			if _, err := g.ApplyOne(a); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Skipf("no random Talavera game came to %d losses to allot", min)
	return nil
}

// TestRule5_4_3_BigLossTakesFewClicks (issue #18: 13 SS of a melee took
// 13 clicks): at an allotment of 10 losses or more, the side panel at
// 1280x720 shows "Allot the N losses left as proposed: ..." first, whole,
// and one click on it allots them all; a unit's "all it can take" button
// is on the panel's first page too, and clicking the first loss button of
// the panel again and again ends the allotment in a few clicks.
func TestRule5_4_3_BigLossTakesFewClicks(t *testing.T) {
	g := bigLossGame(t, 10)
	s, b := marshalsPanel(t, g)
	side, left, _, ok := s.lossesLeft()
	if !ok {
		t.Fatal("no loss to allot")
	}
	var first *panelButton
	many := 0
	for i := range b.panel {
		pb := &b.panel[i]
		if pb.act == nil || pb.isCard || pb.heading {
			continue
		}
		if first == nil {
			first = pb
		}
		if isManyLosses(*pb.act) {
			many++
		}
		t.Logf("button %q", pb.b.Label)
		r := pb.b.Rect
		if !render.ButtonLabelWhole(pb.b.Label, pb.b.Sub, r.Dx(), r.Dy(), pb.b.Base) {
			t.Errorf("%q [%s] is cut on its %dx%d button", pb.b.Label, pb.b.Sub, r.Dx(), r.Dy())
		}
	}
	if first == nil || first.act.Choice != "loss-rest" || !strings.Contains(first.b.Label, "as proposed: ") {
		t.Fatalf("the panel's first button is not the proposal: %+v", first)
	}
	if many == 0 {
		t.Errorf("no unit's all-at-once button on the panel's first page")
	}
	// one click: the proposal
	one := g.Clone()
	s1, _ := marshalsPanel(t, one)
	if _, err := s1.Do(*first.act); err != nil {
		t.Fatal(err)
	}
	if sd, l, _, ok := s1.lossesLeft(); ok && sd == side {
		t.Errorf("after the proposal %d losses are still to allot", l)
	}
	// unit by unit: the first all-at-once button of the panel each time
	clicks := 0
	for ; clicks < 20; clicks++ {
		sd, _, _, ok := s.lossesLeft()
		if !ok || sd != side {
			break
		}
		var pick *rules.Action
		for _, a := range s.PanelActions() {
			if isManyLosses(a) {
				pick = &a
				break
			}
		}
		if pick == nil {
			for _, a := range s.PanelActions() {
				if a.Kind == "choose" && strings.HasPrefix(a.Choice, "loss") && a.Choice != "loss-rest" {
					pick = &a
					break
				}
			}
		}
		if pick == nil {
			t.Fatalf("no loss button in the panel: %v", s.PanelActions())
		}
		if _, err := s.Do(*pick); err != nil {
			t.Fatal(err)
		}
		passSeat(s)
	}
	if clicks > 4 {
		t.Errorf("%d losses took %d clicks unit by unit", left, clicks)
	}
	t.Logf("%d losses: 1 click as proposed, %d unit by unit; the proposal: %s", left, clicks, first.b.Label)
}

// withoutQuickLosses is legal without the quicker loss choices of
// rules/marshals losses_bulk.go ("c=loss=N", "c=loss-rest"): the list the
// engine offered before them, so a random walk of a test that picks from
// it plays the game it played then.
func withoutQuickLosses(legal []rules.Action) []rules.Action {
	out := legal[:0:0]
	for _, a := range legal {
		if !isManyLosses(a) && a.Choice != "loss-rest" {
			out = append(out, a)
		}
	}
	return out
}

// TestRule7_7_LaterLossesCountAnew (seen in a Talavera game played by
// clicks: after 13 melee losses, the one of the river crossed in retreat
// read "1 of 14 losses still to allot"): the losses a retreat across a
// river [7.7], a blocked retreat [5.4.4] or a pursuit [5.4.6] give start a
// new count. Every such event of random games starts one; a plain loss
// taken does not.
func TestRule7_7_LaterLossesCountAnew(t *testing.T) {
	seen := 0
	for seed := uint64(1); seed <= 10 && seen < 3; seed++ {
		g, err := rules.NewGame("marshals-talavera", seed, nil)
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(seed, 4))
		for n := 0; n < 3000 && !g.State.Result().Over; n++ {
			var a rules.Action
			if g.State.Status().Decider == rules.Chance {
				a, _ = rules.Sample(g.State.Chances(), g.Rand())
			} else {
				l := g.State.Legal()
				a = l[r.IntN(len(l))]
			}
			evs, err := g.ApplyOne(a)
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range evs {
				more := strings.Contains(e.Text, "crossing the river in retreat") || strings.Contains(e.Text, "cannot retreat: ") || strings.HasPrefix(e.Text, "Pursuit") && strings.Contains(e.Text, "more SS lost")
				if more {
					seen++
					if !combatResult(e) {
						t.Errorf("%q does not start a new count of losses", e.Text)
					}
				}
				if e.Kind == "loss" && combatResult(e) {
					t.Errorf("a loss taken starts a new count: %q", e.Text)
				}
			}
		}
	}
	if seen == 0 {
		t.Skip("no later losses in the games played")
	}
}
