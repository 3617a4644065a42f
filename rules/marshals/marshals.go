// Package marshals implements The Marshals (Les Maréchaux IV: Joseph 1809,
// Denis Sauvage, Ludifolie): an operational game of the 1809 campaign for
// Madrid on a point-to-point map of zones, with hidden stacks, decoys,
// event markers, command tests, fatigue and a single melee table. Rule
// numbers in comments, labels and events are the book's ([5.3.2]),
// the common scenario rules ([CR7]), the scenario rules ([S1.2]) and the
// events ([EV Pluie]), as in the spec shared/specs/the-marshals-joseph-1809.md.
package marshals

import (
	"fmt"
	"sort"
	"sync"

	"grognard/rules"
)

// SystemID is the registry id of the system.
const SystemID = "marshals"

// ScenarioDef names a scenario and the folder of its data.
type ScenarioDef struct {
	ID, Folder, Name, Description string
	Turns                         int
}

// ScenarioList is the six scenarios of the book [§5].
var ScenarioList = []ScenarioDef{
	{ID: "marshals-advance", Folder: "marshals-advance", Name: "Joseph 1809: The Advance toward Madrid", Turns: 13,
		Description: "18-30 July 1809: Wellesley and Cuesta march up the Tagus on Madrid while Venegas comes from the south."},
	{ID: "marshals-retreat", Folder: "marshals-retreat", Name: "Joseph 1809: The Allied Retreat", Turns: 15,
		Description: "29 July - 12 August 1809: after Talavera, Soult falls on the Allied rear."},
	{ID: "marshals-three-armies", Folder: "marshals-three-armies", Name: "Joseph 1809: Three Armies for Madrid", Turns: 26,
		Description: "18 July - 12 August 1809: the whole campaign for Madrid."},
	{ID: "marshals-talavera", Folder: "marshals-talavera", Name: "Joseph 1809: The Battle of Talavera", Turns: 5,
		Description: "26-30 July 1809: the Allies fall back on Talavera and the French attack."},
	{ID: "marshals-almonacid", Folder: "marshals-almonacid", Name: "Joseph 1809: The Battle of Almonacid", Turns: 15,
		Description: "29 July - 12 August 1809: the Army of La Mancha alone against Joseph."},
	{ID: "marshals-ocana", Folder: "marshals-ocana", Name: "Joseph 1809: The Campaign of Ocaña", Turns: 14,
		Description: "8-21 November 1809: Areizaga marches on Madrid and meets Soult at Ocaña."},
}

// Register adds the system to the registry; rules/systems calls it
// through the package's init once the data of the six scenarios loads.
func register() {
	var infos []rules.ScenarioInfo
	for _, d := range ScenarioList {
		infos = append(infos, rules.ScenarioInfo{ID: d.ID, Name: d.Name, Description: d.Description, Turns: d.Turns, Sides: sideNames[:]})
	}
	rules.Register(rules.SystemInfo{ID: SystemID, Name: "The Marshals: Joseph 1809",
		Description: "Operational zone-map game of the 1809 campaign for Madrid: hidden stacks and decoys, command tests, fatigue draws, event markers, one melee table.",
		Hidden:      true}, infos, New)
}

var (
	cacheMu sync.Mutex
	cache   = map[string]*Scenario{}
)

// Load returns a scenario's data, read once.
func Load(id string) (*Scenario, error) {
	cacheMu.Lock()
	defer cacheMu.Unlock()
	if sc, ok := cache[id]; ok {
		return sc, nil
	}
	folder := ""
	for _, d := range ScenarioList {
		if d.ID == id {
			folder = d.Folder
		}
	}
	if folder == "" {
		return nil, fmt.Errorf("marshals: unknown scenario %q", id)
	}
	sc, err := LoadScenario(folder)
	if err != nil {
		return nil, err
	}
	cache[id] = sc
	return sc, nil
}

// New is the factory of the registry.
func New(id string, _ rules.Options) (rules.State, error) {
	sc, err := Load(id)
	if err != nil {
		return nil, err
	}
	return NewState(sc)
}

// NewState sets a scenario up [CR3]: counters placed, events in containers
// and hands, starting decoys waiting to be placed by their owners [7.5].
func NewState(sc *Scenario) (*State, error) {
	s := &State{sc: sc, ScenarioID: sc.ID, Turn: 1, Phase: PhSetup, Winner: -1, Bag: map[int]int{}}
	if s.ScenarioID == "" {
		s.ScenarioID = "marshals-test"
	}
	s.Units = make([]Unit, len(sc.Defs))
	inReinf := map[string]bool{}
	for _, r := range sc.Reinfs {
		for _, u := range r.Units {
			inReinf[u] = true
		}
	}
	for i, d := range sc.Defs {
		s.Units[i] = Unit{ID: d.ID, Off: OffPool}
		if inReinf[d.ID] {
			s.Units[i].Off = OffRenfort
		}
	}
	for _, p := range sc.Place {
		i := sc.Index[p.ID]
		s.Units[i] = Unit{ID: p.ID, At: p.At, Losses: int16(p.Losses), ArtLost: int16(p.ArtLost), Detached: int16(p.Detached), Demoral: p.Demoral}
	}
	// [S2.2] [S5.2] the starting losses count for the opponent unless recovered.
	if sc.ID == "marshals-retreat" || sc.ID == "marshals-almonacid" {
		for _, p := range sc.Place {
			i := sc.Index[p.ID]
			if d := sc.Defs[i]; d.Kind == KDiv {
				s.VP2[1-d.Side] += p.Losses*s.vpFor(i, false) + 2*p.ArtLost
			}
		}
	}
	for _, nat := range sortedKeys(sc.Decoys) {
		n := sc.Decoys[nat]
		for i, d := range sc.Defs {
			if n > 0 && d.Kind == KDecoy && d.Nat == nat && s.Units[i].Off == OffPool {
				s.Units[i].Off = OffSetup
				n--
			}
		}
	}
	for k := 0; k < 2; k++ {
		s.Containers[k] = map[string]int{}
		for e, n := range sc.Container[k] {
			if n > 0 {
				s.Containers[k][e] = n
			}
		}
		s.Hands[k] = append([]string(nil), sc.Hand[k]...)
		sort.Strings(s.Hands[k])
		if c := s.cincCandidates(k); len(c) > 0 {
			s.CinC[k] = c[0]
		}
	}
	for v, n := range sc.Tab.Fatigue {
		s.Bag[v] = n
	}
	if _, err := s.settle(); err != nil {
		return nil, err
	}
	return s, nil
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// nextDecoy is the next starting decoy side must place, or -1.
func (s *State) nextDecoy(side int) int {
	for i := range s.Units {
		if d := s.def(i); d.Kind == KDecoy && d.Side == side && s.Units[i].Off == OffSetup {
			return i
		}
	}
	return -1
}

// legalDecoy: a starting decoy goes in any zone without enemy units from
// which it has a line to one of its depots [7.5] (spec §3.8).
func (s *State) legalDecoy() []rules.Action {
	i := s.nextDecoy(s.Placing)
	if i < 0 {
		return nil
	}
	d := s.def(i)
	var ob [256][2]bool // (speed: no allocation)
	o := s.occupancyIn(ob[:])
	set := s.locSet(d.Side, d.Nat, o)
	var okBuf [256]int // the zones (by their place in ids) that take it
	ok := okBuf[:0]
	for k, z := range s.sc.ids {
		zi := s.sc.idsZi[k]
		if s.sc.zoff[zi] || o.v[zi][1-d.Side] || !s.locFrom(d.Side, d.Nat, z, o, set) {
			continue
		}
		ok = append(ok, k)
	}
	if len(ok) == 0 {
		return nil
	}
	out := make([]rules.Action, 0, len(ok)) // one allocation [issue 20]
	for _, k := range ok {
		zi := s.sc.idsZi[k]
		out = append(out, rules.Action{Kind: "deploy", Unit: d.ID, To: s.sc.ids[k], Label: s.sc.lbl.decoy[zi], Rule: "7.5"})
	}
	return out
}

func (s *State) applyDecoy(a rules.Action) ([]rules.Event, error) {
	i := s.idx(a.Unit)
	s.Units[i].Off, s.Units[i].At = OffNone, a.To
	s.placed(i)
	d := s.def(i)
	return []rules.Event{{Kind: "deploy", Text: sideNames[d.Side] + " places a counter", Rule: "7.5", Side: rules.Side(d.Side),
		Private: "Decoy placed at " + s.zoneOf(a.To).Name, Owner: rules.Side(d.Side)}}, nil
}
