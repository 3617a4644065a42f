package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"grognard/rules"
	"grognard/rules/napoleonics"
	"grognard/saves"
)

// ventaState loads a Venta del Pozo save's full state (the test may look).
func ventaState(t *testing.T, path string) (*rules.Game, *napoleonics.State) {
	t.Helper()
	g, err := saves.Read(path)
	if err != nil {
		t.Fatal(err)
	}
	return g, g.State.(*napoleonics.State)
}

// frenchSecrets lists the ids and names of the cards in the French hand
// that the British cannot know: not in the British hand, not face up, not
// discarded (the deck is shared, so a card id may be in both hands).
func frenchSecrets(t *testing.T, s *napoleonics.State) []string {
	t.Helper()
	sys, err := napoleonics.LoadSystem()
	if err != nil {
		t.Fatal(err)
	}
	public := map[string]bool{s.Card: true, s.Last[0]: true, s.Last[1]: true, s.Eff: true}
	for _, c := range s.Hands[1] {
		public[c] = true
	}
	for c := range s.Discard {
		public[c] = true
	}
	var out []string
	for _, c := range s.Hands[0] {
		if public[c] {
			continue
		}
		out = append(out, c, sys.CardByID[c].Name)
	}
	return out
}

// chooseFor picks an action of the decider by key: end the phase when it
// can, else the first legal action.
func chooseFor(st rules.State) string {
	legal := st.Legal()
	for _, a := range legal {
		if a.Kind == "end" {
			return a.Key()
		}
	}
	return legal[0].Key()
}

// TestHiddenInformation_VentaBritishOutputsHideTheFrenchHand: the bytes of a
// Venta del Pozo save and every command-line output for the British (show,
// legal, apply; text and JSON) name no card of the French hand and not the
// seed; --reveal does show them, saying it spoils the game.
func TestHiddenInformation_VentaBritishOutputsHideTheFrenchHand(t *testing.T) {
	sys, err := napoleonics.LoadSystem()
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for seed := 1; seed <= 3; seed++ {
		path := filepath.Join(t.TempDir(), "venta.json")
		run("new", napoleonics.ScenarioID, "--out", path, "--seed", strconv.Itoa(seed)).ok(t)
		seedText := strconv.Itoa(seed)
		check := func(what, out string, secrets []string) {
			t.Helper()
			checked++
			for _, sec := range secrets {
				if strings.Contains(out, sec) {
					t.Errorf("seed %d: %s shows the French card %q:\n%s", seed, what, sec, out)
				}
			}
			if strings.Contains(out, `"seed"`) || strings.Contains(out, "seed: ") || strings.Contains(out, "seed "+seedText) {
				t.Errorf("seed %d: %s shows the seed:\n%s", seed, what, out)
			}
		}
		raw := func(when string) {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			var every []string
			for _, c := range sys.Cards {
				every = append(every, `"`+c.ID+`"`, c.Name)
			}
			check("the save's bytes "+when, string(data), every)
		}
		raw("at the start")
		// Two French turns and the British turn between them.
		for turn := 0; turn < 3; turn++ {
			g, s := ventaState(t, path)
			if g.State.Result().Over {
				break
			}
			if s.Status().Decider == 0 {
				// The French play; the British may ask and are told nothing.
				sec := frenchSecrets(t, s)
				check("legal --as british", run("legal", path, "--as", "british").ok(t).has(t, "British does not decide now").out, sec)
				check("legal --as british --json", run("legal", path, "--as", "british", "--json").ok(t).out, sec)
				check("show --as british", run("show", path, "--as", "british").ok(t).has(t, "view of British").out, sec)
				check("show --as british --json", run("show", path, "--as", "british", "--json").ok(t).out, sec)
				for i := 0; i < 200; i++ {
					g, _ := ventaState(t, path)
					if g.State.Status().Decider != 0 || g.State.Result().Over {
						break
					}
					run("apply", path, chooseFor(g.State), "--as", "french").ok(t)
				}
				raw(fmt.Sprintf("after French turn %d", turn))
				continue
			}
			// The British play: everything they read hides the French hand.
			for i := 0; i < 200; i++ {
				g, s := ventaState(t, path)
				if g.State.Status().Decider != 1 || g.State.Result().Over {
					break
				}
				sec := frenchSecrets(t, s)
				if len(sec) == 0 {
					t.Logf("seed %d: every French card is also British or public", seed)
				}
				check("show --as british", run("show", path, "--as", "british").ok(t).out, sec)
				check("show --as british --json", run("show", path, "--as", "british", "--json").ok(t).out, sec)
				check("show (British decide)", run("show", path).ok(t).has(t, "public view").out, sec)
				check("legal", run("legal", path, "--keys").ok(t).out, sec)
				check("legal --json", run("legal", path, "--json").ok(t).out, sec)
				key := chooseFor(g.State)
				// Apply on a copy as JSON, then for real as text.
				cp := filepath.Join(filepath.Dir(path), "copy.json")
				os.WriteFile(cp, read(t, path), 0o644)
				// (A card the British draw may also be in the French hand: then
				// it is no secret; the secrets are those after the action.)
				outJSON := run("apply", cp, key, "--json").ok(t).out
				_, after := ventaState(t, cp)
				check("apply --json (British)", outJSON, frenchSecrets(t, after))
				out := run("apply", path, key, "--as", "british").ok(t).out
				_, after = ventaState(t, path)
				check("apply (British)", out, frenchSecrets(t, after))
			}
			raw(fmt.Sprintf("after British turn %d", turn))
		}
		// Every earlier moment, as the British see it, hides the French hand
		// of that moment; without --as, show --step gives the public view.
		tl, err := saves.ReadTimeline(path)
		if err != nil {
			t.Fatal(err)
		}
		for n := 0; n <= tl.Len(); n += 1 + tl.Len()/12 {
			st, err := tl.StateAt(n)
			if err != nil {
				t.Fatal(err)
			}
			sec := frenchSecrets(t, st.(*napoleonics.State))
			at := strconv.Itoa(n)
			check("show --step "+at+" --as british", run("show", path, "--step", at, "--as", "british").ok(t).has(t, "after step "+at).out, sec)
			check("show --step "+at+" --as british --json", run("show", path, "--step", at, "--as", "british", "--json").ok(t).out, sec)
		}
		run("show", path, "--step", "1").ok(t).has(t, "public view", "after step 1")
		// --reveal shows the French hand and the seed, and says it spoils.
		_, s := ventaState(t, path)
		rv := run("show", path, "--as", "british", "--reveal").ok(t).has(t, "SPOILER", "seed: "+seedText)
		for _, c := range s.Hands[0] {
			if !strings.Contains(rv.out, c) {
				t.Errorf("--reveal does not show the French card %s", c)
			}
		}
	}
	if checked < 50 {
		t.Errorf("only %d outputs checked", checked)
	}
}

// TestHiddenInformation_VentaEditedSaveErrorsTellNoCard: a Venta del Pozo
// save whose draw or hand was edited (and resealed with the program's
// key) is refused, and the error names no card: it is printed to whoever
// loads the file.
func TestHiddenInformation_VentaEditedSaveErrorsTellNoCard(t *testing.T) {
	sys, err := napoleonics.LoadSystem()
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "venta.json")
	run("new", napoleonics.ScenarioID, "--out", path).ok(t)
	data := read(t, path)
	noCard := func(what string, err error) {
		t.Helper()
		if err == nil {
			t.Fatalf("%s: loaded", what)
		}
		for _, c := range sys.Cards {
			if strings.Contains(err.Error(), c.ID) || strings.Contains(err.Error(), c.Name) {
				t.Errorf("%s: the error names the card %s: %v", what, c.ID, err)
			}
		}
	}
	// A drawn card changed.
	f, err := saves.Parse(path, data)
	if err != nil {
		t.Fatal(err)
	}
	for i, s := range f.Steps {
		if s.Action.Kind == "draw" {
			for _, c := range sys.Cards {
				if c.ID != s.Action.Choice {
					f.Steps[i].Action.Choice = c.ID
					break
				}
			}
			break
		}
	}
	b, err := f.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	_, err = saves.Decode("edited.json", b)
	noCard("an edited draw", err)
	// The snapshot's hands changed.
	f, _ = saves.Parse(path, data)
	_, s := ventaState(t, path)
	swapped := strings.Replace(string(f.Snapshot), `"`+s.Hands[0][0]+`"`, `"`+sys.Cards[len(sys.Cards)-1].ID+`"`, 1)
	if s.Hands[0][0] == sys.Cards[len(sys.Cards)-1].ID {
		swapped = strings.Replace(string(f.Snapshot), `"`+s.Hands[0][0]+`"`, `"`+sys.Cards[0].ID+`"`, 1)
	}
	f.Snapshot = []byte(swapped)
	b, _ = f.Marshal()
	_, err = saves.Decode("edited.json", b)
	noCard("an edited hand", err)
}
