package marshals

// The View as it was built before the work of issue #20 on it (session 21),
// kept as the reference the fast one is compared with
// (TestViewMatchesReference).

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"grognard/rules"
)

func (s *State) viewOfRef(v rules.Side, full bool) *rules.View {
	vw := &rules.View{Side: v, Sides: sideNames[:], Status: s.Status(), Result: s.Result(), Hidden: true, Style: "counter",
		Board: &rules.Board{Kind: "zone", Zones: s.sc.Graph}}
	side := int(v)
	if side != French && side != Allied {
		side = -1
	}
	revealed := map[string]bool{}
	if s.Combat != nil && s.Sub != SubDeclare {
		for k := 0; k < 2; k++ {
			for _, id := range s.Combat.Units[k] {
				revealed[id] = true
			}
		}
	}
	// [1.3] [1.1.1] the enemy's counters on the map: one anonymous block
	// per counter (its front: the side and whether it was activated),
	// except the counters hidden in a nominative commander's box.
	blocks := map[string][]rules.UnitView{}
	for i := range s.Units {
		d := s.def(i)
		u := &s.Units[i]
		if d.Side == side {
			if u.Off == OffPool || u.Off == OffSetup || u.Off == OffRenfort {
				continue
			}
			vw.Units = append(vw.Units, s.unitViewRef(i))
			continue
		}
		if !s.onMap(i) {
			continue
		}
		if revealed[d.ID] && side >= 0 {
			vw.Units = append(vw.Units, s.unitViewRef(i))
			continue
		}
		if s.inBoxRef(i) {
			continue
		}
		b := rules.UnitView{Side: rules.Side(d.Side), At: u.At, Facing: -1, Hidden: true}
		if d.Side == Allied {
			// the front shows the counter's affiliation [1.1.1]: British or
			// Spanish (the book's decoys are of one nation or the other)
			b.Markers = []string{d.Nat}
		}
		if u.Activated {
			b.Markers = append(b.Markers, "activated")
		}
		blocks[u.At] = append(blocks[u.At], b)
	}
	// [7.5] the starting decoy the side is placing: on its owner's screen
	// (off the map) so the side panel says what to do and how many are left.
	if s.Sub == SubDecoy && s.Placing == side {
		if i := s.nextDecoy(side); i >= 0 {
			uv := s.unitViewRef(i)
			placed, left := s.decoysPlaced(side), s.decoysLeft(side)
			uv.Name = fmt.Sprintf("Starting decoy %d of %d [7.5]", placed+1, placed+left)
			uv.Detail = append(uv.Detail, decoyHint(s.decoysLeft(side)))
			vw.Units = append(vw.Units, uv)
		}
	}
	for _, z := range sortedKeys(blocks) {
		bs := blocks[z]
		// The order shows only what the fronts show: side, nationality,
		// then the counters still to activate first.
		slices.SortStableFunc(bs, func(a, b rules.UnitView) int {
			if a.Side != b.Side {
				return int(a.Side) - int(b.Side)
			}
			if c := strings.Compare(frontNat(a), frontNat(b)); c != 0 {
				return c
			}
			return len(a.Markers) - len(b.Markers)
		})
		for k := range bs {
			bs[k].ID = fmt.Sprintf("stack-%s-%d", z, k+1)
		}
		vw.Units = append(vw.Units, bs...)
	}
	if !full {
		return vw
	}
	if side >= 0 {
		for _, e := range s.Hands[side] {
			vw.Hand = append(vw.Hand, rules.Card{ID: e, Name: evName(e), Rule: evRule(e), Text: eventText(e)})
		}
		if s.Drawn != "" && s.Cur == side {
			vw.Notes = append(vw.Notes, drawnNote(s.Drawn))
		}
		if s.Move != nil && s.Move.Side == side && !s.Move.Composing {
			vw.Notes = append(vw.Notes, fmt.Sprintf("Moving stack: %d of %d MP spent, fatigue %d", s.Move.Spent, s.Move.MP, sum(s.Move.Drawn)))
		}
		if side == French && len(s.Foy) > 0 {
			vw.Notes = append(vw.Notes, "Foy entries noted: "+strings.Join(s.Foy, ", ")+" [EV Foy]")
		}
	}
	vw.HandCounts = []int{len(s.Hands[0]), len(s.Hands[1])}
	for _, f := range []string{"pluie", "orage", "canicule", "hesitations", "mesentente", "inactivite-0", "inactivite-1"} {
		if s.flag(f) {
			vw.Notes = append(vw.Notes, "In force this turn: "+flagText[f])
		}
	}
	for _, z := range sortedKeys(s.Axes) {
		ax := s.Axes[z]
		for k := 0; k < 2; k++ {
			if ax[k] >= 0 {
				c := s.sc.Graph.Conns[ax[k]]
				vw.Markers = append(vw.Markers, rules.Marker{At: z, Kind: "retreat", Text: fmt.Sprintf("%s Retraite toward %s [5.3.1]", sideNames[k], s.zoneOf(c.Other(z)).Name), To: c.Other(z)})
			}
		}
	}
	for _, ci := range sortedInts(s.Bridges) {
		c := s.sc.Graph.Conns[ci]
		vw.Markers = append(vw.Markers, rules.Marker{At: c.A, Kind: "bridge-destroyed", Text: "Bridge destroyed toward " + s.zoneOf(c.B).Name + " [7.7]", To: c.B})
	}
	if s.Combat != nil {
		vw.Markers = append(vw.Markers, rules.Marker{At: s.Combat.Zone, Kind: "battle", Text: "Battle [5.4]"})
	}
	vw.Extra = append(vw.Extra, rules.KV{Key: "French events in container", Value: strconv.Itoa(total(s.Containers[French]))},
		rules.KV{Key: "Allied events in container", Value: strconv.Itoa(total(s.Containers[Allied]))})
	vw.Tracks = append(vw.Tracks, rules.Track{Name: "Initiative", Items: []string{sideNames[s.Initiative]}})
	if s.Over {
		vp, lines := s.FinalVP()
		vw.Score = append([]string{fmt.Sprintf("French %s VP, Allied %s VP [8.0]", half(vp[0]), half(vp[1]))}, lines...)
	} else {
		vw.Score = s.heldNowRef()
	}
	if s.decider() == v && v >= 0 {
		vw.Legal = s.legal()
		vw.PublicDecision = s.publicDecision()
	}
	return vw
}

func (s *State) unitViewRef(i int) rules.UnitView {
	d := s.def(i)
	u := &s.Units[i]
	uv := rules.UnitView{ID: d.ID, Name: d.Name, Short: d.Name, Side: rules.Side(d.Side), At: u.At, Facing: -1,
		Strength: s.SS(i), MaxStr: len(d.Track) + d.Art, Formation: d.Army}
	switch d.Kind {
	case KCmd:
		uv.Type = "leader"
		if d.CinC {
			uv.Type = "commander"
		}
		uv.Values = fmt.Sprintf("SV %d", d.SV)
	case KBaggage:
		uv.Type = "train"
		uv.Values = fmt.Sprintf("%d MP", d.MP)
	case KDecoy:
		uv.Type = "light-cavalry"
		uv.Values = "decoy"
	case KDet:
		uv.Type = map[string]string{Infantry: "infantry", Cavalry: "cavalry", ArtArm: "artillery", HorseArt: "horse-artillery"}[d.Arm]
		uv.Size = "detachment"
		uv.MaxStr = 1
		uv.Values = fmt.Sprintf("%d-%d", s.Morale(i), s.UnitMP(i))
	default:
		uv.Type = d.Arm
		if d.Heavy > 0 {
			uv.Type = "heavy-cavalry"
		}
		uv.Values = fmt.Sprintf("%d-%d", s.Morale(i), s.UnitMP(i))
	}
	if u.Off == OffEliminated || u.Off == OffExited {
		uv.Eliminated = true
		uv.At = ""
	}
	if u.Activated {
		uv.Markers = append(uv.Markers, "activated")
	}
	if u.Demoral {
		uv.Markers = append(uv.Markers, "demoralised")
	}
	for k := 0; k < int(u.Combats); k++ {
		uv.Markers = append(uv.Markers, "combatted")
	}
	if u.Back {
		uv.Markers = append(uv.Markers, "back-to-river")
	}
	if d.Kind != KCmd && d.Kind != KDecoy && d.Kind != KBaggage {
		uv.Detail = append(uv.Detail, fmt.Sprintf("%d SS (%d artillery), morale %d, %d MP", s.SS(i), s.ArtSS(i), s.Morale(i), s.UnitMP(i)))
	}
	return uv
}

func (s *State) heldNowRef() []string {
	var held [2][]string
	for _, z := range s.sc.VPOrder() {
		c := s.controls(z)
		if c < 0 {
			continue
		}
		n := s.zoneOf(z).Name
		for _, sep := range []string{" de la ", " ("} { // the HUD is narrow: "Talavera"
			if i := strings.Index(n, sep); i > 0 {
				n = n[:i]
			}
		}
		if v := s.sc.VP[z]; v != 1 {
			n += fmt.Sprintf(" (%d)", v)
		}
		held[c] = append(held[c], n)
	}
	var out []string
	for k, who := range []string{"French hold ", "Allies hold "} {
		if len(held[k]) > 0 {
			out = append(out, who+strings.Join(held[k], ", "))
		}
	}
	return append(out, fmt.Sprintf("Turn %d of %d; losses and exits count at the end [8.0]", s.Turn, s.sc.Turns))
}

func (s *State) inBoxRef(i int) bool {
	d := s.def(i)
	if d.Kind == KCmd || d.Kind == KDecoy || !s.onMap(i) {
		return false
	}
	at := s.Units[i].At
	for j := range s.Units {
		c := s.def(j)
		if c.Kind == KCmd && c.Side == d.Side && !s.isGeneric(c.ID) && s.onMap(j) && s.Units[j].At == at && !s.Units[j].BoxOpen {
			return true
		}
	}
	return false
}

// TestViewMatchesReference: along random games of every scenario, both
// sides' Views (and the neutral one) equal the views the code before the
// work of issue #20 on View built [issue 20].
func TestViewMatchesReference(t *testing.T) {
	for _, d := range ScenarioList {
		st, err := rules.NewState(d.ID, nil)
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		r := rand.New(rand.NewPCG(7, 8))
		for n := 0; n < 2000 && !s.Over; n++ {
			for _, v := range []rules.Side{rules.Side(French), rules.Side(Allied), rules.NoSide} {
				if n%5 != 0 {
					break
				}
				got, want := s.View(v), s.viewOfRef(v, true)
				if *got.Board != *want.Board {
					t.Fatalf("%s step %d side %d: boards differ", d.ID, n, v)
				}
				g, w := *got, *want
				g.Board, w.Board = nil, nil
				if !reflect.DeepEqual(g, w) {
					t.Fatalf("%s step %d side %d: View differs\n got %+v\nwant %+v", d.ID, n, v, g.Units, w.Units)
				}
				gj, _ := json.Marshal(got)
				wj, _ := json.Marshal(want)
				if string(gj) != string(wj) {
					t.Fatalf("%s step %d side %d: View JSON differs\n got %s\nwant %s", d.ID, n, v, gj, wj)
				}
			}
			var a rules.Action
			if s.decider() == rules.Chance {
				a, _ = rules.Sample(s.Chances(), r)
			} else {
				l := s.Legal()
				a = l[r.IntN(len(l))]
			}
			if _, err := s.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
	}
}
