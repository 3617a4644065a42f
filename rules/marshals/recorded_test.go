package marshals

import (
	"bytes"
	"compress/gzip"
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
	"time"

	"grognard/rules"
)

// Recorded games: speed work on the engine [issue 20] must never change the
// rules. testdata/recorded-<scenario>.json.gz holds random legal games
// (chance outcomes included) played by the engine as it was before the
// speed work, with hashes of what the engine said along the way: every
// legal list (keys, labels, rules, infos, chance weights), every event and
// the snapshots. TestRecordedGamesReplay replays each game through the
// public Apply and checks all of it. `go test -run TestRecordedGamesReplay
// -record ./rules/marshals/` rewrites the files (only when a rules change is
// meant; the hashes are split so a change of texts alone shows as such).
var record = flag.Bool("record", false, "rewrite testdata/recorded-*.json.gz from the current engine")

// recordedGame is one recorded game (or the opening of one).
type recordedGame struct {
	Seed  uint64       `json:"seed"`
	Steps []rules.Step `json:"steps"`
	// Hashes (sha256, hex) over the whole game.
	Keys     string `json:"keys"`     // the keys of every legal list and chance weights
	Texts    string `json:"texts"`    // labels, rules and infos of every legal list
	Events   string `json:"events"`   // every event, whole (JSON)
	Snaps    string `json:"snaps"`    // the snapshot every 50 steps and at the end
	Final    string `json:"final"`    // the final snapshot
	Over     bool   `json:"over"`     // the game ended
	Turn     int    `json:"turn"`     // the turn reached
	NActions int    `json:"nactions"` // steps
}

type recordFile struct {
	Scenario string         `json:"scenario"`
	Games    []recordedGame `json:"games"`
}

// recordedPerScenario is the number of actions recorded per scenario, and
// recordedMaxGame the longest opening recorded of one game.
const (
	recordedPerScenario = 8000
	recordedMaxGame     = 4000
)

type gameHashes struct{ keys, texts, events, snaps hash.Hash }

func newHashes() *gameHashes {
	return &gameHashes{sha256.New(), sha256.New(), sha256.New(), sha256.New()}
}

func hexSum(h hash.Hash) string { return hex.EncodeToString(h.Sum(nil)) }

// observe hashes what the engine offers before a step.
func (h *gameHashes) observe(st rules.State) {
	for _, a := range st.Legal() {
		fmt.Fprintf(h.keys, "%s\n", a.Key())
		fmt.Fprintf(h.texts, "%s|%s|%s\n", a.Label, a.Rule, a.Info)
	}
	for _, o := range st.Chances() {
		fmt.Fprintf(h.keys, "w %s %d\n", o.Action.Key(), o.Weight)
	}
	s := st.Status()
	fmt.Fprintf(h.keys, "status %d %s %s %d %d\n", s.Turn, s.Phase, s.SubPhase, s.Active, s.Decider)
	fmt.Fprintf(h.texts, "prompt %s\n", s.Prompt)
}

func (h *gameHashes) applied(evs []rules.Event) {
	for _, e := range evs {
		b, _ := json.Marshal(e)
		h.events.Write(b)
		h.events.Write([]byte{'\n'})
	}
}

func (h *gameHashes) snap(t testing.TB, st rules.State) []byte {
	b, err := st.Snapshot()
	if err != nil {
		t.Fatal(err)
	}
	h.snaps.Write(b)
	return b
}

// playRecorded plays one random game of up to max steps (raw: Legal, a
// uniform pick, chance outcomes sampled by weight) and records it.
func playRecorded(t testing.TB, scenario string, seed uint64, max int) recordedGame {
	st, err := rules.NewState(scenario, nil)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(seed, 77))
	h := newHashes()
	g := recordedGame{Seed: seed}
	for len(g.Steps) < max && !st.Result().Over {
		h.observe(st)
		by := st.Status().Decider
		var a rules.Action
		if by == rules.Chance {
			a, err = rules.Sample(st.Chances(), r)
			if err != nil {
				t.Fatal(err)
			}
		} else {
			legal := st.Legal()
			if len(legal) == 0 {
				t.Fatalf("%s seed %d: no legal action at step %d", scenario, seed, len(g.Steps))
			}
			a = legal[r.IntN(len(legal))]
		}
		evs, err := st.Apply(a)
		if err != nil {
			t.Fatalf("%s seed %d step %d: %v", scenario, seed, len(g.Steps), err)
		}
		h.applied(evs)
		a.Label, a.Rule, a.Info = "", "", ""
		g.Steps = append(g.Steps, rules.Step{Action: a, By: by})
		if len(g.Steps)%50 == 0 {
			h.snap(t, st)
		}
	}
	fin := h.snap(t, st)
	f := sha256.Sum256(fin)
	g.Keys, g.Texts, g.Events, g.Snaps, g.Final = hexSum(h.keys), hexSum(h.texts), hexSum(h.events), hexSum(h.snaps), hex.EncodeToString(f[:])
	g.Over, g.Turn, g.NActions = st.Result().Over, st.Status().Turn, len(g.Steps)
	return g
}

func recordedPath(scenario string) string {
	return filepath.Join("testdata", "recorded-"+scenario+".json.gz")
}

func writeRecord(t *testing.T, rf recordFile) {
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	enc := json.NewEncoder(zw)
	if err := enc.Encode(rf); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll("testdata", 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(recordedPath(rf.Scenario), buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

func readRecord(t *testing.T, scenario string) recordFile {
	data, err := os.ReadFile(recordedPath(scenario))
	if err != nil {
		t.Fatal(err)
	}
	zr, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	var rf recordFile
	if err := json.NewDecoder(zr).Decode(&rf); err != nil {
		t.Fatal(err)
	}
	return rf
}

// TestRecordedGamesReplay replays the recorded games of the six scenarios
// through the public Apply and checks that the engine offers the same
// legal actions (keys, labels, chance weights), says the same events and
// reaches the same snapshots as the engine that recorded them.
func TestRecordedGamesReplay(t *testing.T) {
	for _, d := range ScenarioList {
		t.Run(d.ID, func(t *testing.T) {
			if *record {
				rf := recordFile{Scenario: d.ID}
				total := 0
				for seed := uint64(1); total < recordedPerScenario; seed++ {
					g := playRecorded(t, d.ID, seed, min(recordedMaxGame, recordedPerScenario-total))
					rf.Games = append(rf.Games, g)
					total += g.NActions
				}
				writeRecord(t, rf)
				t.Logf("%s: recorded %d games, %d actions", d.ID, len(rf.Games), total)
				return
			}
			rf := readRecord(t, d.ID)
			if len(rf.Games) == 0 {
				t.Fatal("no recorded game")
			}
			for _, g := range rf.Games {
				replayRecorded(t, d.ID, g)
			}
		})
	}
}

func replayRecorded(t *testing.T, scenario string, g recordedGame) {
	t.Helper()
	st, err := rules.NewState(scenario, nil)
	if err != nil {
		t.Fatal(err)
	}
	h := newHashes()
	for i, s := range g.Steps {
		h.observe(st)
		if d := st.Status().Decider; d != s.By {
			t.Fatalf("seed %d step %d (%s): recorded for %s but %s decides", g.Seed, i+1, s.Action.Key(), s.By, d)
		}
		evs, err := st.Apply(s.Action)
		if err != nil {
			t.Fatalf("seed %d step %d (%s): %v", g.Seed, i+1, s.Action.Key(), err)
		}
		h.applied(evs)
		if (i+1)%50 == 0 {
			h.snap(t, st)
		}
	}
	fin := h.snap(t, st)
	f := sha256.Sum256(fin)
	check := func(what, got, want string) {
		if got != want {
			t.Errorf("seed %d (%d actions): %s differ from the recording", g.Seed, len(g.Steps), what)
		}
	}
	check("legal keys or chance weights", hexSum(h.keys), g.Keys)
	check("labels, rules or infos", hexSum(h.texts), g.Texts)
	check("events", hexSum(h.events), g.Events)
	check("snapshots", hexSum(h.snaps), g.Snaps)
	check("final snapshot", hex.EncodeToString(f[:]), g.Final)
	if st.Result().Over != g.Over || st.Status().Turn != g.Turn {
		t.Errorf("seed %d: ends over=%v turn %d, recorded over=%v turn %d", g.Seed, st.Result().Over, st.Status().Turn, g.Over, g.Turn)
	}
}

// rawPlayout plays n raw actions of a scenario (Legal, a uniform pick,
// chance outcomes sampled from Chances, no checks), starting new games as
// they end, and returns the time spent in Legal, Apply and the count.
func rawPlayout(b *testing.B, scenario string, n int, r *rand.Rand) {
	st, err := rules.NewState(scenario, nil)
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; i < n; i++ {
		if st.Result().Over {
			if st, err = rules.NewState(scenario, nil); err != nil {
				b.Fatal(err)
			}
		}
		var a rules.Action
		if st.Status().Decider == rules.Chance {
			if a, err = rules.Sample(st.Chances(), r); err != nil {
				b.Fatal(err)
			}
		} else {
			legal := st.Legal()
			a = legal[r.IntN(len(legal))]
		}
		if _, err := st.Apply(a); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRawPlayout: raw random play of each scenario [issue 20] (goal:
// at least 100,000 actions/s); reports actions/s and allocations per action.
func BenchmarkRawPlayout(b *testing.B) {
	for _, d := range ScenarioList {
		b.Run(d.ID, func(b *testing.B) {
			r := rand.New(rand.NewPCG(1, 2))
			b.ReportAllocs()
			cpu0 := cpuTime()
			b.ResetTimer()
			rawPlayout(b, d.ID, b.N, r)
			b.StopTimer()
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "actions/s")
			// CPU time of the process per action: the machine is shared,
			// wall time swings with the load, CPU time much less.
			b.ReportMetric(float64((cpuTime()-cpu0).Nanoseconds())/float64(b.N)/1000, "cpu-us/action")
		})
	}
}

// BenchmarkRawPlayoutParts: the same raw play, timing each call: the mean
// of Legal (the decider's list; Chances at a chance point), Apply and
// Clone (a clone of every state met) [issue 20] (goals: each at most 5 us;
// Clone at most 5 us at any point, cloneMax reports the longest).
func BenchmarkRawPlayoutParts(b *testing.B) {
	for _, d := range ScenarioList {
		b.Run(d.ID, func(b *testing.B) {
			r := rand.New(rand.NewPCG(1, 2))
			st, err := rules.NewState(d.ID, nil)
			if err != nil {
				b.Fatal(err)
			}
			var tLegal, tApply, tClone, cloneMax time.Duration
			cpu0 := cpuTime()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if st.Result().Over {
					if st, err = rules.NewState(d.ID, nil); err != nil {
						b.Fatal(err)
					}
				}
				t0 := time.Now()
				c := st.Clone()
				t1 := time.Now()
				_ = c
				tClone += t1.Sub(t0)
				cloneMax = max(cloneMax, t1.Sub(t0))
				var a rules.Action
				if st.Status().Decider == rules.Chance {
					t0 = time.Now()
					outs := st.Chances()
					tLegal += time.Since(t0)
					if a, err = rules.Sample(outs, r); err != nil {
						b.Fatal(err)
					}
				} else {
					t0 = time.Now()
					legal := st.Legal()
					tLegal += time.Since(t0)
					a = legal[r.IntN(len(legal))]
				}
				t0 = time.Now()
				if _, err := st.Apply(a); err != nil {
					b.Fatal(err)
				}
				tApply += time.Since(t0)
			}
			b.StopTimer()
			n := float64(b.N)
			b.ReportMetric(float64((cpuTime()-cpu0).Nanoseconds())/n/1000, "cpu-us/action")
			b.ReportMetric(float64(tLegal.Nanoseconds())/n/1000, "legal-us")
			b.ReportMetric(float64(tApply.Nanoseconds())/n/1000, "apply-us")
			b.ReportMetric(float64(tClone.Nanoseconds())/n/1000, "clone-us")
			b.ReportMetric(float64(cloneMax.Nanoseconds())/1000, "cloneMax-us")
		})
	}
}

// TestCloneIndependentOnRecordedGames: Clone shares the maps of the state
// and each side copies them on write [issue 20]; along the recorded games
// (every 10th step) a clone and its original each take the step, and
// neither changes the other: the original is unchanged by the clone's
// step and the clone by the original's, and both end the same.
func TestCloneIndependentOnRecordedGames(t *testing.T) {
	for _, d := range ScenarioList {
		t.Run(d.ID, func(t *testing.T) {
			for _, g := range readRecord(t, d.ID).Games {
				st, err := rules.NewState(d.ID, nil)
				if err != nil {
					t.Fatal(err)
				}
				for i, s := range g.Steps {
					if i%10 != 0 {
						if _, err := st.Apply(s.Action); err != nil {
							t.Fatalf("seed %d step %d: %v", g.Seed, i+1, err)
						}
						continue
					}
					before, _ := st.Snapshot()
					c := st.Clone()
					if _, err := c.Apply(s.Action); err != nil {
						t.Fatalf("seed %d step %d on a clone: %v", g.Seed, i+1, err)
					}
					if now, _ := st.Snapshot(); !bytes.Equal(before, now) {
						t.Fatalf("seed %d step %d (%s): the clone's step changed the original", g.Seed, i+1, s.Action.Key())
					}
					cAfter, _ := c.Snapshot()
					if _, err := st.Apply(s.Action); err != nil {
						t.Fatalf("seed %d step %d: %v", g.Seed, i+1, err)
					}
					if now, _ := c.Snapshot(); !bytes.Equal(cAfter, now) {
						t.Fatalf("seed %d step %d (%s): the original's step changed the clone", g.Seed, i+1, s.Action.Key())
					}
					if now, _ := st.Snapshot(); !bytes.Equal(cAfter, now) {
						t.Fatalf("seed %d step %d (%s): the clone and the original differ after the same step", g.Seed, i+1, s.Action.Key())
					}
				}
			}
		})
	}
}
