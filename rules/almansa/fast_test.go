package almansa

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"
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
			z, zs, zm := s.zoc(side), s.zocInto(side, nil), s.zocOf(side)
			for _, c := range s.sc.Map.Coords() {
				if z[c] != zs.has(c) || z[c] != zm.has(c) {
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

// TestUnitViewsAgreeWithTheTextsBuiltEachTime: along a random game the
// views made from the scenario's prepared texts equal the views that built
// every text (the code before #20), for every unit.
func TestUnitViewsAgreeWithTheTextsBuiltEachTime(t *testing.T) {
	st, err := rules.NewState(ScenarioID, rules.Options{OptAmmo: true})
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	var pick uint64 = 11
	for n := 0; n < 1500 && !s.Over; n++ {
		if n%7 == 0 {
			for i := range s.Units {
				if got, want := s.unitView(i), s.unitViewSlow(i); !reflect.DeepEqual(got, want) {
					t.Fatalf("action %d, %s:\n got %+v\nwant %+v", n, s.Units[i].Form, got, want)
				}
			}
		}
		legal := s.Legal()
		pick = pick*6364136223846793005 + 1442695040888963407
		if _, err := s.Apply(legal[int(pick>>33)%len(legal)]); err != nil {
			t.Fatal(err)
		}
	}
}

func (s *State) unitViewSlow(i int) rules.UnitView {
	d := s.def(i)
	u := s.Units[i]
	uv := rules.UnitView{ID: d.ID, Name: d.Name, Short: d.Short, Side: rules.Side(d.Side), Type: d.Type,
		Formation: u.Form, Facing: u.Facing, Strength: u.Steps, MaxStr: d.Steps, Eliminated: u.Dead}
	if u.On && !u.Dead {
		uv.At = s.num(u.At)
	}
	if f := s.sc.Form(u.Form); f != nil {
		uv.Color = f.Color
	} else if d.Type == Leader || d.Reserve {
		uv.Color = "#ffffff"
	} else {
		uv.Color = s.sc.Sides[d.Side].ArtColor
	}
	it := strconv.Itoa
	switch d.Type {
	case Infantry, Cavalry, Dragoons:
		uv.Values = it(s.cf(i)) + "-" + it(d.Morale) + "-" + it(d.MP)
		uv.Detail = append(uv.Detail, "Combat factor "+it(s.cf(i))+" (full "+it(d.CF[0])+"), morale "+it(d.Morale)+", movement "+it(d.MP)+" [2]")
		if d.Steps == 2 {
			uv.Detail = append(uv.Detail, "Steps "+it(u.Steps)+" of 2; reduced side "+it(d.CF[1])+" [2]")
		}
	case Artillery:
		uv.Values = fmt.Sprintf("%d-%d", d.CF[0], d.MP)
		if d.Shock > 0 {
			uv.Values = fmt.Sprintf("%d(%d)-%d", d.CF[0], d.Shock, d.MP)
		}
		uv.Detail = append(uv.Detail, fmt.Sprintf("Fire %d at 1-%d hexes, shock %d, movement %d [12, 13]", d.CF[0], s.sc.P("artillery_range"), d.Shock, d.MP))
	case Leader, Commander:
		uv.Values = fmt.Sprintf("%d-%d", d.Rating, d.Radius)
		uv.Detail = append(uv.Detail, fmt.Sprintf("Leadership %d, command radius %d, movement %d [6]", d.Rating, d.Radius, d.MP))
		if d.Type == Commander {
			var fs []string
			for _, f := range d.Commands {
				fs = append(fs, s.formName(f))
			}
			uv.Detail = append(uv.Detail, "Commands "+strings.Join(fs, ", ")+" [6]")
		}
	case Train:
		uv.Detail = append(uv.Detail, "Supply train: never moves; worth 3 steps if destroyed [5, 13]")
	}
	if u.Form != "" {
		uv.Detail = append(uv.Detail, "Formation "+s.formName(u.Form)+" [6]")
	} else if d.Reserve {
		uv.Detail = append(uv.Detail, "Cavalry reserve, not yet assigned [15]")
	}
	if d.Combat() && phaseKind(s.Phase) == "move" && d.Side == phaseSide(s.Phase) {
		uv.Detail = append(uv.Detail, "Movement left: "+mp(s.remaining(i)))
	}
	if u.DSG {
		uv.Markers = append(uv.Markers, "disorganised")
	}
	if u.DSB {
		uv.Markers = append(uv.Markers, "routed")
	}
	if u.OOC {
		uv.Markers = append(uv.Markers, "out-of-command")
	}
	if u.Moved {
		uv.Markers = append(uv.Markers, "moved")
	}
	if u.Fired {
		uv.Markers = append(uv.Markers, "fired")
	}
	if f := u.Form; f != "" && s.Demoral[f] {
		uv.Markers = append(uv.Markers, "demoralised")
	}
	if d.Type == Artillery && d.Side == Allied && s.opt(OptAmmo) && s.AmmoUsed >= s.sc.P("ammo_turns") {
		uv.Markers = append(uv.Markers, "ammo-out")
	}
	return uv
}
