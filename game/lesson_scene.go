package game

// The lesson scene (issue #19): a lesson played on the real board. The
// board is an ordinary BoardScene over a Session whose Lesson hook hands
// every legal action to the lesson's Run (rules/lesson): the lesson's
// action is applied and the book's dice that follow are forced and shown
// in the dice tray; another legal action is not applied and is answered
// with why the example does something else; an illegal one gets the
// board's ordinary why-not. The step's text, its rule (a click opens the
// F1 reference there) and, at the end, the book's result stand in a card
// over the board. A lesson has no autosave and no save; Try it yourself
// starts an ordinary game from the lesson's position with real dice and
// undo, not autosaved (it is not a scenario's game: Continue could not
// rebuild it) and not savable.

import (
	"fmt"
	"image"
	"image/color"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"grognard/render"
	"grognard/rules"
	"grognard/rules/lesson"
)

// lessonScene is a lesson on the board.
type lessonScene struct {
	b       *BoardScene
	run     *lesson.Run
	answer  string // the run's answer to the last action tried
	shownAt int    // the step last brought into view (-1: none yet)
	marked  bool   // completed and written down
	card    image.Rectangle
	buttons []menuButton
	lines   []string
}

// Outline colour of the unit the step uses.
var lessonOutline = color.RGBA{0x30, 0xe0, 0xff, 0xff}

// lessonNoSave is why a lesson (and its Try it yourself) is not saved.
const lessonNoSave = "A lesson is not saved: it never touches your games, saves or autosaves"

// openLesson starts a lesson on the board.
func openLesson(a *App, l *lesson.Lesson) error {
	run, err := lesson.Start(l)
	if err != nil {
		return err
	}
	g := &rules.Game{Scenario: l.Scenario, Seed: 1, State: run.St}
	s, err := SessionFor(g)
	if err != nil {
		return err
	}
	ls := &lessonScene{run: run, shownAt: -1}
	s.Lesson = ls.do
	s.NoSave = lessonNoSave
	s.Autosave = nil
	s.TakeSeat()
	s.Game.Log = append(s.Game.Log, run.Forced...) // the opening draws and dice in the log too
	s.noteRoll(run.Forced)                         // an opening die of the book
	ls.b = a.OpenSession(s)
	ls.b.numbers = true // the lessons name hexes by number (#18: "click 0307" with no number on the map)
	a.scene = ls
	a.dirty = true
	return nil
}

// do is the session's Lesson hook: the run answers the action.
func (ls *lessonScene) do(act rules.Action) ([]rules.Event, error) {
	r := ls.run.Do(act)
	ls.answer = r.Msg
	if !r.OK {
		return nil, fmt.Errorf("%s", r.Msg)
	}
	ls.answer = ""
	return r.Events, nil
}

// lessonDo plays a legal action through the Lesson hook (session.go Do).
func (s *Session) lessonDo(a rules.Action) ([]rules.Event, error) {
	s.closeMenu()
	evs, err := s.Lesson(a)
	if err != nil {
		s.Message = err.Error()
		s.changed()
		return nil, err
	}
	s.Game.Log = append(s.Game.Log, evs...)
	s.noteRoll(evs)
	s.LastPublic = s.LastPublic[:0]
	s.Message = ""
	s.Selected = ""
	s.afterChange()
	return evs, nil
}

// stepUnit is the unit the current step uses and where it stands.
func (ls *lessonScene) stepUnit() (string, string) {
	st := ls.run.Step()
	if st == nil {
		return "", ""
	}
	id := st.Act.Unit
	if id == "" && len(st.Act.Units) > 0 {
		id = st.Act.Units[0]
	}
	if id == "" {
		return "", ""
	}
	if u, ok := ls.b.S.Unit(id); ok {
		return id, u.At
	}
	return id, ""
}

// stepHexes are the hexes the step's unit covers: one, or the two of an
// Albuera Line rectangle [6.1] (each is ringed).
func (ls *lessonScene) stepHexes() []string {
	id, at := ls.stepUnit()
	if at == "" {
		return nil
	}
	out := []string{at}
	if u, ok := ls.b.S.Unit(id); ok && u.At2 != "" && u.At2 != at {
		out = append(out, u.At2)
	}
	return out
}

// hint is H during a lesson: the step's own action, outlined in magenta as
// the game's hint (hint.go) with the step's rule, instead of asking the
// computer (which knows nothing of the example).
func (ls *lessonScene) hint() {
	s := ls.b.S
	st := ls.run.Step()
	if st == nil {
		return
	}
	act, _ := ls.run.Expected()
	why := "the example's next step [" + st.Rule + "]"
	if strings.Contains(act.String(), "["+st.Rule+"]") {
		why = "the example's next step" // the action names its rule already
	}
	s.Hint = &Hint{Side: s.Viewer, Action: act, Reason: why, Steps: len(s.Game.Steps)}
	where := ""
	if act.Unit == "" && act.To == "" {
		where = " (a button of the panel on the right)"
	}
	s.Message = "Hint (outlined in magenta): " + act.String() + where + " — " + why
	s.changed()
}

// cardRect places the lesson's card at the top left of the board.
func (ls *lessonScene) layout(a *App) {
	br := ls.b.BoardRect(a)
	w := min(470, br.Dx()-20)
	x0, y0 := br.Min.X+10, br.Min.Y+10
	f := render.Face(14)
	ls.lines = ls.lines[:0]
	l := ls.run.L
	for _, t := range render.Wrap(l.Title, render.Bold(16), float64(w-24)) {
		ls.lines = append(ls.lines, "#"+t)
	}
	if st := ls.run.Step(); st != nil {
		ls.lines = append(ls.lines, fmt.Sprintf("@Step %d of %d", ls.stepNo(), ls.steps()))
		ls.lines = append(ls.lines, render.Wrap(st.Text, f, float64(w-24))...)
	} else {
		ls.lines = append(ls.lines, "@The book's result")
		ls.lines = append(ls.lines, render.Wrap(l.Result, f, float64(w-24))...)
		if err := ls.run.CheckResult(); err != nil {
			for _, t := range render.Wrap("The board differs: "+err.Error(), f, float64(w-24)) {
				ls.lines = append(ls.lines, "!"+t)
			}
		} else {
			ls.lines = append(ls.lines, "@The board agrees. Lesson completed.")
		}
	}
	if ls.answer != "" {
		for _, s := range render.Wrap(ls.answer, f, float64(w-24)) {
			ls.lines = append(ls.lines, "!"+s)
		}
	}
	h := 16 + 19*len(ls.lines) + 8 + 36 + 12
	ls.card = ls.clearOfCounters(a, image.Rect(x0, y0, x0+w, y0+h)) // lesson_card_place.go
	ls.buttons = ls.buttons[:0]
	by := ls.card.Min.Y + h - 48
	// Two buttons during the steps (the rule gets the room: Venta's rules
	// have long names), three at the end.
	var ws []int
	if ls.run.Step() != nil {
		back := 130
		ws = []int{w - 24 - 8 - back, back}
	} else {
		bw := (w - 24 - 16) / 3
		ws = []int{bw, bw, bw}
	}
	bx := x0 + 12
	btn := func(i int, label, sub string, do func(a *App)) {
		r := image.Rect(bx, by, bx+ws[i], by+36)
		bx += ws[i] + 8
		ls.buttons = append(ls.buttons, menuButton{b: render.Button{Label: label, Sub: sub, Rect: r, Enabled: true, Hot: image.Pt(ls.b.mx, ls.b.my).In(r)}, do: do})
	}
	// ruleBtn is "Rule [X]", or "Rule" over "[X]" when that does not fit.
	ruleBtn := func(i int, rule string) {
		label, sub := "Rule ["+rule+"]", "in the reference"
		if !render.ButtonLabelWhole(label, sub, ws[i], 36, 0) {
			label, sub = "Rule", fitText("["+rule+"] in the reference", render.Face(12), ws[i]-12)
		}
		btn(i, label, sub, func(a *App) { ls.b.openReferenceAt(a, rule); ls.back(a) })
	}
	if st := ls.run.Step(); st != nil {
		ruleBtn(0, st.Rule)
	} else {
		btn(0, "Try it yourself", "real dice, undo", ls.try)
	}
	btn(1, "Back to lessons", "Esc", func(a *App) { ls.leave(a) })
	if len(l.Rules) > 0 && ls.run.Step() == nil {
		ruleBtn(2, l.Rules[0])
	}
}

// back makes the reference opened from the lesson come back to it.
func (ls *lessonScene) back(a *App) {
	if r, ok := a.scene.(*referenceScene); ok {
		r.back = ls
	}
}

func (ls *lessonScene) stepNo() int {
	n := 0
	for i := 0; i <= ls.run.I && i < len(ls.run.L.Steps); i++ {
		if !ls.run.L.Steps[i].Chance {
			n++
		}
	}
	return n
}

func (ls *lessonScene) steps() int {
	n := 0
	for _, s := range ls.run.L.Steps {
		if !s.Chance {
			n++
		}
	}
	return n
}

func (ls *lessonScene) leave(a *App) {
	a.scene = ls.b
	a.releaseScene()
	openLearnAt(a, ls.run.L.System, "") // learn.go: back on the lesson's system
}

// try starts an ordinary game from the lesson's position: real dice, undo,
// no autosave, no save.
func (ls *lessonScene) try(a *App) {
	g := &rules.Game{Scenario: ls.run.L.Scenario, Seed: seedNow(), State: ls.run.TryItYourself()}
	if _, err := g.ResolveChance(); err != nil {
		ls.answer = "Cannot start: " + err.Error()
		return
	}
	start := ls.run.TryItYourself()
	s, err := SessionFor(g)
	if err != nil {
		ls.answer = "Cannot start: " + err.Error()
		return
	}
	seed := g.Seed
	s.NoSave = "Try it yourself is not saved: it starts from a lesson's position, not a scenario's"
	s.Rebuild = func(steps []rules.Step) (*rules.Game, error) {
		r := &rules.Game{Scenario: g.Scenario, Seed: seed, State: start.Clone()}
		for i, st := range steps {
			if _, err := r.ApplyOne(st.Action); err != nil {
				return nil, fmt.Errorf("step %d (%s): %w", i+1, st.Action.Key(), err)
			}
		}
		return r, nil
	}
	s.Message = "Try it yourself: the lesson's position with real dice (Ctrl+Z undoes; Menu leaves)"
	a.scene = ls.b
	a.OpenSession(s) // releases the lesson's board
}

func (ls *lessonScene) update(a *App, evs []Event) error {
	s := ls.b.S
	var rest []Event
	for _, e := range evs {
		in := image.Pt(e.X, e.Y).In(ls.card)
		switch {
		case e.Kind == EvKey && e.Key == ebiten.KeyEscape && s.Selected == "" && s.Menu == nil && ls.b.dialog == nil && ls.b.openStack == "":
			ls.leave(a)
			return nil
		case e.Kind == EvKey && e.Key == ebiten.KeyH && !e.Ctrl && ls.run.Step() != nil && ls.b.dialog == nil:
			ls.hint()
			a.Redraw()
		case e.Kind == EvKey && e.Key == ebiten.KeyF1 && ls.run.Step() != nil:
			ls.b.openReferenceAt(a, ls.run.Step().Rule)
			ls.back(a)
			return nil
		case (e.Kind == EvDown || e.Kind == EvUp) && in && ls.b.dialog == nil:
			if e.Kind == EvUp && e.Button == ebiten.MouseButtonLeft {
				ls.layout(a)
				for _, bt := range ls.buttons {
					if image.Pt(e.X, e.Y).In(bt.b.Rect) {
						bt.do(a)
						a.Redraw()
						if a.scene != ls {
							return nil
						}
					}
				}
			}
		default:
			rest = append(rest, e)
		}
	}
	before := ls.run.I
	a.scene = ls.b // the board's own navigation (Menu, F1) starts from it
	if err := ls.b.update(a, rest); err != nil {
		return err
	}
	if r, ok := a.scene.(*referenceScene); ok && r.back == ls.b {
		r.back = ls
	}
	if a.scene != ls.b {
		return nil // the board left (its Menu button) or opened the reference
	}
	a.scene = ls
	if s.Waiting() {
		s.TakeSeat() // one person plays both sides of a lesson
	}
	if ls.run.I != before {
		s.Hint = nil // the hint was the step just taken
		a.Redraw()
	}
	if ls.run.Done() && !s.Closed {
		ls.endSeat(s)
		s.Closed, s.Selected = true, "" // the lesson is over: nothing lit
		s.changed()
	}
	if ls.run.Done() && !ls.marked && ls.run.CheckResult() == nil {
		ls.marked = true
		if err := markLessonDone(ls.run.L.ID); err != nil {
			ls.answer = "Cannot write the completed lessons: " + err.Error()
		}
	}
	if ls.shownAt != ls.run.I {
		ls.shownAt = ls.run.I
		if hs := ls.stepHexes(); len(hs) > 0 {
			if st := ls.run.Step(); st != nil && st.Act.To != "" {
				hs = append(hs, st.Act.To) // where it goes, in view too
			}
			ls.b.showHexes(a, hs, false)
			// Clear of the card: the unit (both hexes of a Line) and where
			// it goes go below it.
			ls.layout(a)
			for _, at := range hs {
				if x, y, ok := ls.b.ScreenOf(at); ok {
					h := render.HexSize * ls.b.Cam.Zoom
					if image.Rect(int(x-h), int(y-h), int(x+h), int(y+h)).Overlaps(ls.card) {
						ls.b.pan(0, y-float64(ls.card.Max.Y)-2*h)
					}
				}
			}
			a.Redraw()
		}
	}
	return nil
}

func (ls *lessonScene) draw(a *App, dst *ebiten.Image) {
	ls.b.invalidate() // the card changes size: the board repaints in full
	ls.layout(a)
	ls.b.coverRect = ls.card // hover texts keep clear of the card (#18)
	ls.b.draw(a, dst)
	// The unit of the step: a ring around its hex, around both hexes of
	// a Line rectangle (not over a question).
	for _, at := range ls.stepHexes() {
		if ls.b.dialog != nil {
			break
		}
		if x, y, ok := ls.b.ScreenOf(at); ok && image.Pt(int(x), int(y)).In(ls.b.BoardRect(a)) {
			r := float32(render.HexSize * ls.b.Cam.Zoom * 0.95)
			vector.StrokeCircle(dst, float32(x), float32(y), r, 4, lessonOutline, true)
		}
	}
	// The place the step names ("click 0307"): a thinner ring (#18: the
	// lit hexes hide the hex numbers).
	if act, ok := ls.run.Expected(); ok && act.To != "" && ls.b.dialog == nil {
		if x, y, ok := ls.b.ScreenOf(act.To); ok && image.Pt(int(x), int(y)).In(ls.b.BoardRect(a)) {
			r := float32(render.HexSize * ls.b.Cam.Zoom * 0.8)
			vector.StrokeCircle(dst, float32(x), float32(y), r, 2.5, lessonOutline, true)
		}
	}
	render.DrawPanel(dst, ls.card)
	y := float64(ls.card.Min.Y + 10)
	for _, l := range ls.lines {
		f, c := render.Face(14), textColor
		switch {
		case len(l) > 0 && l[0] == '#':
			f, l = render.Bold(16), l[1:]
		case len(l) > 0 && l[0] == '@':
			f, c, l = render.Bold(14), lessonOutline, l[1:]
		case len(l) > 0 && l[0] == '!':
			c, l = errorColor, l[1:]
		}
		render.DrawText(dst, l, f, float64(ls.card.Min.X+12), y, c)
		y += 19
	}
	for _, bt := range ls.buttons {
		render.DrawButton(dst, bt.b)
	}
}

// invalidate and paintsAll: the board's (a new scene repaints in full).
func (ls *lessonScene) invalidate()     { ls.b.invalidate() }
func (ls *lessonScene) paintsAll() bool { return ls.b.paintsAll() }
func (ls *lessonScene) resized(a *App)  { ls.b.resized(a) }
