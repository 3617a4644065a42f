package game

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"os"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"grognard/render"
	"grognard/rules"
	"grognard/rules/fixture"
	"grognard/saves"
)

// menuScene is the start menu: systems, scenarios, optional rules,
// Continue, Load and Quit.
type menuScene struct {
	systems []rules.SystemInfo
	sys     int
	scen    int
	opts    map[string]rules.Options // per scenario id
	mx, my  int
	msg     string
	buttons []menuButton
	details []string // the chosen scenario's description lines
	// recent is the autosaved games Continue offers, newest first.
	recent    []saves.GameEntry
	recentErr error
	// chosen: the player chose a scenario on this screen, so Enter may
	// start it (menu_choice.go).
	chosen bool
}

// recentShown is how many autosaved games the menu offers.
const recentShown = 4

type menuButton struct {
	b  render.Button
	do func(a *App)
	// lines, when set, is the button's wrapped label (drawn in full).
	lines []string
}

// optFace is the face of the optional rules' labels.
func optFace() text.Face { return render.Bold(13) }

func newMenu(a *App) *menuScene {
	m := &menuScene{opts: map[string]rules.Options{}}
	m.recent, m.recentErr = recentGames(recentShown)
	fixtures := os.Getenv(EnvFixtures) == "1"
	for _, s := range rules.Systems() {
		if !fixtures && (s.ID == fixture.HexSystem || s.ID == fixture.ZoneSystem) {
			continue
		}
		m.systems = append(m.systems, s)
	}
	m.preselectRecent() // menu_last.go
	return m
}

func (m *menuScene) scenarios() []rules.ScenarioInfo {
	if m.sys >= len(m.systems) {
		return nil
	}
	return rules.Scenarios(m.systems[m.sys].ID)
}

func (m *menuScene) current() (rules.ScenarioInfo, bool) {
	sc := m.scenarios()
	if m.scen >= len(sc) {
		return rules.ScenarioInfo{}, false
	}
	return sc[m.scen], true
}

// recentLabels are the two lines of a recent game's button: scenario,
// turn and phase; then when it was autosaved and the decisions taken (two
// games may stand at the same turn and phase of one scenario: the time to
// the second and the decisions tell them apart). What does not fit the
// first line moves to the second, so that nothing is cut.
func recentLabels(g saves.GameEntry, r image.Rectangle) (string, string) {
	h, w := float64(r.Dy()), float64(r.Dx()-10)
	lf := render.Bold(math.Min(15, math.Max(10, h*0.38)))
	sf := render.Face(math.Min(12, math.Max(9, h*0.26)))
	fits := func(s string, f text.Face) bool { x, _ := render.Measure(s, f); return x <= w }
	sub := "autosaved " + g.Saved.Local().Format("2 Jan 2006, 15:04:05")
	if g.Game != nil {
		sub += fmt.Sprintf(" · %d decisions", len(g.Game.Steps))
	}
	label := g.Title()
	if fits(label, lf) {
		return label, sub
	}
	e := g
	e.Phase = ""
	label = e.Title()
	if g.Phase != "" {
		if long := g.Phase + " · " + sub; fits(long, sf) {
			return label, long
		}
		sub = g.Phase + " · autosaved " + g.Saved.Local().Format("15:04:05")
	}
	return label, sub
}

// layout builds the menu's buttons for a window of w x h.
func (m *menuScene) layout(a *App) {
	m.buttons = m.buttons[:0]
	col := (a.w - 120) / 3
	bw, bh := col-20, 52
	y0 := 136
	for i, s := range m.systems {
		i := i
		r := image.Rect(40, y0+i*(bh+8), 40+bw, y0+i*(bh+8)+bh)
		m.buttons = append(m.buttons, menuButton{b: render.Button{Label: s.Name, Sub: systemSub(s, r), Rect: r, Enabled: true, Active: i == m.sys},
			do: func(*App) { m.sys, m.scen, m.chosen = i, 0, true }})
	}
	x1 := 60 + col
	for i, sc := range m.scenarios() {
		i := i
		r := image.Rect(x1, y0+i*(bh+8), x1+bw, y0+i*(bh+8)+bh)
		m.buttons = append(m.buttons, menuButton{b: render.Button{Label: sc.Name, Sub: turnsText(sc.Turns), Rect: r, Enabled: true, Active: i == m.scen},
			do: func(*App) { m.scen, m.chosen = i, true }})
	}
	x2 := 80 + 2*col
	m.details = m.details[:0]
	if sc, ok := m.current(); ok {
		f := render.Face(15)
		w := float64(bw)
		m.details = append(m.details, render.Wrap(sc.Description, f, w)...)
		m.details = append(m.details, "", "Length: "+turnsText(sc.Turns), "Sides: "+strings.Join(sc.Sides, " vs "))
		if sys := m.systems[m.sys]; sys.Hidden {
			m.details = append(m.details, render.Wrap("Hidden information: a hand-over screen hides the board between the players", f, w)...)
		}
		if len(sc.Options) > 0 {
			m.details = append(m.details, "", "Optional rules (click to switch):")
		}
		opts := m.opts[sc.ID]
		y := y0 + len(m.details)*20 + 8
		ox := x2
		// Each option's whole name, wrapped (never cut), in a box as high
		// as it needs; the list stops above the bottom row.
		for _, o := range sc.Options {
			o := o
			on := opts.On(sc, o.ID)
			box := "[ ] "
			if on {
				box = "[x] "
			}
			label := box + o.Name + "  (rule " + o.Rule + ")"
			lines := render.Wrap(label, optFace(), float64(bw-16))
			h := 10 + 17*len(lines)
			if y+h > a.h-100 && ox == x2 {
				// Out of room: the rest go under the scenario list.
				ox, y = x1, y0+len(m.scenarios())*(bh+8)+12
			}
			r := image.Rect(ox, y, ox+bw, y+h)
			m.buttons = append(m.buttons, menuButton{b: render.Button{Rect: r, Enabled: true, Active: on}, lines: lines,
				do: func(*App) {
					if m.opts[sc.ID] == nil {
						m.opts[sc.ID] = rules.Options{}
					}
					m.opts[sc.ID][o.ID] = !on
				}})
			y += h + 5
		}
	}
	// The recent games (their own autosaves), under the systems.
	ry := y0 + len(m.systems)*(bh+8) + 40
	for i, g := range m.recent {
		g := g
		r := image.Rect(40, ry+i*50, 40+bw, ry+i*50+44)
		if r.Max.Y > a.h-100 {
			break
		}
		label, sub := recentLabels(g, r)
		m.buttons = append(m.buttons, menuButton{b: render.Button{Label: label, Sub: sub, Rect: r, Enabled: true},
			do: func(a *App) { m.continueGame(a, g) }})
	}
	// Bottom row: Start, Continue, Load, Replay, Learn, Quit.
	const nBottom = 6
	by := a.h - 90
	w := (a.w - 80 - (nBottom-1)*20) / nBottom
	contSub := "no game to continue"
	if len(m.recent) > 0 { // the last game, as much of its title as shows whole
		fits := func(t string) bool { return render.ButtonSubFits(t, w, 56) }
		e := m.recent[0]
		e.Phase = "" // without its phase when the whole title is too long
		contSub = firstFitting(fits, m.recent[0].Title(), e.Title())
	}
	labels := []struct {
		l, sub string
		ok     bool
		do     func(*App)
	}{
		{"Start", m.startSub(image.Rect(0, 0, w, 56)), len(m.scenarios()) > 0, m.start},
		{"Continue", contSub, len(m.recent) > 0, m.continueAuto},
		{"Load…", "a saved game (Ctrl+O)", true, m.loadSave},
		{"Replay a save…", "every past moment (Ctrl+R)", true, m.replaySave},
		{"Learn", "the books' examples", true, m.learn}, // learn.go
		{"Quit", "", true, func(a *App) { a.quit = true }},
	}
	if len(labels) != nBottom {
		w = (a.w - 80 - (len(labels)-1)*20) / len(labels)
	}
	for i, l := range labels {
		r := image.Rect(40+i*(w+20), by, 40+i*(w+20)+w, by+56)
		m.buttons = append(m.buttons, menuButton{b: render.Button{Label: l.l, Sub: l.sub, Rect: r, Enabled: l.ok}, do: l.do})
	}
	m.buttons = append(m.buttons, m.seatButtons(a, image.Rect(x1, by-62, x1+bw, by-10))...) // ai.go: who plays each side
	for i := range m.buttons {
		m.buttons[i].b.Hot = image.Pt(m.mx, m.my).In(m.buttons[i].b.Rect)
	}
}

func (m *menuScene) start(a *App) {
	sc, ok := m.current()
	if !ok {
		return
	}
	s, err := NewSession(sc.ID, seedNow(), m.opts[sc.ID])
	if err != nil {
		m.msg = "Cannot start: " + err.Error()
		return
	}
	a.startSession(s)
}

func (m *menuScene) continueAuto(a *App) {
	if len(m.recent) == 0 {
		m.msg = "No game to continue"
		return
	}
	m.continueGame(a, m.recent[0])
}

// continueGame opens an autosaved game, reloaded from its file (the
// menu's copy may be older than the file).
func (m *menuScene) continueGame(a *App, e saves.GameEntry) {
	g, err := saves.Read(e.Path)
	if err != nil {
		m.msg = "Cannot continue: " + err.Error()
		return
	}
	s, err := SessionFor(g)
	if err != nil {
		m.msg = "Cannot continue: " + err.Error()
		return
	}
	a.startSession(s)
}

func (m *menuScene) loadSave(a *App) {
	a.askLoad("Load game", func(p string, err error) { m.loaded(a, p, err) }) // filelist.go
}

// loaded opens the save the dialog answered.
func (m *menuScene) loaded(a *App, p string, err error) {
	var s *Session
	if err == nil {
		s, err = LoadSession(p)
	}
	if err != nil {
		if !cancelled(err) {
			m.msg = "Cannot load: " + err.Error()
		}
		return
	}
	a.startSession(s)
}

// buttonAt is the enabled button under (x, y) of the menu or the Learn
// screen, or nil.
func buttonAt(bs []menuButton, x, y int) *menuButton {
	for i := range bs {
		if bs[i].b.Enabled && image.Pt(x, y).In(bs[i].b.Rect) {
			return &bs[i]
		}
	}
	return nil
}

func (m *menuScene) update(a *App, evs []Event) error {
	for _, e := range evs {
		switch e.Kind {
		case EvMove:
			if e.X != m.mx || e.Y != m.my {
				m.mx, m.my = e.X, e.Y
				a.Redraw()
			}
		case EvUp:
			if e.Button != ebiten.MouseButtonLeft {
				continue
			}
			m.mx, m.my = e.X, e.Y
			m.layout(a)
			if b := buttonAt(m.buttons, e.X, e.Y); b != nil {
				m.msg = ""
				b.do(a)
				a.Redraw()
			}
		case EvKey:
			switch {
			case e.Key == ebiten.KeyO && e.Ctrl:
				m.loadSave(a)
				a.Redraw()
			case e.Key == ebiten.KeyR && e.Ctrl:
				m.replaySave(a) // replay_scene.go
				a.Redraw()
			case e.Key == ebiten.KeyEnter:
				m.enter(a)
				a.Redraw()
			case e.Key == ebiten.KeyDown:
				m.scen, m.chosen = min(m.scen+1, max(0, len(m.scenarios())-1)), true
				a.Redraw()
			case e.Key == ebiten.KeyUp:
				m.scen, m.chosen = max(m.scen-1, 0), true
				a.Redraw()
			}
		}
	}
	return nil
}

var (
	textColor  = color.RGBA{0xee, 0xe8, 0xd8, 0xff}
	dimColor   = color.RGBA{0xb0, 0xa8, 0x98, 0xff}
	errorColor = color.RGBA{0xff, 0x8a, 0x7a, 0xff}
)

func (m *menuScene) draw(a *App, dst *ebiten.Image) {
	m.layout(a)
	render.DrawText(dst, "Grognard", render.Bold(40), 40, 20, textColor)
	render.DrawText(dst, "Historical wargames with every rule enforced: hot-seat for two players", render.Face(16), 44, 70, dimColor)
	col := (a.w - 120) / 3
	render.DrawText(dst, "System", render.Bold(18), 40, 108, dimColor)
	render.DrawText(dst, "Scenario", render.Bold(18), float64(60+col), 108, dimColor)
	render.DrawText(dst, "About it", render.Bold(18), float64(80+2*col), 108, dimColor)
	if len(m.recent) > 0 {
		render.DrawText(dst, "Recent games", render.Bold(18), 40, float64(136+len(m.systems)*60+12), dimColor)
	}
	if len(m.systems) == 0 {
		render.DrawText(dst, "No game system is installed.", render.Face(18), 40, 140, errorColor)
	}
	for _, b := range m.buttons {
		render.DrawButton(dst, b.b)
		for i, l := range b.lines {
			render.DrawText(dst, l, optFace(), float64(b.b.Rect.Min.X+8), float64(b.b.Rect.Min.Y+5+17*i), textColor)
		}
	}
	y := 136.0
	for _, l := range m.details {
		render.DrawText(dst, l, render.Face(15), float64(80+2*col), y, textColor)
		y += 20
	}
	if m.msg != "" {
		// Under the bottom row, clear of the recent games and the seat
		// buttons: one line, or two smaller ones when it is long.
		face, step := render.Face(15), 0.0
		lines := render.Wrap(m.msg, face, float64(a.w-80))
		if len(lines) > 1 {
			face, step = render.Face(12.5), 15
			lines = render.Wrap(m.msg, face, float64(a.w-80))
		}
		y := float64(a.h - 31)
		if len(lines) > 1 {
			y = float64(a.h - 33)
		}
		for i, l := range lines[:min(len(lines), 2)] {
			render.DrawText(dst, l, face, 40, y+float64(i)*step, errorColor)
		}
	}
}

// turnsText is a scenario's length for the menu; 0 means it runs until a
// side reaches its victory condition.
func turnsText(n int) string {
	if n <= 0 {
		return "open-ended (played to victory)"
	}
	return fmt.Sprintf("%d turns", n)
}
