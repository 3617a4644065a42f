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
	v.Units = s.viewUnits() // made once per state, shared by its views (#20)
	need := s.fast().victorySteps
	la, lb := strconv.Itoa(s.Lost[Allied]), strconv.Itoa(s.Lost[Bourbon])
	v.Score = []string{
		"Allied steps destroyed: " + la + " of " + strconv.Itoa(need) + " [5]",
		"Bourbon steps destroyed: " + lb + " [5]",
	}
	if s.Decl != nil {
		v.Notes = append(v.Notes, "Declared: "+s.declText())
	}
	if s.CurForm != "" {
		v.Notes = append(v.Notes, "Formation acting: "+s.formName(s.CurForm))
	}
	for _, f := range s.sc.Forms {
		if m := s.Mode[f.ID]; m != "" && m != "normal" {
			v.Notes = append(v.Notes, f.Name+" out of command: "+m+" [6]") // (#20: no fmt)
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
	v.Tracks = []rules.Track{{Name: "Turn", Items: s.turnItems()}}
	v.Extra = []rules.KV{{Key: "Allied steps destroyed", Value: la}, {Key: "Bourbon steps destroyed", Value: lb}}
	return v
}

func (s *State) unitView(i int) rules.UnitView { return s.unitViewIn(i, nil) }

// viewBuf holds the detail lines and markers of a view's units (View).
type viewBuf struct {
	detail, markers []string
}

// unitViewIn is unitView with its detail lines and markers in vb's arrays
// (nil: arrays of its own).
func (s *State) unitViewIn(i int, vb *viewBuf) rules.UnitView {
	d := s.def(i)
	u := &s.Units[i]
	fm := s.fast()
	uv := rules.UnitView{ID: d.ID, Name: d.Name, Short: d.Short, Side: rules.Side(d.Side), Type: d.Type,
		Formation: u.Form, Facing: u.Facing, Strength: u.Steps, MaxStr: d.Steps, Eliminated: u.Dead}
	if u.On && !u.Dead {
		uv.At = s.num(u.At)
	}
	if f := s.formOfUnit(i); f != nil {
		uv.Color = f.Color
	} else if d.Type == Leader || d.Reserve {
		uv.Color = "#ffffff"
	} else {
		uv.Color = s.sc.Sides[d.Side].ArtColor
	}
	// The texts are made once per scenario (#20); see fastMap.view.
	tv := &fm.view[i]
	var detail [5]string
	n := 0
	switch d.Type {
	case Infantry, Cavalry, Dragoons:
		k := 0
		switch cf := s.cf(i); {
		case cf == d.CF[0]:
		case cf == d.CF[1]:
			k = 1
		default:
			k = 2
		}
		if k == 2 && s.cf(i) != 0 {
			return s.unitViewText(uv, i) // a factor the tables do not hold
		}
		uv.Values = tv.values[k]
		detail[n], n = tv.cf[k], n+1
		if d.Steps == 2 {
			if u.Steps < 0 || u.Steps > 2 {
				return s.unitViewText(uv, i)
			}
			detail[n], n = tv.steps[u.Steps], n+1
		}
	default:
		uv.Values = tv.values[0]
		for _, l := range tv.static {
			detail[n], n = l, n+1
		}
	}
	if u.Form != "" {
		var l string
		if k := s.formIdxOfUnit(i); k >= 0 {
			l = fm.formDetailIdx[k]
		} else {
			l = "Formation " + s.formName(u.Form) + " [6]"
		}
		detail[n], n = l, n+1
	} else if d.Reserve {
		detail[n], n = "Cavalry reserve, not yet assigned [15]", n+1
	}
	if fm.combat[i] && phaseKind(s.Phase) == "move" && d.Side == phaseSide(s.Phase) {
		if r := s.remaining(i); r >= 0 && r < len(movementLeft) {
			detail[n] = movementLeft[r]
		} else {
			detail[n] = "Movement left: " + mp(r)
		}
		n++
	}
	var mk [8]string
	m := s.markersTo(mk[:0], i)
	if vb == nil {
		uv.Detail = append([]string(nil), detail[:n]...)
		if len(m) > 0 {
			uv.Markers = append([]string(nil), m...)
		}
		return uv
	}
	if n > 0 {
		k := len(vb.detail)
		vb.detail = append(vb.detail, detail[:n]...)
		uv.Detail = vb.detail[k:len(vb.detail):len(vb.detail)]
	}
	if len(m) > 0 {
		k := len(vb.markers)
		vb.markers = append(vb.markers, m...)
		uv.Markers = vb.markers[k:len(vb.markers):len(vb.markers)]
	}
	return uv
}

// formOfUnit is unit i's formation (its Form), nil for none; by index
// when the state has its buffers (#20).
func (s *State) formOfUnit(i int) *Formation {
	if k := s.formIdxOfUnit(i); k >= 0 {
		return &s.sc.Forms[k]
	}
	return nil
}

// formIdxOfUnit is the index of unit i's formation, -1 for none.
func (s *State) formIdxOfUnit(i int) int {
	f := s.Units[i].Form
	if f == "" {
		return -1
	}
	if s.bufs != nil {
		return s.formIdxOf(s.formFlat(), i)
	}
	if k, ok := s.sc.FormIdx[f]; ok {
		return k
	}
	return -1
}

// turnItems is the turn track, the current turn in brackets: made once per
// scenario and turn (read-only).
func (s *State) turnItems() []string {
	fm := s.fast()
	if s.Turn >= 0 && s.Turn < len(fm.turnItems) {
		return fm.turnItems[s.Turn]
	}
	return turnItemsOf(s.sc.P("turns"), s.Turn)
}

func turnItemsOf(n, turn int) []string {
	var turns []string
	if n > 0 {
		turns = make([]string, 0, n)
	}
	for t := 1; t <= n; t++ {
		mark := strconv.Itoa(t)
		if t == turn {
			mark = "[" + mark + "]"
		}
		turns = append(turns, mark)
	}
	return turns
}

var movementLeft = func() []string {
	t := make([]string, len(mpTexts))
	for h := range t {
		t[h] = "Movement left: " + mp(h)
	}
	return t
}()

// markers puts unit i's markers on its view.
func (s *State) markers(uv *rules.UnitView, i int) { uv.Markers = s.markersTo(uv.Markers, i) }

// markersTo appends unit i's markers to out.
func (s *State) markersTo(out []string, i int) []string {
	d := s.def(i)
	u := &s.Units[i]
	if u.DSG {
		out = append(out, "disorganised")
	}
	if u.DSB {
		out = append(out, "routed")
	}
	if u.OOC {
		out = append(out, "out-of-command")
	}
	if u.Moved {
		out = append(out, "moved")
	}
	if u.Fired {
		out = append(out, "fired")
	}
	if f := u.Form; f != "" && s.Demoral[f] {
		out = append(out, "demoralised")
	}
	if d.Type == Artillery && d.Side == Allied && s.opt(OptAmmo) && s.AmmoUsed >= s.sc.P("ammo_turns") {
		out = append(out, "ammo-out")
	}
	return out
}

// unitViewText fills a view's values, details and markers by building
// every text (what unitView does for values outside its tables).
func (s *State) unitViewText(uv rules.UnitView, i int) rules.UnitView {
	d := s.def(i)
	u := s.Units[i]
	uv.Values, uv.Detail = "", nil
	it := strconv.Itoa
	switch d.Type {
	case Infantry, Cavalry, Dragoons:
		uv.Values = it(s.cf(i)) + "-" + it(d.Morale) + "-" + it(d.MP)
		uv.Detail = append(uv.Detail, "Combat factor "+it(s.cf(i))+" (full "+it(d.CF[0])+"), morale "+it(d.Morale)+", movement "+it(d.MP)+" [2]")
		if d.Steps == 2 {
			uv.Detail = append(uv.Detail, "Steps "+it(u.Steps)+" of 2; reduced side "+it(d.CF[1])+" [2]")
		}
	default:
		uv.Values = s.fast().view[i].values[0]
		uv.Detail = append(uv.Detail, s.fast().view[i].static...)
	}
	if u.Form != "" {
		uv.Detail = append(uv.Detail, "Formation "+s.formName(u.Form)+" [6]")
	} else if d.Reserve {
		uv.Detail = append(uv.Detail, "Cavalry reserve, not yet assigned [15]")
	}
	if d.Combat() && phaseKind(s.Phase) == "move" && d.Side == phaseSide(s.Phase) {
		uv.Detail = append(uv.Detail, "Movement left: "+mp(s.remaining(i)))
	}
	s.markers(&uv, i)
	return uv
}

// unitTexts are the texts of a unit's view that depend only on its data
// (and, for infantry and cavalry, on its combat factor and steps).
type unitTexts struct {
	values [3]string // full, reduced, no factor (infantry, cavalry); [0] otherwise
	cf     [3]string // the combat factor line, likewise
	steps  [3]string // "Steps n of 2" for 0, 1, 2 steps
	static []string  // the detail lines of artillery, leaders, commanders, trains
}

// buildViewTexts makes every unit's unitTexts and the formations' lines.
func buildViewTexts(sc *Scenario, fm *fastMap) {
	fm.view = make([]unitTexts, len(sc.Units))
	fm.formDetail = map[string]string{}
	fm.formSub = map[string]string{}
	fm.formDetailIdx = make([]string, len(sc.Forms))
	for _, f := range sc.Forms {
		fm.formDetail[f.ID] = "Formation " + f.Name + " [6]"
		fm.formDetailIdx[sc.FormIdx[f.ID]] = fm.formDetail[f.ID]
		fm.formSub[f.ID] = "formation " + f.Name
	}
	it := strconv.Itoa
	for i := range sc.Units {
		d := &sc.Units[i]
		tv := &fm.view[i]
		switch d.Type {
		case Infantry, Cavalry, Dragoons:
			for k, cf := range [3]int{d.CF[0], d.CF[1], 0} {
				tv.values[k] = it(cf) + "-" + it(d.Morale) + "-" + it(d.MP)
				tv.cf[k] = "Combat factor " + it(cf) + " (full " + it(d.CF[0]) + "), morale " + it(d.Morale) + ", movement " + it(d.MP) + " [2]"
			}
			for n := range 3 {
				tv.steps[n] = "Steps " + it(n) + " of 2; reduced side " + it(d.CF[1]) + " [2]"
			}
		case Artillery:
			tv.values[0] = fmt.Sprintf("%d-%d", d.CF[0], d.MP)
			if d.Shock > 0 {
				tv.values[0] = fmt.Sprintf("%d(%d)-%d", d.CF[0], d.Shock, d.MP)
			}
			tv.static = []string{fmt.Sprintf("Fire %d at 1-%d hexes, shock %d, movement %d [12, 13]", d.CF[0], sc.P("artillery_range"), d.Shock, d.MP)}
		case Leader, Commander:
			tv.values[0] = fmt.Sprintf("%d-%d", d.Rating, d.Radius)
			tv.static = []string{fmt.Sprintf("Leadership %d, command radius %d, movement %d [6]", d.Rating, d.Radius, d.MP)}
			if d.Type == Commander {
				var fs []string
				for _, f := range d.Commands {
					name := f
					if form := sc.Form(f); form != nil {
						name = form.Name
					}
					fs = append(fs, name)
				}
				tv.static = append(tv.static, "Commands "+strings.Join(fs, ", ")+" [6]")
			}
		case Train:
			tv.static = []string{"Supply train: never moves; worth 3 steps if destroyed [5, 13]"}
		}
	}
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
