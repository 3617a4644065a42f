package rulestest

import (
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"hash"
	"io"
	"math/rand/v2"

	"grognard/rules"
)

// Recorded games: the proof that making the engine faster never changes
// the rules (issue #20).
//
// RecordGame plays a random legal game (chance outcomes from the game's own
// generator) and Digest replays its steps, hashing everything a player or a
// program can observe on the way: every Status, every Legal list (keys,
// labels, rules, info), every Chances list with its weights, both sides'
// Views, every event, and the final Snapshot. A system's test replays the
// games recorded from the code before a change (testdata/*.rec.json.gz) and
// checks that every hash is unchanged:
//
//	func TestRecordedGamesReplayIdentically(t *testing.T) {
//		for _, name := range files { // os.Open each in the test file
//			rec, err := rulestest.DecodeRecorded(f)
//			...
//			if err := rulestest.ReplayRecorded(rec); err != nil { t.Error(err) }
//		}
//	}
//
// The package is pure (no file I/O): the test opens and writes the files.

// Recorded is one recorded game and the digest of what it showed.
type Recorded struct {
	Scenario string        `json:"scenario"`
	Seed     uint64        `json:"seed"`
	Options  rules.Options `json:"options,omitempty"`
	Steps    []rules.Step  `json:"steps"`
	Digest   GameDigest    `json:"digest"`
}

// GameDigest hashes what a replay of a record shows. Marks holds the
// running hash of everything every MarkEvery steps, so a difference is
// located to within MarkEvery steps.
type GameDigest struct {
	Steps     int      `json:"steps"`
	Events    int      `json:"events"`
	Over      bool     `json:"over"`
	Snapshot  string   `json:"snapshot_sha256"` // the final Snapshot
	EventsSHA string   `json:"events_sha256"`   // every event, in order
	LegalSHA  string   `json:"legal_sha256"`    // Status, Legal and Chances before every step
	ViewsSHA  string   `json:"views_sha256"`    // both sides' views before every step
	Marks     []string `json:"marks,omitempty"` // running hash of all of it every MarkEvery steps
}

// MarkEvery is the spacing of a digest's marks.
const MarkEvery = 250

// RecordGame plays a random legal game of scenario from seed for at most
// maxSteps steps (chance outcomes included) or to its end, and returns the
// record with its digest.
func RecordGame(scenario string, seed uint64, opts rules.Options, maxSteps int) (*Recorded, error) {
	g, err := rules.NewGame(scenario, seed, opts)
	if err != nil {
		return nil, err
	}
	pick := rand.New(rand.NewPCG(seed, 0x5eed0f5eed))
	for len(g.Steps) < maxSteps && !g.State.Result().Over {
		var a rules.Action
		if g.State.Status().Decider == rules.Chance {
			a, err = rules.Sample(g.State.Chances(), g.Rand())
			if err != nil {
				return nil, err
			}
		} else {
			legal := g.State.Legal()
			if len(legal) == 0 {
				return nil, fmt.Errorf("step %d: the decider has no legal action", len(g.Steps)+1)
			}
			a = legal[pick.IntN(len(legal))]
		}
		if _, err := g.ApplyOne(a); err != nil {
			return nil, fmt.Errorf("step %d (%s): %w", len(g.Steps)+1, a.Key(), err)
		}
	}
	rec := &Recorded{Scenario: scenario, Seed: seed, Options: opts, Steps: g.Steps}
	d, err := Digest(rec)
	if err != nil {
		return nil, err
	}
	rec.Digest = d
	return rec, nil
}

// Digest replays a record's steps (checking every chance outcome against
// the game's generator) and hashes what it shows.
func Digest(rec *Recorded) (GameDigest, error) {
	var d GameDigest
	st, err := rules.NewState(rec.Scenario, rec.Options)
	if err != nil {
		return d, err
	}
	g := &rules.Game{Scenario: rec.Scenario, Options: rec.Options, Seed: rec.Seed, State: st}
	ev, legal, views, all := sha256.New(), sha256.New(), sha256.New(), sha256.New()
	put := func(h hash.Hash, v any) error {
		b, err := json.Marshal(v)
		if err != nil {
			return err
		}
		h.Write(b)
		h.Write([]byte{'\n'})
		all.Write(b)
		all.Write([]byte{'\n'})
		return nil
	}
	for i, s := range rec.Steps {
		status := g.State.Status()
		if status.Decider != s.By {
			return d, fmt.Errorf("step %d (%s): recorded for %s but %s decides", i+1, s.Action.Key(), s.By, status.Decider)
		}
		if err := put(legal, status); err != nil {
			return d, err
		}
		if status.Decider == rules.Chance {
			outs := g.State.Chances()
			if err := put(legal, outs); err != nil {
				return d, err
			}
			want, err := rules.Sample(outs, g.Rand())
			if err != nil {
				return d, fmt.Errorf("step %d: %w", i+1, err)
			}
			if want.Key() != s.Action.Key() {
				return d, fmt.Errorf("step %d: the generator gives %q, the record %q", i+1, want.Key(), s.Action.Key())
			}
		}
		if err := put(legal, g.State.Legal()); err != nil {
			return d, err
		}
		for side := range g.State.Sides() {
			if err := put(views, g.State.View(rules.Side(side))); err != nil {
				return d, err
			}
		}
		evs, err := g.ApplyOne(s.Action)
		if err != nil {
			return d, fmt.Errorf("step %d (%s): %w", i+1, s.Action.Key(), err)
		}
		for _, e := range evs {
			if err := put(ev, e); err != nil {
				return d, err
			}
		}
		d.Events += len(evs)
		if (i+1)%MarkEvery == 0 {
			d.Marks = append(d.Marks, sum(all))
		}
	}
	snap, err := g.State.Snapshot()
	if err != nil {
		return d, err
	}
	s := sha256.Sum256(snap)
	d.Snapshot = hex.EncodeToString(s[:])
	d.Steps = len(rec.Steps)
	d.Over = g.State.Result().Over
	d.EventsSHA, d.LegalSHA, d.ViewsSHA = sum(ev), sum(legal), sum(views)
	return d, nil
}

func sum(h hash.Hash) string { return hex.EncodeToString(h.Sum(nil)) }

// ReplayRecorded replays a record and returns an error naming every hash
// that differs from the recorded digest (nil: the game replays identically).
func ReplayRecorded(rec *Recorded) error {
	d, err := Digest(rec)
	if err != nil {
		return fmt.Errorf("%s seed %d: %w", rec.Scenario, rec.Seed, err)
	}
	w := rec.Digest
	var diffs []string
	if d.Steps != w.Steps || d.Events != w.Events || d.Over != w.Over {
		diffs = append(diffs, fmt.Sprintf("steps/events/over %d/%d/%v, recorded %d/%d/%v", d.Steps, d.Events, d.Over, w.Steps, w.Events, w.Over))
	}
	for _, c := range []struct{ name, got, want string }{
		{"final snapshot", d.Snapshot, w.Snapshot},
		{"events", d.EventsSHA, w.EventsSHA},
		{"status/legal/chances", d.LegalSHA, w.LegalSHA},
		{"views", d.ViewsSHA, w.ViewsSHA},
	} {
		if c.got != c.want {
			diffs = append(diffs, c.name+" differ")
		}
	}
	for i := range min(len(d.Marks), len(w.Marks)) {
		if d.Marks[i] != w.Marks[i] {
			diffs = append(diffs, fmt.Sprintf("first difference within steps %d-%d", i*MarkEvery+1, (i+1)*MarkEvery))
			break
		}
	}
	if len(diffs) > 0 {
		return fmt.Errorf("%s seed %d does not replay identically: %v", rec.Scenario, rec.Seed, diffs)
	}
	return nil
}

// EncodeRecorded writes a record as gzipped JSON.
func EncodeRecorded(w io.Writer, rec *Recorded) error {
	z := gzip.NewWriter(w)
	if err := json.NewEncoder(z).Encode(rec); err != nil {
		return err
	}
	return z.Close()
}

// DecodeRecorded reads a record written by EncodeRecorded.
func DecodeRecorded(r io.Reader) (*Recorded, error) {
	z, err := gzip.NewReader(r)
	if err != nil {
		return nil, err
	}
	defer z.Close()
	var rec Recorded
	if err := json.NewDecoder(z).Decode(&rec); err != nil {
		return nil, err
	}
	return &rec, nil
}
