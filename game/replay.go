package game

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"grognard/rules"
	"grognard/saves"
)

// Replay is the model of the replay scene (issue #13 "Rewind and
// replay"): a recorded game (rules.Timeline) and the moment shown, step N
// (0: the scenario's start; Len: the last step). It needs no window: the
// scene draws Replay.View, Replay.LogLines and Replay.Info and maps keys
// and clicks onto Back, Forward, PhaseBack, ... and Goto.
//
// Hidden information: while a game with hidden information is not over,
// the replay shows only Viewer's view (the side at the keyboard when the
// replay was opened) and the log as Viewer could read it; Restricted says
// so. After the end both sides' views may be shown (SetViewer).
type Replay struct {
	TL *rules.Timeline
	N  int
	// Viewer is the side whose view is shown.
	Viewer rules.Side
	// Restricted is true while the game has hidden information and is not
	// over: Viewer may not be changed and the other side's decisions are
	// shown only as their public log lines.
	Restricted bool
	// Source is the save the replay was read from ("" for the live game).
	Source string

	sides  []string
	status []rules.Status // status[n]: after n steps
	lines  []ReplayLine   // every event of the record, in order
	cur    *rules.Game    // the game at step curN (nil: not built)
	curN   int
}

// ReplayLine is one log line of the record and the step that produced it.
type ReplayLine struct {
	Step  int // 1-based step whose events include this line
	Event rules.Event
}

// NewReplay opens a replay of g at its last step, for viewer. g is not
// changed (the timeline replays a copy of its record).
func NewReplay(g *rules.Game, viewer rules.Side) (*Replay, error) {
	tl, err := rules.NewTimeline(g, 0)
	if err != nil {
		return nil, err
	}
	return ReplayOf(tl, viewer)
}

// ReplayOf opens a replay of a timeline at its last step.
func ReplayOf(tl *rules.Timeline, viewer rules.Side) (*Replay, error) {
	r := &Replay{TL: tl, Viewer: viewer, curN: -1}
	final := tl.Final()
	r.sides = final.State.Sides()
	if viewer < 0 || int(viewer) >= len(r.sides) {
		r.Viewer = 0
	}
	hidden := final.State.View(r.Viewer).Hidden
	r.Restricted = hidden && !final.State.Result().Over
	// One pass over the record: the status after every step (for the
	// phase and turn marks) and the events of every step.
	g, err := tl.GameAt(0)
	if err != nil {
		return nil, err
	}
	r.status = make([]rules.Status, 0, tl.Len()+1)
	r.status = append(r.status, g.State.Status())
	for n := 1; n <= tl.Len(); n++ {
		st, evs, err := tl.Step(n)
		if err != nil {
			return nil, err
		}
		if _, err := g.ApplyOne(st.Action); err != nil {
			return nil, fmt.Errorf("replay: step %d (%s): %w", n, st.Action.Key(), err)
		}
		r.status = append(r.status, g.State.Status())
		for _, e := range evs {
			r.lines = append(r.lines, ReplayLine{Step: n, Event: e})
		}
	}
	r.N = tl.Len()
	return r, nil
}

// Len is the number of steps of the record.
func (r *Replay) Len() int { return r.TL.Len() }

// Game is the game at the step shown (a copy the caller must not change).
func (r *Replay) Game() (*rules.Game, error) {
	if r.cur != nil && r.curN == r.N {
		return r.cur, nil
	}
	g, err := r.TL.GameAt(r.N)
	if err != nil {
		return nil, err
	}
	r.cur, r.curN = g, r.N
	return g, nil
}

// View is what the replay draws: Viewer's view of the state at step N.
func (r *Replay) View() (*rules.View, error) {
	g, err := r.Game()
	if err != nil {
		return nil, err
	}
	return g.State.View(r.Viewer), nil
}

// Status is the turn and phase after n steps.
func (r *Replay) Status(n int) rules.Status {
	if n < 0 || n >= len(r.status) {
		return rules.Status{}
	}
	return r.status[n]
}

// SetViewer shows another side's view; refused while Restricted.
func (r *Replay) SetViewer(s rules.Side) error {
	if r.Restricted {
		return fmt.Errorf("the game is not over: the replay shows only %s's view", r.SideName(r.Viewer))
	}
	if s < 0 || int(s) >= len(r.sides) {
		return fmt.Errorf("no side %d", s)
	}
	r.Viewer = s
	return nil
}

// SideName names a side.
func (r *Replay) SideName(s rules.Side) string {
	if s >= 0 && int(s) < len(r.sides) {
		return r.sides[s]
	}
	return s.String()
}

// Goto shows step n, clamped to 0..Len.
func (r *Replay) Goto(n int) {
	r.N = max(0, min(n, r.Len()))
}

// Back and Forward move one step (one action, a die roll included).
func (r *Replay) Back()    { r.Goto(r.N - 1) }
func (r *Replay) Forward() { r.Goto(r.N + 1) }

func phaseKey(s rules.Status) string { return fmt.Sprintf("%d|%s", s.Turn, s.Phase) }
func turnKey(s rules.Status) string  { return fmt.Sprint(s.Turn) }

// start returns the first step of the run of equal keys holding n.
func (r *Replay) start(n int, key func(rules.Status) string) int {
	k := key(r.status[n])
	for n > 0 && key(r.status[n-1]) == k {
		n--
	}
	return n
}

func (r *Replay) back(key func(rules.Status) string) {
	s := r.start(r.N, key)
	if s == r.N && s > 0 {
		s = r.start(s-1, key)
	}
	r.N = s
}

func (r *Replay) forward(key func(rules.Status) string) {
	k := key(r.status[r.N])
	n := r.N
	for n < r.Len() && key(r.status[n]) == k {
		n++
	}
	r.N = n
}

// PhaseBack goes to the start of the phase shown, or of the one before if
// already there; PhaseForward to the start of the next phase (or the end).
func (r *Replay) PhaseBack()    { r.back(phaseKey) }
func (r *Replay) PhaseForward() { r.forward(phaseKey) }

// TurnBack and TurnForward do the same by game turn.
func (r *Replay) TurnBack()    { r.back(turnKey) }
func (r *Replay) TurnForward() { r.forward(turnKey) }

// Mark is a mark on the timeline bar: the first step of a turn or phase.
type Mark struct {
	Step  int
	Turn  bool // a new turn (else a new phase)
	Label string
}

// Marks lists the steps where a turn or a phase begins.
func (r *Replay) Marks() []Mark {
	var out []Mark
	for n := 1; n < len(r.status); n++ {
		a, b := r.status[n-1], r.status[n]
		switch {
		case a.Turn != b.Turn:
			out = append(out, Mark{Step: n, Turn: true, Label: fmt.Sprintf("T%d", b.Turn)})
		case a.Phase != b.Phase:
			out = append(out, Mark{Step: n, Label: b.Phase})
		}
	}
	return out
}

// Line is a log line as shown: its text for the viewer and its step.
type Line struct {
	Step int
	Text string
}

// LogLines is the log up to step N as Viewer could read it then.
func (r *Replay) LogLines() []Line {
	var out []Line
	for _, l := range r.lines {
		if l.Step > r.N {
			break
		}
		out = append(out, Line{Step: l.Step, Text: l.Event.TextFor(r.Viewer)})
	}
	return out
}

// StepInfo is what the replay says about the step shown: who decided it,
// the action (when the viewer may know it), dice, modifiers and odds.
type StepInfo struct {
	Step   int
	By     string
	Action string
	Dice   []int
	Mods   []string
	Odds   []rules.OddsLine
	OddsOf string // the action the odds are for
}

// Lines renders the info as text lines.
func (i StepInfo) Lines() []string {
	if i.Step == 0 {
		return []string{"Step 0: the scenario's start"}
	}
	out := []string{fmt.Sprintf("Step %d by %s", i.Step, i.By)}
	if i.Action != "" {
		out = append(out, "Action: "+i.Action)
	}
	if len(i.Dice) > 0 {
		ds := make([]string, len(i.Dice))
		for k, d := range i.Dice {
			ds[k] = fmt.Sprint(d)
		}
		out = append(out, "Dice: "+strings.Join(ds, " "))
	}
	if len(i.Mods) > 0 {
		out = append(out, "Modifiers: "+strings.Join(i.Mods, ", "))
	}
	if len(i.Odds) > 0 {
		out = append(out, "Odds of "+i.OddsOf+":")
		for _, o := range i.Odds {
			out = append(out, fmt.Sprintf("  %s %d/%d", o.Result, o.Num, o.Den))
		}
	}
	return out
}

// visible reports whether the viewer may see what step n decided: always
// unless Restricted, else only the viewer's own decisions.
func (r *Replay) visible(st rules.Step) bool {
	return !r.Restricted || st.By == r.Viewer
}

// Info describes step N.
func (r *Replay) Info() StepInfo {
	info := StepInfo{Step: r.N}
	if r.N == 0 {
		return info
	}
	st, evs, err := r.TL.Step(r.N)
	if err != nil {
		return info
	}
	if st.By == rules.Chance {
		info.By = "chance"
	} else {
		info.By = r.SideName(st.By)
	}
	if r.visible(st) {
		info.Action = r.label(st)
	}
	for _, e := range evs {
		info.Dice = append(info.Dice, e.Dice...)
		info.Mods = append(info.Mods, e.Mods...)
	}
	// The odds: the step's own action, or for a die roll the player's
	// action that called for it, previewed on the state before it.
	m := r.N
	for m > 0 {
		s, _, err := r.TL.Step(m)
		if err != nil || s.By != rules.Chance {
			break
		}
		m--
	}
	if m > 0 {
		s, _, _ := r.TL.Step(m)
		if r.visible(s) {
			info.Odds, info.OddsOf = r.odds(m, s.Action)
		}
	}
	return info
}

// label is the words of step N's action as the player saw them (its
// label and rule, found among the legal actions or chance outcomes of the
// state before it), else its key.
func (r *Replay) label(st rules.Step) string {
	before, err := r.TL.StateAt(r.N - 1)
	if err != nil {
		return st.Action.Key()
	}
	if st.By == rules.Chance {
		for _, o := range before.Chances() {
			if o.Action.Key() == st.Action.Key() && o.Action.Label != "" {
				return o.Action.String()
			}
		}
		return st.Action.Key()
	}
	if legal, ok := rules.FindLegal(before, st.Action); ok {
		return legal.String()
	}
	return st.Action.Key()
}

// odds previews action a of step m on the state before it.
func (r *Replay) odds(m int, a rules.Action) ([]rules.OddsLine, string) {
	before, err := r.TL.StateAt(m - 1)
	if err != nil {
		return nil, ""
	}
	p, ok := before.(rules.Previewer)
	if !ok {
		return nil, ""
	}
	if legal, ok := rules.FindLegal(before, a); ok {
		a = legal
	}
	lines := p.Preview(a)
	name := a.Label
	if name == "" {
		name = a.Key()
	}
	return lines, name
}

// Branch starts a new game from step N (rules.Timeline.GameAt) and writes
// it to a new file in dir (never the replay's source, never an existing
// file). It returns the game and the file's path.
func (r *Replay) Branch(dir string) (*rules.Game, string, error) {
	g, err := r.TL.GameAt(r.N)
	if err != nil {
		return nil, "", err
	}
	if dir == "" {
		if dir, err = saves.Dir(); err != nil {
			return nil, "", err
		}
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, "", err
	}
	base := fmt.Sprintf("%s-branch-step%d-%s", g.Scenario, r.N, time.Now().UTC().Format("20060102-150405"))
	path := filepath.Join(dir, base+".json")
	for i := 2; ; i++ {
		if _, err := os.Stat(path); os.IsNotExist(err) && !samePath(path, r.Source) {
			break
		}
		path = filepath.Join(dir, fmt.Sprintf("%s-%d.json", base, i))
	}
	if err := saves.Write(path, g); err != nil {
		return nil, "", err
	}
	return g, path, nil
}

func samePath(a, b string) bool {
	if b == "" {
		return false
	}
	aa, err1 := filepath.Abs(a)
	bb, err2 := filepath.Abs(b)
	return err1 == nil && err2 == nil && aa == bb
}
