package albuera

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"hash"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"grognard/rules"
)

// recordGames rewrites the recorded games of testdata/replay-*.json from the
// current code (go test -run TestEngineSpeedReplay -record). Only ever run it
// on code known to be right: the recordings pin the rules down so speed work
// never changes them (issue #20).
var recordGames = flag.Bool("record", false, "rewrite testdata/replay-*.json from the current code")

// recorded is one game of random legal play, chance outcomes included.
type recorded struct {
	Seed    uint64         `json:"seed"`
	Options rules.Options  `json:"options,omitempty"`
	Actions []rules.Action `json:"actions"` // identity fields only (Key)
	// Legal hashes every legal list (key, label, rule, info of each action)
	// and every chance list (with weights) met along the game; Events every
	// event; Final the last Snapshot.
	Legal  string `json:"legal_sha256"`
	Events string `json:"events_sha256"`
	Final  string `json:"final_sha256"`
	Turn   int    `json:"turn"`
	Over   bool   `json:"over"`
}

var replaySeeds = []struct {
	seed uint64
	max  int
	opts rules.Options
}{
	{seed: 11, max: 3000},
	{seed: 12, max: 4000},
	{seed: 13, max: 2500, opts: rules.Options{"autowin_low": true}},
	{seed: 14, max: 9000, opts: rules.Options{"autowin_none": true}},
}

// replayHashes plays (rec == nil: records) a game and hashes what it saw.
type replayHashes struct{ legal, events hash.Hash }

func (h *replayHashes) step(t testing.TB, st *State) {
	t.Helper()
	l := st.Legal()
	for _, a := range l {
		fmt.Fprintf(h.legal, "%s\x00%s\x00%s\x00%s\n", a.Key(), a.Label, a.Rule, a.Info)
	}
	for _, o := range st.Chances() {
		fmt.Fprintf(h.legal, "%s\x00%s\x00%d\n", o.Action.Key(), o.Action.Label, o.Weight)
	}
	stt := st.Status()
	fmt.Fprintf(h.legal, "%d %s %s %d %d %s|\n", stt.Turn, stt.Phase, stt.SubPhase, stt.Active, stt.Decider, stt.Prompt)
}

func (h *replayHashes) evs(t testing.TB, evs []rules.Event) {
	t.Helper()
	b, err := json.Marshal(evs)
	if err != nil {
		t.Fatal(err)
	}
	h.events.Write(b)
	h.events.Write([]byte{'\n'})
}

func sum(h hash.Hash) string { return hex.EncodeToString(h.Sum(nil)) }

func newGameWith(t testing.TB, opts rules.Options) *State {
	t.Helper()
	st, err := newGame(ScenarioID, opts)
	if err != nil {
		t.Fatal(err)
	}
	return st.(*State)
}

func recordGame(t testing.TB, seed uint64, max int, opts rules.Options) recorded {
	st := newGameWith(t, opts)
	r := rand.New(rand.NewPCG(seed, 20))
	h := replayHashes{sha256.New(), sha256.New()}
	rec := recorded{Seed: seed, Options: opts}
	for n := 0; n < max && !st.Over; n++ {
		h.step(t, st)
		var a rules.Action
		if ch := st.Chances(); len(ch) > 0 {
			var err error
			if a, err = rules.Sample(ch, r); err != nil {
				t.Fatal(err)
			}
		} else {
			l := st.Legal()
			a = l[r.IntN(len(l))]
		}
		evs, err := st.Apply(a)
		if err != nil {
			t.Fatalf("seed %d: %s refused: %v", seed, a.Key(), err)
		}
		h.evs(t, evs)
		rec.Actions = append(rec.Actions, rules.Action{Kind: a.Kind, Unit: a.Unit, Units: a.Units, From: a.From,
			To: a.To, Facing: a.Facing, Choice: a.Choice, Dice: a.Dice})
	}
	h.step(t, st)
	snap, err := st.Snapshot()
	if err != nil {
		t.Fatal(err)
	}
	f := sha256.Sum256(snap)
	rec.Legal, rec.Events, rec.Final = sum(h.legal), sum(h.events), hex.EncodeToString(f[:])
	rec.Turn, rec.Over = st.Turn, st.Over
	return rec
}

// TestEngineSpeedReplay replays games recorded from the engine before the
// speed work of issue #20 and checks every legal list (keys, labels, rules),
// every event and the final Snapshot are the same: speed never changes the
// rules. Each game also checks Clone independence at its end.
func TestEngineSpeedReplay(t *testing.T) {
	for _, g := range replaySeeds {
		path := filepath.Join("testdata", fmt.Sprintf("replay-%d.json", g.seed))
		if *recordGames {
			rec := recordGame(t, g.seed, g.max, g.opts)
			b, err := json.Marshal(rec)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, b, 0o644); err != nil {
				t.Fatal(err)
			}
			t.Logf("recorded %s: %d actions, turn %d, over %v", path, len(rec.Actions), rec.Turn, rec.Over)
			continue
		}
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		var rec recorded
		if err := json.Unmarshal(b, &rec); err != nil {
			t.Fatal(err)
		}
		st := newGameWith(t, rec.Options)
		h := replayHashes{sha256.New(), sha256.New()}
		for n, a := range rec.Actions {
			h.step(t, st)
			var c rules.State
			if n%97 == 0 {
				c = st.Clone()
			}
			evs, err := st.Apply(a)
			if err != nil {
				t.Fatalf("%s: action %d %s refused: %v", path, n, a.Key(), err)
			}
			h.evs(t, evs)
			if c != nil { // a clone plays the same action to the same state
				if _, err := c.Apply(a); err != nil {
					t.Fatalf("%s: action %d %s refused by a clone: %v", path, n, a.Key(), err)
				}
				if same, err := rules.SameState(c, st); err != nil || !same {
					t.Fatalf("%s: action %d %s: a clone went elsewhere (%v)", path, n, a.Key(), err)
				}
			}
		}
		h.step(t, st)
		snap, err := st.Snapshot()
		if err != nil {
			t.Fatal(err)
		}
		f := sha256.Sum256(snap)
		if got := sum(h.legal); got != rec.Legal {
			t.Errorf("%s: the legal lists differ from the recording", path)
		}
		if got := sum(h.events); got != rec.Events {
			t.Errorf("%s: the events differ from the recording", path)
		}
		if got := hex.EncodeToString(f[:]); got != rec.Final {
			t.Errorf("%s: the final Snapshot differs from the recording", path)
		}
		if st.Turn != rec.Turn || st.Over != rec.Over {
			t.Errorf("%s: turn %d over %v, recorded turn %d over %v", path, st.Turn, st.Over, rec.Turn, rec.Over)
		}
		if err := st.CheckInvariants(); err != nil {
			t.Errorf("%s: %v", path, err)
		}
	}
}

// TestEngineSpeedRestoreAfterFailedApply checks the spare copy Apply puts
// back on an internal error: the state is as before, with units shared
// with a clone or not, and the clone is untouched.
func TestEngineSpeedRestoreAfterFailedApply(t *testing.T) {
	st := newGameWith(t, nil)
	r := rand.New(rand.NewPCG(5, 6))
	for n := 0; n < 400; n++ {
		l := st.Legal()
		if _, err := st.Apply(l[r.IntN(len(l))]); err != nil {
			t.Fatal(err)
		}
	}
	for _, shared := range []bool{false, true} {
		var c *State
		if shared {
			c = st.clone()
		}
		before, _ := st.Snapshot()
		bk := st.backup()
		st.nilEmpty()
		st.U[0].MP, st.U[1].At, st.Turn, st.Pool = 99, st.U[2].At, 42, append(st.Pool, "x")
		st.restore(bk)
		after, _ := st.Snapshot()
		if string(before) != string(after) {
			t.Fatalf("shared %v: the state changed after restore", shared)
		}
		if c != nil {
			if same, err := rules.SameState(c, st); err != nil || !same {
				t.Fatalf("the clone changed (%v)", err)
			}
		}
		l := st.Legal() // and it plays on
		if _, err := st.Apply(l[0]); err != nil {
			t.Fatal(err)
		}
	}
}
