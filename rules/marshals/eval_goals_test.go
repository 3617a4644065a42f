package marshals

import (
	"math"
	"math/rand/v2"
	"testing"

	"grognard/rules"
)

// TestRule8_0_EvaluationSeesAMarchTowardAVPZone: the computer's
// evaluation grows as a stack comes nearer the zones worth VP, by the MP
// distance of the map [5.3] [8.0], even where no VP changes hands yet (the
// Retreat's French normal never marched on an unheld town several turns
// away, #21). One French unit on the map, outside every VP zone: nearest
// a VP zone it is worth more than farthest from them, though the VP the
// game would give now are the same.
func TestRule8_0_EvaluationSeesAMarchTowardAVPZone(t *testing.T) {
	s := loadedState(t, "marshals-retreat")
	sc := s.sc
	lone := -1
	for i := range s.Units {
		d := s.def(i)
		if d.Side != French || !s.onMap(i) || !isUnit(d) {
			continue
		}
		if lone < 0 && d.Kind == KDiv {
			lone = i
			continue
		}
		s.Units[i].Off = OffEliminated
	}
	if lone < 0 {
		t.Fatal("no French division on the map")
	}
	g := sc.goals()
	near, far := "", ""
	nearD, farD := math.MaxInt, -1
	for zi, z := range sc.Graph.Zones {
		if sc.VP[z.ID] > 0 || z.IsOffmap() || s.hasUnits(Allied, z.ID) {
			continue
		}
		m := math.MaxInt
		for _, d := range g.dist[zi] {
			if d >= 0 {
				m = min(m, d)
			}
		}
		if m == math.MaxInt {
			continue
		}
		if m < nearD {
			near, nearD = z.ID, m
		}
		if m > farD {
			far, farD = z.ID, m
		}
	}
	if near == "" || nearD >= farD {
		t.Fatalf("no zones to compare (near %q %d MP, far %q %d MP)", near, nearD, far, farD)
	}
	s.Units[lone].At = far
	vpFar, _ := s.FinalVP()
	eFar := s.Evaluate(French)
	s.Units[lone].At = near
	vpNear, _ := s.FinalVP()
	eNear := s.Evaluate(French)
	if vpFar != vpNear {
		t.Fatalf("the VP differ (%v, %v): the test wants a march that changes none", vpFar, vpNear)
	}
	if eNear <= eFar {
		t.Errorf("French evaluation %.4f %d MP from a VP zone (%s), %.4f %d MP away (%s): the nearer should be worth more", eNear, nearD, near, eFar, farD, far)
	}
}

// TestRule7_5_SampleTakesNearBlocksForReal: the computer's sample of the
// hidden enemy counters is cautious: a decoy [7.5] is drawn in or next to
// a zone of its own units less often than a uniform deal would put it
// there (the Retreat's French garrison of Madrid attacked a block it had
// sampled as a decoy and lost the town, #21); the places are the same.
// Positions every 40 actions of a random game of the Retreat and Ocaña.
func TestRule7_5_SampleTakesNearBlocksForReal(t *testing.T) {
	var got, uniform float64
	positions := 0
	r := rand.New(rand.NewPCG(1, 2))
	for _, id := range []string{"marshals-retreat", "marshals-ocana"} {
		sc, err := Load(id)
		if err != nil {
			t.Fatal(err)
		}
		s, err := NewState(sc)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		randomGame(t, s, 3, 20000, func(st rules.State, _ []rules.Event) {
			n++
			s := st.(*State)
			if n%40 != 0 || s.Cur < 0 || s.Cur > 1 {
				return
			}
			side := s.Cur
			near := s.nearOwn(side)
			hidden, hiddenNear, decoys := 0, 0, 0
			for i := range s.Units {
				d := s.def(i)
				if d.Side == side || !s.onMap(i) {
					continue
				}
				hidden++
				if near[s.Units[i].At] {
					hiddenNear++
				}
				if d.Kind == KDecoy {
					decoys++
				}
			}
			if decoys == 0 || hiddenNear == 0 || hiddenNear == hidden {
				return
			}
			const samples = 10
			inNear := 0
			for range samples {
				c := s.Determinize(rules.Side(side), r).(*State)
				for i := range c.Units {
					if d := c.def(i); d.Side != side && d.Kind == KDecoy && c.onMap(i) && near[c.Units[i].At] {
						inNear++
					}
				}
			}
			got += float64(inNear) / float64(samples*decoys)
			uniform += float64(hiddenNear) / float64(hidden)
			positions++
		})
	}
	if positions < 10 {
		t.Fatalf("only %d positions with decoys and hidden counters near and far", positions)
	}
	t.Logf("%d positions: decoys near the sampling side's units %.2f, a uniform deal %.2f", positions, got/float64(positions), uniform/float64(positions))
	if got > 0.75*uniform {
		t.Errorf("decoys sampled near the side's units %.2f of the time, a uniform deal %.2f: not cautious", got/float64(positions), uniform/float64(positions))
	}
}
