package almansa

import (
	"testing"

	"grognard/rules"
	"grognard/rules/hex"
)

// TestPhaseOfAgreesWithPhaseInfo: the switch the engine reads gives what
// the phase table says, for every phase and an unknown one (#20).
func TestPhaseOfAgreesWithPhaseInfo(t *testing.T) {
	for p, want := range phaseInfo {
		k, sd, d := phaseOf(p)
		if k != want.kind || sd != want.side || d != want.decider {
			t.Errorf("%s: phaseOf %s/%d/%d, phaseInfo %+v", p, k, sd, d, want)
		}
	}
	if k, sd, d := phaseOf("nonsense"); k != "" || sd != 0 || d != 0 {
		t.Errorf("unknown phase: %s/%d/%d", k, sd, d)
	}
	if len(phaseInfo) != len(machine.Phases()) {
		t.Errorf("phaseInfo has %d phases, the machine %d", len(phaseInfo), len(machine.Phases()))
	}
}

// TestFastMapAgreesWithTheMap: the flat tables answer what hex.Map and the
// Terrain Costs Chart answer, for every hex, its neighbours (on or off the
// map) and every unit class [10] (#20).
func TestFastMapAgreesWithTheMap(t *testing.T) {
	s := fresh(t, nil)
	m := s.sc.Map
	fm := s.fast()
	if len(fm.coords) != len(m.Cells) {
		t.Fatalf("%d hexes indexed, the map has %d", len(fm.coords), len(m.Cells))
	}
	for _, c := range m.Coords() {
		h := fm.idx(c)
		if h < 0 || fm.coords[h] != c {
			t.Fatalf("%s: index %d", m.Num(c), h)
		}
		cell := m.Cell(c)
		if s.num(c) != m.Num(c) || s.terrain(c) != cell.Terrain || s.level(c) != cell.Level {
			t.Errorf("%s: num/terrain/level %s/%s/%d", m.Num(c), s.num(c), s.terrain(c), s.level(c))
		}
		for _, n := range c.Neighbors() {
			if fm.idx(n) >= 0 != m.On(n) {
				t.Errorf("%s: neighbour %v on the map %v, indexed %d", m.Num(c), n, m.On(n), fm.idx(n))
			}
			for i := range s.sc.Units {
				if got, want := s.enterCost(i, c, n), slowEnterCost(s, i, c, n); got != want {
					t.Fatalf("%s -> %v, %s: cost %d, the chart %d", m.Num(c), n, s.sc.Units[i].ID, got, want)
				}
			}
		}
	}
	if fm.idx(hex.Coord{Q: -100, R: 7}) != -1 {
		t.Error("a hex far off the map has an index")
	}
}

// slowEnterCost is enterCost as it read the map before #20.
func slowEnterCost(s *State, i int, from, to hex.Coord) int {
	cell := s.sc.Map.Cell(to)
	if cell == nil {
		return -1
	}
	cl := s.class(i)
	c := s.sc.Cost[cell.Terrain][cl]
	if c < 0 {
		return -1
	}
	if s.sc.Map.SideHas(from, to, hex.Road) {
		if r := s.sc.Cost["road"][cl]; r >= 0 && r < c {
			c = r
		}
	}
	return c
}

// TestOccupancyAndZoCAgreeWithMaps: along a random game, the flat
// occupancy lists every hex's units in unit order, and the zone-of-control
// set holds exactly the hexes of zoc [8] [9] (#20).
func TestOccupancyAndZoCAgreeWithMaps(t *testing.T) {
	st, err := rules.NewState(ScenarioID, nil)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	var pick uint64 = 7
	for n := 0; n < 600 && !s.Over; n++ {
		want := map[hex.Coord][]int{}
		for i := range s.Units {
			if s.alive(i) {
				want[s.Units[i].At] = append(want[s.Units[i].At], i)
			}
		}
		o := s.occupancy()
		for _, c := range s.sc.Map.Coords() {
			got := o.at(c)
			if len(got) != len(want[c]) {
				t.Fatalf("action %d, %s: units %v, want %v", n, s.num(c), got, want[c])
			}
			for k := range got {
				if got[k] != want[c][k] {
					t.Fatalf("action %d, %s: units %v, want %v", n, s.num(c), got, want[c])
				}
			}
		}
		for side := range 2 {
			z, zs := s.zoc(side), s.zocInto(side, nil)
			for _, c := range s.sc.Map.Coords() {
				if z[c] != zs.has(c) {
					t.Fatalf("action %d, side %d, %s: ZoC %v, set %v", n, side, s.num(c), z[c], zs.has(c))
				}
			}
		}
		legal := s.Legal()
		if len(legal) == 0 {
			t.Fatalf("action %d: no legal action", n)
		}
		pick = pick*6364136223846793005 + 1442695040888963407
		if _, err := s.Apply(legal[int(pick>>33)%len(legal)]); err != nil {
			t.Fatal(err)
		}
	}
}

// TestRule6_CommandTraceAgreesWithTheMapSearch: the line of command searched
// over hex indices [6] answers what the search over the map answered, for
// every pair of hexes 0-9 apart around the set-up armies' units (#20).
func TestRule6_CommandTraceAgreesWithTheMapSearch(t *testing.T) {
	s := started(t, nil)
	for side := range 2 {
		block := s.blockers(side)
		n := 0
		for i := range s.Units {
			if !s.alive(i) || s.def(i).Side != side {
				continue
			}
			from := s.Units[i].At
			for _, to := range hex.Within(from, 9) {
				for _, r := range []int{1, 4, 8} {
					if to == from || hex.Distance(from, to) > r {
						continue // answered before either search
					}
					if got, want := s.traceCommand(block, from, to, r), s.traceCommandSlow(block, from, to, r); got != want {
						t.Fatalf("%s -> %s radius %d: %v, the map search %v", s.num(from), s.num(to), r, got, want)
					}
					n++
				}
			}
		}
		if n < 500 {
			t.Fatalf("only %d traces compared", n)
		}
	}
}
