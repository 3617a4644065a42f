package almansa

import (
	"reflect"
	"testing"

	"grognard/rules"
	"grognard/rules/hex"
)

// TestLegalListStaysThroughOneApply: the list Legal hands out is the
// state's own and its array is reused (#20), but only two lists later: a
// caller may read the list it had before an action while it reads the list
// after it. Along a random game (cloned now and then: a clone's list is
// never reused), each list equals its copy after the next Apply and the
// next Legal.
func TestLegalListStaysThroughOneApply(t *testing.T) {
	st, err := rules.NewState(ScenarioID, nil)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	var pick uint64 = 5
	var prev, prevCopy []rules.Action
	reused := 0
	for n := 0; n < 3000 && !s.Over; n++ {
		legal := s.Legal()
		if len(legal) == 0 {
			t.Fatalf("action %d: no legal action", n)
		}
		if prev != nil {
			if !reflect.DeepEqual(prev, prevCopy) {
				t.Fatalf("action %d: the list handed out before the last action changed", n)
			}
			if &prev[0] != &legal[0] && cap(prev) > 0 {
				reused++
			}
		}
		prev, prevCopy = legal, append([]rules.Action(nil), legal...)
		if n%7 == 0 {
			_ = s.Clone() // a clone shares the list: it is never reused
		}
		pick = pick*6364136223846793005 + 1442695040888963407
		if _, err := s.Apply(legal[int(pick>>33)%len(legal)]); err != nil {
			t.Fatal(err)
		}
	}
	if reused == 0 {
		t.Fatal("no list compared")
	}
}

// fullList is s's legal list made from nothing: a copy of s with no memo,
// no scratch and no occupancy (s itself is left as it is).
func fullList(s *State) []rules.Action {
	c := *s
	c.cache, c.cx, c.bufs, c.occm, c.zocm = nil, nil, nil, nil, [2]*zocMemo{}
	c.cacheShared, c.lent = false, false
	c.Units = append([]UnitState(nil), s.Units...)
	return append([]rules.Action(nil), c.legalList()...)
}

// TestMoveMemoAgreesWithFullLists: the movement list made unit by unit
// from the last one (moveMemo, #20) equals the list made from nothing,
// after every action of random games with each optional rule [15], in
// every phase (the other phases' lists are checked the same way).
func TestMoveMemoAgreesWithFullLists(t *testing.T) {
	optsList := []rules.Options{nil, {OptGalway: true, OptReserve: true}, {OptRoutCharge: true, OptDragoons: true, OptFormationMorale: true, OptAmmo: true}}
	moves, memo := 0, 0
	for k, opts := range optsList {
		st, err := rules.NewState(ScenarioID, opts)
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		pick := uint64(17 + k)
		for n := 0; n < 2500 && !s.Over; n++ {
			legal := s.Legal()
			if want := fullList(s); !reflect.DeepEqual(append([]rules.Action(nil), legal...), want) {
				t.Fatalf("options %v, action %d (%s, turn %d): list\n%v\nfrom nothing\n%v", opts, n, s.Phase, s.Turn, legal, want)
			}
			if phaseKind(s.Phase) == "move" && len(s.Tasks) == 0 {
				moves++
				if s.bufs != nil && s.bufs.mv.valid {
					memo++
				}
			}
			pick = pick*6364136223846793005 + 1442695040888963407
			if _, err := s.Apply(legal[int(pick>>33)%len(legal)]); err != nil {
				t.Fatal(err)
			}
		}
	}
	if moves < 1000 || memo < moves/2 {
		t.Fatalf("%d movement lists, %d of them from the memo", moves, memo)
	}
}

// TestRule4_SetupCandidatesAgreeWithTheMapSearch: the hexes where a unit
// could deploy, marked by hex index (#20), are those the map of
// coordinates gave, in map order, for every unit not yet deployed along
// random set-ups of both sides [4].
func TestRule4_SetupCandidatesAgreeWithTheMapSearch(t *testing.T) {
	compared := 0
	for seed := uint64(1); seed <= 6; seed++ {
		st, err := rules.NewState(ScenarioID, rules.Options{OptReserve: seed%2 == 0})
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		pick := seed
		for s.Turn == 0 {
			for i := range s.Units {
				if s.Units[i].On {
					continue
				}
				got, want := s.setupCandidates(i), setupCandidatesSlow(s, i)
				if !reflect.DeepEqual(got, want) && (len(got) > 0 || len(want) > 0) {
					t.Fatalf("seed %d, %s: %v, the map search %v", seed, s.def(i).ID, got, want)
				}
				compared++
			}
			legal := s.Legal()
			// Deploy by hand (no one-click set-up) where possible.
			var hand []rules.Action
			for _, a := range legal {
				if a.Kind == "deploy" || a.Choice == "historical" && len(legal) == 1 {
					hand = append(hand, a)
				}
			}
			if len(hand) == 0 {
				hand = legal
			}
			pick = pick*6364136223846793005 + 1442695040888963407
			if _, err := s.Apply(hand[int(pick>>33)%len(hand)]); err != nil {
				t.Fatal(err)
			}
		}
	}
	if compared < 500 {
		t.Fatalf("only %d units compared", compared)
	}
}

// setupCandidatesSlow is setupCandidates as it was before #20.
func setupCandidatesSlow(s *State, i int) []hex.Coord {
	d := s.def(i)
	near := map[hex.Coord]bool{}
	around := func(j, r int) {
		if j >= 0 && s.alive(j) {
			for _, c := range hex.Within(s.Units[j].At, r) {
				near[c] = true
			}
		}
	}
	switch s.deployClass(i) {
	case 0:
		return s.sc.ByLabel[s.Units[i].Form]
	case 1:
		return s.sc.ByLabel["A"]
	case 2:
		for j := range s.Units {
			if s.def(j).Combat() && s.Units[j].Form == d.Formation {
				around(j, s.sc.P("setup_leader"))
			}
		}
	case 3:
		for _, f := range d.Commands {
			around(s.idx(s.sc.Form(f).Leader), s.sc.P("setup_cinc"))
		}
	case 4:
		around(s.sideCommander(d.Side), s.sc.P("setup_reserve"))
	case 5:
		around(s.idx(d.CinC), s.sc.P("setup_train"))
	}
	var out []hex.Coord
	for _, c := range s.sc.Map.Coords() {
		if near[c] {
			out = append(out, c)
		}
	}
	return out
}
