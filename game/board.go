package game

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
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
	S   *Session
	RB  *render.Board
	Cam render.Camera

	legend, numbers bool
	mx, my          int
	hoverLoc        string
	hoverUnit       string
	openStack       string
	logScroll       int

	down, dragging bool
	downX, downY   int
	camAtDown      render.Camera

	panel []panelButton
	cache widgetCache
	// the board layer (see drawLayer)
	layer       *ebiten.Image
	layerKey    layerKey
	layerOK     bool
	layerOp     ebiten.DrawImageOptions
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
}

// panelButton is a button of the action panel: an action or an app command.
type panelButton struct {
	b      render.Button
	act    *rules.Action
	card   *rules.Card
	cmd    func(a *App)
	isCard bool
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
	// The actions get the room they need; the log keeps at least 150 px.
	if need := r.Min.Y + 8 + 42 + b.actionsHeight() + 8; need > top {
		top = max(r.Min.Y+8+42+80, min(need, r.Max.Y-150))
	}
	return image.Rect(r.Min.X+8, top, r.Max.X-8, r.Max.Y-8)
}

// actionsHeight is the height the panel's actions need at full size.
func (b *BoardScene) actionsHeight() int {
	h := 0
	hand := map[string]bool{}
	for _, c := range b.S.View().Hand {
		hand[c.ID] = true
	}
	for _, act := range b.S.PanelActions() {
		if act.Kind == "play" && hand[act.Choice] {
			h += cardH + 6
		} else {
			h += buttonH + 4
		}
	}
	return h
}

func (b *BoardScene) resized(a *App) {
	r := b.BoardRect(a)
	if !b.fitted {
		b.Cam = b.RB.Open(r, b.S.View()) // visual: readable zoom on the action
		b.fitted = true
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
	o := render.Overlay{Selected: b.S.Selected, Hover: b.hoverLoc, OpenStack: b.openStack,
		Numbers: b.numbers || b.Cam.Zoom >= numbersZoom, Minimap: true}
	if b.S.CanAct() && b.S.Selected == "" {
		// Nothing selected: corner brackets mark the units that may act.
		o.Highlights = b.S.ActorMarks()
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
	v := b.S.View()
	hot := func(rr image.Rectangle) bool { return image.Pt(b.mx, b.my).In(rr) }
	// App commands first, in a row, always in the same place.
	cmds := []struct {
		l   string
		cmd func(a *App)
	}{
		{"Undo", func(a *App) { _ = b.S.Undo() }},
		{"Save", b.save},
		{"Load", b.load},
		{"Rules", b.openReference},
		{"Menu", func(a *App) { a.ToMenu("") }},
	}
	w := (x1 - x0 - 4*4) / len(cmds)
	for i, c := range cmds {
		rr := image.Rect(x0+i*(w+4), y, x0+i*(w+4)+w, y+32)
		b.panel = append(b.panel, panelButton{b: render.Button{Label: c.l, Rect: rr, Enabled: true, Hot: hot(rr)}, cmd: c.cmd})
	}
	y += 32 + 10
	// The legal actions with no map target: cards for 'play', else buttons,
	// shrunk to fit above the log.
	type item struct {
		act  rules.Action
		card *rules.Card
	}
	var items []item
	need := 0
	for _, act := range b.S.PanelActions() {
		it := item{act: act}
		if act.Kind == "play" {
			for _, c := range v.Hand {
				if c.ID == act.Choice {
					c := c
					it.card = &c
				}
			}
		}
		if it.card != nil {
			need += cardH + 6
		} else {
			need += buttonH + 4
		}
		items = append(items, it)
	}
	bottom := b.logRect(a).Min.Y - 8
	scale := 1.0
	if need > 0 && bottom-y < need {
		scale = math.Max(0.62, float64(bottom-y)/float64(need))
	}
	ch, bh := int(cardH*scale), int(buttonH*scale)
	for i, it := range items {
		act := it.act
		h := bh
		if it.card != nil {
			h = ch
		}
		if y+h > bottom && i < len(items)-1 {
			rr := image.Rect(x0, y, x1, min(y+bh, bottom+8))
			b.panel = append(b.panel, panelButton{b: render.Button{Label: fmt.Sprintf("%d more actions: select a unit or use Tab", len(items)-i), Rect: rr}})
			y = bottom + 8
			break
		}
		rr := image.Rect(x0, y, x1, y+h)
		if it.card != nil {
			b.panel = append(b.panel, panelButton{b: render.Button{Label: act.Label, Rect: rr, Enabled: true, Hot: hot(rr)}, act: &act, card: it.card, isCard: true})
			y += h + 6
			continue
		}
		label := act.Label
		if act.Kind == "end" && b.S.CanAct() {
			label += "  (Space)"
		}
		b.panel = append(b.panel, panelButton{b: render.Button{Label: label, Sub: ruleSub(act), Rect: rr, Enabled: true, Hot: hot(rr)}, act: &act})
		y += h + 4
	}
	// The room left above the log holds the selected unit's card.
	b.cardRect = image.Rect(x0, y+4, x1, bottom)
}

func ruleSub(a rules.Action) string {
	var parts []string
	if a.Info != "" && a.Info != a.Label {
		parts = append(parts, a.Info)
	}
	if a.Rule != "" {
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
	w := 380
	h := 34
	x0 := int(x) + 20
	y0 := int(y) - h*len(b.S.Menu)/2
	br := b.BoardRect(a)
	if x0+w > br.Max.X {
		x0 = int(x) - 20 - w
	}
	y0 = max(br.Min.Y+4, min(y0, br.Max.Y-h*len(b.S.Menu)-4))
	for i := range b.S.Menu {
		b.menu = append(b.menu, image.Rect(x0, y0+i*h, x0+w, y0+i*h+h-2))
	}
}

func (b *BoardScene) update(a *App, evs []Event) error {
	if b.S.Version() != b.version {
		b.version = b.S.Version()
		a.Redraw()
	}
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
			b.click(a, e.X, e.Y)
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
			b.logScroll = max(0, b.logScroll+int(math.Round(e.DY*3)))
			a.Redraw()
			return
		}
		if image.Pt(e.X, e.Y).In(b.BoardRect(a)) {
			b.Cam.ZoomAt(float64(e.X), float64(e.Y), math.Pow(wheelZoom, e.DY))
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
	if b.S.Cover {
		if e.Key == ebiten.KeySpace || e.Key == ebiten.KeyEnter {
			b.S.TakeSeat()
		}
		return
	}
	switch {
	case e.Ctrl && e.Key == ebiten.KeyS:
		b.save(a)
	case e.Ctrl && e.Key == ebiten.KeyO:
		b.load(a)
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
				_, _ = b.S.Do(act)
				return
			}
		}
		b.S.Message = "No phase to end now"
	case e.Key == ebiten.KeyF || e.Key == ebiten.KeyHome:
		b.Fit(a)
	case e.Key == ebiten.KeyL:
		b.legend = !b.legend
	case e.Key == ebiten.KeyN:
		b.numbers = !b.numbers
	case e.Key == ebiten.KeyF1:
		b.openReference(a)
	case e.Key == ebiten.KeyEqual || e.Key == ebiten.KeyNumpadAdd:
		c := b.BoardRect(a)
		b.Cam.ZoomAt(float64(c.Min.X+c.Dx()/2), float64(c.Min.Y+c.Dy()/2), wheelZoom)
	case e.Key == ebiten.KeyMinus || e.Key == ebiten.KeyNumpadSubtract:
		c := b.BoardRect(a)
		b.Cam.ZoomAt(float64(c.Min.X+c.Dx()/2), float64(c.Min.Y+c.Dy()/2), 1/wheelZoom)
	case e.Key == ebiten.KeyArrowLeft && e.Shift:
		b.pan(-panStep, 0)
	case e.Key == ebiten.KeyArrowRight && e.Shift:
		b.pan(panStep, 0)
	case e.Key == ebiten.KeyPageUp:
		b.logScroll += 5
	case e.Key == ebiten.KeyPageDown:
		b.logScroll = max(0, b.logScroll-5)
	case e.Key == ebiten.KeyTab:
		b.nextUnit(e.Shift)
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
	if b.S.Cover {
		b.S.TakeSeat()
		return
	}
	if cam, ok := b.RB.MinimapClick(b.Cam, float64(x), float64(y)); ok { // visual: the overview
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
	b.layoutPanel(a)
	for _, pb := range b.panel {
		if p.In(pb.b.Rect) {
			switch {
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
			b.openStack = ""
			b.S.Select(id)
			return
		}
		b.openStack = ""
	}
	// Facing arrows around the selected unit.
	if b.S.Selected != "" {
		if u, ok := b.S.Unit(b.S.Selected); ok && u.At != "" {
			if f, ok := b.RB.PickFacing(b.Cam, u.At, fx, fy); ok {
				for _, act := range b.S.FaceActions() {
					if act.Facing == f {
						_, _ = b.S.Do(act)
						return
					}
				}
			}
		}
	}
	loc, onMap := b.RB.Pick(b.Cam, fx, fy)
	// A lit target (or a route's end) takes the click.
	if onMap && b.S.Selected != "" && b.S.CanAct() {
		if len(b.S.TargetActions(loc)) > 0 {
			_, _ = b.S.ClickLoc(loc)
			return
		}
		if _, ok := b.S.Routes()[loc]; ok {
			_, _ = b.S.ClickLoc(loc)
			return
		}
	}
	// A unit: a stack opens first, a single counter is selected.
	if id, ok := b.RB.PickUnit(b.Cam, v, fx, fy); ok {
		u, _ := b.S.Unit(id)
		if n := len(b.RB.UnitsAt(v, u.At)); n > 1 && id != b.S.Selected {
			b.openStack = u.At
			b.S.Message = fmt.Sprintf("%d units in %s: click one", n, u.At)
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
	p, err := a.askSavePath()
	if err != nil {
		if !cancelled(err) {
			b.S.Message = "Save failed: " + err.Error()
			b.S.changed()
		}
		return
	}
	_ = b.S.Save(p)
}

func (b *BoardScene) load(a *App) {
	s, err := a.load()
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
	a.scene = newReference(a, b.S.System, b)
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

// ensureLayer redraws the board (terrain, counters, highlights) into its
// own image when it is stale. Frames copy that image to the screen where
// they must repair it, so a frame where only the cursor moved (hover
// outline, tooltips, lit buttons) costs a copy of a few rectangles
// instead of the map's tiles, counters and highlights.
func (b *BoardScene) ensureLayer(k layerKey, v *rules.View, o render.Overlay) {
	br := b.Cam.Rect
	if b.layer == nil || b.layer.Bounds().Size() != br.Size() {
		if b.layer != nil {
			b.layer.Deallocate()
		}
		b.layer = ebiten.NewImage(br.Dx(), br.Dy())
		b.layersMade++
		b.layerOK = false
	}
	if b.layerOK && k == b.layerKey {
		return
	}
	cam := b.Cam
	cam.Rect = br.Sub(br.Min)
	b.RB.Draw(b.layer, cam, v, boardOverlay(o))
	b.layerKey, b.layerOK = k, true
	b.layerDraws++
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
	default:
		b.ensureLayer(k, v, o)
		op := &b.layerOp
		*op = ebiten.DrawImageOptions{}
		op.GeoM.Translate(float64(br.Min.X), float64(br.Min.Y))
		op.Blend = ebiten.BlendCopy
		dst.DrawImage(b.layer, op)
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
			render.DrawCard(img, rr, *pb.card, pb.b.Hot)
			continue
		}
		bt := pb.b
		bt.Rect = rr
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
		render.DrawText(img, "Select a unit: its card and what it may do", render.Face(12.5), float64(r.Min.X+6), float64(r.Min.Y+8), color.RGBA{0x9a, 0x8e, 0x78, 0xff})
		render.DrawText(img, "show here. Tab selects the next one that may act.", render.Face(12.5), float64(r.Min.X+6), float64(r.Min.Y+26), color.RGBA{0x9a, 0x8e, 0x78, 0xff})
	}
	render.DrawLog(img, b.logRect(a).Add(off), b.S.LogLines(), b.logScroll)
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
	if b.S.Cover {
		// Nothing of the board shows under the hand-over screen.
		b.shown.ok = false
		title := "Pass the seat to " + b.S.SideName(b.S.Seat)
		sub := "Click (or press Space) when " + b.S.SideName(b.S.Seat) + " has the seat"
		dst.Fill(background)
		b.cache.draw(dst, "cover|"+title, dst.Bounds(), func(img *ebiten.Image, r image.Rectangle) {
			render.DrawCover(img.SubImage(r).(*ebiten.Image), title, sub)
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
	b.layoutPanel(a)
	hot := -1
	for i, pb := range b.panel {
		if pb.b.Hot {
			hot = i
		}
	}
	hudKey := fmt.Sprintf("hud|%d|%d", b.S.Version(), b.S.Viewer)
	sideKey := fmt.Sprintf("side|%d|%d|%d|%d", b.S.Version(), b.S.Viewer, hot, b.logScroll)
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
			// The board changed. While only the camera moves (a drag, the
			// arrow keys, the wheel) it is drawn straight to the screen;
			// otherwise its layer is redrawn and copied.
			moving := sh.layer.cam != k.cam && sh.layer == layerKey{k.version, k.viewer, sh.layer.cam, k.open, k.numbers}
			base(br, false, moving)
			if moving {
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
	if r := b.RB.TopBounds(b.Cam, o); !r.Empty() {
		b.RB.DrawTop(dst, b.Cam, o)
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
			if p := v.Status.Prompt; p != "" {
				msg = p + ". " + msg
			}
		default:
			msg = b.S.SelectionStatus()
		}
	}
	if msg != "" {
		b.tooltip(dst, float64(br.Min.X+10), float64(br.Max.Y-34), []string{msg})
	}
	// Odds of the hovered (or offered) combat before it is rolled.
	b.drawOdds(a, dst)
	// Popup menu of actions sharing a target.
	if b.S.Menu != nil {
		b.layoutMenu(a)
		for i, r := range b.menu {
			act := b.S.Menu[i]
			b.button(dst, render.Button{Label: act.Label, Sub: ruleSub(act), Rect: r, Enabled: true, Hot: image.Pt(b.mx, b.my).In(r)})
		}
		return
	}
	// Hover: a unit's full card, else what the hex offers or why not.
	if b.hoverUnit != "" {
		if u, ok := b.S.Unit(b.hoverUnit); ok {
			b.unitCard(dst, br, u, v.Board)
			return
		}
	}
	for _, pb := range b.panel {
		if pb.isCard && pb.b.Hot {
			lines := []string{pb.card.Name}
			lines = append(lines, render.Wrap(pb.card.Text, render.Face(12.5), 320)...)
			lines = append(lines, "Click to play it: "+pb.act.String())
			b.tooltip(dst, float64(pb.b.Rect.Min.X-360), float64(pb.b.Rect.Min.Y-16), lines)
			return
		}
	}
	if lines := b.S.HoverText(b.hoverLoc); len(lines) > 0 {
		b.tooltip(dst, float64(b.mx), float64(b.my), lines)
	}
}

func (b *BoardScene) drawOdds(a *App, dst *ebiten.Image) {
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
	br := b.BoardRect(a)
	r := image.Rect(br.Max.X-450, br.Min.Y+10, br.Max.X-10, br.Min.Y+40+28*len(lines))
	key := title
	for _, l := range lines {
		key += fmt.Sprintf("|%s %d/%d", l.Result, l.Num, l.Den)
	}
	b.cache.draw(dst, "odds|"+key, r, func(img *ebiten.Image, r image.Rectangle) { render.DrawOdds(img, r, title, lines) })
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
	const w = 300
	h := 240 + 18*len(u.Detail) + 18*len(u.Markers)
	x, y := b.mx+18, b.my+18
	if x+w > br.Max.X {
		x = b.mx - 18 - w
	}
	y = max(br.Min.Y+4, min(y, br.Max.Y-4-h))
	r := image.Rect(x, y, x+w, y+h)
	key := fmt.Sprintf("card|%d|%d|%s", b.S.Version(), b.S.Viewer, u.ID)
	b.cache.draw(dst, key, r, func(img *ebiten.Image, r image.Rectangle) {
		render.DrawUnitCard(img, float64(r.Min.X)-16, float64(r.Min.Y)-16, u, board)
	})
}

// paintsAll reports that the scene paints every pixel itself (the board
// layer, the HUD and side ground), so the app need not clear the screen.
func (b *BoardScene) paintsAll() bool { return !b.S.Cover }
