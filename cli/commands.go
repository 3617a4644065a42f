package cli

import (
	"crypto/rand"
	"encoding/binary"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	iofs "io/fs"
	"os"
	"strconv"
	"strings"
	"time"

	"grognard/rules"
	"grognard/saves"
)

// optionFlags collects repeated --option id=on|off.
type optionFlags rules.Options

func (o optionFlags) String() string {
	var parts []string
	for k, v := range o {
		parts = append(parts, k+"="+onOff(v))
	}
	return strings.Join(parts, ",")
}

func (o optionFlags) Set(s string) error {
	id, val, has := strings.Cut(s, "=")
	if id == "" {
		return fmt.Errorf("option %q: want id=on or id=off", s)
	}
	on := true
	if has {
		switch strings.ToLower(val) {
		case "on", "true", "yes", "1":
		case "off", "false", "no", "0":
			on = false
		default:
			return fmt.Errorf("option %q: the value must be on or off", s)
		}
	}
	o[id] = on
	return nil
}

func onOff(b bool) string {
	if b {
		return "on"
	}
	return "off"
}

// sideName names a side as the scenario does ("Red"), or chance/nobody.
func sideName(st rules.State, s rules.Side) string {
	switch s {
	case rules.Chance:
		return "chance"
	case rules.NoSide:
		return "nobody"
	}
	if sides := st.Sides(); int(s) >= 0 && int(s) < len(sides) {
		return sides[s]
	}
	return s.String()
}

// parseSide reads a side by name (any case) or by index.
func parseSide(st rules.State, s string) (rules.Side, error) {
	sides := st.Sides()
	for i, n := range sides {
		if strings.EqualFold(n, s) {
			return rules.Side(i), nil
		}
	}
	if i, err := strconv.Atoi(s); err == nil && i >= 0 && i < len(sides) {
		return rules.Side(i), nil
	}
	return 0, usagef("no side %q: the sides are %s (or 0..%d)", s, strings.Join(sides, ", "), len(sides)-1)
}

// statusLine sums up where a game stands.
func statusLine(st rules.State) string {
	s := st.Status()
	if r := st.Result(); r.Over {
		if r.Winner == rules.NoSide {
			return "game over: a draw. " + r.Reason
		}
		return fmt.Sprintf("game over: %s wins. %s", sideName(st, r.Winner), r.Reason)
	}
	turn := fmt.Sprintf("turn %d", s.Turn)
	if s.Turns > 0 {
		turn += fmt.Sprintf(" of %d", s.Turns)
	}
	phase := s.Phase
	if s.SubPhase != "" {
		phase += " / " + s.SubPhase
	}
	// Some systems name the rule in the phase or sub-phase already, and
	// some prompts begin with the decider's name: say each once.
	if s.PhaseRule != "" && !strings.Contains(phase, "["+s.PhaseRule+"]") {
		phase += " [" + s.PhaseRule + "]"
	}
	name := sideName(st, s.Decider)
	who := name + " decides"
	if s.Decider == rules.Chance {
		name, who = "chance", "chance decides"
	}
	if p := s.Prompt; p != "" {
		for _, lead := range []string{who + ": ", name + ": "} {
			p = strings.TrimPrefix(p, lead)
		}
		who += ": " + p
	}
	return fmt.Sprintf("%s, %s, %s", turn, phase, who)
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	if a < 0 {
		return -a
	}
	return a
}

// ---- list ----

var listCmd = &command{
	name:    "list",
	args:    "[--json]",
	summary: "List the game systems and their scenarios, with ids, turns, sides and optional rules.",
	maxArgs: 0,
	setup: func(fs *flag.FlagSet) func(*env, []string) error {
		return func(e *env, _ []string) error {
			type sys struct {
				rules.SystemInfo
				Scenarios []rules.ScenarioInfo `json:"scenarios"`
			}
			var all []sys
			for _, s := range rules.Systems() {
				all = append(all, sys{s, rules.Scenarios(s.ID)})
			}
			if e.json {
				if all == nil {
					all = []sys{}
				}
				return e.writeJSON(map[string]any{"systems": all})
			}
			if len(all) == 0 {
				e.printf("no game systems are built into this program\n")
				return nil
			}
			for _, s := range all {
				hidden := ""
				if s.Hidden {
					hidden = "  (hidden information)"
				}
				e.printf("%s  %s%s\n", s.ID, s.Name, hidden)
				for _, sc := range s.Scenarios {
					turns := "open-ended"
					if sc.Turns > 0 {
						turns = fmt.Sprintf("%d turns", sc.Turns)
					}
					e.printf("  %s  %s  (%s; sides %s)\n", sc.ID, sc.Name, turns, strings.Join(sc.Sides, ", "))
					for _, o := range sc.Options {
						e.printf("      option %s: %s [%s] (default %s)\n", o.ID, o.Name, o.Rule, onOff(o.Default))
					}
				}
			}
			return nil
		}
	},
}

// ---- new ----

var newCmd = &command{
	name:    "new",
	args:    "SCENARIO --out FILE [--seed N] [--option id=on|off ...] [--force] [--reveal] [--json]",
	summary: "Start a game of a scenario into a save file.",
	detail: "The seed fixes every die roll and draw of the game. Without --seed a random one is chosen\n" +
		"and kept sealed in the save: it is never printed (whoever knows it can rebuild every hand and\n" +
		"every die to come), unless --reveal asks for it. Give --seed only to replay a known game; for a\n" +
		"fair game let Grognard choose. A chosen seed is marked in the save's plain header\n" +
		"(seed_chosen) and 'grognard show' says so. An existing file is not overwritten unless --force\n" +
		"is given.",
	minArgs: 1, maxArgs: 1,
	setup: func(fs *flag.FlagSet) func(*env, []string) error {
		out := fs.String("out", "", "the save file to write (required)")
		seed := fs.Uint64("seed", 0, "seed of the game's dice and draws (default: random)")
		force := fs.Bool("force", false, "overwrite FILE if it exists")
		reveal := fs.Bool("reveal", false, "SPOILER: also print the seed, from which every hand and die of the game follows")
		opts := optionFlags{}
		fs.Var(opts, "option", "set an optional rule: id=on or id=off (repeatable; see 'grognard list')")
		return func(e *env, pos []string) error {
			if *out == "" {
				return usagef("--out FILE is required")
			}
			seedSet := false
			fs.Visit(func(f *flag.Flag) { seedSet = seedSet || f.Name == "seed" })
			if !seedSet {
				*seed = randomSeed()
			}
			if _, err := os.Stat(*out); err == nil && !*force {
				return fmt.Errorf("%s already exists (use --force to overwrite it)", *out)
			} else if err != nil && !errors.Is(err, iofs.ErrNotExist) {
				return err
			}
			var o rules.Options
			if len(opts) > 0 {
				o = rules.Options(opts)
			}
			g, err := rules.NewGame(pos[0], *seed, o)
			if err != nil {
				return err
			}
			g.SeedChosen = seedSet
			if err := saves.Write(*out, g); err != nil {
				return err
			}
			sc, _ := rules.ScenarioByID(pos[0])
			if e.json {
				m := map[string]any{
					"file": *out, "system": sc.System, "scenario": sc.ID, "name": sc.Name, "seed_chosen": seedSet,
					"options": o, "status": g.State.Status(), "decider": sideName(g.State, g.State.Status().Decider),
				}
				if *reveal {
					m["seed"], m["spoiler"] = *seed, spoiler
				}
				return e.writeJSON(m)
			}
			if *reveal {
				e.printf("# %s\n", spoiler)
				e.printf("new game of %s (%s), seed %d, written to %s\n", sc.Name, sc.ID, *seed, *out)
			} else {
				e.printf("new game of %s (%s) written to %s (its seed is sealed in the file)\n", sc.Name, sc.ID, *out)
			}
			if seedSet {
				e.printf("%s\n", chosenNote)
			}
			e.printf("%s\n", statusLine(g.State))
			return nil
		}
	},
}

// chosenNote warns that a game's seed was given by a player.
const chosenNote = "note: this game's seed is not secret, so the game is not proven fair: it was chosen with --seed, or the game was saved in the old format 1, which kept it in plain text (the save says so); whoever knows it can know every hand, draw and die"

// spoiler heads every output of --reveal.
const spoiler = "SPOILER (--reveal): this shows what the players may not know (hands, the seed, hence every draw and die to come); it spoils the game"

// hiddenSystem reports whether a game's system has hidden information.
func hiddenSystem(st rules.State) bool {
	info, _ := rules.SystemByID(st.System())
	return info.Hidden
}

// randomSeed picks a seed for a new game (the command line may use the
// system's randomness; the rules never do).
func randomSeed() uint64 {
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		return uint64(time.Now().UnixNano())
	}
	return binary.LittleEndian.Uint64(b[:])
}

// ---- legal ----

type legalItem struct {
	N      int          `json:"n"`
	Key    string       `json:"key"`
	Label  string       `json:"label"`
	Rule   string       `json:"rule,omitempty"`
	Info   string       `json:"info,omitempty"`
	Text   string       `json:"text"`
	Action rules.Action `json:"action"`
	// At a chance point: the exact probability Num/Den.
	Num int `json:"num,omitempty"`
	Den int `json:"den,omitempty"`
}

// legalItems numbers the decider's legal actions from 1, in Legal() order
// (the order 'apply' reads numbers in).
func legalItems(st rules.State) []legalItem {
	legal := st.Legal()
	weights := map[string]int{}
	total := 0
	chance := st.Status().Decider == rules.Chance
	if chance {
		for _, o := range st.Chances() {
			weights[o.Action.Key()] += o.Weight
			total += o.Weight
		}
	}
	items := make([]legalItem, 0, len(legal))
	for i, a := range legal {
		it := legalItem{N: i + 1, Key: a.Key(), Label: a.Label, Rule: a.Rule, Info: a.Info, Text: a.String(), Action: a}
		if it.Label == "" {
			it.Label = it.Key
		}
		if chance && total > 0 {
			w := weights[a.Key()]
			d := gcd(w, total)
			if d == 0 {
				d = 1
			}
			it.Num, it.Den = w/d, total/d
		}
		items = append(items, it)
	}
	return items
}

func (it legalItem) line(keys bool) string {
	s := fmt.Sprintf("%d  ", it.N)
	if keys {
		s += it.Key + "  "
	}
	s += it.Text
	if it.Info != "" && !strings.Contains(it.Text, it.Info) {
		s += "  (" + it.Info + ")"
	}
	if it.Den > 0 {
		s += fmt.Sprintf("  %d/%d", it.Num, it.Den)
	}
	return s
}

var legalCmd = &command{
	name:    "legal",
	args:    "FILE [--as SIDE] [--keys] [--reveal] [--json]",
	summary: "List the legal actions of whoever decides now in a save, numbered from 1.",
	detail: "Each line is NUMBER  LABEL [RULE]; give the number (or the key shown with --keys) to\n" +
		"'grognard apply'. The first line, starting with '#', says where the game stands. The list is\n" +
		"for the eyes of the side that decides (it names that side's cards); with --as SIDE it is printed\n" +
		"only if SIDE decides, otherwise the output says who decides and lists nothing. In a game with\n" +
		"hidden information, without --as (or --reveal) nothing private is listed: only a decision\n" +
		"that needs nothing secret (the rules say so) is listed, else the output says to give --as.\n" +
		"At a chance point the one action is 'chance': the game's generator draws the outcome. The\n" +
		"possible outcomes and their exact probabilities are listed too, except in a system with hidden\n" +
		"information (the odds of a draw tell what is left in the deck), unless --reveal is given.",
	minArgs: 1, maxArgs: 1,
	setup: func(fs *flag.FlagSet) func(*env, []string) error {
		keys := fs.Bool("keys", false, "also print each action's key")
		as := fs.String("as", "", "list only if this side (name or index) decides now")
		reveal := fs.Bool("reveal", false, "SPOILER: at a chance point, list the outcomes even where they tell hidden information")
		return func(e *env, pos []string) error {
			g, err := saves.Read(pos[0])
			if err != nil {
				return err
			}
			st := g.State
			dec := st.Status().Decider
			chance := dec == rules.Chance && !st.Result().Over
			items := []legalItem{}
			var outcomes []legalItem
			who := sideName(st, dec)
			notYours := false
			if *as != "" {
				side, err := parseSide(st, *as)
				if err != nil {
					return err
				}
				notYours = side != dec
				who = sideName(st, side)
			}
			public := publicOnly(st, *as, *reveal) && !chance && !st.Result().Over
			hide := public && !publicDecision(st)
			switch {
			case notYours, hide:
			case chance:
				items = append(items, legalItem{N: 1, Key: "chance", Label: "Let the game's generator draw the outcome",
					Text: "Let the game's generator draw the outcome", Action: rules.Action{Kind: "chance"}})
				if *reveal || !hiddenSystem(st) {
					outcomes = legalItems(st)
				}
			default:
				items = legalItems(st)
			}
			if e.json {
				m := map[string]any{
					"file": pos[0], "status": st.Status(), "result": st.Result(),
					"decider": sideName(st, dec), "chance": chance, "actions": items,
				}
				if outcomes != nil {
					m["outcomes"] = outcomes
				}
				if notYours {
					m["note"] = who + " does not decide now"
				} else if hide {
					m["note"] = publicNote + "; the actions of " + who + " are listed with --as " + who
				}
				if *reveal {
					m["spoiler"] = spoiler
				}
				return e.writeJSON(m)
			}
			if *reveal {
				e.printf("# %s\n", spoiler)
			}
			e.printf("# %s\n", statusLine(st))
			if notYours {
				e.printf("# %s does not decide now: no action for %s\n", who, who)
				return nil
			}
			if hide {
				e.printf("# %s\n# the actions of %s are its own: 'grognard legal %s --as %s' lists them\n", publicNote, who, pos[0], who)
				return nil
			}
			if public {
				e.printf("# a public decision: nothing in it is secret\n")
			}
			for _, it := range items {
				e.printf("%s\n", it.line(*keys))
			}
			if chance && outcomes == nil && !st.Result().Over {
				e.printf("# the outcomes are not listed: their odds would tell hidden information (--reveal lists them)\n")
			}
			for _, it := range outcomes {
				it.N = 0
				e.printf("#   %s\n", strings.TrimPrefix(it.line(*keys), "0  "))
			}
			return nil
		}
	},
}

// ---- apply ----

// resolveAction reads one ACTION argument: a number from 'legal', an
// action's key text, or the action as JSON. A key or JSON that is not
// legal is still returned, so the rules can say why it is refused.
func resolveAction(st rules.State, arg string) (rules.Action, error) {
	legal := st.Legal()
	arg = strings.TrimSpace(arg)
	if n, err := strconv.Atoi(arg); err == nil {
		if n < 1 || n > len(legal) {
			return rules.Action{}, fmt.Errorf("there is no action %d: %d legal actions now (see 'grognard legal')", n, len(legal))
		}
		return legal[n-1], nil
	}
	var a rules.Action
	if strings.HasPrefix(arg, "{") {
		var err error
		if a, err = parseActionJSON(arg); err != nil {
			return a, err
		}
	} else {
		for _, l := range legal {
			if l.Key() == arg {
				return l, nil
			}
		}
		var err error
		if a, err = parseKey(arg); err != nil {
			return a, err
		}
	}
	if l, ok := rules.FindLegal(st, a); ok {
		return l, nil
	}
	return a, nil
}

// parseActionJSON reads an action given as JSON, refusing fields an action
// does not have (naming them) and anything after the object.
func parseActionJSON(arg string) (rules.Action, error) {
	var a rules.Action
	dec := json.NewDecoder(strings.NewReader(arg))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&a); err != nil {
		msg := err.Error()
		if f, ok := strings.CutPrefix(msg, "json: unknown field "); ok {
			return rules.Action{}, fmt.Errorf("cannot read the action as JSON: an action has no field %s (its fields: kind, unit, units, from, to, facing, choice, dice, label, rule, info)", f)
		}
		return rules.Action{}, fmt.Errorf("cannot read the action as JSON: %v", err)
	}
	if dec.More() {
		return rules.Action{}, fmt.Errorf("cannot read the action as JSON: text after the action's closing brace")
	}
	var rest json.RawMessage
	if err := dec.Decode(&rest); err == nil {
		return rules.Action{}, fmt.Errorf("cannot read the action as JSON: text after the action's closing brace")
	}
	return a, nil
}

// parseKey reads an action from its Key() text (rules.ParseKey), with the
// forms the command line accepts in its error.
func parseKey(s string) (rules.Action, error) {
	a, err := rules.ParseKey(s)
	if err != nil {
		return rules.Action{}, fmt.Errorf("cannot read action %q (%v): give a number from 'grognard legal', a key such as \"move u=UNIT to=HEX\", or JSON", s, err)
	}
	return a, nil
}

type appliedJSON struct {
	Action rules.Action `json:"action"`
	By     string       `json:"by"`
	Events []eventJSON  `json:"events"`
}

// eventJSON is an event as one viewer may read it: Text is its public text,
// or the viewer's own fuller text when the viewer owns its secret part.
// The secret text of another side is never included.
type eventJSON struct {
	Kind  string     `json:"kind"`
	Text  string     `json:"text"`
	Rule  string     `json:"rule,omitempty"`
	Side  rules.Side `json:"side"`
	Units []string   `json:"units,omitempty"`
	Dice  []int      `json:"dice,omitempty"`
	Mods  []string   `json:"mods,omitempty"`
	// Private says the text is the viewer's own secret version.
	Private bool   `json:"private,omitempty"`
	Line    string `json:"line"`
}

// eventFor renders an event for viewer; reveal shows every secret.
func eventFor(ev rules.Event, viewer rules.Side, reveal bool) eventJSON {
	if reveal && ev.Private != "" {
		viewer = ev.Owner
	}
	j := eventJSON{Kind: ev.Kind, Text: ev.Text, Rule: ev.Rule, Side: ev.Side, Units: ev.Units, Dice: ev.Dice, Mods: ev.Mods,
		Line: ev.TextFor(viewer)}
	if ev.Private != "" && viewer == ev.Owner {
		j.Text, j.Private = ev.Private, true
	}
	return j
}

var applyCmd = &command{
	name:    "apply",
	args:    "FILE ACTION... [--as SIDE] [--reveal] [--json]",
	summary: "Apply actions to a save and print what happened, with rule numbers.",
	detail: "Each ACTION is a number as printed by 'grognard legal' (numbers are read against the legal\n" +
		"actions at that moment, so a later number refers to the list after the earlier actions), an\n" +
		"action key as printed by 'grognard legal --keys' (quote it), or the action as JSON (an unknown\n" +
		"field is refused). Die rolls and draws that follow are resolved with the game's seeded\n" +
		"generator. At a chance point give 'chance' (or 1): the outcome cannot be chosen, as a save\n" +
		"with a chosen outcome would be refused on load. An illegal action is refused with the rule it\n" +
		"breaks and nothing is written; the file is rewritten (atomically; through a symbolic link, to\n" +
		"its target) only when every action succeeds, and never when it is read-only.\n" +
		"What is printed: each action's events as the side that decided it may read them (its own\n" +
		"secrets, such as the card it drew, but never the other side's); after 'chance', public text\n" +
		"only. In a game with hidden information that holds only with --as: without it, only the public\n" +
		"text is printed (the action itself is named only when its decision is public). --as SIDE\n" +
		"requires every ACTION but 'chance' to be SIDE's decision and prints everything as SIDE sees\n" +
		"it. --reveal prints every side's secrets (a spoiler; the output says so).",
	minArgs: 2, maxArgs: -1,
	setup: func(fs *flag.FlagSet) func(*env, []string) error {
		as := fs.String("as", "", "every ACTION must be this side's (name or index); print as it sees the game")
		reveal := fs.Bool("reveal", false, "SPOILER: print every side's secret text too")
		return func(e *env, pos []string) error {
			path := pos[0]
			g, err := saves.Read(path)
			if err != nil {
				return err
			}
			if err := writable(path); err != nil {
				return err
			}
			asSide := rules.NoSide
			if *as != "" {
				if asSide, err = parseSide(g.State, *as); err != nil {
					return err
				}
			}
			done := []appliedJSON{}
			var lines []string
			for i, arg := range pos[1:] {
				st := g.State
				if r := st.Result(); r.Over {
					return fmt.Errorf("action %d (%s): the game is over; nothing written to %s", i+1, arg, path)
				}
				by := st.Status().Decider
				if *as != "" && by != asSide && by != rules.Chance {
					return fmt.Errorf("action %d (%s): %s decides now, not %s (--as); nothing written to %s", i+1, arg, sideName(st, by), sideName(st, asSide), path)
				}
				var evs []rules.Event
				var a rules.Action
				wasPublic := publicDecision(st)
				if by == rules.Chance {
					if t := strings.TrimSpace(arg); t != "chance" && t != "1" {
						return fmt.Errorf("action %d (%s): chance decides now: give 'chance' (or 1, as 'grognard legal' numbers it) and the game's generator draws the outcome (a chosen outcome would make the save fail its check on load); nothing written to %s", i+1, arg, path)
					}
					a = rules.Action{Kind: "chance", Label: "the game's generator draws"}
					evs, err = g.ResolveChance()
				} else {
					if strings.TrimSpace(arg) == "chance" {
						return fmt.Errorf("action %d (chance): no chance point now, %s decides; nothing written to %s", i+1, sideName(st, by), path)
					}
					if a, err = resolveAction(st, arg); err != nil {
						return fmt.Errorf("action %d (%s): %v; nothing written to %s", i+1, arg, err, path)
					}
					evs, err = g.Apply(a)
				}
				if err != nil {
					return fmt.Errorf("action %d (%s): %v; nothing written to %s", i+1, a.Key(), err, path)
				}
				// Events as the deciding side may read them.
				viewer := by
				if by < 0 {
					viewer = rules.NoSide
				}
				if *as != "" {
					viewer = asSide
				}
				shown := a
				if publicOnly(st, *as, *reveal) && by >= 0 {
					viewer = rules.NoSide // public text only [#22]
					if !wasPublic {
						shown = hiddenAction(st, by)
					}
				}
				aj := appliedJSON{Action: shown, By: sideName(st, by), Events: []eventJSON{}}
				lines = append(lines, fmt.Sprintf("> %s: %s", sideName(st, by), shown.String()))
				for _, ev := range evs {
					j := eventFor(ev, viewer, *reveal)
					aj.Events = append(aj.Events, j)
					lines = append(lines, j.Line)
				}
				done = append(done, aj)
			}
			if err := saves.Write(path, g); err != nil {
				return fmt.Errorf("%v; nothing written", err)
			}
			if e.json {
				m := map[string]any{
					"file": path, "applied": done, "status": g.State.Status(), "result": g.State.Result(),
					"decider": sideName(g.State, g.State.Status().Decider),
				}
				if *reveal {
					m["spoiler"] = spoiler
				}
				return e.writeJSON(m)
			}
			if *reveal {
				e.printf("# %s\n", spoiler)
			}
			for _, l := range lines {
				e.printf("%s\n", l)
			}
			e.printf("# %s\n", statusLine(g.State))
			return nil
		}
	},
}

// writable refuses a save the user made read-only, before any work.
func writable(path string) error {
	st, err := os.Stat(path)
	if err != nil {
		return err
	}
	if st.Mode().Perm()&0o200 == 0 {
		return fmt.Errorf("%s is read-only: nothing applied, nothing written (make it writable, or copy it)", path)
	}
	return nil
}

// ---- show ----

var showCmd = &command{
	name:    "show",
	args:    "FILE [--as SIDE] [--step N] [--reveal] [--json]",
	summary: "Show a save as one side sees it: turn, phase, decider, units, markers, score, hand.",
	detail: "With --as (a side name or index) the output is that side's view only, hiding what it may\n" +
		"not know. Without --as it is the view of the side that decides now (side 0 when chance\n" +
		"decides or the game is over); in a game with hidden information that is not over, it is the\n" +
		"public view (what both sides may see). The first lines say whose view it is. The seed is never shown\n" +
		"(it tells every hand and die to come). --reveal shows everything: the seed, every side's\n" +
		"view and the whole state; its output says it spoils the game.\n" +
		"--step N shows the game as it stood after the first N steps of its record (0: the start;\n" +
		"steps count every action, chance outcomes included; 'show --json' gives the number of steps);\n" +
		"without --as it too is the public view in a game with hidden information.",
	minArgs: 1, maxArgs: 1,
	setup: func(fs *flag.FlagSet) func(*env, []string) error {
		as := fs.String("as", "", "show the view of this side (name or index)")
		reveal := fs.Bool("reveal", false, "SPOILER: show the seed, every side's hand and the whole state")
		step := fs.Int("step", 0, "show the state after the first N steps of the game's record")
		return func(e *env, pos []string) error {
			if !flagSet(fs, "step") {
				g, err := saves.Read(pos[0])
				if err != nil {
					return err
				}
				return showGame(e, pos[0], g, *as, *reveal, -1)
			}
			tl, err := saves.ReadTimeline(pos[0])
			if err != nil {
				return err
			}
			g, err := tl.GameAt(*step)
			if err != nil {
				return err
			}
			return showGame(e, pos[0], g, *as, *reveal, *step)
		}
	},
}

// flagSet reports whether the flag name was given on the command line.
func flagSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

// ---- branch ----

var branchCmd = &command{
	name:    "branch",
	args:    "FILE --step N --out NEW [--force] [--json]",
	summary: "Start a new game from the moment after step N of a save, to play it another way.",
	detail: "NEW holds the game as it stood after the first N steps of FILE (0: the start), with the same\n" +
		"seed: the game's generator at each step is FILE's, so the same choices give the same dice and\n" +
		"draws. Chance outcomes pending at that moment are drawn as in FILE. FILE is only read,\n" +
		"never changed; NEW is not overwritten unless --force is given, and may not be FILE. Nothing\n" +
		"secret is printed.",
	minArgs: 1, maxArgs: 1,
	setup: func(fs *flag.FlagSet) func(*env, []string) error {
		step := fs.Int("step", 0, "the number of steps of FILE to keep (required)")
		out := fs.String("out", "", "the new save file (required)")
		force := fs.Bool("force", false, "overwrite NEW if it exists")
		return func(e *env, pos []string) error {
			if *out == "" {
				return usagef("--out NEW is required")
			}
			if !flagSet(fs, "step") {
				return usagef("--step N is required")
			}
			if a, err1 := os.Stat(pos[0]); err1 == nil {
				if b, err2 := os.Stat(*out); err2 == nil && os.SameFile(a, b) {
					return fmt.Errorf("--out %s is %s itself: a branch goes into a new file", *out, pos[0])
				}
			}
			if _, err := os.Stat(*out); err == nil && !*force {
				return fmt.Errorf("%s already exists (use --force to overwrite it)", *out)
			} else if err != nil && !errors.Is(err, iofs.ErrNotExist) {
				return err
			}
			tl, err := saves.ReadTimeline(pos[0])
			if err != nil {
				return err
			}
			g, err := tl.GameAt(*step)
			if err != nil {
				return err
			}
			if _, err := g.ResolveChance(); err != nil {
				return err
			}
			if err := saves.Write(*out, g); err != nil {
				return err
			}
			st := g.State
			if e.json {
				return e.writeJSON(map[string]any{
					"file": *out, "from": pos[0], "step": *step, "of": tl.Len(), "steps": len(g.Steps),
					"status": st.Status(), "result": st.Result(), "decider": sideName(st, st.Status().Decider),
				})
			}
			e.printf("branched %s after step %d of %d into %s\n", pos[0], *step, tl.Len(), *out)
			e.printf("%s\n", statusLine(st))
			return nil
		}
	},
}

// showGame prints the game g (from file) as one side sees it; step >= 0
// says it is the state after that many steps of the record.
func showGame(e *env, file string, g *rules.Game, as string, reveal bool, step int) error {
	st := g.State
	viewer := st.Status().Decider
	why := "the side deciding now"
	var err error
	if as != "" {
		if viewer, err = parseSide(st, as); err != nil {
			return err
		}
		why = "--as"
	} else if publicOnly(st, as, reveal) && !st.Result().Over {
		viewer, why = rules.NoSide, publicNote
	} else if viewer < 0 {
		viewer = 0
		why = "nobody decides now: side 0"
	}
	v := st.View(viewer)
	if v == nil {
		return fmt.Errorf("the rules give no view for side %d", viewer)
	}
	sc, _ := rules.ScenarioByID(g.Scenario)
	if e.json {
		m := map[string]any{
			"file": file, "system": sc.System, "scenario": sc.ID, "name": sc.Name,
			"steps": len(g.Steps), "viewer": viewer, "viewer_name": sideName(st, viewer), "view": v,
			"seed_chosen": g.SeedChosen,
		}
		if step >= 0 {
			m["step"] = step
		}
		if viewer == rules.NoSide {
			m["public"], m["note"] = true, publicNote
		}
		if reveal {
			snap, err := st.Snapshot()
			if err != nil {
				return err
			}
			var views []*rules.View
			for i := range st.Sides() {
				views = append(views, st.View(rules.Side(i)))
			}
			m["spoiler"], m["seed"], m["views"], m["state"] = spoiler, g.Seed, views, json.RawMessage(snap)
		}
		return e.writeJSON(m)
	}
	if reveal {
		e.printf("# %s\n", spoiler)
	}
	if step >= 0 {
		e.printf("after step %d of the record\n", step)
	}
	printView(e, st, sc, v, why)
	if g.SeedChosen {
		e.printf("%s\n", chosenNote)
	}
	if reveal {
		e.printf("seed: %d\n", g.Seed)
		for i := range st.Sides() {
			s := rules.Side(i)
			if s == viewer {
				continue
			}
			var hand []string
			for _, c := range st.View(s).Hand {
				hand = append(hand, cardLine(c))
			}
			if len(hand) > 0 {
				e.printf("hand of %s:\n  %s\n", sideName(st, s), strings.Join(hand, "\n  "))
			}
		}
		snap, err := st.Snapshot()
		if err != nil {
			return err
		}
		e.printf("whole state: %s\n", snap)
	}
	return nil
}

func printView(e *env, st rules.State, sc rules.ScenarioInfo, v *rules.View, why string) {
	e.printf("%s (%s)\n", sc.Name, sc.ID)
	e.printf("%s\n", statusLine(st))
	if v.Side == rules.NoSide {
		e.printf("public view (%s)\n", why)
	} else {
		e.printf("view of %s (side %d; %s)\n", sideName(st, v.Side), v.Side, why)
	}
	section := func(title string, lines []string) {
		if len(lines) == 0 {
			return
		}
		e.printf("%s:\n", title)
		for _, l := range lines {
			e.printf("  %s\n", l)
		}
	}
	section("score", v.Score)
	section("notes", v.Notes)
	var units []string
	for _, u := range v.Units {
		if u.Hidden {
			units = append(units, fmt.Sprintf("%s  unidentified %s unit at %s", u.ID, sideName(st, u.Side), or(u.At, "off map")))
			continue
		}
		l := fmt.Sprintf("%s  %s (%s, %s)", u.ID, u.Name, sideName(st, u.Side), u.Type)
		if u.Eliminated {
			l += " eliminated"
		} else {
			l += " at " + or(u.At, "off map")
			if u.At2 != "" {
				l += "+" + u.At2
			}
		}
		if u.Facing >= 0 {
			l += fmt.Sprintf(" facing %d", u.Facing)
		}
		if u.Formation != "" {
			l += " " + u.Formation
		}
		if u.MaxStr > 0 {
			l += fmt.Sprintf(" strength %d/%d", u.Strength, u.MaxStr)
		}
		if u.Values != "" {
			l += " [" + u.Values + "]"
		}
		if len(u.Markers) > 0 {
			l += " markers: " + strings.Join(u.Markers, ", ")
		}
		units = append(units, l)
	}
	section("units", units)
	var markers []string
	for _, m := range v.Markers {
		markers = append(markers, strings.TrimSpace(m.At+"  "+m.Kind+"  "+m.Text))
	}
	section("markers", markers)
	var tracks []string
	for _, t := range v.Tracks {
		tracks = append(tracks, t.Name+": "+strings.Join(t.Items, ", "))
	}
	section("tracks", tracks)
	var extra []string
	for _, kv := range v.Extra {
		extra = append(extra, kv.Key+": "+kv.Value)
	}
	section("values", extra)
	var hand []string
	for _, c := range v.Hand {
		hand = append(hand, cardLine(c))
	}
	if len(v.Hand) > 0 || v.Hidden && v.Side >= 0 {
		if len(hand) == 0 {
			hand = []string{"(empty)"}
		}
		section("hand of "+sideName(st, v.Side), hand)
	}
	if len(v.HandCounts) > 0 {
		var counts []string
		for i, n := range v.HandCounts {
			counts = append(counts, fmt.Sprintf("%s %d", sideName(st, rules.Side(i)), n))
		}
		section("cards held", []string{strings.Join(counts, ", ")})
	}
	var cards []string
	for _, c := range v.Cards {
		cards = append(cards, cardLine(c))
	}
	section("face-up cards", cards)
	if len(v.Legal) > 0 {
		e.printf("%d legal actions (see 'grognard legal')\n", len(v.Legal))
	}
}

func cardLine(c rules.Card) string {
	l := c.ID + "  " + c.Name
	if c.Text != "" {
		l += ": " + c.Text
	}
	if c.Rule != "" {
		l += " [" + c.Rule + "]"
	}
	return l
}

func or(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// ---- playout ----

// Bounds of playout's flags: a run that cannot end in a working day is a
// typing error.
const (
	maxGames        = 1000000
	maxActionsLimit = 10000000
)

var playoutCmd = &command{
	name:    "playout",
	args:    "SCENARIO [--games N] [--seed S] [--max-actions N] [--option id=on|off ...] [--deep] [--json]",
	summary: "Play random legal games to the end, checking the engine's invariants, and print statistics.",
	detail: "Game i uses seed S+i. Prints the games played, the mean number of actions (chance outcomes\n" +
		"included) per game, the wins of each side, the draws and the actions per second. Fails with\n" +
		"the first broken invariant (no legal action, an illegal action accepted, a replay that differs).",
	minArgs: 1, maxArgs: 1,
	setup: func(fs *flag.FlagSet) func(*env, []string) error {
		games := fs.Int("games", 10, fmt.Sprintf("number of games (1 to %d)", maxGames))
		seed := fs.Uint64("seed", 1, "seed of the first game")
		deep := fs.Bool("deep", false, "run the costly invariant checks after every action")
		maxActions := fs.Int("max-actions", 100000, fmt.Sprintf("give up on a game after this many actions (1 to %d)", maxActionsLimit))
		opts := optionFlags{}
		fs.Var(opts, "option", "set an optional rule: id=on or id=off (repeatable)")
		return func(e *env, pos []string) error {
			sc, ok := rules.ScenarioByID(pos[0])
			if !ok {
				return fmt.Errorf("unknown scenario %q (see 'grognard list')", pos[0])
			}
			if *games < 1 || *games > maxGames {
				return usagef("--games must be at least 1 and at most %d (got %d)", maxGames, *games)
			}
			if *maxActions < 1 || *maxActions > maxActionsLimit {
				return usagef("--max-actions must be at least 1 and at most %d (got %d)", maxActionsLimit, *maxActions)
			}
			var o rules.Options
			if len(opts) > 0 {
				o = rules.Options(opts)
			}
			defer playoutGC()()
			start := time.Now()
			stats, err := rules.Playout(sc.ID, rules.PlayoutConfig{Games: *games, Seed: *seed, Options: o, Deep: *deep, MaxActions: *maxActions})
			secs := time.Since(start).Seconds()
			if err != nil {
				return fmt.Errorf("%s: %w", sc.ID, err)
			}
			perSec := 0.0
			if secs > 0 {
				perSec = float64(stats.Actions) / secs
			}
			mean := float64(stats.Actions) / float64(stats.Games)
			wins := map[string]int{}
			for i, name := range sc.Sides {
				wins[name] = stats.Wins[rules.Side(i)]
			}
			if e.json {
				return e.writeJSON(map[string]any{
					"scenario": sc.ID, "games": stats.Games, "actions": stats.Actions, "mean_actions": mean,
					"wins": wins, "draws": stats.Draws, "seconds": secs, "actions_per_second": perSec,
				})
			}
			e.printf("%s: %d games, %d actions, %.1f actions per game\n", sc.ID, stats.Games, stats.Actions, mean)
			var ws []string
			for _, name := range sc.Sides {
				ws = append(ws, fmt.Sprintf("%s %d", name, wins[name]))
			}
			e.printf("wins: %s; draws %d\n", strings.Join(ws, ", "), stats.Draws)
			e.printf("%.0f actions per second\n", perSec)
			return nil
		}
	},
}
