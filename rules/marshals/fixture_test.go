package marshals

import (
	"math/rand/v2"
	"testing"

	"grognard/rules"
	"grognard/scenarios"
)

// A small fixture scenario (until and besides the real data): eight zones
// astride a river, three off-map depots, a handful of counters of each side.
const fixMap = `zonemap name="fixture"
zone madrid name="Madrid" terrain=town x=0.9 y=0.5 entry=A
zone aranjuez name="Aranjuez" terrain=clear x=0.8 y=0.7
zone toledo name="Toledo" terrain=town x=0.6 y=0.7
zone talavera name="Talavera" terrain=defensive x=0.4 y=0.5
zone santa-olalla name="Santa Olalla" terrain=clear x=0.6 y=0.4
zone almaraz name="Almaraz" terrain=clear x=0.2 y=0.6
zone plasencia name="Plasencia" terrain=town x=0.1 y=0.4
zone ocana name="Ocaña" terrain=clear x=0.9 y=0.8
zone x-avila name="to Avila" terrain=offmap offmap=yes x=0.7 y=0.1 depot=french
zone x-badajoz name="to Badajoz" terrain=offmap offmap=yes x=0.0 y=0.8 depot=spanish,british
zone x-bailen name="to Bailen" terrain=offmap offmap=yes x=0.9 y=1.0 depot=spanish
conn madrid santa-olalla kind=road
conn madrid aranjuez kind=road
conn madrid x-avila kind=road
conn aranjuez toledo kind=route
conn aranjuez ocana kind=road river=yes bridge=major
conn ocana x-bailen kind=road
conn toledo santa-olalla kind=route
conn toledo talavera kind=path
conn santa-olalla talavera kind=road
conn talavera almaraz kind=road river=tagus bridge=minor
conn talavera almaraz kind=ford river=tagus
conn almaraz plasencia kind=route
conn almaraz x-badajoz kind=road
conn plasencia x-badajoz kind=route
`

const fixTables = `table conn
cols mp
row road 2
row route 3
row path 4
row ford 4
table terrain
cols defence
row clear 0
row town 1
row defensive 2
table melee
cols 1-5 6-10 11-15 16-20 21-25 26-30 retreat
row 0 0 1 1 1 2 3 0
row 1-2 0/0 0/0 1/1 1/1 1/1 2/2 1
row 3-4 0/0 0/1 0/1 0/1 1/2 1/2 2
row 5-6 0/1 0/1 1/2 1/2 1/2 2/3 2
row 7-8 0/1 0/1 1/2 1/2 1/3 1/3 3
row 9-10 0/1 0/2 1/3 1/3 1/3 2/4 3
row 11+ 0/2 0/2 1/4 1/4 2/5 1/4 3
table fatigue
cols count
row 0 12
row 1 8
row 2 4
`

const fixOOB = `oob name="fixture"
commander fr-joseph name="Joseph" side=french nat=french army=reserve sv=1 cinc=yes
commander fr-victor name="Victor" side=french nat=french army=1st sv=2
unit fr-ruffin name="Ruffin" side=french nat=french army=1st arm=infantry n=6 b=1 m=4 art=1 mp=5 mpnoart=4
unit fr-villatte name="Villatte" side=french nat=french army=1st arm=infantry n=5 b=1 m=4 mp=5
unit fr-latour name="Latour-Maubourg" side=french nat=french army=1st arm=cavalry n=4 b=2 m=4 heavy=2 art=1 horse=yes mp=7 mpnoart=6
unit fr-garde name="Garde Royale" side=french nat=french army=reserve arm=infantry track="3 5" art=1 mp=5 mpnoart=4
unit fr-mortier-div name="Girard" side=french nat=french army=5th arm=infantry n=4 b=1 m=4 mp=5
commander al-wellesley name="Wellesley" side=allied nat=british army=british sv=3 cinc=yes
commander al-cuesta name="Cuesta" side=allied nat=spanish army=estremadura sv=1 cinc=yes
commander al-venegas name="Venegas" side=allied nat=spanish army=lamancha sv=1 cinc=yes
unit al-hill name="Hill" side=allied nat=british army=british arm=infantry n=4 b=2 m=5 art=1 mp=5 mpnoart=4
unit al-payne name="Payne" side=allied nat=british army=british arm=cavalry n=6 b=2 m=4 heavy=2 mp=7
unit al-iglesias name="Iglesias" side=allied nat=spanish army=estremadura arm=infantry n=5 b=1 m=3 mp=5
unit al-lacy name="Lacy" side=allied nat=spanish army=lamancha arm=infantry n=5 b=1 m=3 art=1 mp=5 mpnoart=4
unit al-craufurd name="Craufurd" side=allied nat=british army=british arm=infantry n=3 b=2 m=5 mp=6
unit al-bag-brit name="British baggage" side=allied nat=british army=british kind=baggage mp=4
unit al-bag-est name="Estremadura baggage" side=allied nat=spanish army=estremadura kind=baggage mp=4
detachment french infantry count=2 morale=3 mp=5
detachment french artillery count=2 morale=2 mp=4
detachment spanish infantry count=2 morale=2 mp=5
decoy french count=3 mp=7
decoy british count=1 mp=7
decoy spanish count=2 mp=7
`

const fixSetup = `scenario marshals-fixture name="Fixture" turns=3 oob=summer first=allied
cinc french=fr-joseph
cinc allied=al-cuesta,al-wellesley
place fr-joseph at=madrid
place fr-garde at=madrid
place fr-victor at=santa-olalla
place fr-ruffin at=santa-olalla
place fr-villatte at=santa-olalla losses=1
place fr-latour at=santa-olalla
place al-wellesley at=plasencia
place al-hill at=plasencia
place al-payne at=plasencia losses=1
place al-cuesta at=almaraz
place al-iglesias at=almaraz
place al-bag-est at=almaraz
place al-venegas at=ocana
place al-lacy at=ocana demoral=yes
detach french infantry at=toledo count=1
detach spanish infantry at=ocana count=1
decoys french count=2
decoys british count=1
decoys spanish count=1
events french where=container elan=1 pluie=1 orage=1 initiative=1 non-ravitaille=1 mitraille=1 chargez=1 renfort=1 madrid=0
events allied where=container feu=1 hesitations=1 mesentente=1 initiative=1 bagages=1 canicule=1 inactivite=1 renfort=1
events allied where=hand initiative=1
vp madrid=5 talavera=1
renfort allied group=1 units=al-craufurd at=plasencia
renfort french group=1 units=fr-mortier-div entry=A
`

func fixture(t testing.TB) *Scenario {
	t.Helper()
	parse := func(name, text string) []scenarios.Record {
		r, err := scenarios.Parse(name, []byte(text))
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	g, err := scenarios.ParseZoneMap(parse("map.txt", fixMap))
	if err != nil {
		t.Fatal(err)
	}
	sc, err := BuildScenario(g, parse("tables.txt", fixTables), parse("oob.txt", fixOOB), parse("setup.txt", fixSetup))
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

func newFixture(t testing.TB) *State {
	t.Helper()
	s, err := NewState(fixture(t))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// play applies a legal action by key, failing the test if it is refused.
func play(t testing.TB, s *State, a rules.Action) []rules.Event {
	t.Helper()
	evs, err := s.Apply(a)
	if err != nil {
		t.Fatalf("%s refused: %v (legal: %v)", a.Key(), err, keys(s.Legal()))
	}
	return evs
}

func keys(as []rules.Action) []string {
	out := make([]string, len(as))
	for i, a := range as {
		out[i] = a.Key()
	}
	return out
}

// randomGame plays a state to the end with random legal actions, checking
// invariants and views after every action; visit sees every state.
func randomGame(t testing.TB, s rules.State, seed uint64, max int, visit func(rules.State, []rules.Event)) int {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, 7))
	n := 0
	for ; !s.Result().Over; n++ {
		if n > max {
			t.Fatalf("seed %d: no result after %d actions (turn %d %s %s)", seed, max, s.Status().Turn, s.Status().Phase, s.Status().SubPhase)
		}
		legal := s.Legal()
		if len(legal) == 0 {
			t.Fatalf("seed %d: %s has no legal action (%+v)", seed, s.Status().Decider, s.Status())
		}
		var a rules.Action
		if s.Status().Decider == rules.Chance {
			var err error
			a, err = rules.Sample(s.Chances(), r)
			if err != nil {
				t.Fatal(err)
			}
		} else {
			a = legal[r.IntN(len(legal))]
		}
		evs, err := s.Apply(a)
		if err != nil {
			t.Fatalf("seed %d: legal %s refused: %v", seed, a.Key(), err)
		}
		if c, ok := s.(rules.Checker); ok {
			if err := c.CheckInvariants(); err != nil {
				t.Fatalf("seed %d after %s (action %d): %v", seed, a.Key(), n, err)
			}
		}
		if visit != nil {
			visit(s, evs)
		}
	}
	return n
}

func TestFixturePlaysToTheEnd(t *testing.T) {
	for seed := uint64(1); seed <= 30; seed++ {
		s := newFixture(t)
		randomGame(t, s, seed, 20000, nil)
	}
}
