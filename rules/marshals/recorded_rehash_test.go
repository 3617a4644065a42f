package marshals

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"grognard/rules"
	"grognard/rules/rulestest"
)

// -rehash rewrites the hashes of the recorded games (testdata/recorded-*
// and testdata/views/recorded-*) from the SAME recorded steps, replayed
// through the current engine: unlike -record it does not play new games,
// so a change of texts (or a new legal action offered beside the old ones)
// keeps every recorded game and says which hashes moved. A step that is no
// longer legal, or a changed snapshot, fails instead: those are rules
// changes and are not rehashed.
var rehash = flag.Bool("rehash", false, "rewrite the hashes of the recorded games from their own steps (texts changed, rules not)")

func TestRecordedGamesRehash(t *testing.T) {
	if !*rehash {
		t.Skip("only with -rehash")
	}
	for _, d := range ScenarioList {
		rf := readRecord(t, d.ID)
		for gi, g := range rf.Games {
			ng := rehashGame(t, d.ID, g)
			for _, c := range []struct{ what, old, new string }{{"keys", g.Keys, ng.Keys}, {"texts", g.Texts, ng.Texts}, {"events", g.Events, ng.Events}, {"snaps", g.Snaps, ng.Snaps}, {"final", g.Final, ng.Final}} {
				if c.old != c.new {
					t.Logf("%s seed %d: %s hash changed", d.ID, g.Seed, c.what)
				}
			}
			if ng.Snaps != g.Snaps || ng.Final != g.Final {
				t.Fatalf("%s seed %d: the snapshots changed: a rules change, not rehashed", d.ID, g.Seed)
			}
			rf.Games[gi] = ng
		}
		writeRecord(t, rf)
	}
	dir := filepath.Join("testdata", "views")
	for _, d := range ScenarioList {
		path := filepath.Join(dir, rulestest.RecordedFileName(d.ID, 1))
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		rec, err := rulestest.DecodeRecorded(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		nd, err := rulestest.Digest(rec)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		if nd.Snapshot != rec.Digest.Snapshot {
			t.Fatalf("%s: the final snapshot changed: a rules change, not rehashed", path)
		}
		if nd.EventsSHA != rec.Digest.EventsSHA {
			t.Logf("%s: events hash changed", path)
		}
		if nd.LegalSHA != rec.Digest.LegalSHA {
			t.Logf("%s: status/legal hash changed", path)
		}
		if nd.ViewsSHA != rec.Digest.ViewsSHA {
			t.Logf("%s: views hash changed", path)
		}
		rec.Digest = nd
		var buf bytes.Buffer
		if err := rulestest.EncodeRecorded(&buf, rec); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// rehashGame replays g's steps and hashes what the engine says now.
func rehashGame(t *testing.T, scenario string, g recordedGame) recordedGame {
	t.Helper()
	st, err := rules.NewState(scenario, nil)
	if err != nil {
		t.Fatal(err)
	}
	h := newHashes()
	for i, s := range g.Steps {
		h.observe(st)
		evs, err := st.Apply(s.Action)
		if err != nil {
			t.Fatalf("%s seed %d step %d (%s): %v", scenario, g.Seed, i+1, s.Action.Key(), err)
		}
		h.applied(evs)
		if (i+1)%50 == 0 {
			h.snap(t, st)
		}
	}
	fin := h.snap(t, st)
	f := sha256.Sum256(fin)
	ng := g
	ng.Keys, ng.Texts, ng.Events, ng.Snaps, ng.Final = hexSum(h.keys), hexSum(h.texts), hexSum(h.events), hexSum(h.snaps), hex.EncodeToString(f[:])
	return ng
}
