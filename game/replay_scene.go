package game

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"grognard/render"
	"grognard/rules"
	"grognard/saves"
)

// replayScene is the replay of a game in the app (issue #13): the board,
// HUD and log of a past moment (Replay.N), a banner that says it is a
// replay, a timeline bar with the turn and phase marks, and a side panel
// with the step's dice, modifiers and odds and the replay's commands.
//
// It never touches the live game: the board it draws is a BoardScene of
// its own over a session holding the timeline's copy of the game at step
// N, and no click reaches that session's actions. Esc (or R) returns to
// the scene it was opened from (the live board, untouched, or the menu).
type replayScene struct {
	R    *Replay
	back scene // the scene Esc returns to
	// b draws the moment: a board of its own over s, a session that only
	// shows (its game is the timeline's copy at step R.N).
	b *BoardScene
	s *Session
	// shownN and shownViewer are the step and side s holds (-1: none).
	shownN      int
	shownViewer rules.Side
	// cover hides everything until the viewer takes the seat: a replay of
	// a game with hidden information that is not over shows one side's
	// view only, behind the hand-over screen.
	cover bool

	mx, my    int
	logScroll int
	barDrag   bool
	msg       string
	buttons   []replayButton
	err       error
	// info is Replay.Info for step infoN and viewer infoViewer (it replays
	// the state before the step: asked once per step, not per frame).
	info       StepInfo
	infoN      int
	infoViewer rules.Side
	infoOK     bool
}

// stepInfo is Replay.Info for the step shown, memoised.
func (rs *replayScene) stepInfo() StepInfo {
	if !rs.infoOK || rs.infoN != rs.R.N || rs.infoViewer != rs.R.Viewer {
		rs.info, rs.infoN, rs.infoViewer, rs.infoOK = rs.R.Info(), rs.R.N, rs.R.Viewer, true
	}
	return rs.info
}

// infoRow is one row of the step's info in the side panel.
type infoRow struct {
	text string
	gold bool
	dice bool // the row draws the step's dice after its text
}

const (
	infoRowH = 17
	diceRowH = 26
	keyRowH  = 15
)

func (r infoRow) height() int {
	if r.dice {
		return diceRowH
	}
	return infoRowH
}

// infoRows are the step's info lines wrapped to the side panel.
func (rs *replayScene) infoRows(a *App) []infoRow {
	f := render.Face(13)
	w := float64(sideWidth - 28)
	var out []infoRow
	for _, l := range rs.panelLines() {
		if l == "Dice:" && rs.s != nil || l == "Battle dice:" {
			out = append(out, infoRow{text: l, dice: true})
			continue
		}
		for i, wl := range render.Wrap(l, f, w) {
			if i > 0 {
				wl = "  " + wl
			}
			out = append(out, infoRow{text: wl, gold: strings.HasPrefix(l, "Step ")})
		}
	}
	return out
}

// replayButton is a button of the replay's side panel.
type replayButton struct {
	b  render.Button
	do func(a *App)
}

// symbolDiceSystem is the system whose dice are symbols (indexes into its
// battle dice's faces), not numbers: the command-card system.
const symbolDiceSystem = "napoleonics"

// Layout of the replay scene.
const (
	replayBannerH = 40
	replayBarH    = 64
)

// Replay keys (README "Replay", the side panel's key list).
var replayKeys = []string{
	"Left / Right: one step (an action or a die roll)",
	"Shift+Left / Shift+Right: one phase",
	"PageUp / PageDown: one turn;  Home / End: start / end",
	"Click or drag the timeline; click a log line",
	"P: play from here (asks first)  Esc: leave",
}

// newReplayScene opens a replay of r over back (the scene Esc returns to).
func newReplayScene(a *App, r *Replay, back scene) *replayScene {
	rs := &replayScene{R: r, back: back, shownN: -1, shownViewer: -1, cover: r.Restricted}
	rs.sync(a)
	return rs
}

// openReplay opens the replay of the live game at its last step, for the
// side at the keyboard (R and the Replay button of the board). The live
// session and game are not changed.
func (b *BoardScene) openReplay(a *App) {
	if b.S.Lesson != nil || b.S.Rebuild != nil { // a lesson, or its Try it yourself (lesson_scene.go)
		b.S.Message = "No replay here: a lesson and its Try it yourself start from a lesson's position, not a scenario's"
		b.S.changed()
		return
	}
	viewer := b.S.Viewer
	if b.S.Cover {
		viewer = b.S.Seat
	}
	r, err := NewReplay(b.S.Game, viewer)
	if err != nil {
		b.S.Message = "Cannot replay: " + err.Error()
		b.S.changed()
		return
	}
	rs := newReplayScene(a, r, b)
	if rs.b != nil {
		// The replay opens on the place the player was looking at, and
		// uses the live board's painted map (the same map: its tiles are
		// not painted and held twice).
		rs.b.Cam, rs.b.fitted = b.Cam, true
		rs.b.RB = b.RB
	}
	a.scene = rs
	a.Redraw()
}

// replaySave asks for a save and opens its replay (the menu's "Replay a
// save…"): for a game with hidden information that is not over, the view
// of the side to decide at its last step, behind the hand-over screen.
func (m *menuScene) replaySave(a *App) {
	a.askLoad("Replay a save", func(p string, err error) { m.replayPicked(a, p, err) }) // filelist.go
}

// replayPicked opens the replay of the save the dialog answered.
func (m *menuScene) replayPicked(a *App, p string, err error) {
	if err != nil {
		if !cancelled(err) {
			m.msg = "Cannot replay: " + err.Error()
		}
		return
	}
	if err := a.openReplayFile(p, m); err != nil {
		m.msg = "Cannot replay: " + err.Error()
	}
}

// openReplayFile opens the replay of the save at path over back.
func (a *App) openReplayFile(path string, back scene) error {
	g, err := saves.Read(path)
	if err != nil {
		return err
	}
	viewer := g.State.Status().Decider
	if viewer < 0 {
		viewer = 0
	}
	r, err := NewReplay(g, viewer)
	if err != nil {
		return err
	}
	r.Source = path
	a.scene = newReplayScene(a, r, back)
	a.Redraw()
	return nil
}

// sync makes the shown session hold step R.N for R.Viewer.
func (rs *replayScene) sync(a *App) {
	if rs.s != nil && rs.shownN == rs.R.N && rs.shownViewer == rs.R.Viewer {
		return
	}
	g, err := rs.R.Game()
	if err != nil {
		rs.err = err
		return
	}
	rs.err = nil
	if rs.s == nil {
		s, err := SessionFor(g)
		if err != nil {
			rs.err = err
			return
		}
		rs.s = s
		s.Cover, s.Handover = false, false
		s.Viewer = rs.R.Viewer
		s.changed()
		rs.b = newBoard(a, s)
	} else {
		// One session throughout: its version only grows, so the board's
		// layer and widget caches never mistake one step for another.
		rs.s.Game = g
		rs.s.Viewer = rs.R.Viewer
		rs.s.Selected = ""
		rs.s.closeMenu()
		rs.s.changed()
	}
	rs.s.Message = ""
	rs.shownN, rs.shownViewer = rs.R.N, rs.R.Viewer
	rs.logScroll = 0
	a.Redraw()
}

// Banner is the line that tells the player this is a replay, not the live
// game: "REPLAY — step N of M, turn T, phase P".
func (rs *replayScene) Banner() string {
	st := rs.R.Status(rs.R.N)
	s := fmt.Sprintf("REPLAY — step %d of %d", rs.R.N, rs.R.Len())
	if st.Turn > 0 {
		s += fmt.Sprintf(", turn %d", st.Turn)
	}
	if st.Phase != "" {
		s += ", phase " + st.Phase
	}
	return s
}

// View is the view the scene draws (nil behind the hand-over screen).
func (rs *replayScene) View() *rules.View {
	if rs.cover || rs.s == nil {
		return nil
	}
	return rs.s.View()
}

// Texts is every text the scene draws now (tests check what a replay
// shows and hides): banner, side panel, log, and the board's HUD words.
func (rs *replayScene) Texts(a *App) []string {
	if rs.cover {
		t, sub := rs.coverText()
		return []string{t, sub}
	}
	out := []string{rs.Banner()}
	out = append(out, rs.panelLines()...)
	for _, l := range rs.R.LogLines() {
		out = append(out, l.Text)
	}
	for _, m := range rs.R.Marks() {
		out = append(out, m.Label)
	}
	return out
}

func (rs *replayScene) coverText() (string, string) {
	who := rs.R.SideName(rs.R.Viewer)
	return "Replay: pass the seat to " + who,
		"The game is not over: the replay shows only " + who + "'s view. Enter or a click when " + who + " has the seat; Esc goes back."
}

// leave returns to the scene the replay was opened from, as it was.
func (rs *replayScene) leave(a *App) {
	rs.release()
	a.scene = rs.back
	if inv, ok := rs.back.(interface{ invalidate() }); ok {
		inv.invalidate()
	}
	a.Redraw()
}

// closeFromReplay handles the window's close button during the replay of
// the live game: back to the live board, which asks first when the game
// has decisions no file holds (as it does without the replay). It reports
// whether it did so (false: nothing to ask, the app may quit).
func (a *App) closeFromReplay() bool {
	rs, ok := a.scene.(*replayScene)
	if !ok {
		return false
	}
	live, ok := rs.back.(*BoardScene)
	if !ok {
		return false
	}
	rs.leave(a)
	if live.dialog == nil {
		live.leaveThen(a, "Quit Grognard", func(a *App) { a.quit = true })
	}
	a.dirty = true
	return true
}

// release frees the replay board's images.
func (rs *replayScene) release() {
	if rs.b == nil {
		return
	}
	rs.b.cache.clear()
	if rs.b.layer != nil {
		rs.b.layer.Deallocate()
		rs.b.layer, rs.b.layerOK = nil, false
	}
}

// askPlayFromHere asks before Play from here (P and its button) starts a
// new game, as the board asks before leaving a game: the question says
// what starts (a new game from this turn and step, in a new save) and
// what is kept (the replayed save, or the live game in its autosave).
// Enter or its first button starts it; Esc or the second leaves the
// replay as it was.
func (rs *replayScene) askPlayFromHere(a *App) {
	if rs.cover || rs.b == nil {
		return
	}
	rs.b.ask("Play from here?", rs.playFromHereText(), "Start the new game (Enter)", "Stay in the replay (Esc)",
		func(a *App) { _, _ = rs.PlayFromHere(a) })
	a.Redraw()
}

// playFromHereText is the question's text: the moment the new game starts
// from and what is kept.
func (rs *replayScene) playFromHereText() string {
	st := rs.R.Status(rs.R.N)
	at := fmt.Sprintf("step %d of %d", rs.R.N, rs.R.Len())
	if st.Turn > 0 {
		at = fmt.Sprintf("turn %d, %s", st.Turn, at)
	}
	if st.Phase != "" {
		at += " (" + st.Phase + ")"
	}
	kept := "The game you were playing is kept as it stands in its own autosave: the menu's recent games bring it back."
	if rs.R.Source != "" {
		kept = "The original save, " + filepath.Base(rs.R.Source) + ", is kept: nothing is written to it."
	}
	return "A new game starts from " + at + ", in a new save in the save folder with an autosave of its own, and opens on the board. " + kept
}

// PlayFromHere starts a new game from the moment shown: it is written to
// a new save in the save folder (the replay's own file, if any, is never
// written) and gets an autosave of its own, then opens on the board.
func (rs *replayScene) PlayFromHere(a *App) (string, error) {
	if rs.cover {
		return "", errors.New("take the seat first")
	}
	dir, err := saves.Dir()
	if err != nil {
		return "", err
	}
	g, path, err := rs.R.Branch(dir)
	if err != nil {
		rs.msg = "Cannot branch: " + err.Error()
		return "", err
	}
	s, err := SessionFor(g)
	if err != nil {
		rs.msg = "Cannot branch: " + err.Error()
		return "", err
	}
	key := branchKey(dir, g)
	s.AutoKey = key
	s.Autosave = func(g *rules.Game) error { return saves.AutosaveGameIn(dir, key, g) }
	_ = s.Autosave(g)
	s.Message = fmt.Sprintf("A new game from step %d of the replay, saved as %s", rs.R.N, filepath.Base(path))
	if rs.R.Restricted && !s.Cover {
		// The side that watched the replay holds the seat; a hidden game
		// whose decider is the other side starts behind the cover.
		s.Viewer = rs.R.Viewer
		if d := s.Decider(); d >= 0 && d != rs.R.Viewer {
			s.Cover, s.Seat = true, d
		}
	}
	rs.release()
	a.OpenSession(s)
	return path, nil
}

// branchKey is an autosave key for a branch that names no existing file:
// a branch never continues (so never overwrites) another game's autosave.
func branchKey(dir string, g *rules.Game) string {
	base := saves.GameKey(g) + ".branch-" + strconv.FormatInt(time.Now().UnixNano(), 36)
	key := base
	for n := 2; fileExists(saves.GameAutosavePath(dir, key)); n++ {
		key = base + "-" + strconv.Itoa(n)
	}
	return key
}

// Rects of the scene's areas.
func (rs *replayScene) sideRect(a *App) image.Rectangle {
	return image.Rect(a.w-sideWidth, hudHeight, a.w, a.h)
}
func (rs *replayScene) bannerRect(a *App) image.Rectangle {
	return image.Rect(0, hudHeight, a.w-sideWidth, hudHeight+replayBannerH)
}
func (rs *replayScene) barRect(a *App) image.Rectangle {
	return image.Rect(0, a.h-replayBarH, a.w-sideWidth, a.h)
}

// trackRect is the timeline's track inside the bar.
func (rs *replayScene) trackRect(a *App) image.Rectangle {
	r := rs.barRect(a)
	return image.Rect(r.Min.X+24, r.Min.Y+30, r.Max.X-24, r.Min.Y+42)
}

// stepX is the x of step n on the track; stepAt the step at x.
func (rs *replayScene) stepX(a *App, n int) float64 {
	t := rs.trackRect(a)
	if rs.R.Len() == 0 {
		return float64(t.Min.X)
	}
	return float64(t.Min.X) + float64(t.Dx())*float64(n)/float64(rs.R.Len())
}

func (rs *replayScene) stepAt(a *App, x int) int {
	t := rs.trackRect(a)
	if t.Dx() <= 0 {
		return 0
	}
	f := float64(x-t.Min.X) / float64(t.Dx())
	return int(math.Round(f * float64(rs.R.Len())))
}

// infoLines are the lines the side panel says about the step shown: who
// decided, the action, modifiers, the odds, and the viewer's hand.
func (rs *replayScene) panelLines() []string {
	info := rs.stepInfo()
	lines := info.Lines()
	if len(info.Dice) > 0 && len(info.Odds) > 0 {
		// The outcome this roll gave, among the odds it had: the longest
		// result its log line states ("defender loses 1 step(s)" is also
		// the start of "defender loses 1 step(s); attacker loses ...").
		if _, evs, err := rs.R.TL.Step(rs.R.N); err == nil {
			best := -1
			for k, o := range info.Odds {
				for _, e := range evs {
					if o.Result != "" && strings.Contains(e.TextFor(rs.R.Viewer), ": "+o.Result) &&
						(best < 0 || len(o.Result) > len(info.Odds[best].Result)) {
						best = k
					}
				}
			}
			if best >= 0 {
				o := info.Odds[best]
				plain := fmt.Sprintf("  %s %d/%d", o.Result, o.Num, o.Den)
				for i, l := range lines {
					if l == plain {
						lines[i] = fmt.Sprintf("► %s %d/%d  (this roll)", o.Result, o.Num, o.Den)
						break
					}
				}
			}
		}
	}
	if len(info.Dice) > 0 {
		// Numbered dice are drawn as dice beside the line; the battle dice
		// of the command-card system are symbols, which only the roll's
		// log line names.
		symbols := rs.s != nil && rs.s.System.ID == symbolDiceSystem
		for i, l := range lines {
			if strings.HasPrefix(l, "Dice: ") {
				lines[i] = "Dice:"
				if symbols {
					lines[i] = "Battle dice:" // drawn as their pictures (dicetray.go)
				}
			}
		}
		// The roll in its own words: faces, modifiers, result, rule.
		if _, evs, err := rs.R.TL.Step(rs.R.N); err == nil {
			for _, e := range evs {
				if len(e.Dice) > 0 {
					lines = append(lines, "Roll: "+e.TextFor(rs.R.Viewer))
				}
			}
		}
	}
	if v := rs.View(); v != nil {
		if len(v.Hand) > 0 {
			var names []string
			for _, c := range v.Hand {
				names = append(names, c.Name)
			}
			lines = append(lines, rs.R.SideName(rs.R.Viewer)+"'s hand: "+strings.Join(names, ", "))
		}
		if v.Result.Over && rs.R.N == rs.R.Len() {
			lines = append(lines, "Game over: "+v.Result.Reason)
		}
	}
	if rs.msg != "" {
		lines = append(lines, rs.msg)
	}
	return lines
}

// layout builds the side panel's buttons and returns the y where the
// step's info begins.
func (rs *replayScene) layout(a *App) int {
	rs.buttons = rs.buttons[:0]
	r := rs.sideRect(a)
	x0, x1 := r.Min.X+8, r.Max.X-8
	y := r.Min.Y + 8
	hot := func(rr image.Rectangle) bool { return image.Pt(rs.mx, rs.my).In(rr) }
	add := func(rr image.Rectangle, label string, ok bool, do func(*App)) {
		rs.buttons = append(rs.buttons, replayButton{b: render.Button{Label: label, Rect: rr, Enabled: ok, Hot: ok && hot(rr)}, do: do})
	}
	n, last := rs.R.N, rs.R.Len()
	w := (x1 - x0 - 8) / 3
	row := func(labels [3]string, oks [3]bool, dos [3]func(*App)) {
		for i := range labels {
			add(image.Rect(x0+i*(w+4), y, x0+i*(w+4)+w, y+30), labels[i], oks[i], dos[i])
		}
		y += 34
	}
	row([3]string{"◄ Step", "◄ Phase", "◄ Turn"}, [3]bool{n > 0, n > 0, n > 0},
		[3]func(*App){func(*App) { rs.R.Back() }, func(*App) { rs.R.PhaseBack() }, func(*App) { rs.R.TurnBack() }})
	row([3]string{"Step ►", "Phase ►", "Turn ►"}, [3]bool{n < last, n < last, n < last},
		[3]func(*App){func(*App) { rs.R.Forward() }, func(*App) { rs.R.PhaseForward() }, func(*App) { rs.R.TurnForward() }})
	half := (x1 - x0 - 4) / 2
	add(image.Rect(x0, y, x0+half, y+34), "Play from here (P)", true, rs.askPlayFromHere)
	add(image.Rect(x0+half+4, y, x1, y+34), "Leave replay (Esc)", true, rs.leave)
	y += 38
	if !rs.R.Restricted && len(rs.R.sides) > 1 {
		other := (rs.R.Viewer + 1) % rules.Side(len(rs.R.sides))
		add(image.Rect(x0, y, x1, y+28), "View: "+rs.R.SideName(rs.R.Viewer)+"  (V: show "+rs.R.SideName(other)+")", true,
			func(*App) { _ = rs.R.SetViewer(other) })
		y += 32
	}
	return y + 2
}

// replayLogRect is where the replay's log is: under the step's info and
// the key list, taking the lower half of the panel or what the info
// leaves (at least logMinH).
func (rs *replayScene) replayLogRect(a *App) image.Rectangle {
	r := rs.sideRect(a)
	need := rs.layout(a) + 12 + keyRowH*len(replayKeys)
	for _, row := range rs.infoRows(a) {
		need += row.height()
	}
	top := max(need, r.Min.Y+r.Dy()/2)
	top = min(top, r.Max.Y-logMinH)
	return image.Rect(r.Min.X+8, top, r.Max.X-8, r.Max.Y-8)
}

func (rs *replayScene) logTexts() []string {
	ls := rs.R.LogLines()
	out := make([]string, len(ls))
	for i, l := range ls {
		out[i] = l.Text
	}
	return out
}

// logLineAt is the index in lines of the log line drawn at y in the log
// panel lr scrolled by scroll (-1 when none), as render.DrawLog lays it out.
func logLineAt(lr image.Rectangle, lines []string, scroll, y int) int {
	k, _ := render.LogLineAt(lr, lines, scroll, y)
	return k
}

func (rs *replayScene) update(a *App, evs []Event) error {
	rs.sync(a)
	for _, e := range evs {
		rs.handle(a, e)
	}
	rs.sync(a)
	if rs.b != nil && rs.b.S.Version() != rs.b.version {
		rs.b.version = rs.b.S.Version()
		a.Redraw()
	}
	return nil
}

func (rs *replayScene) handle(a *App, e Event) {
	if rs.cover {
		switch {
		case e.Kind == EvKey && (e.Key == ebiten.KeyEnter || e.Key == ebiten.KeyNumpadEnter):
			rs.cover = false
		case e.Kind == EvKey && e.Key == ebiten.KeyEscape:
			rs.leave(a)
		case e.Kind == EvUp && e.Button == ebiten.MouseButtonLeft:
			rs.cover = false
		}
		a.Redraw()
		return
	}
	if rs.b != nil && rs.b.dialog != nil {
		// An open question takes every key and click until answered
		// (Enter or its first button: yes; Esc or the second: no).
		switch {
		case e.Kind == EvMove:
			rs.mx, rs.my = e.X, e.Y
			rs.b.mx, rs.b.my = e.X, e.Y
		case e.Kind == EvKey:
			rs.b.key(a, e)
		case e.Kind == EvUp && e.Button == ebiten.MouseButtonLeft:
			rs.b.click(a, e.X, e.Y)
		}
		a.Redraw()
		return
	}
	p := image.Pt(e.X, e.Y)
	switch e.Kind {
	case EvMove:
		rs.mx, rs.my = e.X, e.Y
		if rs.barDrag {
			rs.R.Goto(rs.stepAt(a, e.X))
			a.Redraw()
			return
		}
		if rs.b != nil && !p.In(rs.sideRect(a)) {
			rs.b.handle(a, e) // hover, drag to pan
		}
		a.Redraw()
	case EvDown:
		rs.mx, rs.my = e.X, e.Y
		if e.Button == ebiten.MouseButtonLeft && p.In(rs.barRect(a)) {
			rs.barDrag = true
			rs.R.Goto(rs.stepAt(a, e.X))
			a.Redraw()
			return
		}
		if rs.b != nil && p.In(rs.b.BoardRect(a)) && !p.In(rs.bannerRect(a)) {
			rs.b.handle(a, e)
		}
	case EvUp:
		rs.mx, rs.my = e.X, e.Y
		if rs.barDrag {
			rs.barDrag = false
			rs.R.Goto(rs.stepAt(a, e.X))
			a.Redraw()
			return
		}
		if rs.b != nil && rs.b.dragging {
			rs.b.handle(a, e) // the end of a pan
			return
		}
		if rs.b != nil {
			rs.b.down = false
		}
		if e.Button == ebiten.MouseButtonLeft {
			rs.click(a, p)
		}
		a.Redraw()
	case EvWheel:
		if p.In(rs.replayLogRect(a)) {
			n := int(math.Round(e.DY * 3))
			if n == 0 && e.DY != 0 {
				n = int(math.Copysign(1, e.DY))
			}
			total, shown := render.LogRows(rs.replayLogRect(a), rs.logTexts())
			rs.logScroll = max(0, min(rs.logScroll+n, total-shown))
			a.Redraw()
			return
		}
		if rs.b != nil && p.In(rs.b.BoardRect(a)) {
			rs.b.handle(a, e)
		}
	case EvKey:
		rs.key(a, e)
		a.Redraw()
	}
}

// click handles a left click that was no drag: a button, a log line, the
// overview map. Clicks on the map select nothing and act on nothing.
func (rs *replayScene) click(a *App, p image.Point) {
	rs.layout(a)
	for _, bt := range rs.buttons {
		if bt.b.Enabled && p.In(bt.b.Rect) {
			rs.msg = ""
			bt.do(a)
			return
		}
	}
	if lr := rs.replayLogRect(a); p.In(lr) {
		lines := rs.R.LogLines()
		texts := rs.logTexts()
		if i := logLineAt(lr, texts, rs.logScroll, p.Y); i >= 0 {
			rs.R.Goto(lines[i].Step)
		}
		return
	}
	if rs.b != nil {
		if cam, ok := rs.b.RB.MinimapClick(rs.b.Cam, float64(p.X), float64(p.Y)); ok {
			rs.b.Cam = cam
		}
	}
}

// key handles the replay's keys; the board's view keys (fit, zoom, legend,
// hex numbers, command radii) work as on the live board.
func (rs *replayScene) key(a *App, e Event) {
	switch {
	case e.Key == ebiten.KeyEscape || e.Key == ebiten.KeyR && !e.Ctrl:
		rs.leave(a)
	case e.Key == ebiten.KeyArrowLeft && e.Shift:
		rs.R.PhaseBack()
	case e.Key == ebiten.KeyArrowRight && e.Shift:
		rs.R.PhaseForward()
	case e.Key == ebiten.KeyArrowLeft:
		rs.R.Back()
	case e.Key == ebiten.KeyArrowRight:
		rs.R.Forward()
	case e.Key == ebiten.KeyPageUp:
		rs.R.TurnBack()
	case e.Key == ebiten.KeyPageDown:
		rs.R.TurnForward()
	case e.Key == ebiten.KeyHome:
		rs.R.Goto(0)
	case e.Key == ebiten.KeyEnd:
		rs.R.Goto(rs.R.Len())
	case e.Key == ebiten.KeyP:
		rs.askPlayFromHere(a)
	case e.Key == ebiten.KeyV:
		if len(rs.R.sides) > 1 {
			if err := rs.R.SetViewer((rs.R.Viewer + 1) % rules.Side(len(rs.R.sides))); err != nil {
				rs.msg = err.Error()
			}
		}
	case e.Key == ebiten.KeyF || e.Key == ebiten.KeyL || e.Key == ebiten.KeyN || e.Key == ebiten.KeyC && !e.Ctrl ||
		e.Key == ebiten.KeyEqual || e.Key == ebiten.KeyNumpadAdd || e.Key == ebiten.KeyMinus || e.Key == ebiten.KeyNumpadSubtract:
		if rs.b != nil {
			rs.b.key(a, e)
		}
	}
}

// paintsAll: the scene paints the whole screen every frame.
func (rs *replayScene) paintsAll() bool { return !rs.cover }

func (rs *replayScene) invalidate() {
	if rs.b != nil {
		rs.b.invalidate()
	}
}

func (rs *replayScene) resized(a *App) {
	if rs.b != nil {
		rs.b.resized(a)
	}
}

var (
	replayGold   = color.RGBA{0xe8, 0xc0, 0x4a, 0xff}
	replayBanner = color.RGBA{0x5a, 0x1e, 0x1a, 0xff}
)

func (rs *replayScene) draw(a *App, dst *ebiten.Image) {
	if rs.cover {
		dst.Fill(background)
		t, sub := rs.coverText()
		render.DrawCover(dst, t, sub)
		return
	}
	if rs.b == nil {
		dst.Fill(background)
		msg := "Cannot show this step"
		if rs.err != nil {
			msg += ": " + rs.err.Error()
		}
		render.DrawText(dst, msg, render.Face(16), 40, 100, errorColor)
		return
	}
	// The board of the moment (its map, HUD and hover cards), repainted
	// whole: the replay's own panels lie over parts of it.
	rs.b.invalidate()
	rs.b.draw(a, dst)
	rs.drawBanner(a, dst)
	rs.drawBar(a, dst)
	rs.drawSide(a, dst)
	if rs.b.dialog != nil {
		rs.b.drawDialog(a, dst) // over the replay's panels too
	}
}

func (rs *replayScene) drawBanner(a *App, dst *ebiten.Image) {
	r := rs.bannerRect(a)
	vector.DrawFilledRect(dst, float32(r.Min.X), float32(r.Min.Y), float32(r.Dx()), float32(r.Dy()), replayBanner, false)
	vector.StrokeLine(dst, float32(r.Min.X), float32(r.Max.Y)-1, float32(r.Max.X), float32(r.Max.Y)-1, 2, replayGold, false)
	render.DrawText(dst, rs.Banner(), render.Bold(19), float64(r.Min.X+14), float64(r.Min.Y+8), replayGold)
	hint := "Esc: back to the game"
	if _, ok := rs.back.(*menuScene); ok {
		hint = "Esc: back to the menu"
	}
	if rs.R.Restricted {
		hint = rs.R.SideName(rs.R.Viewer) + "'s view only.  " + hint
	}
	w, _ := render.Measure(hint, render.Face(13))
	bw, _ := render.Measure(rs.Banner(), render.Bold(19))
	if float64(r.Max.X)-14-w > float64(r.Min.X)+24+bw {
		render.DrawText(dst, hint, render.Face(13), float64(r.Max.X)-14-w, float64(r.Min.Y+12), textColor)
	}
}

func (rs *replayScene) drawBar(a *App, dst *ebiten.Image) {
	r := rs.barRect(a)
	vector.DrawFilledRect(dst, float32(r.Min.X), float32(r.Min.Y), float32(r.Dx()), float32(r.Dy()), color.RGBA{0x1c, 0x1e, 0x22, 0xff}, false)
	vector.StrokeLine(dst, float32(r.Min.X), float32(r.Min.Y)+1, float32(r.Max.X), float32(r.Min.Y)+1, 2, replayBanner, false)
	t := rs.trackRect(a)
	vector.DrawFilledRect(dst, float32(t.Min.X), float32(t.Min.Y), float32(t.Dx()), float32(t.Dy()), color.RGBA{0x3a, 0x36, 0x30, 0xff}, false)
	// The part played up to the step shown.
	cx := rs.stepX(a, rs.R.N)
	vector.DrawFilledRect(dst, float32(t.Min.X), float32(t.Min.Y), float32(cx)-float32(t.Min.X), float32(t.Dy()), color.RGBA{0x8a, 0x74, 0x56, 0xff}, false)
	lastLabel := -1e9
	for _, m := range rs.R.Marks() {
		x := float32(rs.stepX(a, m.Step))
		if m.Turn {
			vector.StrokeLine(dst, x, float32(t.Min.Y-10), x, float32(t.Max.Y+6), 2, textColor, false)
			if float64(x)-lastLabel >= 28 {
				render.DrawText(dst, m.Label, render.Bold(12), float64(x)+2, float64(r.Min.Y+6), textColor)
				lastLabel = float64(x)
			}
		} else {
			vector.StrokeLine(dst, x, float32(t.Min.Y-3), x, float32(t.Max.Y+3), 1, dimColor, false)
		}
	}
	// The handle at the step shown.
	vector.DrawFilledRect(dst, float32(cx)-4, float32(t.Min.Y-8), 8, float32(t.Dy()+16), replayGold, false)
	vector.StrokeRect(dst, float32(cx)-4, float32(t.Min.Y-8), 8, float32(t.Dy()+16), 1, color.RGBA{0x2a, 0x1e, 0x0c, 0xff}, false)
	render.DrawText(dst, "0", render.Face(11), float64(t.Min.X-14), float64(t.Min.Y-1), dimColor)
	render.DrawText(dst, strconv.Itoa(rs.R.Len()), render.Face(11), float64(t.Max.X+4), float64(t.Min.Y-1), dimColor)
	if image.Pt(rs.mx, rs.my).In(r) {
		n := max(0, min(rs.stepAt(a, rs.mx), rs.R.Len()))
		st := rs.R.Status(n)
		tip := fmt.Sprintf("step %d: turn %d, %s", n, st.Turn, st.Phase)
		render.DrawText(dst, tip, render.Face(12), float64(t.Min.X), float64(t.Max.Y+4), dimColor)
	}
}

func (rs *replayScene) drawSide(a *App, dst *ebiten.Image) {
	r := rs.sideRect(a)
	vector.DrawFilledRect(dst, float32(r.Min.X), float32(r.Min.Y), float32(r.Dx()), float32(r.Dy()), background, false)
	render.DrawPanel(dst, r)
	lr := rs.replayLogRect(a)
	y := rs.layout(a)
	for _, bt := range rs.buttons {
		render.DrawButton(dst, bt.b)
	}
	x0 := float64(r.Min.X + 14)
	f := render.Face(13)
	keysTop := lr.Min.Y - 4 - keyRowH*len(replayKeys)
	rows := rs.infoRows(a)
	info := rs.stepInfo()
	for i, row := range rows {
		if y+row.height() > keysTop-2 {
			// No room for the rest (a small window): say so, never cut a
			// line in half.
			render.DrawText(dst, fmt.Sprintf("… %d more lines (a taller window shows them)", len(rows)-i), f, x0, float64(y), dimColor)
			break
		}
		c := textColor
		if row.gold {
			c = replayGold
		}
		render.DrawText(dst, row.text, f, x0, float64(y), c)
		if row.dice {
			dx := x0 + 44
			var syms []string
			if strings.HasPrefix(row.text, "Battle") && rs.s != nil {
				dx, syms = x0+84, dieSymbols(rs.s.Game.State)
			}
			drawDice(dst, syms, info.Dice, dx, float64(y)-2, 22)
		}
		y += row.height()
	}
	// The replay's keys, just above the log.
	for i, k := range replayKeys {
		render.DrawText(dst, k, render.Face(11.5), x0, float64(keysTop+keyRowH*i), dimColor)
	}
	render.DrawLog(dst, lr, rs.logTexts(), rs.logScroll)
}

// drawDie draws a die face showing d at x, y (pips for 1-6, the number
// otherwise).
func drawDie(dst *ebiten.Image, x, y, size float64, d int) {
	fx, fy, s := float32(x), float32(y), float32(size)
	vector.DrawFilledRect(dst, fx, fy, s, s, color.RGBA{0xf4, 0xee, 0xe0, 0xff}, true)
	vector.StrokeRect(dst, fx, fy, s, s, 1.5, color.RGBA{0x2a, 0x1e, 0x0c, 0xff}, true)
	pip := color.RGBA{0x20, 0x18, 0x10, 0xff}
	pos := map[int][][2]float32{
		1: {{.5, .5}},
		2: {{.25, .25}, {.75, .75}},
		3: {{.25, .25}, {.5, .5}, {.75, .75}},
		4: {{.25, .25}, {.75, .25}, {.25, .75}, {.75, .75}},
		5: {{.25, .25}, {.75, .25}, {.5, .5}, {.25, .75}, {.75, .75}},
		6: {{.25, .22}, {.75, .22}, {.25, .5}, {.75, .5}, {.25, .78}, {.75, .78}},
	}
	if ps, ok := pos[d]; ok {
		for _, p := range ps {
			vector.DrawFilledCircle(dst, fx+p[0]*s, fy+p[1]*s, s*0.09, pip, true)
		}
		return
	}
	t := strconv.Itoa(d)
	w, h := render.Measure(t, render.Bold(12))
	render.DrawText(dst, t, render.Bold(12), x+(size-w)/2, y+(size-h)/2, pip)
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}
