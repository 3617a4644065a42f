package game

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"grognard/render"
	"grognard/rules"
)

// Screen layout of the board scene.
const (
	hudHeight   = 64
	sideWidth   = 360
	buttonH     = 40
	cardH       = 96
	dragSlop    = 5
	panStep     = 40.0
	wheelZoom   = 1.15
	numbersZoom = 1.4 // hex numbers show from this zoom on
)

// BoardScene shows a session's board with its HUD, action panel and log.
type BoardScene struct {
	hoverMemo hoverMemo // choice_explain.go
	placeMemo placeMemo // hover_place.go
	S         *Session
	RB        *render.Board
	Cam       render.Camera

	legend, numbers bool
	moreSkip        int    // the side panel's page (panel_more.go)
	moreKey         string // the game step and selection moreSkip is for
	minimapHidden   bool   // the overview hidden by its tab or M (its units can be clicked)
	radii           bool   // C: every own leader's command radius
	mx, my          int
	hoverLoc        string
	hoverUnit       string
	openStack       string
	fanAt           fanOpened // openstack_close.go
	logScroll       int
	// logSeen is the number of log lines at logVersion, and logSeats the
	// session's hand-overs then: a scrolled-up log stays on the lines the
	// player reads while new ones come, and shows the newest after a
	// hand-over.
	logSeen, logVersion, logSeats int

	down, dragging bool
	downX, downY   int
	camAtDown      render.Camera

	panel []panelButton
	cache widgetCache
	// the board layer (see drawLayer)
	layer    *ebiten.Image
	layerKey layerKey
	layerOK  bool
	layerCam render.Camera // the camera the layer was drawn with (its margin included)
	layerOp  ebiten.DrawImageOptions
	// chipShift takes the marker chips' rectangles noted by the last
	// render.Board.Draw to the screen: the layer is drawn at a margin and
	// copied at an offset (activated.go screenChipRects).
	chipShift   image.Point
	chipsLayer  bool // the last render.Board.Draw drew into the layer
	layerDraws  int
	cardRect    image.Rectangle // room in the side panel for the selected unit's card
	fullPaints  int
	layersMade  int
	boardPaints int
	shown       shownState
	damage      []image.Rectangle
	menu        []image.Rectangle
	version     int
	fitted      bool
	autoSeen    int // the session's autoSels the camera followed (followSelection)
	// dialog is a question the player must answer before anything else
	// (nil when none is open).
	dialog *question
	// oddsRect is where this frame's odds panel is (empty when none), for
	// the pop-ups drawn after it to keep clear of.
	oddsRect image.Rectangle
	// coverRect is what a scene draws over the board (a lesson's card):
	// hover texts keep clear of it
	coverRect image.Rectangle
	trayRect  image.Rectangle // this frame's dice tray (dicetray.go): hover texts keep clear of it

	hintRect image.Rectangle // this frame's hint strip (strips.go)
	fullOdds bool            // T: the full odds table shown beside the summary
	// activeSeen: the units that may act last brought into view (activated.go)
	activeSeen string
	clashSeen  string // the Clash Hexes last brought into view (albuera_turn_view.go)
	// choiceMemo: the units a hovered command choice would activate (choice_units.go)
	choiceMemo choiceMemo
	// zoneFocus: the Marshals zone last brought into view (marshals_turn_focus.go)
	zoneFocus zoneFocusMemo
	// clickShift: Shift is held for the click being handled (friendclick.go)
	clickShift bool
	// deployPage, deployFollow: the page of the units to deploy shown and
	// the selection it followed (deploy_list.go)
	deployPage   int
	deployFollow string
	guard        pointerGuard // click_guard.go: a button new under a double click
}

// question is a modal question over the board: Enter (or its first button)
// says yes, Esc (or its second) no. Space does not answer it, so keys
// pressed in a hurry never confirm.
type question struct {
	title   string
	text    string
	yes, no string
	onYes   func(a *App)
	onNo    func(a *App)
	rect    image.Rectangle
	btns    [2]image.Rectangle
	lines   []string
}

// ask opens a dialog.
func (b *BoardScene) ask(title, text, yes, no string, onYes func(a *App)) {
	b.dialog = &question{title: title, text: text, yes: yes, no: no, onYes: onYes}
	b.S.changed()
}

// layoutDialog places the open dialog in the middle of the board.
func (b *BoardScene) layoutDialog(a *App) {
	d := b.dialog
	if d == nil {
		return
	}
	br := b.BoardRect(a)
	w := min(560, br.Dx()-40)
	d.lines = render.Wrap(d.text, render.Face(15), float64(w-40))
	h := 54 + 21*len(d.lines) + 70
	x0 := br.Min.X + (br.Dx()-w)/2
	y0 := br.Min.Y + (br.Dy()-h)/2
	d.rect = image.Rect(x0, y0, x0+w, y0+h)
	bw := (w - 60) / 2
	by := y0 + h - 60
	d.btns[0] = image.Rect(x0+20, by, x0+20+bw, by+42)
	d.btns[1] = image.Rect(x0+40+bw, by, x0+40+2*bw, by+42)
}

// answer closes the dialog with yes or no.
func (b *BoardScene) answer(a *App, yes bool) {
	d := b.dialog
	b.dialog = nil
	b.S.changed()
	switch {
	case yes && d.onYes != nil:
		d.onYes(a)
	case !yes && d.onNo != nil:
		d.onNo(a)
	}
}

// drawDialog draws the open dialog.
func (b *BoardScene) drawDialog(a *App, dst *ebiten.Image) {
	d := b.dialog
	b.layoutDialog(a)
	hot := image.Pt(b.mx, b.my)
	key := fmt.Sprintf("dialog|%s|%s|%v|%v", d.title, d.text, hot.In(d.btns[0]), hot.In(d.btns[1]))
	b.cache.draw(dst, key, d.rect, func(img *ebiten.Image, r image.Rectangle) {
		off := r.Min.Sub(d.rect.Min)
		render.DrawPanel(img, r)
		render.DrawText(img, d.title, render.Bold(19), float64(r.Min.X+20), float64(r.Min.Y+16), color.RGBA{0xe8, 0xc0, 0x4a, 0xff})
		for i, l := range d.lines {
			render.DrawText(img, l, render.Face(15), float64(r.Min.X+20), float64(r.Min.Y+50+21*i), textColor)
		}
		render.DrawButton(img, render.Button{Label: d.yes, Rect: d.btns[0].Add(off), Enabled: true, Hot: hot.In(d.btns[0])})
		render.DrawButton(img, render.Button{Label: d.no, Rect: d.btns[1].Add(off), Enabled: true, Hot: hot.In(d.btns[1])})
	})
}

// endPhase ends the phase with the end action act, first asking when
// units that may still act have not (Space and the End button).
func (b *BoardScene) endPhase(act rules.Action) {
	if !b.S.CanAct() {
		b.S.Message = b.S.notYours().Error()
		b.S.changed()
		return
	}
	if w := b.S.EndWarning(act); w != "" {
		b.ask(endTitle(act), w, act.Label+" (Enter)", "Keep playing (Esc)", func(*App) { _, _ = b.S.Do(act) })
		return
	}
	_, _ = b.S.Do(act)
}

// choose does a choice, first asking when it takes other choices of the
// panel away (a choice that closes the other options of a phase).
func (b *BoardScene) choose(act rules.Action) {
	if lost := b.S.LostChoices(act); len(lost) > 0 {
		b.ask(act.Label+"?", "This gives up: "+strings.Join(lost, "; ")+". It cannot be taken back once the other side decides.", "Go ahead (Enter)", "Keep the choice (Esc)", func(*App) { _, _ = b.S.Do(act) })
		return
	}
	_, _ = b.S.Do(act)
}

// scrollLog scrolls the log by n wrapped lines (up: older), within the
// lines there are.
func (b *BoardScene) scrollLog(a *App, n int) {
	total, shown := render.LogRows(b.logRect(a), b.S.LogLines())
	b.logScroll = max(0, min(b.logScroll+n, total-shown))
}

// followLog keeps the log on the newest lines unless the player scrolled
// up; scrolled up, new lines do not move what he reads. A hand-over or an
// undo that took lines away shows the newest lines.
func (b *BoardScene) followLog(a *App) {
	if b.S.Version() == b.logVersion {
		return
	}
	b.logVersion = b.S.Version()
	lines := b.S.LogLines()
	switch {
	case b.S.Seats != b.logSeats || len(lines) < b.logSeen:
		b.logScroll = 0
	case b.logScroll > 0 && len(lines) > b.logSeen:
		added, _ := render.LogRows(b.logRect(a), lines[b.logSeen:])
		b.logScroll += added
	}
	b.logSeats, b.logSeen = b.S.Seats, len(lines)
}

// leaveThen does then (leave the game: load another, go to the menu,
// quit), first asking when the game has decisions no file holds but its
// autosave. The question says what is kept and where.
func (b *BoardScene) leaveThen(a *App, what string, then func(a *App)) {
	n := b.S.Unsaved()
	if n == 0 || b.S.Game.State.Result().Over {
		then(a)
		return
	}
	moves := "decisions"
	if n == 1 {
		moves = "decision"
	}
	text := fmt.Sprintf("This game has %d %s not saved to a file (Ctrl+S saves it). Its own autosave keeps it: Continue in the menu brings it back as it stands. %s?", n, moves, what)
	if b.S.NoSave != "" { // a lesson's Try it yourself (lesson_scene.go)
		text = b.S.NoSave + ": leaving loses it. " + what + "?"
	}
	b.ask("Leave this game?", text, what+" (Enter)", "Stay (Esc)", then)
}

// handoverRect is the banner of an open hand-over.
func (b *BoardScene) handoverRect(a *App) image.Rectangle {
	br := b.BoardRect(a)
	return image.Rect(br.Min.X+10, br.Min.Y+10, br.Max.X-10, br.Min.Y+handoverBottom) // handover_tray.go
}

// drawHandover draws the open hand-over banner.
func (b *BoardScene) drawHandover(a *App, dst *ebiten.Image) {
	r := b.handoverRect(a)
	seat, prev := b.S.SideName(b.S.Seat), b.S.SideName(b.S.Viewer)
	title, sub := b.handoverText(seat, prev, b.S.Game.State.Status(), float64(r.Dx()-32)) // enemy_retreat.go
	hot := image.Pt(b.mx, b.my).In(r)
	b.cache.draw(dst, fmt.Sprintf("handover|%s|%s|%v", title, sub, hot), r, func(img *ebiten.Image, rr image.Rectangle) {
		render.DrawPanel(img, rr)
		if hot {
			vector.StrokeRect(img, float32(rr.Min.X+2), float32(rr.Min.Y+2), float32(rr.Dx()-4), float32(rr.Dy()-4), 2, color.RGBA{0xe8, 0xc0, 0x4a, 0xff}, false)
		}
		render.DrawText(img, title, render.Bold(19), float64(rr.Min.X+16), float64(rr.Min.Y+12), color.RGBA{0xe8, 0xc0, 0x4a, 0xff})
		render.DrawText(img, sub, render.Face(14), float64(rr.Min.X+16), float64(rr.Min.Y+44), textColor)
	})
}

// panelButton is a button of the action panel: an action or an app command.
type panelButton struct {
	b      render.Button
	act    *rules.Action
	card   *rules.Card
	cmd    func(a *App)
	isCard bool
	look   render.CardLook
	// heading is a group's heading: text, not a button.
	heading bool
	note    bool // the heading is a note of the view
	wrapSub bool // its second line wrapped whole (panel_guide.go)
}

func newBoard(a *App, s *Session) *BoardScene {
	b := &BoardScene{S: s, RB: render.NewBoard(s.View().Board), version: -1}
	b.resized(a)
	return b
}

// Rects of the scene's areas for the app's current size.
func (b *BoardScene) hudRect(a *App) image.Rectangle { return image.Rect(0, 0, a.w, hudHeight) }
func (b *BoardScene) sideRect(a *App) image.Rectangle {
	return image.Rect(a.w-sideWidth, hudHeight, a.w, a.h)
}

// BoardRect is the board viewport on the screen.
func (b *BoardScene) BoardRect(a *App) image.Rectangle {
	return image.Rect(0, hudHeight, a.w-sideWidth, a.h)
}

func (b *BoardScene) logRect(a *App) image.Rectangle {
	r := b.sideRect(a)
	top := r.Max.Y - r.Dy()*2/5
	// The actions get the room they need; the log keeps at least 110 px.
	if need := r.Min.Y + 8 + 42 + b.actionsHeight(a) + b.selectionRoom() + b.deployRoom() + 8; need > top { // deploy_list.go
		top = max(r.Min.Y+8+42+80, min(need, r.Max.Y-logMinH))
	}
	return image.Rect(r.Min.X+8, top, r.Max.X-8, r.Max.Y-8)
}

// logMinH is the least height of the log panel.
const logMinH = 118

// panelItem is one entry of the action panel: a card of the hand
// (playable when act is set, else greyed with why) or an action button.
type panelItem struct {
	act  *rules.Action
	card *rules.Card
	why  string
	h    int
	look render.CardLook
	// heading, when set, is the words shared by a group of choices shown
	// apart (the choices' buttons then say only what differs); short
	// marks a choice of such a group, laid out two to a row.
	heading string
	short   string
	primary bool
	wide    bool // a choice of a group too long for half a row: a row of its own
	note    bool // heading is a note of the view (see noteItems)
}

// groupMin is the least number of choices with one wording that are shown
// as a group under a heading.
const groupMin = 3

// sharedPrefix is the words the labels share (up to a space), "" if none.
func sharedPrefix(labels []string) string {
	if len(labels) == 0 {
		return ""
	}
	p := labels[0]
	for _, l := range labels[1:] {
		for !strings.HasPrefix(l, p) {
			p = p[:len(p)-1]
		}
	}
	if i := strings.LastIndex(p, " "); i > 0 {
		return p[:i+1]
	}
	return ""
}

// panelItems lists the panel's entries with their heights: every card the
// viewer holds while cards are played (the unplayable ones greyed, with
// the reason), then the other actions. Cards show their whole text when
// they all fit above the log, else their headings (the hover shows the
// text): a card's text is never cut short.
func (b *BoardScene) panelItems(a *App) []panelItem {
	v := b.S.View()
	acts := b.S.PanelActions()
	plays := map[string]*rules.Action{}
	for i := range acts {
		if acts[i].Kind == "play" {
			plays[acts[i].Choice] = &acts[i]
		}
	}
	var items []panelItem
	held := b.heldHand()
	many := map[string]bool{}
	if len(plays) > 0 || held {
		for _, c := range v.Hand {
			c := c
			it := panelItem{card: &c, act: plays[c.ID]}
			if held {
				if w, m := b.handWhy(c.ID, acts); w != "" {
					it.act, it.why, many[c.ID] = nil, w, m
				}
			}
			if it.act == nil && it.why == "" {
				it.why = b.S.WhyNotPlay(c.ID)
			}
			items = append(items, it)
		}
	}
	if held {
		items = append(items, noteItems(v)...)
	}
	// Choices that share their wording and rule (attach the reserve to one
	// formation or another) are grouped apart, after the other actions,
	// under a heading; the historical set-up comes first, gilded.
	byRule := map[string][]int{}
	for i := range acts {
		if acts[i].Kind == "choose" {
			byRule[acts[i].Rule] = append(byRule[acts[i].Rule], i)
		}
	}
	grouped := map[int]string{}
	var groups [][]int
	for _, idx := range byRule {
		if len(idx) < groupMin {
			continue
		}
		var labels []string
		for _, i := range idx {
			labels = append(labels, acts[i].Label)
		}
		if p := sharedPrefix(labels); len(p) >= 8 {
			for _, i := range idx {
				grouped[i] = p
			}
			groups = append(groups, idx)
		}
	}
	sort.Slice(groups, func(i, j int) bool { return groups[i][0] < groups[j][0] })
	for i := range acts {
		if acts[i].Kind == "play" && b.holds(acts[i].Choice) && !many[acts[i].Choice] {
			continue
		}
		if _, ok := grouped[i]; ok {
			continue
		}
		// a label too long for the row (a long place name) wraps on a
		// taller button rather than being cut
		h := b.panelButtonHeight(acts[i].Label, ruleSub(acts[i]), sideWidth-16, buttonH) // panel_guide.go
		items = append(items, panelItem{act: &acts[i], h: h, primary: acts[i].Choice == "historical"})
	}
	for _, g := range groups {
		p := grouped[g[0]]
		head := strings.TrimSpace(p) + "…"
		if r := acts[g[0]].Rule; r != "" {
			head += " [" + r + "]"
		}
		lines := render.Wrap(head, render.Bold(13), float64(sideWidth-16))
		items = append(items, panelItem{heading: head, h: 10 + 18*len(lines)})
		// two short choices to a row; a choice too long for half the
		// panel takes a row of its own rather than being cut
		half := (sideWidth - 16 - 6) / 2
		besideOK := false
		for _, i := range g {
			it := panelItem{act: &acts[i], short: strings.TrimPrefix(acts[i].Label, p), h: 34}
			fits := render.ButtonLabelFits(it.short, half, 34)
			switch {
			case !fits:
				// a row of its own, taller when even that is short
				it.wide, besideOK = true, false
				it.h = render.ButtonHeight(it.short, "", sideWidth-16, 34)
			case besideOK:
				it.h, besideOK = 0, false // beside the one before
			default:
				besideOK = true
			}
			items = append(items, it)
		}
	}
	w := sideWidth - 16
	// the selected unit's card keeps its room (panel_guide.go)
	room := b.sideRect(a).Dy() - 8 - 42 - 8 - logMinH - 8 - b.selectionRoom()
	for step := range 3 { // whole, tight (cardtight.go), headings only
		compact, tight := step == 2, step == 1
		need := 0
		for i := range items {
			if it := &items[i]; it.card != nil {
				it.look = render.CardLook{Why: it.why, Compact: compact, Tight: tight}
				it.h = render.CardHeight(*it.card, w, it.look)
				need += it.h + 6
			} else {
				need += it.h + 4
			}
		}
		if need <= room {
			break
		}
	}
	return choicesFirst(items, room) // marshals_panelfit.go
}

// holds reports whether the viewer holds the card.
func (b *BoardScene) holds(id string) bool {
	for _, c := range b.S.View().Hand {
		if c.ID == id {
			return true
		}
	}
	return false
}

// actionsHeight is the height the panel's entries need.
func (b *BoardScene) actionsHeight(a *App) int {
	h := 0
	for _, it := range b.panelItems(a) {
		if it.card != nil {
			h += it.h + 6
		} else {
			h += it.h + 4
		}
	}
	return h
}

func (b *BoardScene) resized(a *App) {
	r := b.BoardRect(a)
	if !b.fitted {
		b.Cam = b.RB.Open(r, b.S.View()) // visual: readable zoom on the action
		b.fitted = true
		b.followSelection(a) // and on the unit of the opening choice [4.5]
		return
	}
	b.Cam.Rect = r
}

// Fit shows the whole map (F, Home).
func (b *BoardScene) Fit(a *App) { b.Cam = b.RB.Fit(b.BoardRect(a)) }

// ScreenOf returns the screen position of a location's centre.
func (b *BoardScene) ScreenOf(loc string) (float64, float64, bool) {
	mx, my, ok := b.RB.Center(loc)
	if !ok {
		return 0, 0, false
	}
	x, y := b.Cam.ToScreen(mx, my)
	return x, y, true
}

// Overlay is what the board draws over the map for the current state.
func (b *BoardScene) Overlay() render.Overlay {
	o := render.Overlay{Selected: b.S.Selected, Hover: b.hoverShown(), OpenStack: b.openStack, // albuera_words.go
		Numbers: b.numbers || b.Cam.Zoom >= numbersZoom, Minimap: true, MinimapHidden: b.minimapHidden}
	if b.S.CanAct() && b.S.Selected == "" {
		// Nothing selected: corner brackets mark the units that may act.
		o.Highlights = b.S.ActorMarks()
		o.Highlights = append(o.Highlights, b.S.clashMarks()...) // albuera_words.go: the Clash Hexes [15.4]
	}
	if b.S.CanAct() && b.S.Selected != "" {
		o.Highlights = b.S.Highlights()
		o.Facings = b.S.Facings()
		if r, ok := b.S.Routes()[b.hoverLoc]; ok && len(b.S.TargetActions(b.hoverLoc)) == 0 {
			if len(r.Steps) > 0 {
				o.Path = append(o.Path, r.Steps[0].From)
			}
			for _, st := range r.Steps {
				o.Path = append(o.Path, st.To)
			}
		}
	}
	return o
}

// layoutPanel builds the action panel's buttons.
func (b *BoardScene) layoutPanel(a *App) {
	b.panel = b.panel[:0]
	r := b.sideRect(a)
	x0, x1 := r.Min.X+8, r.Max.X-8
	y := r.Min.Y + 8
	hot := func(rr image.Rectangle) bool { return image.Pt(b.mx, b.my).In(rr) }
	// App commands first, in a row, always in the same place.
	cmds := []struct {
		l   string
		cmd func(a *App)
	}{
		{"Undo", func(a *App) { _ = b.S.Undo() }},
		{"Save", b.save},
		{"Load", func(a *App) { b.leaveThen(a, "Load another game", b.load) }},
		{"Rules", b.openReference},
		{"Replay", b.openReplay},
		{"Menu", func(a *App) { b.leaveThen(a, "Go to the menu", func(a *App) { a.ToMenu("") }) }},
	}
	w := (x1 - x0 - 4*4) / len(cmds)
	for i, c := range cmds {
		rr := image.Rect(x0+i*(w+4), y, x0+i*(w+4)+w, y+32)
		b.panel = append(b.panel, panelButton{b: render.Button{Label: c.l, Rect: rr, Enabled: true, Hot: hot(rr)}, cmd: c.cmd})
	}
	y += 32 + 10
	// The legal actions with no map target: the hand's cards, else
	// buttons, shrunk to fit above the log.
	items := b.pageItems(b.panelItems(a)) // panel_more.go
	need := 0
	for _, it := range items {
		need += it.h + 4
	}
	bottom := b.logRect(a).Min.Y - 8
	scale := 1.0
	if need > 0 && bottom-y < need {
		scale = math.Max(0.62, float64(bottom-y)/float64(need))
	}
	bh := int(buttonH * scale)
	for i, it := range items {
		h := bh
		switch {
		case it.card != nil:
			h = it.h
		case it.act != nil && it.heading == "" && it.short == "":
			// the label wraps on a taller button rather than being cut
			// (crowded, the buttons shrink, their words do not)
			h = b.panelButtonHeight(panelLabel(b, it.act), ruleSub(*it.act), x1-x0, bh) // panel_guide.go
		}
		if i < len(items)-1 && (y+h > bottom || moreRowNow(items[i+1:], y+h+4, bh, bottom)) { // panel_more.go
			rr := image.Rect(x0, y, x1, min(y+bh, bottom+8))
			b.panel = append(b.panel, b.moreButton(rr, items[:i], items[i:])) // panel_more.go
			y = bottom + 8
			break
		}
		if it.heading != "" {
			rr := image.Rect(x0, y, x1, y+it.h)
			b.panel = append(b.panel, panelButton{b: render.Button{Label: it.heading, Rect: rr}, heading: true, note: it.note})
			y += it.h + 4
			continue
		}
		if it.short != "" {
			half := (x1 - x0 - 6) / 2
			rr := image.Rect(x0, y, x0+half, y+34)
			if it.wide {
				rr.Max.X = x1
				rr.Max.Y = y + max(34, it.h)
			}
			if it.h == 0 {
				rr = image.Rect(x0+half+6, y-38, x1, y-4)
			} else {
				y += rr.Dy() + 4
			}
			act := *it.act
			b.panel = append(b.panel, panelButton{b: render.Button{Label: it.short, Rect: rr, Enabled: true, Hot: hot(rr), Base: 34}, act: &act})
			continue
		}
		rr := image.Rect(x0, y, x1, y+h)
		if it.card != nil {
			look := it.look
			look.Hot = hot(rr)
			b.panel = append(b.panel, panelButton{b: render.Button{Label: it.card.Name, Rect: rr, Enabled: it.act != nil, Hot: look.Hot}, act: it.act, card: it.card, isCard: true, look: look})
			y += h + 6
			continue
		}
		act := *it.act
		label := panelLabel(b, &act)
		b.panel = append(b.panel, panelButton{b: render.Button{Label: label, Sub: b.choiceSub(act), Rect: rr, Enabled: true, Hot: hot(rr), Active: it.primary, Base: bh}, act: &act, wrapSub: b.wrapsSub(b.choiceSub(act), x1-x0, bh)}) // marshals_turn_sub.go
		y += h + 4
	}
	y = b.layoutDeploy(a, x0, x1, y, bottom, hot) // the units to deploy (deploy_list.go)
	// The room left above the log holds the selected unit's card.
	b.cardRect = image.Rect(x0, y+4, x1, bottom)
}

// panelLabel is the words of an action's button in the panel.
func panelLabel(b *BoardScene, a *rules.Action) string {
	if a.Kind == "end" && b.S.CanAct() {
		return a.Label + "  (Space)"
	}
	return a.Label
}

func ruleSub(a rules.Action) string {
	var parts []string
	if a.Info != "" && !strings.Contains(a.Label, a.Info) { // "(4 MP each)" is not said twice
		parts = append(parts, a.Info)
	}
	if a.Rule != "" && !strings.Contains(a.Info, "["+a.Rule+"]") { // "all 4 MP [5.2]" is not followed by "[5.2]" again
		parts = append(parts, "["+a.Rule+"]")
	}
	return strings.Join(parts, " ")
}

// menuRects places the popup menu of actions sharing a target.
func (b *BoardScene) layoutMenu(a *App) {
	b.menu = b.menu[:0]
	if b.S.Menu == nil {
		return
	}
	x, y, ok := b.ScreenOf(b.S.MenuAt)
	if !ok {
		x, y = float64(b.mx), float64(b.my)
	}
	w := b.menuWidth() // albuera_words.go: wide enough for every option's words
	h := 34
	gap := max(20, int(render.HexSize*b.Cam.Zoom)+4)                     // clear of the counter on the hex (its values, its facing)
	x0, y0 := b.menuPlace(x, y, w, h*len(b.S.Menu), gap, b.BoardRect(a)) // albuera_words.go: clear of counters where it can
	for i := range b.S.Menu {
		b.menu = append(b.menu, image.Rect(x0, y0+i*h, x0+w, y0+i*h+h-2))
	}
}

func (b *BoardScene) update(a *App, evs []Event) error {
	b.driveComputer(a) // ai.go
	b.closeStaleFan()  // openstack_close.go
	if b.S.Version() != b.version {
		b.version = b.S.Version()
		a.Redraw()
	}
	b.followLog(a)
	// Held arrow keys pan the board.
	if !b.S.Cover {
		dx, dy := 0.0, 0.0
		if a.input.Held(ebiten.KeyArrowLeft) {
			dx -= 1
		}
		if a.input.Held(ebiten.KeyArrowRight) {
			dx += 1
		}
		if a.input.Held(ebiten.KeyArrowUp) {
			dy -= 1
		}
		if a.input.Held(ebiten.KeyArrowDown) {
			dy += 1
		}
		if dx != 0 || dy != 0 {
			b.pan(dx*panStep/4, dy*panStep/4)
			a.Redraw()
		}
	}
	for _, e := range evs {
		b.handle(a, e)
	}
	b.followLog(a)
	b.followSelection(a)
	b.followActive(a)
	b.followClashes(a)     // albuera_turn_view.go
	b.followChoiceHover(a) // choice_units.go
	b.followZoneFocus(a)   // marshals_turn_focus.go
	b.guardTick()          // click_guard.go
	if b.S.Version() != b.version {
		b.version = b.S.Version()
		a.Redraw()
	}
	return nil
}

func (b *BoardScene) pan(sx, sy float64) {
	z := b.Cam.Zoom
	if z <= 0 {
		z = 1
	}
	b.Cam.X += sx / z
	b.Cam.Y += sy / z
	b.clampCam()
}

// clampCam keeps the map in view: panning (keys, drag) and zooming stop
// when an edge of the map reaches the middle of the board viewport, so the
// map never leaves the screen.
func (b *BoardScene) clampCam() {
	w, h := b.RB.Size()
	z := b.Cam.Zoom
	if z <= 0 {
		z = 1
	}
	vw, vh := float64(b.Cam.Rect.Dx())/z, float64(b.Cam.Rect.Dy())/z
	b.Cam.X = math.Max(-vw/2, math.Min(b.Cam.X, w-vw/2))
	b.Cam.Y = math.Max(-vh/2, math.Min(b.Cam.Y, h-vh/2))
}

func (b *BoardScene) handle(a *App, e Event) {
	switch e.Kind {
	case EvMove:
		b.mx, b.my = e.X, e.Y
		if b.down && !b.S.Cover {
			if !b.dragging && (abs(e.X-b.downX) > dragSlop || abs(e.Y-b.downY) > dragSlop) {
				b.dragging = true
			}
			if b.dragging {
				b.Cam = b.camAtDown
				b.pan(float64(b.downX-e.X), float64(b.downY-e.Y))
				a.Redraw()
				return
			}
		}
		b.hover(a)
	case EvDown:
		b.mx, b.my = e.X, e.Y
		if e.Button == ebiten.MouseButtonLeft {
			b.guardPress(a, e.X, e.Y, e.device) // click_guard.go
		}
		if e.Button == ebiten.MouseButtonLeft && image.Pt(e.X, e.Y).In(b.BoardRect(a)) && !b.S.Cover {
			b.down, b.dragging = true, false
			b.downX, b.downY, b.camAtDown = e.X, e.Y, b.Cam
		}
	case EvUp:
		b.mx, b.my = e.X, e.Y
		wasDrag := b.dragging
		b.down, b.dragging = false, false
		if wasDrag {
			return
		}
		switch e.Button {
		case ebiten.MouseButtonLeft:
			if b.guardRelease() { // click_guard.go: a button new under the pointer
				break
			}
			b.clickShift = e.Shift || a.input.Held(ebiten.KeyShift)
			b.click(a, e.X, e.Y)
			b.clickShift = false
		case ebiten.MouseButtonRight:
			b.openStack = ""
			b.S.Cancel()
		}
		a.Redraw()
	case EvWheel:
		if b.S.Cover {
			return
		}
		if image.Pt(e.X, e.Y).In(b.logRect(a)) {
			n := int(math.Round(e.DY * 3))
			if n == 0 && e.DY != 0 {
				n = int(math.Copysign(1, e.DY)) // a fine touchpad step
			}
			b.scrollLog(a, n)
			a.Redraw()
			return
		}
		if image.Pt(e.X, e.Y).In(b.BoardRect(a)) {
			b.Cam.ZoomAt(float64(e.X), float64(e.Y), math.Pow(wheelZoom, e.DY))
			b.clampCam()
			b.hover(a)
			a.Redraw()
		}
	case EvKey:
		b.key(a, e)
		a.Redraw()
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func (b *BoardScene) key(a *App, e Event) {
	if b.dialog != nil {
		switch e.Key {
		case ebiten.KeyEnter, ebiten.KeyNumpadEnter:
			b.answer(a, true)
		case ebiten.KeyEscape:
			b.answer(a, false)
		}
		return
	}
	if b.S.Waiting() {
		// Only Enter (or a click) hands over: Space, pressed to end
		// phases, never crosses a hand-over.
		switch {
		case e.Key == ebiten.KeyEnter || e.Key == ebiten.KeyNumpadEnter:
			b.S.TakeSeat()
			return
		case e.Ctrl && e.Key == ebiten.KeyZ:
			_ = b.S.Undo()
			return
		case e.Key == ebiten.KeySpace:
			b.S.Message = b.S.notYours().Error()
			b.S.changed()
			return
		}
		if b.S.Cover {
			return
		}
	}
	switch {
	case b.aiKey(a, e): // ai.go: P pace, H hint
	case e.Ctrl && e.Key == ebiten.KeyS:
		b.save(a)
	case e.Ctrl && e.Key == ebiten.KeyO:
		b.leaveThen(a, "Load another game", b.load)
	case e.Ctrl && e.Key == ebiten.KeyZ:
		_ = b.S.Undo()
	case e.Key == ebiten.KeyEscape:
		if b.openStack != "" {
			b.openStack = ""
		} else {
			b.S.Cancel()
		}
	case e.Key == ebiten.KeySpace:
		for _, act := range b.S.PanelActions() {
			if act.Kind == "end" {
				b.endPhase(act)
				return
			}
		}
		b.S.Message = "No phase to end now"
		b.S.changed()
	case e.Key == ebiten.KeyF || e.Key == ebiten.KeyHome:
		b.Fit(a)
	case e.Key == ebiten.KeyL:
		b.legend = !b.legend
	case e.Key == ebiten.KeyN:
		b.numbers = !b.numbers
	case e.Key == ebiten.KeyM:
		b.minimapHidden = !b.minimapHidden // visual: the overview
	case e.Key == ebiten.KeyC && !e.Ctrl:
		b.radii = !b.radii
	case e.Key == ebiten.KeyF1:
		b.openReference(a)
	case e.Key == ebiten.KeyR && !e.Ctrl:
		b.openReplay(a) // replay_scene.go
	case e.Key == ebiten.KeyEqual || e.Key == ebiten.KeyNumpadAdd:
		c := b.BoardRect(a)
		b.Cam.ZoomAt(float64(c.Min.X+c.Dx()/2), float64(c.Min.Y+c.Dy()/2), wheelZoom)
		b.clampCam()
	case e.Key == ebiten.KeyMinus || e.Key == ebiten.KeyNumpadSubtract:
		c := b.BoardRect(a)
		b.Cam.ZoomAt(float64(c.Min.X+c.Dx()/2), float64(c.Min.Y+c.Dy()/2), 1/wheelZoom)
		b.clampCam()
	case e.Key == ebiten.KeyArrowLeft && e.Shift:
		b.pan(-panStep, 0)
	case e.Key == ebiten.KeyArrowRight && e.Shift:
		b.pan(panStep, 0)
	case e.Key == ebiten.KeyPageUp:
		b.scrollLog(a, 5)
	case e.Key == ebiten.KeyPageDown:
		b.scrollLog(a, -5)
	case e.Key == ebiten.KeyEnd:
		b.logScroll = 0
	case e.Key == ebiten.KeyT && !e.Ctrl:
		b.fullOdds = !b.fullOdds // the full odds table beside the summary (oddssummary.go)
	case e.Key == ebiten.KeyTab:
		b.nextUnit(e.Shift)
		b.showLit(a)      // its lit hexes too (activated.go)
		b.showSelected(a) // and the unit itself, whatever its reach
	}
}

// nextUnit selects the next own unit that has a legal action (Tab).
func (b *BoardScene) nextUnit(back bool) {
	var ids []string
	seen := map[string]bool{}
	for _, act := range b.S.Legal() {
		if act.Unit != "" && !seen[act.Unit] {
			seen[act.Unit] = true
			ids = append(ids, act.Unit)
		}
	}
	if len(ids) == 0 {
		// Nothing to select yet: say what comes first.
		for _, a := range b.S.PanelActions() {
			b.S.Message = "No unit may act yet: first " + a.Label + " (in the panel)"
			b.S.changed()
			return
		}
		return
	}
	i := 0
	for j, id := range ids {
		if id == b.S.Selected {
			i = j + 1
			if back {
				i = j - 1 + len(ids)
			}
		}
	}
	b.S.Select(ids[i%len(ids)])
}

func (b *BoardScene) hover(a *App) {
	loc, unit := "", ""
	if image.Pt(b.mx, b.my).In(b.BoardRect(a)) && !b.S.Cover {
		loc, _ = b.RB.Pick(b.Cam, float64(b.mx), float64(b.my))
		unit, _ = b.RB.PickUnit(b.Cam, b.S.View(), float64(b.mx), float64(b.my))
	}
	if loc != b.hoverLoc || unit != b.hoverUnit {
		b.hoverLoc, b.hoverUnit = loc, unit
		a.Redraw()
	}
	// Buttons and menu items light under the cursor.
	if !b.S.Cover {
		a.Redraw()
	}
}

// click handles a left click at x, y.
func (b *BoardScene) click(a *App, x, y int) {
	p := image.Pt(x, y)
	if b.dialog != nil {
		b.layoutDialog(a)
		for i, r := range b.dialog.btns {
			if p.In(r) {
				b.answer(a, i == 0)
				return
			}
		}
		return
	}
	if b.S.Cover {
		b.S.TakeSeat()
		return
	}
	if b.S.Handover && p.In(b.handoverRect(a)) {
		b.S.TakeSeat()
		return
	}
	if b.RB.MinimapTabAt(b.Cam, !b.minimapHidden, float64(x), float64(y)) { // visual: hide or show the overview
		b.minimapHidden = !b.minimapHidden
		return
	}
	if cam, ok := b.RB.MinimapClick(b.Cam, float64(x), float64(y)); ok && !b.minimapHidden { // visual: the overview
		b.Cam = cam
		return
	}
	if b.S.Menu != nil {
		b.layoutMenu(a)
		for i, r := range b.menu {
			if p.In(r) {
				_ = b.S.Choose(i)
				return
			}
		}
		b.S.Cancel()
		return
	}
	if b.logScroll > 0 && p.In(render.LogMoreRect(b.logRect(a))) {
		b.logScroll = 0 // back to the newest lines
		return
	}
	if lr := b.logRect(a); p.In(lr) {
		// A rule citation in the log opens the reference at that rule.
		row := render.LogRowAt(lr, b.S.LogLines(), b.logScroll, y)
		if rule := render.RuleCited(row); rule != "" {
			b.openReferenceAt(a, rule)
		}
		return
	}
	b.layoutPanel(a)
	for _, pb := range b.panel {
		if p.In(pb.b.Rect) {
			switch {
			case pb.isCard && pb.act == nil:
				b.S.Message = cardClickWhy(pb.card.Name, pb.look.Why) // hand.go
				b.S.changed()
			case pb.act != nil && pb.act.Kind == "end":
				b.endPhase(*pb.act)
			case pb.act != nil && pb.act.Kind == "choose":
				b.choose(*pb.act)
			case pb.act != nil:
				_, _ = b.S.Do(*pb.act)
			case pb.cmd != nil:
				pb.cmd(a)
			}
			return
		}
	}
	if !p.In(b.BoardRect(a)) {
		return
	}
	fx, fy := float64(x), float64(y)
	v := b.S.View()
	// An open stack: pick one of its units.
	if b.openStack != "" {
		if id, ok := b.RB.PickUnit(b.Cam, v, fx, fy); ok {
			// Only a counter of the open stack: a click on another
			// location (a lit target, an enemy marker) goes on below.
			if u, _ := b.S.Unit(id); u.At == b.openStack {
				b.openStack = ""
				b.S.Select(id)
				return
			}
		}
		b.openStack = ""
	}
	// Facing arrows around the selected unit (targets wider than the
	// arrows drawn).
	if act, ok := b.facingUnder(fx, fy); ok {
		_, _ = b.S.Do(act)
		return
	}
	loc, onMap := b.RB.Pick(b.Cam, fx, fy)
	if onMap && b.S.Selected == "" && b.S.clickClash(loc) { // albuera_words.go: a Clash Hex's menu [15.4]
		return
	}
	// A lit target (or a route's end) takes the click, but a friend's
	// counter there is selected unless Shift is held (friendclick.go).
	if onMap && b.S.Selected != "" && b.S.CanAct() && (b.clickShift || b.friendUnder(v, fx, fy) == "") {
		_, route := b.S.Routes()[loc]
		acts := b.S.TargetActions(loc)
		if len(acts) > 0 || route {
			move := route || acts[0].Kind == "move"
			if w := b.S.NeedsCloseConfirm(b.S.Selected); move && w != "" {
				title, text, yes, no := b.closeAsk(w) // close_ask.go
				b.ask(title, text, yes, no, func(*App) {
					b.S.ConfirmClose()
					_, _ = b.S.ClickLoc(loc)
				})
				return
			}
			_, _ = b.S.ClickLoc(loc)
			return
		}
	}
	// A unit: a stack opens first, a single counter is selected.
	if id, ok := b.RB.PickUnit(b.Cam, v, fx, fy); ok {
		u, _ := b.S.Unit(id)
		if n := len(b.RB.UnitsAt(v, u.At)); n > 1 && id != b.S.Selected {
			b.openFan(u.At)
			b.S.Message = fmt.Sprintf("%d units in %s: click one", n, stackPlaceName(v, u.At))
			b.S.changed()
			return
		}
		b.S.Select(id)
		return
	}
	if onMap && b.S.Selected != "" {
		_, _ = b.S.ClickLoc(loc) // explains why nothing happens
		return
	}
	if onMap {
		b.S.Message = ""
		b.S.changed()
	}
}

func (b *BoardScene) save(a *App) {
	if b.S.NoSave != "" {
		b.S.Message = b.S.NoSave
		b.S.changed()
		return
	}
	a.askSave(saveName(b.S, time.Now()), func(p string, err error) { b.saved(a, p, err) }) // filelist.go
}

// saved saves to the path the dialog answered.
func (b *BoardScene) saved(a *App, p string, err error) {
	if err != nil {
		if !cancelled(err) {
			b.S.Message = "Save failed: " + err.Error()
			b.S.changed()
		}
		return
	}
	if a.savePath == nil {
		// The native dialog confirmed overwriting the name typed; .json
		// added to it may name another file that exists.
		if _, err := os.Stat(p); err == nil && a.lastAsked != p {
			b.ask("Replace the save?", filepath.Base(p)+" exists already. Replace it with this game?", "Replace (Enter)", "Keep it (Esc)", func(*App) { _ = b.S.Save(p) })
			return
		}
	}
	_ = b.S.Save(p)
}

func (b *BoardScene) load(a *App) {
	a.askLoad("Load game", func(p string, err error) { b.loaded(a, p, err) }) // filelist.go
}

// loaded opens the save the dialog answered.
func (b *BoardScene) loaded(a *App, p string, err error) {
	var s *Session
	if err == nil {
		s, err = LoadSession(p)
	}
	if err != nil {
		if !cancelled(err) {
			b.S.Message = "Load failed: " + err.Error()
			b.S.changed()
		}
		return
	}
	a.startSession(s)
}

func (b *BoardScene) openReference(a *App) {
	// F1 over a lit hex opens the reference at the rule of its action.
	if acts := b.S.TargetActions(b.hoverLoc); len(acts) > 0 && acts[0].Rule != "" {
		b.openReferenceAt(a, acts[0].Rule)
		return
	}
	a.scene = newReference(a, b.S.System, b)
	a.Redraw()
}

// openReferenceAt opens the rules reference at a rule's section.
func (b *BoardScene) openReferenceAt(a *App, rule string) {
	a.scene = newReferenceAt(a, b.S.System, b, rule)
	a.Redraw()
}

// layerKey is everything the board layer shows: the map, the units and
// the highlights of the selection, but not what follows the cursor.
type layerKey struct {
	version, viewer int
	cam             render.Camera
	open            string
	numbers         bool
}

// boardOverlay is the overlay of the board layer: without what follows
// the cursor (the hover outline and the planned path, drawn on top).
func boardOverlay(o render.Overlay) render.Overlay {
	o.Hover, o.Path = "", nil
	return o
}

// layerMargin is how far (screen pixels) the board layer reaches past
// each side of the board's viewport: a pan that stays within it copies the
// layer at an offset instead of repainting the map (#11 item 16).
const layerMargin = 192

// still is k without the camera's position: what a pan leaves unchanged.
func (k layerKey) still() layerKey {
	k.cam.X, k.cam.Y = 0, 0
	k.cam.Rect = image.Rectangle{Max: k.cam.Rect.Size()}
	return k
}

// snapToLayer moves the camera by less than half a pixel onto the board
// layer's pixel grid when the layer, panned, still covers the view (k is
// the frame's layer key): the layer is then copied at a whole-pixel
// offset and the screen shows exactly what the camera says.
func (b *BoardScene) snapToLayer(k layerKey) bool {
	if !b.layerOK || k.still() != b.layerKey.still() || b.Cam.Zoom <= 0 {
		return false
	}
	ox, oy, ok := b.layerOffset()
	if !ok {
		return false
	}
	z := b.Cam.Zoom
	b.Cam.X, b.Cam.Y = b.layerCam.X+ox/z, b.layerCam.Y+oy/z
	return true
}

// layerOffset is where the view's top-left corner lies in the board layer
// (drawn with layerCam), in whole pixels, and whether the layer panned so
// still covers the view (the offset within its margin).
func (b *BoardScene) layerOffset() (ox, oy float64, ok bool) {
	z, m := b.Cam.Zoom, float64(layerMargin)
	if z <= 0 {
		z = 1
	}
	ox = math.Round((b.Cam.X - b.layerCam.X) * z)
	oy = math.Round((b.Cam.Y - b.layerCam.Y) * z)
	return ox, oy, ox >= 0 && oy >= 0 && ox <= 2*m && oy <= 2*m
}

// ensureLayer redraws the board (terrain, counters, highlights; not the
// overview, which stays in the view's corner) into its own image when it
// is stale, and returns where the view's top-left corner lies in it. The
// layer covers the view and layerMargin pixels around it, so a pan (the
// same state and zoom) only moves that point until it leaves the margin.
// Frames copy that image to the screen where they must repair it, so a
// frame where only the cursor moved (hover outline, tooltips, lit
// buttons) or the view was panned costs a copy instead of the map's
// tiles, counters and highlights.
func (b *BoardScene) ensureLayer(k layerKey, v *rules.View, o render.Overlay) image.Point {
	br := b.Cam.Rect
	m := layerMargin
	size := br.Size().Add(image.Pt(2*m, 2*m))
	if b.layer == nil || b.layer.Bounds().Size() != size {
		if b.layer != nil {
			b.layer.Deallocate()
		}
		b.layer = ebiten.NewImageWithOptions(image.Rectangle{Max: size}, &ebiten.NewImageOptions{Unmanaged: true})
		b.layersMade++
		b.layerOK = false
	}
	z := b.Cam.Zoom
	if z <= 0 {
		z = 1
	}
	if b.layerOK && k.still() == b.layerKey.still() {
		if ox, oy, ok := b.layerOffset(); ok {
			return image.Pt(int(ox), int(oy))
		}
	}
	cam := b.Cam
	cam.Rect = image.Rectangle{Max: size}
	cam.X -= float64(m) / z
	cam.Y -= float64(m) / z
	lo := boardOverlay(o)
	lo.Minimap = false
	b.RB.Draw(b.layer, cam, v, lo)
	b.chipsLayer = true
	b.layerKey, b.layerCam, b.layerOK = k, cam, true
	b.layerDraws++
	return image.Pt(m, m)
}

// shownState is what the last frame left on its screen, so that the next
// frame repaints only what changed: the board when its layer changed
// (drawn straight to the screen while the camera moves), the HUD or side
// panel when theirs did, and otherwise only the rectangles where the last
// frame drew things that follow the cursor (tooltips, hover outline,
// cards, menus).
type shownState struct {
	ok        bool
	dst       *ebiten.Image
	bounds    image.Rectangle
	layer     layerKey
	hud, side string
	legend    bool
}

// invalidate makes the next frame repaint everything (another scene drew
// on the screen meanwhile).
func (b *BoardScene) invalidate() { b.shown.ok = false }

// paintBase paints the static part of the scene (board, HUD, side panel,
// legend) into dst, which may be a sub-image limiting it to a damaged
// rectangle; the result is the same whatever dst held before. With
// direct, the board is drawn by render.Board.Draw rather than copied from
// the layer (the camera is moving: the layer would be redrawn and copied
// every frame).
func (b *BoardScene) paintBase(a *App, dst *ebiten.Image, v *rules.View, o render.Overlay, k layerKey, hudKey, sideKey string, direct bool) {
	hud, side, br := b.hudRect(a), b.sideRect(a), b.Cam.Rect
	d := dst.Bounds()
	// The panels are translucent, with rounded corners: their ground first
	// (the screen is not cleared between frames).
	for _, r := range []image.Rectangle{hud.Intersect(d), side.Intersect(d)} {
		if !r.Empty() {
			vector.DrawFilledRect(dst, float32(r.Min.X), float32(r.Min.Y), float32(r.Dx()), float32(r.Dy()), background, false)
		}
	}
	switch {
	case !d.Overlaps(br):
	case direct:
		b.RB.Draw(dst, b.Cam, v, boardOverlay(o))
		b.chipShift, b.chipsLayer = image.Point{}, false
	default:
		off := b.ensureLayer(k, v, o)
		if b.chipsLayer {
			b.chipShift = br.Min.Sub(off)
		}
		op := &b.layerOp
		*op = ebiten.DrawImageOptions{}
		op.GeoM.Translate(float64(br.Min.X), float64(br.Min.Y))
		op.Blend = ebiten.BlendCopy
		dst.DrawImage(b.layer.SubImage(image.Rectangle{Min: off, Max: off.Add(br.Size())}).(*ebiten.Image), op)
		b.RB.DrawMinimap(dst, b.Cam, v, o)
	}
	// The HUD and the side panel (actions, commands, log) change only with
	// the game, the hot button or the log scroll: they are drawn once into
	// the widget cache and blitted.
	if d.Overlaps(hud.Inset(-cachePad)) {
		b.cache.draw(dst, hudKey, hud, func(img *ebiten.Image, r image.Rectangle) {
			render.DrawHUD(img, r, v)
		})
	}
	if d.Overlaps(side.Inset(-cachePad)) {
		b.cache.draw(dst, sideKey, side, func(img *ebiten.Image, r image.Rectangle) {
			b.drawSide(a, img, r, v)
		})
	}
	if b.legend {
		// visual: the legend of everything on the board (sides, counters, markers, terrain)
		lr := image.Rect(br.Min.X+10, br.Min.Y+10, min(br.Max.X-10, br.Min.X+10+render.LegendWidth), br.Max.Y-10)
		b.cache.draw(dst, "legend"+render.LegendKey(v), lr, func(img *ebiten.Image, r image.Rectangle) { render.DrawLegendView(img, r, v) })
	}
}

// drawSide draws the side panel (commands, actions, log) into r of img,
// the panel's rectangle translated.
func (b *BoardScene) drawSide(a *App, img *ebiten.Image, r image.Rectangle, v *rules.View) {
	off := r.Min.Sub(b.sideRect(a).Min)
	render.DrawPanel(img, r)
	for _, pb := range b.panel {
		rr := pb.b.Rect.Add(off)
		if pb.isCard {
			render.DrawCardAs(img, rr, *pb.card, pb.look)
			continue
		}
		if pb.note {
			drawNote(img, rr, pb.b.Label)
			continue
		}
		if pb.heading {
			for i, l := range render.Wrap(pb.b.Label, render.Bold(13), float64(rr.Dx())) {
				render.DrawText(img, l, render.Bold(13), float64(rr.Min.X), float64(rr.Min.Y+6+18*i), color.RGBA{0xe8, 0xc0, 0x4a, 0xff})
			}
			continue
		}
		bt := pb.b
		bt.Rect = rr
		if pb.wrapSub {
			render.DrawButtonSubWrapped(img, bt) // what the choice does, whole (panel_guide.go)
			continue
		}
		render.DrawButton(img, bt)
	}
	if u, ok := b.S.Unit(b.S.Selected); ok && b.cardRect.Dy() >= 96 {
		var status []string
		if h := b.S.SelectionHint(); h != "" {
			status = append(status, h)
		}
		render.DrawSelectionCard(img, b.cardRect.Add(off), u, v.Board, v.Style, status)
	} else if b.S.Selected == "" && b.cardRect.Dy() >= 60 && b.S.CanAct() {
		r := b.cardRect.Add(off)
		for i, l := range b.idleCardLines() { // panel_guide.go: which button, when the decision is the panel's
			render.DrawText(img, l, render.Face(12.5), float64(r.Min.X+6), float64(r.Min.Y+8+18*i), color.RGBA{0x9a, 0x8e, 0x78, 0xff})
		}
	}
	if b.S.Selected == "" && b.S.System.ID == "albuera" {
		b.drawTracks(img, b.cardRect.Add(off), v) // Albuera's pool and turn track [3.3], [15.11]
	}
	render.DrawLog(img, b.logRect(a).Add(off), b.S.LogLines(), b.logScroll)
}

// drawTracks writes the view's notes and tracks (Albuera's Activation Pool,
// chits set aside and drawn, the turn track with its routed units) in the
// free card area while no unit is selected, wrapped, as far as they fit
// (Albuera only for now: the other systems show their tracks elsewhere).
func (b *BoardScene) drawTracks(img *ebiten.Image, r image.Rectangle, v *rules.View) {
	if len(v.Tracks) == 0 || r.Dy() < 80 {
		return
	}
	y := r.Min.Y + 50
	if !b.S.CanAct() {
		y = r.Min.Y + 8
	}
	w := float64(r.Dx() - 12)
	put := func(s string, f text.Face, c color.Color) bool {
		for _, l := range render.Wrap(s, f, w) {
			if y+16 > r.Max.Y {
				return false
			}
			render.DrawText(img, l, f, float64(r.Min.X+6), float64(y), c)
			y += 16
		}
		y += 3
		return true
	}
	for _, n := range v.Notes {
		if !put(n, render.Face(12), color.RGBA{0x9a, 0x8e, 0x78, 0xff}) {
			return
		}
	}
	for _, t := range v.Tracks {
		items := strings.Join(t.Items, " · ")
		if items == "" {
			items = "none"
		}
		if !put(t.Name+": "+items, render.Face(12), color.RGBA{0xe8, 0xdc, 0xc0, 0xff}) {
			return
		}
	}
}

// outside returns the parts of d outside r (up to four rectangles).
func outside(d, r image.Rectangle) []image.Rectangle {
	r = r.Intersect(d)
	if r.Empty() {
		return []image.Rectangle{d}
	}
	var out []image.Rectangle
	for _, q := range []image.Rectangle{
		{d.Min, image.Pt(d.Max.X, r.Min.Y)},                      // above
		{image.Pt(d.Min.X, r.Max.Y), d.Max},                      // below
		{image.Pt(d.Min.X, r.Min.Y), image.Pt(r.Min.X, r.Max.Y)}, // left
		{image.Pt(r.Max.X, r.Min.Y), image.Pt(d.Max.X, r.Max.Y)}, // right
	} {
		if !q.Empty() {
			out = append(out, q)
		}
	}
	return out
}

// draw draws the board scene.
func (b *BoardScene) draw(a *App, dst *ebiten.Image) {
	defer b.cache.frame()
	defer b.guardDrawn(a) // click_guard.go
	if b.S.Cover {
		// Nothing of the board shows under the hand-over screen.
		b.shown.ok = false
		title := "Pass the seat to " + b.S.SideName(b.S.Seat)
		sub := "Click (or press Enter) when " + b.S.SideName(b.S.Seat) + " has the seat."
		if _, why := b.S.UndoTarget(); why == "" {
			sub += " " + b.S.SideName(b.S.Viewer) + " may still take back the last move: Ctrl+Z."
		}
		dst.Fill(background)
		notes := b.S.LastPublic
		b.cache.draw(dst, "cover|"+title+"|"+sub+"|"+strings.Join(notes, "\n"), dst.Bounds(), func(img *ebiten.Image, r image.Rectangle) {
			render.DrawCoverNotes(img.SubImage(r).(*ebiten.Image), title, sub, notes)
		})
		return
	}
	v := b.S.View()
	br := b.BoardRect(a)
	if br.Empty() {
		dst.Fill(background)
		b.shown.ok = false
		return
	}
	b.Cam.Rect = br
	o := b.Overlay()
	k := layerKey{version: b.S.Version(), viewer: int(b.S.Viewer), cam: b.Cam, open: o.OpenStack, numbers: o.Numbers}
	if b.snapToLayer(k) {
		k.cam = b.Cam
	}
	b.layoutPanel(a)
	hot := -1
	for i, pb := range b.panel {
		if pb.b.Hot {
			hot = i
		}
	}
	hudKey := fmt.Sprintf("hud|%d|%d", b.S.Version(), b.S.Viewer)
	sideKey := b.sideKey(hot) // panel_more.go
	sh := &b.shown
	base := func(d image.Rectangle, full, direct bool) {
		if d = d.Intersect(dst.Bounds()); d.Empty() {
			return
		}
		t := dst
		if !full {
			t = dst.SubImage(d).(*ebiten.Image)
		}
		b.paintBase(a, t, v, o, k, hudKey, sideKey, direct)
	}
	switch {
	case !sh.ok || sh.dst != dst || sh.bounds != dst.Bounds() || sh.legend != b.legend:
		base(dst.Bounds(), true, false)
		b.fullPaints++
	default:
		if sh.hud != hudKey {
			b.damage = append(b.damage, b.hudRect(a).Inset(-cachePad))
		}
		if sh.side != sideKey {
			b.damage = append(b.damage, b.sideRect(a).Inset(-cachePad))
		}
		if sh.layer != k {
			// The board changed. While the camera zooms (the wheel) it is
			// drawn straight to the screen; otherwise its layer is
			// copied, redrawn first if stale.
			moving := sh.layer.cam != k.cam && sh.layer == layerKey{k.version, k.viewer, sh.layer.cam, k.open, k.numbers}
			// A pan (the same zoom) copies the layer at an offset.
			zooming := moving && sh.layer.still() != k.still()
			base(br, false, zooming)
			if zooming {
				b.layerOK = false
			}
			// What lay over the board is gone with it; repair the rest.
			var rest []image.Rectangle
			for _, d := range b.damage {
				rest = append(rest, outside(d, br)...)
			}
			b.damage = rest
			b.boardPaints++
		}
		for _, d := range b.damage {
			base(d, false, false)
		}
	}
	*sh = shownState{ok: true, dst: dst, bounds: dst.Bounds(), layer: k, hud: hudKey, side: sideKey, legend: b.legend}
	// What follows is drawn over the base and repaired by the next frame.
	b.damage = b.damage[:0]
	b.cache.record = &b.damage
	defer func() { b.cache.record = nil }()
	if r := b.drawActive(dst); !r.Empty() { // activated.go
		b.damage = append(b.damage, r)
	}
	if r := b.drawChoiceUnits(dst); !r.Empty() { // choice_units.go
		b.damage = append(b.damage, r)
	}
	if r := b.drawZoneFocus(dst); !r.Empty() { // marshals_turn_focus.go
		b.damage = append(b.damage, r)
	}
	if areas := b.commandOutlines(); len(areas) > 0 {
		if r := b.drawCommandOutlines(dst, areas); !r.Empty() {
			b.damage = append(b.damage, r)
		}
	}
	if r := b.RB.TopBounds(b.Cam, o); !r.Empty() {
		b.RB.DrawTop(dst, b.Cam, o)
		b.damage = append(b.damage, r)
	}
	if r := b.drawHint(dst); !r.Empty() { // hint.go
		b.damage = append(b.damage, r)
	}
	// Status line: whose turn, or the last explanation.
	msg := b.S.Message
	if msg == "" {
		switch {
		case v.Result.Over:
			msg = "Game over: " + v.Result.Reason
		case !b.S.CanAct():
			msg = b.S.notYours().Error()
		case b.S.Selected == "":
			msg = "Click a unit to see what it may do (Tab: next unit)"
			if b.S.panelDecision() || b.S.unitChoicesInPanel() {
				msg = b.S.panelHintText() // no counter acts: the choice is in the panel (choice_explain.go, albuera_words.go)
			} else if ids, _ := b.S.toDeploy(); len(ids) > 0 {
				msg = deployHint(len(ids)) // deploy_list.go
			} else if c := b.composeStrip(); c != "" {
				msg = c // forming a Marshals stack [5.1] (marshals_strip.go)
			} else if len(b.activeHexes()) > 0 {
				msg = "Click an outlined unit to see what it may do (Tab: next unit)"
			}
			if p := b.S.promptWords(v.Status.Prompt); p != "" { // combat_words.go
				msg = p + ". " + msg
			}
		default:
			msg = b.S.SelectionStatus()
		}
		if b.S.Public && msg != "" {
			// A public decision: no hand-over, and the player who holds
			// the seat may watch (#11.10).
			msg = b.S.SideName(b.S.Viewer) + " decides here, nothing secret shown. " + msg
		}
	}
	b.drawHintStrip(dst, br, msg) // strips.go: inside the board, above nothing else
	br = b.aboveHint(br)
	if b.dialog != nil {
		b.drawDialog(a, dst)
		return
	}
	if b.S.Handover {
		b.drawHandover(a, dst)
	}
	// Odds of the hovered (or offered) combat before it is rolled.
	b.drawOdds(a, dst)
	b.drawDiceTray(dst, br) // the last roll's dice as pictures (dicetray.go)
	// Popup menu of actions sharing a target.
	if b.S.Menu != nil {
		b.layoutMenu(a)
		for i, r := range b.menu {
			act := b.S.Menu[i]
			b.button(dst, render.Button{Label: act.Label, Sub: b.menuSub(act), Rect: r, Enabled: true, Hot: image.Pt(b.mx, b.my).In(r)})
		}
		b.menuHover(dst) // what a Marshals move leads to (marshals_movetip.go)
		return
	}
	// Hover: a facing arrow, a unit's full card, else what the hex offers
	// or why not.
	if act, ok := b.facingUnder(float64(b.mx), float64(b.my)); ok {
		b.faceTip(dst, br, b.faceHover(act)) // hover_place.go
		return
	}
	if lines := b.friendHover(); len(lines) > 0 {
		b.tooltipIn(dst, br, lines) // a friend on a lit hex: what a click and a Shift+click do
		return
	}
	if b.hoverUnit != "" && !b.S.cardInPanel(b.hoverUnit) && !b.selectedCardInPanel(b.hoverUnit) { // albuera_words.go, polish_hover.go
		if u, ok := b.S.Unit(b.hoverUnit); ok {
			b.unitCard(dst, br, b.S.withMoveNote(b.S.withTargetNote(u)), v.Board) // albuera_words.go: why the selected unit cannot act on it; marshals_movetip.go: what a click there does
			return
		}
	}
	for _, pb := range b.panel {
		if pb.isCard && pb.b.Hot {
			lines := []string{pb.card.Name}
			lines = append(lines, render.Wrap(pb.card.Text, render.Face(12.5), 320)...)
			if pb.act == nil {
				lines = append(lines, render.Wrap(render.WhyLine(pb.look.Why), render.Face(12.5), 320)...)
			} else {
				lines = append(lines, render.Wrap("Click to play it: "+pb.act.String(), render.Face(12.5), 320)...)
			}
			b.cardHover(dst, pb.b.Rect, lines) // cardtip.go: never over the card

			return
		}
	}
	if b.choiceHover(dst) { // what a choice does (choice_explain.go)
		return
	}
	if lines := b.S.HoverText(b.hoverLoc); len(lines) > 0 {
		b.tooltipIn(dst, br, lines)
	}
}

func (b *BoardScene) drawOdds(a *App, dst *ebiten.Image) {
	b.oddsRect = image.Rectangle{}
	var act *rules.Action
	if b.S.Menu != nil {
		b.layoutMenu(a)
		for i, r := range b.menu {
			if image.Pt(b.mx, b.my).In(r) && IsCombat(b.S.Menu[i].Kind) {
				act = &b.S.Menu[i]
			}
		}
		if act == nil {
			for i := range b.S.Menu {
				if IsCombat(b.S.Menu[i].Kind) {
					act = &b.S.Menu[i]
					break
				}
			}
		}
	} else {
		for _, t := range b.S.TargetActions(b.hoverLoc) {
			if IsCombat(t.Kind) {
				t := t
				act = &t
				break
			}
		}
	}
	if act == nil {
		return
	}
	title, lines, ok := b.S.Odds(*act)
	if !ok {
		return
	}
	// odds_names.go: short names where a row would be cut
	lines = b.S.shortOddsNames(lines)
	title, lines = compactOdds(title, lines)
	if b.drawOddsSummary(a, dst, *act, title, lines) { // oddssummary.go: a long table summed up
		return
	}
	// A title of two lines takes a row's room: one row more, so the last
	// outcome is not cut (#18: "passes 30%" without its "fails" row).
	ow := oddsWidth(lines, b.BoardRect(a).Dx()-20) // odds_width.go: every row whole
	r := b.oddsPlaceW(a, len(lines)+len(render.Wrap(title, render.Bold(14), float64(ow-20)))-1, ow)
	r = b.oddsTableBox(a, r, title, lines) // polish_odds.go: Venta's clear of the counters
	b.oddsRect = r
	key := title
	for _, l := range lines {
		key += fmt.Sprintf("|%s %d/%d", l.Result, l.Num, l.Den)
	}
	inPanel := !r.Overlaps(b.BoardRect(a)) // polish_odds.go: opaque over the panel
	b.cache.draw(dst, fmt.Sprint("odds|", key, "|", inPanel), r, func(img *ebiten.Image, r image.Rectangle) {
		if inPanel {
			img.SubImage(r).(*ebiten.Image).Fill(background)
		}
		render.DrawOdds(img, r, title, lines)
	})
}

// oddsPlace is where the odds panel of n outcomes goes: a corner of the
// board clear of the open menu, the hovered hex and the lit hexes.
func (b *BoardScene) oddsPlace(a *App, n int) image.Rectangle { return b.oddsPlaceW(a, n, oddsW) }

// oddsPlaceW places an odds panel w wide (oddsPlace).
func (b *BoardScene) oddsPlaceW(a *App, n, w int) image.Rectangle {
	br := b.BoardRect(a)
	var avoid []image.Rectangle
	if b.S.Menu != nil {
		b.layoutMenu(a)
		avoid = append(avoid, b.menu...)
	}
	if x, y, ok := b.ScreenOf(b.hoverLoc); ok {
		avoid = append(avoid, image.Rect(int(x)-30, int(y)-30, int(x)+30, int(y)+30))
	}
	avoid = append(avoid, b.litRects()...)
	avoid = append(avoid, b.coverRect) // a lesson's card
	h := 30 + 28*n
	br = b.aboveHint(br) // never over the prompt strip (#18)
	// hover_place.go: clear of the counters too
	return b.oddsBox(br.Inset(10), w, h, avoid)
}

// litRects are the screen squares of the lit hexes of the selection.
func (b *BoardScene) litRects() []image.Rectangle {
	if !b.S.CanAct() || b.S.Selected == "" {
		return nil
	}
	r := int(render.HexSize * b.Cam.Zoom * 0.8)
	var out []image.Rectangle
	for _, h := range b.S.Highlights() {
		if x, y, ok := b.ScreenOf(h.At); ok {
			out = append(out, image.Rect(int(x)-r, int(y)-r, int(x)+r, int(y)+r))
		}
	}
	return out
}

// cornersOf lists the top-right, bottom-right, top-left and bottom-left
// places of a w x h box in r.
func cornersOf(r image.Rectangle, w, h int) []image.Point {
	return []image.Point{{r.Max.X - w, r.Min.Y}, {r.Max.X - w, r.Max.Y - h}, {r.Min.X, r.Min.Y}, {r.Min.X, r.Max.Y - h}}
}

// besides lists the places of a w x h box around a cursor at (x, y), gap
// away: below right, below left, above right, above left, then right and
// left at its height.
func besides(x, y, w, h, gap int) []image.Point {
	return []image.Point{{x + gap, y + gap}, {x - gap - w, y + gap}, {x + gap, y - gap - h}, {x - gap - w, y - gap - h}, {x + gap, y - h/2}, {x - gap - w, y - h/2}}
}

// placeIn puts a w x h box at the first of the places (each kept inside
// r) that overlaps none of avoid, else at the one that overlaps least.
func placeIn(r image.Rectangle, w, h int, places []image.Point, avoid []image.Rectangle) image.Rectangle {
	best, bestArea := image.Rectangle{}, -1
	// Failing those, the corners of r.
	places = append(places, cornersOf(r, w, h)...)
	for _, p := range places {
		x := max(r.Min.X, min(p.X, r.Max.X-w))
		y := max(r.Min.Y, min(p.Y, r.Max.Y-h))
		box := image.Rect(x, y, x+w, y+h)
		area := 0
		for _, a := range avoid {
			if in := box.Intersect(a); !in.Empty() {
				area += in.Dx() * in.Dy()
			}
		}
		if area == 0 {
			return box
		}
		if bestArea < 0 || area < bestArea {
			best, bestArea = box, area
		}
	}
	return best
}

// tooltipIn draws a hover tooltip beside the cursor inside r (the board:
// never over the log or the panel), clear of the odds and the lit hexes
// where it can be.
func (b *BoardScene) tooltipIn(dst *ebiten.Image, r image.Rectangle, lines []string) {
	b.hexTip(dst, r, lines) // hover_place.go: beside the hovered place, never over its counters nor the selected unit
}

// button draws a button through the widget cache.
func (b *BoardScene) button(dst *ebiten.Image, bt render.Button) {
	key := fmt.Sprintf("btn|%s|%s|%v|%v|%v", bt.Label, bt.Sub, bt.Enabled, bt.Hot, bt.Active)
	b.cache.draw(dst, key, bt.Rect, func(img *ebiten.Image, r image.Rectangle) {
		c := bt
		c.Rect = r
		render.DrawButton(img, c)
	})
}

// tooltip draws render.DrawTooltip's box for (x, y) through the cache,
// kept on the screen.
func (b *BoardScene) tooltip(dst *ebiten.Image, x, y float64, lines []string) {
	if len(lines) == 0 {
		return
	}
	f := render.Face(12.5)
	w, lh := 0.0, 0.0
	for _, l := range lines {
		lw, h := render.Measure(l, f)
		w, lh = math.Max(w, lw), math.Max(lh, h)
	}
	bw, bh := int(w)+20, int(float64(len(lines))*(lh+2))+16
	x, y = x+14, y+16
	sb := dst.Bounds()
	x = math.Max(float64(sb.Min.X+4), math.Min(x, float64(sb.Max.X-4-bw)))
	y = math.Max(float64(sb.Min.Y+4), math.Min(y, float64(sb.Max.Y-4-bh)))
	r := image.Rect(int(x), int(y), int(x)+bw, int(y)+bh)
	b.cache.draw(dst, "tip|"+strings.Join(lines, "\n"), r, func(img *ebiten.Image, r image.Rectangle) {
		render.DrawTooltip(img, float64(r.Min.X)-14, float64(r.Min.Y)-16, lines)
	})
}

// unitCard draws a unit's full card near the cursor through the cache.
func (b *BoardScene) unitCard(dst *ebiten.Image, br image.Rectangle, u rules.UnitView, board *rules.Board) {
	// Beside its stack, never over it nor the selected unit, clear of the
	// other counters' values and the lit hexes where it can be.
	r := b.unitCardBox(br, u, board)   // hover_place.go
	r, inPanel := b.unitCardInPanel(r) // polish_hover.go: clear of the counters' values
	key := fmt.Sprintf("card|%d|%d|%s|%s|%d|%v", b.S.Version(), b.S.Viewer, u.ID, b.S.Selected, len(u.Detail), inPanel)
	b.cache.draw(dst, key, r, func(img *ebiten.Image, r image.Rectangle) {
		if inPanel {
			img.SubImage(r).(*ebiten.Image).Fill(background)
		}
		render.DrawUnitCard(img, float64(r.Min.X)-16, float64(r.Min.Y)-16, u, board)
	})
}

// paintsAll reports that the scene paints every pixel itself (the board
// layer, the HUD and side ground), so the app need not clear the screen.
func (b *BoardScene) paintsAll() bool { return !b.S.Cover }
