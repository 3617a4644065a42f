// Package almansa implements Almansa 1707 (Ludopress, 2003): a tactical hex
// game of the battle of 25 April 1707 between Berwick's army of the Two
// Crowns and the Allied army of Galway and Das Minas. Rule numbers in
// comments, labels and events are the book's sections 0-15.
package almansa

import (
	"fmt"
	"strconv"
	"strings"
	"sync"

	"grognard/rules"
	"grognard/rules/hex"
)

// SystemID and ScenarioID are the registry ids.
const (
	SystemID   = "almansa"
	ScenarioID = "almansa-1707"
)

// Optional rules [15].
const (
	OptRoutCharge      = "routs-charges"
	OptGalway          = "galway"
	OptDragoons        = "dragoons"
	OptFormationMorale = "formation-morale"
	OptAmmo            = "ammunition"
	OptReserve         = "cavalry-reserve"
)

// Options lists the optional rules as the scenario screen shows them.
var Options = []rules.OptionInfo{
	{ID: OptRoutCharge, Name: "Routs and cavalry charges (+2 for a charge on routed units)", Rule: "15"},
	{ID: OptGalway, Name: "Galway (from turn 9 he may have to lead a charge)", Rule: "15"},
	{ID: OptDragoons, Name: "Dragoons fire (factor 3)", Rule: "15"},
	{ID: OptFormationMorale, Name: "Formation morale", Rule: "15"},
	{ID: OptAmmo, Name: "Allied artillery ammunition (8 turns)", Rule: "15"},
	{ID: OptReserve, Name: "Bourbon cavalry reserve (Mahony and Rosellon Nuevo)", Rule: "15"},
}

func init() {
	rules.Register(rules.SystemInfo{ID: SystemID, Name: "Almansa 1707",
		Description: "Tactical hex game of the battle of Almansa: facing, zones of control, formations under command, fire and shock tables, disorganisation and rout (d6)."},
		[]rules.ScenarioInfo{{ID: ScenarioID, Name: "Almansa 1707",
			Description: "25 April 1707: Berwick's Franco-Spanish army meets Galway and Das Minas's Anglo-Portuguese-Dutch army on the plain of Almansa. 12 turns of 15 minutes; the Bourbons win by destroying 20 Allied steps.",
			Turns:       12, Sides: []string{"Bourbon", "Allied"}, Options: Options}},
		newGame)
}

var (
	loadOnce sync.Once
	loaded   *Scenario
	loadErr  error
)

// Load returns the scenario data, read once.
func Load() (*Scenario, error) {
	loadOnce.Do(func() { loaded, loadErr = LoadScenario(SystemID, ScenarioID) })
	return loaded, loadErr
}

func newGame(scenario string, opts rules.Options) (rules.State, error) {
	if scenario != ScenarioID {
		return nil, fmt.Errorf("almansa: unknown scenario %q", scenario)
	}
	sc, err := Load()
	if err != nil {
		return nil, err
	}
	info, _ := rules.ScenarioByID(ScenarioID)
	on := map[string]bool{}
	for _, o := range Options {
		on[o.ID] = opts.On(info, o.ID)
	}
	return New(sc, on), nil
}

// New starts a game on scenario data with the optional rules switched on.
func New(sc *Scenario, opts map[string]bool) *State {
	s := newBareState(sc, opts)
	return s
}

// ---- View ---------------------------------------------------------------------

// View shows everything: Almansa has no hidden information.
func (s *State) View(side rules.Side) *rules.View {
	v := &rules.View{Side: side, Sides: s.Sides(), Status: s.Status(), Result: s.Result(), Style: "counter",
		Board: &rules.Board{Kind: "hex", Hex: s.sc.Map}}
	if s.decider() == side {
		v.Legal = s.Legal()
	}
	for i := range s.Units {
		v.Units = append(v.Units, s.unitView(i))
	}
	need := s.sc.P("victory_steps")
	v.Score = []string{
		fmt.Sprintf("Allied steps destroyed: %d of %d [5]", s.Lost[Allied], need),
		fmt.Sprintf("Bourbon steps destroyed: %d [5]", s.Lost[Bourbon]),
	}
	if s.Decl != nil {
		v.Notes = append(v.Notes, "Declared: "+s.declText())
	}
	if s.CurForm != "" {
		v.Notes = append(v.Notes, "Formation acting: "+s.formName(s.CurForm))
	}
	for _, f := range s.sc.Forms {
		if m := s.Mode[f.ID]; m != "" && m != "normal" {
			v.Notes = append(v.Notes, fmt.Sprintf("%s out of command: %s [6]", f.Name, m))
		}
		if s.Demoral[f.ID] {
			v.Notes = append(v.Notes, f.Name+" demoralised [15]")
		}
	}
	if s.opt(OptAmmo) {
		v.Notes = append(v.Notes, fmt.Sprintf("Allied artillery: %d of %d turns of fire used%s [15]", s.AmmoUsed, s.sc.P("ammo_turns"), map[bool]string{true: ", firing this turn", false: ""}[s.AmmoNow]))
	}
	if s.Galway {
		v.Notes = append(v.Notes, "Galway must lead a cavalry unit into shock combat this turn [15]")
	}
	var turns []string
	for t := 1; t <= s.sc.P("turns"); t++ {
		mark := fmt.Sprint(t)
		if t == s.Turn {
			mark = "[" + mark + "]"
		}
		turns = append(turns, mark)
	}
	v.Tracks = []rules.Track{{Name: "Turn", Items: turns}}
	v.Extra = []rules.KV{{Key: "Allied steps destroyed", Value: fmt.Sprint(s.Lost[Allied])}, {Key: "Bourbon steps destroyed", Value: fmt.Sprint(s.Lost[Bourbon])}}
	return v
}

func (s *State) unitView(i int) rules.UnitView {
	d := s.def(i)
	u := s.Units[i]
	uv := rules.UnitView{ID: d.ID, Name: d.Name, Short: d.Short, Side: rules.Side(d.Side), Type: d.Type,
		Formation: u.Form, Facing: u.Facing, Strength: u.Steps, MaxStr: d.Steps, Eliminated: u.Dead}
	if u.On && !u.Dead {
		uv.At = s.num(u.At)
	}
	if f := s.sc.Form(u.Form); f != nil {
		uv.Color = f.Color
	} else if d.Type == Leader || d.Reserve {
		uv.Color = "#ffffff"
	} else {
		uv.Color = s.sc.Sides[d.Side].ArtColor
	}
	it := strconv.Itoa
	switch d.Type {
	case Infantry, Cavalry, Dragoons:
		uv.Values = it(s.cf(i)) + "-" + it(d.Morale) + "-" + it(d.MP)
		uv.Detail = append(uv.Detail, "Combat factor "+it(s.cf(i))+" (full "+it(d.CF[0])+"), morale "+it(d.Morale)+", movement "+it(d.MP)+" [2]")
		if d.Steps == 2 {
			uv.Detail = append(uv.Detail, "Steps "+it(u.Steps)+" of 2; reduced side "+it(d.CF[1])+" [2]")
		}
	case Artillery:
		uv.Values = fmt.Sprintf("%d-%d", d.CF[0], d.MP)
		if d.Shock > 0 {
			uv.Values = fmt.Sprintf("%d(%d)-%d", d.CF[0], d.Shock, d.MP)
		}
		uv.Detail = append(uv.Detail, fmt.Sprintf("Fire %d at 1-%d hexes, shock %d, movement %d [12, 13]", d.CF[0], s.sc.P("artillery_range"), d.Shock, d.MP))
	case Leader, Commander:
		uv.Values = fmt.Sprintf("%d-%d", d.Rating, d.Radius)
		uv.Detail = append(uv.Detail, fmt.Sprintf("Leadership %d, command radius %d, movement %d [6]", d.Rating, d.Radius, d.MP))
		if d.Type == Commander {
			var fs []string
			for _, f := range d.Commands {
				fs = append(fs, s.formName(f))
			}
			uv.Detail = append(uv.Detail, "Commands "+strings.Join(fs, ", ")+" [6]")
		}
	case Train:
		uv.Detail = append(uv.Detail, "Supply train: never moves; worth 3 steps if destroyed [5, 13]")
	}
	if u.Form != "" {
		uv.Detail = append(uv.Detail, "Formation "+s.formName(u.Form)+" [6]")
	} else if d.Reserve {
		uv.Detail = append(uv.Detail, "Cavalry reserve, not yet assigned [15]")
	}
	if d.Combat() && phaseKind(s.Phase) == "move" && d.Side == phaseSide(s.Phase) {
		uv.Detail = append(uv.Detail, "Movement left: "+mp(s.remaining(i)))
	}
	if u.DSG {
		uv.Markers = append(uv.Markers, "disorganised")
	}
	if u.DSB {
		uv.Markers = append(uv.Markers, "routed")
	}
	if u.OOC {
		uv.Markers = append(uv.Markers, "out-of-command")
	}
	if u.Moved {
		uv.Markers = append(uv.Markers, "moved")
	}
	if u.Fired {
		uv.Markers = append(uv.Markers, "fired")
	}
	if f := u.Form; f != "" && s.Demoral[f] {
		uv.Markers = append(uv.Markers, "demoralised")
	}
	if d.Type == Artillery && d.Side == Allied && s.opt(OptAmmo) && s.AmmoUsed >= s.sc.P("ammo_turns") {
		uv.Markers = append(uv.Markers, "ammo-out")
	}
	return uv
}

// ---- Explainer ------------------------------------------------------------------

// WhyNot says why a unit cannot act on a hex now, with the rule.
func (s *State) WhyNot(unit, target string) string {
	i := s.idx(unit)
	if i < 0 {
		return "no such unit"
	}
	c, err := s.sc.Map.ParseOn(target)
	if err != nil {
		return err.Error()
	}
	for _, a := range s.Legal() {
		if a.Unit == unit && a.To == target {
			return ""
		}
	}
	if s.Over {
		return "the game is over [5]"
	}
	if len(s.Tasks) > 0 {
		return "first: " + s.taskPrompt(s.Tasks[0])
	}
	switch phaseKind(s.Phase) {
	case "setup":
		if s.def(i).Side != phaseSide(s.Phase) {
			return "the other side is deploying [4]"
		}
		if cls := s.currentClass(s.def(i).Side); s.deployClass(i) != cls {
			return "deploy in order: infantry and cavalry, artillery, leaders, commanders in chief, trains [4]"
		}
		return s.setupProblem(i, c, false)
	case "move":
		if why := s.cannotMove(i); why != "" {
			return why
		}
		u := s.Units[i]
		cx := s.ctx(s.def(i).Side)
		if hex.Distance(u.At, c) == 1 {
			_, _, why := s.stepProblem(cx, i, u.At, u.Facing, c, s.remaining(i), u.Stopped, u.FellBack, true)
			return why
		}
		for _, r := range s.Reach(unit) {
			if r.To == target {
				return ""
			}
		}
		return "out of reach this phase: front hexes only, terrain costs, 1/2 MP a hexside turned, enemy zones of control stop movement [7, 9, 10]"
	case "fire", "dfire":
		if why := s.fireProblem(i); why != "" {
			return why
		}
		o := s.occupancy()
		d := s.def(i)
		if !s.hasSide(o, c, 1-d.Side, func(j int) bool { return s.def(j).Combat() }) {
			return "no enemy unit there to fire at [11]"
		}
		if d.Type == Artillery {
			if dist := hex.Distance(s.Units[i].At, c); dist > s.sc.P("artillery_range") {
				return fmt.Sprintf("artillery fires up to %d hexes [12]", s.sc.P("artillery_range"))
			}
			if !hex.InArc(s.Units[i].At, s.Units[i].Facing, c) {
				return "artillery fires only in the direction of its two front hexes [12]"
			}
			if !s.clearPath(o, s.Units[i].At, c) {
				return "the path is blocked by units, hills, redoubts or the town [12]"
			}
		} else if a, ok := hex.ArcOf(s.Units[i].At, s.Units[i].Facing, c); !ok || a != hex.Front {
			return "infantry fires only at enemies in its two front hexes [11]"
		}
		if s.Decl != nil && s.Decl.Targets[0] != c {
			return "units join the fire already declared at " + s.num(s.Decl.Targets[0]) + " [11]"
		}
	case "shock":
		if why := s.shockProblem(i); why != "" {
			return why
		}
		if a, ok := hex.ArcOf(s.Units[i].At, s.Units[i].Facing, c); !ok || a != hex.Front {
			return "units attack only enemies in their front hexes [13]"
		}
		if s.Decl != nil {
			return "the declared attack must be completed first [13]"
		}
		return "no enemy unit there [13]"
	}
	return "nothing to do there now [" + machine.Get(s.Phase).Rule + "]"
}
