package marshals

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"grognard/rules"
)

// combatIDs are the counters revealed by the combat being fought [5.4].
func combatIDs(s *State) map[string]bool {
	out := map[string]bool{}
	if s.Combat != nil && s.Sub != SubDeclare {
		for k := 0; k < 2; k++ {
			for _, id := range s.Combat.Units[k] {
				out[id] = true
			}
		}
	}
	return out
}

// hiddenNames lists, for side v, the enemy counters it may not identify now:
// their ids and names (decoys share the generic name "Decoy").
func hiddenNames(s *State, v int, revealed map[string]bool) []string {
	var out []string
	for i, d := range s.sc.Defs {
		if d.Side == v || revealed[d.ID] || d.Kind == KDecoy {
			continue
		}
		if s.Units[i].Off == OffEliminated || s.Units[i].Off == OffExited {
			continue // its end was public or is no longer a secret of the map
		}
		out = append(out, d.ID, d.Name)
	}
	return out
}

// checkFog fails if side v's view or the log lines it may read name a
// hidden enemy counter, show an enemy counter in full, or hold the
// opponent's events [7.6] (spec §3.13).
func checkFog(t *testing.T, s *State, evs []rules.Event, before map[string]bool, where string) {
	t.Helper()
	revealed := combatIDs(s)
	for id := range before {
		revealed[id] = true
	}
	for _, e := range evs {
		if e.Kind == "reveal" {
			for _, id := range e.Units {
				revealed[id] = true
			}
		}
		if e.Private != "" && len(e.Dice) > 0 {
			t.Fatalf("%s: a private roll carries public dice: %+v", where, e)
		}
	}
	for v := 0; v < 2; v++ {
		vw := s.View(rules.Side(v))
		// The own hand's texts are the book's (Charge incontrôlée names
		// Payne); the hand itself is checked below.
		nohand := *vw
		nohand.Hand = nil
		if s.Drawn != "" && s.Cur == v {
			// so do the drawn marker's note and answers [4.0]
			nohand.Notes, nohand.Legal = nil, nil
			for _, n := range vw.Notes {
				if !strings.HasPrefix(n, "Event drawn: ") {
					nohand.Notes = append(nohand.Notes, n)
				}
			}
		}
		b, err := json.Marshal(&nohand)
		if err != nil {
			t.Fatal(err)
		}
		js := string(b)
		for _, u := range vw.Units {
			if int(u.Side) == v || revealed[u.ID] {
				continue
			}
			if !u.Hidden || u.Name != "" || u.Short != "" || u.Type != "" || u.Values != "" || u.Strength != 0 || u.MaxStr != 0 ||
				!frontOnly(u) || len(u.Detail) > 0 || !strings.HasPrefix(u.ID, "stack-"+u.At+"-") {
				t.Fatalf("%s: %s sees an enemy counter in full: %+v", where, sideNames[v], u)
			}
		}
		// [1.3] one block per enemy counter outside a closed commander's
		// box, and activated exactly as many as are.
		want, got := map[string][3]int{}, map[string][3]int{}
		shown := combatIDs(s)
		for i := range s.Units {
			if d := s.def(i); d.Side != v && s.onMap(i) && !shown[d.ID] && !s.inBox(i) {
				w := want[s.Units[i].At]
				w[0]++
				if s.Units[i].Activated {
					w[1]++
				}
				if d.Nat == "spanish" {
					w[2]++
				}
				want[s.Units[i].At] = w
			}
		}
		for _, u := range vw.Units {
			if int(u.Side) != v && u.Hidden {
				g := got[u.At]
				g[0]++
				for _, m := range u.Markers {
					switch m {
					case "activated":
						g[1]++
					case "spanish":
						g[2]++
					}
				}
				got[u.At] = g
			}
		}
		if fmt.Sprint(want) != fmt.Sprint(got) {
			t.Fatalf("%s: %s sees enemy blocks %v, want %v (counters outside the boxes, activated, Spanish fronts)", where, sideNames[v], got, want)
		}
		for _, h := range hiddenNames(s, v, revealed) {
			if containsWord(js, h) {
				t.Fatalf("%s: %s's view names hidden %q:\n%s", where, sideNames[v], h, js)
			}
			for _, e := range evs {
				if e.Rule == "CR6" {
					continue // the commander-in-chief marker is public [CR6] [1.1.3]
				}
				if txt := e.TextFor(rules.Side(v)); containsWord(txt, h) {
					t.Fatalf("%s: %s reads hidden %q in %q", where, sideNames[v], h, txt)
				}
				for _, id := range e.Units {
					if id == h {
						t.Fatalf("%s: event lists hidden %s for %s", where, h, sideNames[v])
					}
				}
			}
		}
		// Held events: only one's own hand; the other side's draw is private.
		if len(vw.Hand) != len(s.Hands[v]) {
			t.Fatalf("%s: %s's view holds %d events, its hand %d", where, sideNames[v], len(vw.Hand), len(s.Hands[v]))
		}
		for i, c := range vw.Hand {
			if c.ID != s.Hands[v][i] {
				t.Fatalf("%s: %s's hand shows %s", where, sideNames[v], c.ID)
			}
		}
		if s.Drawn != "" && s.Cur != v && strings.Contains(js, "Event drawn") {
			t.Fatalf("%s: %s sees the other side's draw", where, sideNames[v])
		}
		for _, e := range evs {
			if e.Private != "" && int(e.Owner) != v {
				if txt := e.TextFor(rules.Side(v)); strings.Contains(txt, e.Private) {
					t.Fatalf("%s: %s reads the private %q", where, sideNames[v], e.Private)
				}
			}
			if e.Kind == "draw" && int(e.Owner) != v && e.Rule == "4.0" {
				for id := range Events {
					if strings.Contains(e.TextFor(rules.Side(v)), evName(id)) {
						t.Fatalf("%s: %s learns the drawn event in %q", where, sideNames[v], e.TextFor(rules.Side(v)))
					}
				}
			}
		}
	}
}

// TestRule7_6_FogOfWarRandomPlayouts: in random games of the six scenarios
// no hidden field (identity, name, type, strength, morale, fatigue, held
// or drawn event, decoy, command die) reaches the other side's view or its
// log lines [7.6] (spec §3.13).
func TestRule7_6_FogOfWarRandomPlayouts(t *testing.T) {
	games, every := 1, 5
	if *long {
		games, every = 3, 1
	}
	for k, d := range ScenarioList {
		t.Run(d.ID, func(t *testing.T) {
			sc, err := Load(d.ID)
			if err != nil {
				t.Fatal(err)
			}
			for g := 0; g < games; g++ {
				s, err := NewState(sc)
				if err != nil {
					t.Fatal(err)
				}
				r := rand.New(rand.NewPCG(uint64(k)+100+uint64(g)*1000, 3))
				for n := 0; !s.Over; n++ {
					if n > 40000 {
						t.Fatal("no end")
					}
					before := combatIDs(s)
					legal := s.Legal()
					var a rules.Action
					if s.decider() == rules.Chance {
						a, _ = rules.Sample(s.Chances(), r)
					} else {
						a = legal[r.IntN(len(legal))]
					}
					evs, err := s.Apply(a)
					if err != nil {
						t.Fatal(err)
					}
					// Every few states in full (the views are the costly
					// part), and every state a player's action changed.
					if n%every == 0 || len(evs) > 0 && evs[0].Kind != "roll" {
						checkFog(t, s, evs, before, a.Key())
					}
				}
			}
		})
	}
}

// containsWord finds h in s as a whole word (not inside a longer id or name).
func containsWord(s, h string) bool {
	word := func(b byte) bool {
		return b == '-' || b == '_' || b >= '0' && b <= '9' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= 0x80
	}
	for i := 0; ; {
		j := strings.Index(s[i:], h)
		if j < 0 {
			return false
		}
		j += i
		if (j == 0 || !word(s[j-1])) && (j+len(h) == len(s) || !word(s[j+len(h)])) {
			return true
		}
		i = j + 1
	}
}

// frontOnly reports whether an enemy block's markers are only what the
// counter's front shows [1.1.1]: "activated", and for an Allied counter
// exactly one nationality (British or Spanish).
func frontOnly(u rules.UnitView) bool {
	nat := 0
	for _, m := range u.Markers {
		switch m {
		case "activated":
		case "british", "spanish":
			nat++
		default:
			return false
		}
	}
	return nat == map[bool]int{true: 1, false: 0}[int(u.Side) == Allied]
}
