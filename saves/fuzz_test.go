package saves

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"unicode/utf8"

	"grognard/rules"
	"grognard/rules/rulestest"
)

// FuzzDecode: any bytes either fail to load with an error, or load as a
// game whose state equals the replay of its steps and which saves and
// loads again unchanged. Never a panic.
func FuzzDecode(f *testing.F) {
	rulestest.Register()
	files, _ := filepath.Glob(filepath.Join("testdata", "*.json"))
	old, _ := filepath.Glob(filepath.Join("testdata", "v1", "*.json"))
	files = append(files, old...)
	for _, p := range files {
		if b, err := os.ReadFile(p); err == nil {
			f.Add(b)
		}
	}
	f.Add([]byte(`{"format":1,"checksum":"x","steps":null,"snapshot":{}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		g, err := Decode("fuzz.json", data)
		if err != nil {
			if g != nil {
				t.Fatalf("error %v with a game", err)
			}
			return
		}
		r, err := rules.Replay(g.Scenario, g.Seed, g.Options, g.Steps)
		if err != nil {
			t.Fatalf("loaded game does not replay: %v", err)
		}
		if same, err := rules.SameState(g.State, r.State); err != nil || !same {
			t.Fatalf("loaded game differs from its replay (err %v)", err)
		}
		again, err := Encode(g)
		if err != nil {
			t.Fatal(err)
		}
		g2, err := Decode("again.json", again)
		if err != nil {
			t.Fatalf("a loaded game saves into a file that does not load: %v", err)
		}
		if same, _ := rules.SameState(g.State, g2.State); !same {
			t.Fatalf("save/load changed the game")
		}
	})
}

// FuzzActionJSON: an action keeps its identity (Key) through JSON.
func FuzzActionJSON(f *testing.F) {
	f.Add([]byte(`{"kind":"move","unit":"u1","to":"0412","label":"Move","rule":"10.1"}`), "fire", "u2", "0101", "c", 3, 6)
	f.Add([]byte(`{"kind":"roll","dice":[3,4]}`), "roll", "", "", "", 0, 1)
	f.Add([]byte(`{"kind":"shock","units":["a","b"],"facing":-1,"choice":"x y"}`), "", "", "", "", -7, 0)
	f.Fuzz(func(t *testing.T, data []byte, kind, unit, to, choice string, facing, die int) {
		// From JSON text: decode, encode, decode keeps the key.
		var a rules.Action
		if json.Unmarshal(data, &a) == nil {
			roundTrip(t, a)
		}
		// From fields: actions are valid UTF-8 text (encoding/json would
		// replace invalid bytes, so such actions cannot be saved).
		for _, s := range []string{kind, unit, to, choice} {
			if !utf8.ValidString(s) {
				return
			}
		}
		b := rules.Action{Kind: kind, Unit: unit, Units: []string{unit, to}, To: to, Facing: facing, Choice: choice, Dice: []int{die}, Label: choice}
		roundTrip(t, b)
	})
}

func roundTrip(t *testing.T, a rules.Action) {
	t.Helper()
	b, err := json.Marshal(a)
	if err != nil {
		t.Fatalf("marshal %+v: %v", a, err)
	}
	var back rules.Action
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatalf("unmarshal %s: %v", b, err)
	}
	if back.Key() != a.Key() {
		t.Fatalf("key changed in a JSON round trip: %q -> %q (%s)", a.Key(), back.Key(), b)
	}
	b2, _ := json.Marshal(back)
	if !bytes.Equal(b, b2) {
		t.Fatalf("JSON changed in a second round trip: %s -> %s", b, b2)
	}
}

// FuzzSealedPayload: any payload sealed with the program's key (what a user
// who extracted the key could write) either fails to load with an error or
// loads as a game that replays to itself. Never a panic.
func FuzzSealedPayload(f *testing.F) {
	rulestest.Register()
	for _, name := range goodExamples {
		if b, err := os.ReadFile(filepath.Join("testdata", name)); err == nil {
			if pf, err := Parse(name, b); err == nil {
				p, _ := json.Marshal(payload{Seed: pf.Seed, Steps: pf.Steps, Snapshot: pf.Snapshot})
				f.Add(p)
			}
		}
	}
	f.Add([]byte(`{"seed":1,"steps":[{"action":{"kind":"roll","dice":[9]},"by":-1}],"snapshot":{}}`))
	f.Add([]byte(`{"seed":1,"steps":null,"snapshot":null}`))
	f.Fuzz(func(t *testing.T, plain []byte) {
		hdr := &File{Format: FormatVersion, App: AppVersion, System: "toy", Scenario: rulestest.ScenarioID}
		var p payload
		if json.Unmarshal(plain, &p) != nil {
			return
		}
		hdr.Seed, hdr.Steps, hdr.Snapshot = p.Seed, p.Steps, p.Snapshot
		if !json.Valid(hdr.Snapshot) {
			hdr.Snapshot = json.RawMessage(`{}`)
		}
		data, err := hdr.Marshal()
		if err != nil {
			return
		}
		g, err := Decode("fuzz.json", data)
		if err != nil {
			if g != nil {
				t.Fatalf("error %v with a game", err)
			}
			return
		}
		r, err := rules.ReplayChecked(g.Scenario, g.Seed, g.Options, g.Steps)
		if err != nil {
			t.Fatalf("loaded game does not replay: %v", err)
		}
		if same, err := rules.SameState(g.State, r.State); err != nil || !same {
			t.Fatalf("loaded game differs from its replay (err %v)", err)
		}
	})
}
