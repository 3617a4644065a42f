package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"grognard/rules"
	"grognard/rules/rulestest"
	"grognard/saves"
)

type result struct {
	code     int
	out, err string
}

func run(args ...string) result {
	rulestest.Register()
	var o, e bytes.Buffer
	code := Main(args, &o, &e)
	return result{code, o.String(), e.String()}
}

func (r result) ok(t *testing.T) result {
	t.Helper()
	if r.code != 0 {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", r.code, r.out, r.err)
	}
	return r
}

func (r result) fails(t *testing.T, code int, want ...string) result {
	t.Helper()
	if r.code != code {
		t.Fatalf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", r.code, code, r.out, r.err)
	}
	for _, w := range want {
		if !strings.Contains(r.err, w) {
			t.Errorf("stderr does not say %q:\n%s", w, r.err)
		}
	}
	return r
}

func (r result) has(t *testing.T, want ...string) result {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(r.out, w) {
			t.Errorf("stdout does not contain %q:\n%s", w, r.out)
		}
	}
	return r
}

func (r result) json(t *testing.T, v any) {
	t.Helper()
	if err := json.Unmarshal([]byte(r.out), v); err != nil {
		t.Fatalf("--json output does not parse: %v\n%s", err, r.out)
	}
}

// newSave starts a toy game into a fresh file.
func newSave(t *testing.T, seed string, extra ...string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "game.json")
	run(append([]string{"new", "toy-race", "--seed", seed, "--out", path}, extra...)...).ok(t)
	return path
}

func read(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestVersionAndHelp(t *testing.T) {
	for _, a := range []string{"version", "--version", "-v"} {
		run(a).ok(t).has(t, "grognard "+saves.AppVersion)
	}
	var v struct {
		Version string `json:"version"`
		Format  int    `json:"save_format"`
	}
	run("version", "--json").ok(t).json(t, &v)
	if v.Version != saves.AppVersion || v.Format != saves.FormatVersion {
		t.Errorf("version --json = %+v", v)
	}
	h := run("help").ok(t)
	for _, c := range commands {
		h.has(t, "  "+c.name+" ")
		// --help on every command prints its true usage on stdout, status 0.
		r := run(c.name, "--help").ok(t).has(t, "usage: grognard "+c.name)
		if c.name != "version" && c.name != "help" && !strings.Contains(r.out, "-json") {
			t.Errorf("%s --help does not list --json:\n%s", c.name, r.out)
		}
		run("help", c.name).ok(t).has(t, "usage: grognard "+c.name)
	}
	run("new", "--help").has(t, "-seed", "-option", "-force", "-out")
	run("--help").ok(t).has(t, "playout")
	run().fails(t, 2)
	run("frobnicate").fails(t, 2, `unknown command "frobnicate"`)
	run("help", "frobnicate").fails(t, 2, "unknown command")
	run("legal").fails(t, 2, "missing arguments", "usage: grognard legal FILE")
	run("list", "extra").fails(t, 2, `unexpected argument "extra"`)
	run("list", "--bogus").fails(t, 2, "bogus")
}

func TestList(t *testing.T) {
	run("list").ok(t).has(t, "toy  Toy race  (hidden information)",
		"toy-race  Race to 20  (20 turns; sides Red, Blue)",
		"option sprint: Sprint: advance up to 3 [2.1] (default off)")
	var l struct {
		Systems []struct {
			ID        string               `json:"id"`
			Hidden    bool                 `json:"hidden_information"`
			Scenarios []rules.ScenarioInfo `json:"scenarios"`
		} `json:"systems"`
	}
	run("list", "--json").ok(t).json(t, &l)
	for _, s := range l.Systems {
		if s.ID == "toy" {
			if !s.Hidden || len(s.Scenarios) != 1 || s.Scenarios[0].ID != "toy-race" || s.Scenarios[0].Turns != 20 ||
				len(s.Scenarios[0].Sides) != 2 || len(s.Scenarios[0].Options) != 1 {
				t.Errorf("toy in list --json: %+v", s)
			}
			return
		}
	}
	t.Errorf("list --json lacks the toy: %+v", l)
}

func TestNew(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "g.json")
	r := run("new", "toy-race", "--seed", "5", "--out", path).ok(t).has(t, "its seed is sealed in the file", path, "Red decides",
		"this game's seed is not secret", "chosen with --seed")
	// The plain header says the seed was chosen, and show says so.
	if !bytes.Contains(read(t, path), []byte(`"seed_chosen": true`)) {
		t.Errorf("the header does not mark the chosen seed:\n%s", read(t, path))
	}
	run("show", path, "--as", "blue").ok(t).has(t, "this game's seed is not secret", "chosen with --seed")
	run("apply", path, "1").ok(t)
	if g, err := saves.Read(path); err != nil || !g.SeedChosen {
		t.Errorf("the mark is lost on apply: %v", err)
	}
	os.Remove(path)
	run("new", "toy-race", "--seed", "5", "--out", path).ok(t)
	if strings.Contains(r.out, "seed 5") {
		t.Errorf("new printed the seed without --reveal:\n%s", r.out)
	}
	g, err := saves.Read(path)
	if err != nil || g.Seed != 5 || g.Scenario != "toy-race" || len(g.Steps) != 2 {
		t.Fatalf("new game file: %v %+v", err, g)
	}
	before := read(t, path)
	// No overwrite without --force.
	run("new", "toy-race", "--seed", "6", "--out", path).fails(t, 1, "already exists", "--force")
	if !bytes.Equal(before, read(t, path)) {
		t.Fatalf("refused new changed the file")
	}
	// Flags before the scenario, options, --force.
	run("new", "--force", "--out", path, "--option", "sprint=on", "toy-race", "--seed", "6").ok(t)
	g, _ = saves.Read(path)
	if g.Seed != 6 || !g.Options["sprint"] {
		t.Errorf("forced new: seed %d options %v", g.Seed, g.Options)
	}
	var nj struct {
		File     string `json:"file"`
		Scenario string `json:"scenario"`
		Seed     uint64 `json:"seed"`
		Decider  string `json:"decider"`
	}
	p2 := filepath.Join(dir, "h.json")
	if out := run("new", "toy-race", "--out", p2, "--json").ok(t).out; strings.Contains(out, `"seed":`) {
		t.Errorf("new --json printed the seed without --reveal:\n%s", out)
	}
	// --reveal prints the random seed, saying it spoils the game.
	run("new", "toy-race", "--out", p2, "--json", "--force", "--reveal").ok(t).json(t, &nj)
	if nj.File != p2 || nj.Scenario != "toy-race" || nj.Decider != "Red" || nj.Seed == 0 {
		t.Errorf("new --json = %+v", nj)
	}
	if g, err := saves.Read(p2); err != nil || g.Seed != nj.Seed || g.SeedChosen {
		t.Errorf("random seed %d not the one saved: %v", nj.Seed, err)
	}
	if bytes.Contains(read(t, p2), []byte("seed_chosen")) || strings.Contains(run("show", p2).ok(t).out, "chosen") {
		t.Error("a random seed is marked as chosen")
	}
	run("new", "toy-race", "--out", p2, "--force", "--reveal", "--seed", "77").ok(t).has(t, "SPOILER", "seed 77")
	p3 := filepath.Join(dir, "i.json")
	run("new", "toy-race", "--out", p3, "--option", "fog=on").fails(t, 1, `no option "fog"`)
	run("new", "toy-race", "--out", p3, "--option", "sprint=maybe").fails(t, 2, "on or off")
	run("new", "no-such", "--out", p3).fails(t, 1, `unknown scenario "no-such"`)
	run("new", "toy-race").fails(t, 2, "--out FILE is required")
	if _, err := os.Stat(p3); err == nil {
		t.Errorf("failed new commands wrote %s", p3)
	}
}

func TestLegal(t *testing.T) {
	path := newSave(t, "5")
	r := run("legal", path, "--as", "red").ok(t)
	lines := strings.Split(strings.TrimSpace(r.out), "\n")
	want := []string{
		"# turn 1 of 20, Move [2.1], Red decides: Choose how far to advance",
		"1  Advance 1 to 1 [2.1]",
		"2  Advance 2 to 2 [2.1]",
		"3  Play the secret card [2.3]",
	}
	if strings.Join(lines, "\n") != strings.Join(want, "\n") {
		t.Errorf("legal:\n%s\nwant:\n%s", r.out, strings.Join(want, "\n"))
	}
	run("legal", path, "--keys", "--as", "red").ok(t).has(t, "1  move u=red to=1  Advance 1 to 1 [2.1]", "3  play c=card  Play")
	var lj struct {
		Decider string      `json:"decider"`
		Chance  bool        `json:"chance"`
		Actions []legalItem `json:"actions"`
	}
	run("legal", "--json", path, "--as", "red").ok(t).json(t, &lj)
	if lj.Decider != "Red" || lj.Chance || len(lj.Actions) != 3 || lj.Actions[1].Key != "move u=red to=2" || lj.Actions[1].Rule != "2.1" || lj.Actions[1].N != 2 {
		t.Errorf("legal --json = %+v", lj)
	}
}

// chanceSave writes a toy game stopped at the bonus roll (rule 3).
func chanceSave(t *testing.T) string {
	t.Helper()
	rulestest.Register()
	g, err := rules.NewGame("toy-race", 11, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range []rules.Action{{Kind: "move", Unit: "red", To: "1"}, {Kind: "end"}} {
		if _, err := g.ApplyOne(a); err != nil {
			t.Fatal(err)
		}
	}
	path := filepath.Join(t.TempDir(), "chance.json")
	if err := saves.Write(path, g); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestLegalAndApplyAtChance(t *testing.T) {
	path := chanceSave(t)
	// The toy system has hidden information: the odds are not listed.
	r := run("legal", path).ok(t).has(t, "chance decides", "1  Let the game's generator draw the outcome", "--reveal lists them")
	if strings.Contains(r.out, "/6") {
		t.Errorf("odds listed without --reveal:\n%s", r.out)
	}
	r = run("legal", path, "--reveal").ok(t).has(t, "SPOILER", "Roll 1 [3]  1/6", "Roll 6 [3]  1/6")
	if n := strings.Count(r.out, "/6"); n != 6 {
		t.Errorf("%d outcomes listed:\n%s", n, r.out)
	}
	var lj struct {
		Chance   bool        `json:"chance"`
		Actions  []legalItem `json:"actions"`
		Outcomes []legalItem `json:"outcomes"`
	}
	run("legal", path, "--json", "--reveal").ok(t).json(t, &lj)
	if !lj.Chance || len(lj.Actions) != 1 || lj.Actions[0].Key != "chance" || len(lj.Outcomes) != 6 || lj.Outcomes[5].Num != 1 || lj.Outcomes[5].Den != 6 {
		t.Errorf("legal --json at chance: %+v", lj)
	}
	// A chosen outcome is refused: the save would fail its check on load.
	before := read(t, path)
	run("apply", path, "6").fails(t, 1, "chance decides now: give 'chance' (or 1", "nothing written")
	run("apply", path, `{"kind":"roll","dice":[6]}`).fails(t, 1, "chance decides now")
	if !bytes.Equal(before, read(t, path)) {
		t.Fatal("a refused chance outcome changed the file")
	}
	// 'chance' (or 1) lets the generator roll; the file loads (its roll is the generator's).
	other := filepath.Join(t.TempDir(), "other.json")
	os.WriteFile(other, before, 0o644)
	run("apply", other, "1").ok(t).has(t, "> chance: the game's generator draws")
	run("apply", path, "chance").ok(t).has(t, "> chance: the game's generator draws", "Bonus roll", "Turn 1: Blue to move [2]", "Blue decides")
	if _, err := saves.Read(path); err != nil {
		t.Fatal(err)
	}
}

func TestApply(t *testing.T) {
	path := newSave(t, "5")
	// By number (Red advances 2), by key (end the move; the bonus roll follows).
	run("apply", path, "2", "end", "--as", "red").ok(t).has(t, "> Red: Advance 2 to 2 [2.1]", "Red advances 2 to 2 [2.1]",
		"Red ends the move [2.2]", "Bonus roll", "Blue decides")
	g, err := saves.Read(path)
	if err != nil || len(g.Steps) != 5 {
		t.Fatalf("after apply: %v, %d steps", err, len(g.Steps))
	}
	// As JSON, with --json output.
	var aj struct {
		Applied []struct {
			By     string `json:"by"`
			Events []struct {
				Line string `json:"line"`
				Rule string `json:"rule"`
			} `json:"events"`
		} `json:"applied"`
		Decider string `json:"decider"`
	}
	run("apply", "--json", path, `{"kind":"move","unit":"blue","to":"1"}`).ok(t).json(t, &aj)
	if len(aj.Applied) != 1 || aj.Applied[0].By != "Blue" || aj.Applied[0].Events[0].Line != "Blue advances 1 to 1 [2.1]" || aj.Applied[0].Events[0].Rule != "2.1" || aj.Decider != "Blue" {
		t.Errorf("apply --json = %+v", aj)
	}

	// An illegal action: refused with the rule, non-zero exit, file untouched,
	// even when earlier actions on the same command line were legal.
	before := read(t, path)
	run("apply", path, "end", "move u=red to=9").fails(t, 1, "action 2 (move u=red to=9)",
		"illegal: a runner advances 1 to 2 squares a move", "[2.1]", "nothing written")
	run("apply", path, "move u=blue to=3").fails(t, 1, "illegal: Blue has already advanced this move [2.2]")
	run("apply", path, "7").fails(t, 1, "there is no action 7: 1 legal actions")
	run("apply", path, "u=blue").fails(t, 1, "cannot read action")
	run("apply", path, `{"kind":`).fails(t, 1, "cannot read the action as JSON")
	run("apply", path).fails(t, 2, "missing arguments")
	if !bytes.Equal(before, read(t, path)) {
		t.Fatalf("a refused apply changed the file")
	}
	// A broken save is refused by name, and left alone.
	bad := filepath.Join(t.TempDir(), "bad.json")
	broken := bytes.Replace(before, []byte(`"turn": 1,`), []byte(`"turn": 2,`), 1)
	os.WriteFile(bad, broken, 0o644)
	run("apply", bad, "1").fails(t, 1, bad+": the seal does not verify")
	run("legal", bad).fails(t, 1, "the seal does not verify")
	if !bytes.Equal(broken, read(t, bad)) {
		t.Errorf("apply changed a broken save")
	}

	// Play to the end; then apply refuses.
	for i := 0; i < 200; i++ {
		g, _ := saves.Read(path)
		if g.State.Result().Over {
			break
		}
		run("apply", path, "1").ok(t)
	}
	run("legal", path).ok(t).has(t, "# game over: ", "wins", "reached 20 first [4]")
	run("apply", path, "1").fails(t, 1, "the game is over")
}

// cards returns each side's secret card id in a save.
func cards(t *testing.T, path string) [2]string {
	t.Helper()
	g, err := saves.Read(path)
	if err != nil {
		t.Fatal(err)
	}
	var r rulestest.Race
	b, _ := g.State.Snapshot()
	json.Unmarshal(b, &r)
	return [2]string{"card-" + strconv.Itoa(r.Card[0]), "card-" + strconv.Itoa(r.Card[1])}
}

func TestShowHidesTheOtherSidesCard(t *testing.T) {
	// A seed where the two secret cards differ (rule 1.2).
	var path string
	var c [2]string
	for seed := 1; ; seed++ {
		path = newSave(t, strconv.Itoa(seed))
		if c = cards(t, path); c[0] != c[1] {
			break
		}
	}
	red := run("show", path, "--as", "Red").ok(t).has(t, "view of Red (side 0; --as)", "hand of Red:", c[0], "score:", "Red 0, Blue 0 of 20 [4]",
		"units:", "red  Red runner (Red, runner) at 0", "markers:", "20  objective  Finish [4]", "cards held:", "Red 1, Blue 1")
	if strings.Contains(red.out, c[1]) {
		t.Errorf("Red's view shows Blue's card %s:\n%s", c[1], red.out)
	}
	blue := run("show", path, "--as", "1").ok(t).has(t, "view of Blue (side 1; --as)", c[1])
	if strings.Contains(blue.out, c[0]) {
		t.Errorf("Blue's view shows Red's card %s:\n%s", c[0], blue.out)
	}
	// Without --as (a game with hidden information): the public view, saying so [#22].
	pub := run("show", path).ok(t).has(t, "Race to 20 (toy-race)", "turn 1 of 20, Move [2.1], Red decides", "public view (the public view: this game has hidden information", "cards held:", "Red 1, Blue 1")
	if strings.Contains(pub.out, c[0]) || strings.Contains(pub.out, c[1]) || strings.Contains(pub.out, "legal actions") {
		t.Errorf("the public view shows a card or the decider's actions:\n%s", pub.out)
	}
	var sj struct {
		ViewerName string     `json:"viewer_name"`
		View       rules.View `json:"view"`
	}
	run("show", path, "--as", "blue", "--json").ok(t).json(t, &sj)
	if sj.ViewerName != "Blue" || len(sj.View.Hand) != 1 || sj.View.Hand[0].ID != c[1] || len(sj.View.Legal) != 0 || len(sj.View.Units) != 2 {
		t.Errorf("show --json = %+v", sj)
	}
	if strings.Contains(run("show", path, "--as", "blue", "--json").out, c[0]) {
		t.Errorf("Blue's JSON view holds Red's card")
	}
	run("show", path, "--as", "Green").fails(t, 2, `no side "Green"`, "Red, Blue")
	// At a chance point: the public view too.
	run("show", chanceSave(t)).ok(t).has(t, "public view")
}

func TestPlayout(t *testing.T) {
	run("playout", "toy-race", "--games", "20", "--seed", "3").ok(t).has(t, "toy-race: 20 games", "actions per game", "wins: Red ", ", Blue ", "draws 0", "actions per second")
	var pj struct {
		Games   int            `json:"games"`
		Actions int            `json:"actions"`
		Mean    float64        `json:"mean_actions"`
		Wins    map[string]int `json:"wins"`
		Draws   int            `json:"draws"`
		PerSec  float64        `json:"actions_per_second"`
	}
	run("playout", "toy-race", "--games", "20", "--seed", "3", "--json", "--option", "sprint=on").ok(t).json(t, &pj)
	if pj.Games != 20 || pj.Wins["Red"]+pj.Wins["Blue"]+pj.Draws != 20 || pj.Mean < 10 || pj.PerSec <= 0 || pj.Actions < 200 {
		t.Errorf("playout --json = %+v", pj)
	}
	run("playout", "no-such").fails(t, 1, `unknown scenario "no-such"`)
	run("playout", "toy-race", "--games", "0").fails(t, 2, "at least 1")
	run("playout", "toy-race", "--max-actions", "5").fails(t, 1, "no result after 5 actions")
}

func TestParseKeyRoundTrip(t *testing.T) {
	a := rules.Action{Kind: "fire", Unit: "u1", Units: []string{"u2", "u3"}, From: "0101", To: "0203", Facing: 4, Choice: "volley", Dice: []int{3, 6}}
	b, err := parseKey(a.Key())
	if err != nil || b.Key() != a.Key() {
		t.Errorf("parseKey(%q) = %+v, %v", a.Key(), b, err)
	}
	for _, bad := range []string{"", "to=3", "move x", "move f=two", "move d=1,x", "move zz=1"} {
		if _, err := parseKey(bad); err == nil {
			t.Errorf("parseKey(%q) accepted", bad)
		}
	}
}
