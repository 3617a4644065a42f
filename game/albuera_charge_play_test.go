package game

import (
	"image"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"grognard/rules"
)

// The Charge in the scenario's own play (newcomer issue #18 point 5). A
// Charge [9.2.1] needs a cavalry unit that has moved at least 3 hexes this
// subphase without turning and without entering forest, olive grove,
// village, a stream hexside or a hex of other units, then enters an enemy
// hex: the marches of albueraMarch (each unit to the hex nearest the
// enemy) never offered one in the first turns, and the rules say why. The
// cavalry is set up in packed columns of stacks, so a unit moved alone
// passes its comrades' hexes and loses the Charge; slopes and streams cost
// 2-3 MP a hex, so three hexes and the entry into the enemy exceed its 8
// MP; a turn spoils it; the enemy's reaction fire [13.1] meets the run.
// It is rare, not withheld. albueraChargeRun plays the battle from its
// opening with seeded random legal play (chance outcomes included), the
// cavalry kept straight on when it can [9.2.1], until a Charge is legal:
// a position of the real scenario reached by its own units' moves.

// chargeRunSeed and chargeRunMax: the seeded play that reaches a Charge.
const (
	chargeRunSeed = 8
	chargeRunMax  = 20000
)

// albueraChargeRun plays g until a Charge is legal and returns it (false
// when the budget runs out first). No t.Fatal: it runs on the game loop.
func albueraChargeRun(g *rules.Game) (rules.Action, bool) {
	return albueraChargeRunSeed(g, chargeRunSeed)
}

func albueraChargeRunSeed(g *rules.Game, seed uint64) (rules.Action, bool) {
	r := rand.New(rand.NewPCG(seed, 9))
	for n := 0; n < chargeRunMax && !g.State.Result().Over; n++ {
		legal := g.State.Legal()
		if len(legal) == 0 {
			return rules.Action{}, false
		}
		for _, a := range legal {
			if a.Kind == "charge" && len(a.Units) == 0 {
				return a, true
			}
		}
		pick := legal[r.IntN(len(legal))]
		v := g.State.View(g.State.Status().Decider)
		for _, a := range legal {
			if a.Kind != "move" || len(a.Units) > 0 || a.To == "" {
				continue
			}
			if u, ok := unitIn(v, a.Unit); ok && u.Type == "cavalry" && r.IntN(3) > 0 && a.To == straightOn(v, u) {
				pick = a
			}
		}
		if _, err := g.ApplyOne(pick); err != nil {
			chargeRunErr = err.Error() + " " + pick.Key()
			return rules.Action{}, false
		}
	}
	return rules.Action{}, false
}

// unitIn finds unit id in v.
func unitIn(v *rules.View, id string) (rules.UnitView, bool) {
	for _, u := range v.Units {
		if u.ID == id {
			return u, true
		}
	}
	return rules.UnitView{}, false
}

// straightOn is the hex straight ahead of u (along its facing), "".
func straightOn(v *rules.View, u rules.UnitView) string {
	if v.Board == nil || v.Board.Hex == nil || u.At == "" || u.Facing < 0 {
		return ""
	}
	c, err := v.Board.Hex.ParseOn(u.At)
	if err != nil {
		return ""
	}
	return v.Board.Hex.Num(c.Neighbor(u.Facing))
}

var chargeRunErr string

// TestRule9_2_ChargeReachedInScenarioPlay: the seeded play of the battle
// reaches a legal Charge of a real cavalry unit; its option says what it
// does and risks (albueraWhat) and its odds are there before the click.
func TestRule9_2_ChargeReachedInScenarioPlay(t *testing.T) {
	g, err := rules.NewGame("albuera-1811", 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	a, ok := albueraChargeRun(g)
	if !ok {
		t.Fatalf("the seeded play reached no Charge: %s turn %d over %v", chargeRunErr, g.State.Status().Turn, g.State.Result().Over)
	}
	st := g.State.Status()
	t.Logf("turn %d: %s (%s)", st.Turn, a.Label, a.Key())
	if w := albueraWhat(a); !strings.Contains(w, "9.2") && !strings.Contains(strings.ToLower(w), "charge") {
		t.Errorf("the Charge's option does not say what it does: %q", w)
	}
	s, err := SessionFor(g)
	if err != nil {
		t.Fatal(err)
	}
	s.TakeSeat()
	if _, lines, has := s.Odds(a); !has || len(lines) == 0 {
		t.Errorf("the Charge gives no odds before the click")
	}
}

// TestWalkthrough_albuera_1811_charge: the Charge of a real cavalry unit
// in the scenario's own play (albueraChargeRun: the Vistula lancers in
// turn 16), taken in the window by clicks: the unit is selected by a
// click on its counter, the enemy hex is lit for it, the pointer over it
// draws the Clash's odds before the click, the click opens the menu that
// tells entering the hex [11.10] from charging [9.2] by what each does
// and costs (clickChargeMenu), the Charge is clicked, and the log says its
// result in words: whose Losses, the rout to the Turn track [15.8].
func TestWalkthrough_albuera_1811_charge(t *testing.T) {
	w := wkOpen(t, "albuera-1811", 1)
	var act rules.Action
	ok := false
	winApp.Do(func() {
		act, ok = albueraChargeRun(w.s.Game)
		w.s.afterChange()
	})
	if !ok {
		t.Fatalf("the seeded play reached no Charge: %s", chargeRunErr)
	}
	w.input()
	u, _ := w.s.Unit(act.Unit)
	w.lookAt(u.At)
	w.takeSeat()
	if w.s.Selected != "" { // the unit in motion is selected already
		w.key(ebiten.KeyEscape)
	}
	img := w.frame()
	w.check(img, nil, "before the charge")
	w.selectUnit(act.Unit)
	sel := w.frame()
	w.check(sel, img, "selected "+act.Unit)
	var x, y float64
	lit := false
	winApp.Do(func() {
		x, y, _ = w.b.ScreenOf(act.To)
		for _, h := range w.s.Highlights() {
			lit = lit || h.At == act.To
		}
	})
	if !lit {
		w.save(sel, "albuera-charge-play-notlit")
		t.Fatalf("%s is not lit for %s", act.To, act.Unit)
	}
	// the odds before the click: the pointer over the enemy hex
	p := image.Pt(int(math.Round(x)), int(math.Round(y)))
	w.input(Event{Kind: EvMove, X: p.X, Y: p.Y})
	w.input(Event{Kind: EvMove, X: p.X + 1, Y: p.Y})
	hov := w.frame()
	var odds image.Rectangle
	winApp.Do(func() { odds = w.b.oddsRect })
	if _, lines, has := w.s.Odds(act); !has || len(lines) == 0 {
		t.Errorf("the Charge gives no odds")
	} else if odds.Empty() || inkIn(hov, odds, lightInk, 90) < 40 {
		t.Errorf("the odds of the Charge are not drawn on hover (%v)", odds)
	}
	w.save(hov, "albuera-charge-play-odds")
	// the enemy's hover card lists the Charge among the click's choices
	var card []string
	winApp.Do(func() {
		for _, e := range w.s.View().Units {
			if e.At == act.To && e.Side != u.Side {
				card = w.s.withTargetNote(e).Detail
			}
		}
	})
	if !strings.Contains(strings.Join(card, "\n"), "  "+act.String()) {
		t.Errorf("the enemy's card does not list the Charge: %q", card)
	}
	clickChargeMenu(w, act)
	w.takeSeat()
	result := ""
	w.play(func() bool {
		for _, l := range w.s.LogLines() {
			if strings.Contains(l, "Clash at "+act.To) {
				result = l
			}
		}
		return result != ""
	}, 30)
	w.save(w.frame(), "albuera-charge-play-result")
	if !strings.Contains(result, "lose the Clash: ") || !strings.Contains(result, "(victors)") {
		t.Errorf("the Charge's result is not said in words: %q", result)
	}
	t.Logf("%s: %s", act.Label, result)
}
