package cli

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"grognard/rules"
	"grognard/rules/napoleonics"
	_ "grognard/rules/systems"
	"grognard/saves"
)

// handSecrets lists the ids and names of the cards of side's hand that the
// other side cannot know (not in its hand, not face up, not discarded; a
// name shared with a public card is no secret either).
func handSecrets(t *testing.T, s *napoleonics.State, side int) []string {
	t.Helper()
	sys, err := napoleonics.LoadSystem()
	if err != nil {
		t.Fatal(err)
	}
	public := map[string]bool{s.Card: true, s.Last[0]: true, s.Last[1]: true, s.Eff: true}
	for _, c := range s.Hands[1-side] {
		public[c] = true
	}
	for c := range s.Discard {
		public[c] = true
	}
	names := map[string]bool{}
	for c := range public {
		if cd, ok := sys.CardByID[c]; ok {
			names[cd.Name] = true
		}
	}
	var out []string
	for _, c := range s.Hands[side] {
		if public[c] {
			continue
		}
		out = append(out, `"`+c+`"`, " "+c+" ")
		if n := sys.CardByID[c].Name; !names[n] {
			out = append(out, n)
		}
	}
	return out
}

// bothSecrets: the secrets of both hands of a Venta save.
func bothSecrets(t *testing.T, path string) []string {
	t.Helper()
	_, s := ventaState(t, path)
	return append(handSecrets(t, s, 0), handSecrets(t, s, 1)...)
}

// noneIn fails if out holds any of secrets.
func noneIn(t *testing.T, what, out string, secrets []string) {
	t.Helper()
	for _, sec := range secrets {
		if strings.Contains(out, sec) {
			t.Errorf("%s shows the secret %q:\n%s", what, sec, out)
		}
	}
}

// TestHiddenInformation_PlainCommandsPrintOnlyThePublicView [#22]: in a
// Venta del Pozo game, whoever decides, 'show', 'legal' and 'apply' without
// --as or --reveal (text and JSON) name no card of either hand, and say the
// output is the public view. A player who copies the save and plays the
// other side's moves on the copy learns nothing by it without naming that
// side; 'branch' then 'show' does not get round it either.
func TestHiddenInformation_PlainCommandsPrintOnlyThePublicView(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "venta.json")
	run("new", napoleonics.ScenarioID, "--out", path).ok(t)
	deciders := map[rules.Side]bool{}
	for i := 0; i < 24; i++ {
		g, _ := ventaState(t, path)
		st := g.State
		if st.Result().Over {
			break
		}
		d := st.Status().Decider
		deciders[d] = true
		sec := bothSecrets(t, path)
		noneIn(t, "show", run("show", path).ok(t).has(t, "public view").out, sec)
		noneIn(t, "show --json", run("show", path, "--json").ok(t).has(t, `"public": true`).out, sec)
		lg := run("legal", path).ok(t)
		noneIn(t, "legal", lg.out, sec)
		noneIn(t, "legal --json", run("legal", path, "--json").ok(t).out, sec)
		if d >= 0 && !st.View(d).PublicDecision {
			lg.has(t, "--as "+sideName(st, d))
		}
		// The cheat: apply on a copy without --as.
		cp := filepath.Join(dir, "copy.json")
		os.WriteFile(cp, read(t, path), 0o644)
		arg := "chance"
		if d >= 0 {
			arg = chooseFor(st)
		}
		out := run("apply", cp, arg).ok(t).out
		noneIn(t, "apply "+arg+" (copy)", out, bothSecrets(t, cp))
		out = run("apply", cp, "--json", chooseOrChance(t, cp)).ok(t).out
		noneIn(t, "apply --json (copy)", out, bothSecrets(t, cp))
		// The real game goes on as the decider.
		if d >= 0 {
			run("apply", path, arg, "--as", sideName(st, d)).ok(t)
		} else {
			run("apply", path, "chance").ok(t)
		}
	}
	if !deciders[0] || !deciders[1] {
		t.Fatalf("both sides should have decided: %v", deciders)
	}
	// branch, then show: the public view of the branch.
	tl, err := saves.ReadTimeline(path)
	if err != nil {
		t.Fatal(err)
	}
	for n := 1; n < tl.Len(); n += 1 + tl.Len()/5 {
		b := filepath.Join(dir, "branch"+strconv.Itoa(n)+".json")
		run("branch", path, "--step", strconv.Itoa(n), "--out", b).ok(t)
		sec := bothSecrets(t, b)
		noneIn(t, "show of a branch", run("show", b).ok(t).has(t, "public view").out, sec)
		noneIn(t, "legal of a branch", run("legal", b).ok(t).out, sec)
		noneIn(t, "show --step "+strconv.Itoa(n), run("show", path, "--step", strconv.Itoa(n)).ok(t).has(t, "public view").out, sec)
	}
	// Naming the side shows its hand; --reveal shows both, as a spoiler.
	g, s := ventaState(t, path)
	d := g.State.Status().Decider
	if d >= 0 && len(s.Hands[d]) > 0 {
		run("show", path, "--as", sideName(g.State, d)).ok(t).has(t, s.Hands[d][0])
	}
	run("show", path, "--reveal").ok(t).has(t, "SPOILER")
}

// chooseOrChance: the decider's first action key, or "chance".
func chooseOrChance(t *testing.T, path string) string {
	t.Helper()
	g, err := saves.Read(path)
	if err != nil {
		t.Fatal(err)
	}
	if g.State.Status().Decider < 0 {
		return "chance"
	}
	return chooseFor(g.State)
}

// TestHiddenInformation_MarshalsPlainShowNamesNoHiddenCounter [#22]: in The
// Marshals, a counter one side cannot identify is never named by 'show' or
// 'legal' without --as, whoever decides.
func TestHiddenInformation_MarshalsPlainShowNamesNoHiddenCounter(t *testing.T) {
	dir := t.TempDir()
	g, err := rules.NewGame("marshals-three-armies", 5, nil)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(5, 22))
	checked := 0
	for step := 0; step < 240 && !g.State.Result().Over; step++ {
		if g.State.Status().Decider == rules.Chance {
			if _, err := g.ResolveChance(); err != nil {
				t.Fatal(err)
			}
			continue
		}
		legal := g.State.Legal()
		if _, err := g.Apply(legal[r.IntN(len(legal))]); err != nil {
			t.Fatal(err)
		}
		if step%30 != 0 {
			continue
		}
		// the names a side's counters hide from the other side
		var hidden []string
		for s := 0; s < 2; s++ {
			seen := map[string]bool{}
			for _, u := range g.State.View(rules.Side(1 - s)).Units {
				if !u.Hidden {
					seen[u.ID] = true
				}
			}
			for _, u := range g.State.View(rules.Side(s)).Units {
				if u.Side == rules.Side(s) && !u.Hidden && !seen[u.ID] && u.At != "" {
					hidden = append(hidden, u.ID, u.Name+" (")
				}
			}
		}
		if len(hidden) == 0 {
			continue
		}
		path := filepath.Join(dir, "m.json")
		if err := saves.Write(path, g); err != nil {
			t.Fatal(err)
		}
		noneIn(t, "show", run("show", path).ok(t).has(t, "public view").out, hidden)
		noneIn(t, "show --json", run("show", path, "--json").ok(t).out, hidden)
		if !publicDecision(g.State) {
			noneIn(t, "legal", run("legal", path, "--keys").ok(t).out, hidden)
		}
		checked++
	}
	if checked < 3 {
		t.Fatalf("only %d states checked", checked)
	}
}
