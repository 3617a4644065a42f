package game

import (
	"fmt"
	"image"
	"regexp"
	"sort"
	"strings"

	"grognard/render"
	"grognard/rules"
)

// albueraWhat says what an Albuera action does and costs beyond its label,
// for the options that a label alone does not tell apart (newcomer issue
// #18 point 1, session 20): a cavalry unit beside the enemy after a
// straight run is offered both "to 0710: enters the enemy hex [11.10]"
// and "charges 0710 [9.2]", which read the same to a newcomer. "" for
// the actions whose label says it all. The texts are the book's: entering
// costs one more MP and makes a Clash Hex fought in the Clash subphase
// 2.4 [11.10], [15.1]; a Charge is a Clash fought at once, the charging
// horse's shift [9.2], [15.7] (table clash_shifts), and after a won Clash
// a morale check, then the run may go on [9.2.4], [9.3].
func albueraWhat(a rules.Action) string {
	switch {
	case a.Kind == "charge":
		return "the Clash is fought now with the charge's +2 shift; if won: a morale check [9.3], then it may move on [9.2.4]"
	case a.Kind == "move" && a.Rule == "11.10":
		return "+1 MP to enter; no charge: the Clash waits for subphase 2.4 [11.10], [15.1]"
	}
	return ""
}

// menuSub is the second row of a popup-menu option: in Albuera what the
// option does when its label does not say it (albueraWhat), else the
// action's Info and rule (ruleSub).
func (b *BoardScene) menuSub(a rules.Action) string {
	if b.S.System.ID == "albuera" {
		if w := b.S.albueraWhatHere(a); w != "" {
			return w
		}
	}
	return b.S.withFollows(ruleSub(a), a) // and what it sets off (albuera_turn_words.go)
}

// actionLines is one action as the hover over a lit place lists it: its
// label and rule, then in Albuera, on a line of its own, what it does
// when the label does not say it (albueraWhat).
func (s *Session) actionLines(a rules.Action) []string {
	out := []string{a.String()}
	if s.System.ID == "albuera" {
		if w := s.albueraWhatHere(a); w != "" {
			out = append(out, "   "+w)
		}
	}
	return out
}

// menuWidth is the width of the popup menu: 380 px, wider (to 620) when
// an option's label or its second row would be cut at 380.
func (b *BoardScene) menuWidth() int {
	w := 380
	for _, a := range b.S.Menu {
		for w < 620 && (!render.ButtonLabelFits(a.Label, w, 34) || !render.ButtonSubFits(b.menuSub(a), w, 34)) {
			w += 20
		}
	}
	return w
}

// clearOf is r less each of the cuts, as rectangles that do not overlap.
func clearOf(r image.Rectangle, cuts ...image.Rectangle) []image.Rectangle {
	out := []image.Rectangle{r}
	for _, c := range cuts {
		if c.Empty() {
			continue
		}
		var next []image.Rectangle
		for _, q := range out {
			next = append(next, outside(q, c)...)
		}
		out = next
	}
	return out
}

// formationWords is the lit hex's words for a move of a formation of
// battalions in line [12.10] ("Line of 2/5P and 1 more steps back (+1 MP)
// [12.6] to 0806"): "line forward", "line back +1 MP", "line wheels"
// (session 20: such hexes read only "move", unlike the one battalion's
// "1 MP" beside them). "" for other labels (l in lower case).
func formationWords(l string) string {
	if !strings.HasPrefix(l, "line of ") {
		return ""
	}
	w := "line"
	switch {
	case strings.Contains(l, " wheels backwards"):
		w += " wheels back"
	case strings.Contains(l, " wheels "):
		w += " wheels"
	case strings.Contains(l, " steps back"):
		w += " back"
	case strings.Contains(l, " steps forward"):
		w += " forward"
	}
	if strings.Contains(l, "+1 mp") {
		w += " +1 MP"
	}
	return w
}

// albueraChoiceNote is what the hover of an Albuera command choice adds
// when a die follows it: the whole division's coordination roll [4.5.2]
// said how likely it succeeds ("7 in 10") but not what a failure costs
// (session 20). The odds are the engine's Preview.
func (s *Session) albueraChoiceNote(a rules.Action) []string {
	if s.System.ID != "albuera" {
		return nil
	}
	if id, ok := strings.CutPrefix(a.Choice, "flip:"); ok {
		// Flipping a brigade commander [4.5.3], [4.5.2.1] said nothing of
		// what it means (session 20).
		name, where := id, ""
		if u, ok := s.Unit(id); ok {
			if u.Name != "" {
				name = u.Name
			}
			if u.At != "" {
				where = " (at " + u.At + ")"
			}
		}
		return render.Wrap(fmt.Sprintf("%s%s counts as activated without acting: his brigade cannot be activated again this turn [4.5.1]. No unit moves or fights this draw [%s].",
			name, where, a.Rule), render.Face(12.5), choiceTipWidth)
	}
	if a.Kind == "melee" && a.Unit == "" && a.To != "" {
		// The Clash subphase's "Clash at 0605: column -1" buttons [15.4]
		// showed no odds and no hover (session 20): the Clash's outcomes.
		if p, ok := s.Game.State.(rules.Previewer); ok {
			out := []string{"The Clash [15.7], [15.8]:"}
			for _, o := range p.Preview(a) {
				out = append(out, render.Wrap(fmt.Sprintf("%s: %d in %d", o.Result, o.Num, o.Den), render.Face(12.5), choiceTipWidth)...)
			}
			if len(out) > 1 {
				return out
			}
		}
		return nil
	}
	if strings.HasPrefix(a.Choice, "react:fire") || a.Choice == "react:counter" {
		// The option gives the chance the mover fails its check, not what
		// a failure does: the fire's (or the Counterattack's Clash's)
		// whole odds (session 20).
		if p, ok := s.Game.State.(rules.Previewer); ok {
			var out []string
			for _, o := range p.Preview(a) {
				out = append(out, render.Wrap(fmt.Sprintf("%s: %d in %d", o.Result, o.Num, o.Den), render.Face(12.5), choiceTipWidth)...)
			}
			if len(out) > 0 {
				head := "The fire:"
				if a.Choice == "react:counter" {
					head = "The Counterattack's Clash [15.10]:"
				}
				return append([]string{head}, out...)
			}
		}
		return nil
	}
	switch a.Choice {
	case "react:none":
		return render.Wrap("No fire, no Counterattack, no turn: nothing befalls the moving unit now [13.1].", render.Face(12.5), choiceTipWidth)
	case "react:turn-cw", "react:turn-ccw":
		return render.Wrap("It only turns 60°, for a new Front: no fire, no Counterattack now [13.1].", render.Face(12.5), choiceTipWidth)
	case "square:try": // the book's [7.2], [7.3]: what the check decides
		return render.Wrap("Passed: it forms Square and the Clash is fought in the Square vs. Cavalry column, every shift ignored, a charge's too [7.3]. Failed: it takes one Loss and stays as it is [7.2].",
			render.Face(12.5), choiceTipWidth)
	case "square:no":
		return render.Wrap("No Morale Check, no Loss: the Clash is fought as it stands, with every shift (a charge's +2 too) [9.2], [15.7].",
			render.Face(12.5), choiceTipWidth)
	}
	if a.Choice != "division" {
		return nil
	}
	p, ok := s.Game.State.(rules.Previewer)
	if !ok {
		return nil
	}
	for _, o := range p.Preview(a) {
		if strings.Contains(o.Result, "4.5.2.1") && o.Num > 0 {
			return render.Wrap(fmt.Sprintf("Fails %d in %d [4.5.2.1]: nothing moves or fights this draw (subphases 2.2-2.4 skipped), you flip one of the division's brigade commanders (he is spent for this turn) and the chit goes back into the pool.",
				o.Num, o.Den), render.Face(12.5), choiceTipWidth)
		}
	}
	return nil
}

// cardInPanel reports (in Albuera) that the hovered unit is the selected
// one, whose card the panel shows already: its hover card, a copy, covered
// the map around the unit just clicked (session 20: Arriaga's card hid the
// KGL battalions beside it).
func (s *Session) cardInPanel(id string) bool {
	return s.System.ID == "albuera" && id != "" && id == s.Selected
}

// withTargetNote adds to the hover card of an enemy unit what the selected
// unit may do against it, or why it may do nothing (Albuera; session 20:
// a battery selected, the enemy battery four hexes off hovered, the card
// did not say why no fire was offered). The card is a copy; the view is
// not changed.
func (s *Session) withTargetNote(u rules.UnitView) rules.UnitView {
	if s.System.ID != "albuera" || s.Selected == "" || u.ID == s.Selected || u.At == "" || !s.CanAct() {
		return u
	}
	sel, ok := s.Unit(s.Selected)
	if !ok || sel.Side == u.Side {
		return u
	}
	var notes []string
	if acts := s.TargetActions(u.At); len(acts) > 0 {
		notes = targetNotes(acts) // albuera_target_notes.go
	} else {
		notes = []string{sel.Short + ": " + s.WhyNot(u.At)}
	}
	c := u
	c.Detail = append(append([]string(nil), u.Detail...), notes...)
	return c
}

// hoverShown is the hovered place whose outline the board draws: none
// while its hex lies under a stack fanned open for picking, whose counters
// the outline crossed (session 20: a grey line through "1KGL" and "8-6-2").
func (b *BoardScene) hoverShown() string {
	if b.openStack == "" || b.hoverLoc == "" {
		return b.hoverLoc
	}
	x, y, ok := b.ScreenOf(b.hoverLoc)
	if !ok {
		return b.hoverLoc
	}
	r := render.HexSize * b.Cam.Zoom
	hex := image.Rect(int(x-r), int(y-r), int(x+r), int(y+r))
	if hex.Overlaps(b.RB.OpenStackRect(b.Cam)) {
		return ""
	}
	return b.hoverLoc
}

// Words for the Albuera log (session 20): the engine's event texts named a
// facing by its number ("turns to face 0"; since session 23 the engine
// says "turns to face north", rules/albuera why_words.go, and the rewrite
// below is a no-op on its texts) and a Clash's shifts by their table ids
// ("defender odds15 +1"; since session 23 "defender Manpower 3:2 +1",
// rules/albuera clash_words.go); the rewrites stay for texts of older
// builds.
var (
	faceNumber = regexp.MustCompile(`\bturns to face ([0-5])\b`)
	shiftID    = regexp.MustCompile(`\b(attacker|defender) (odds15|odds2|odds3|square_inf|higher|morale|skirmishers|commander|village|cover|river|column|flank|rear|charge) ([+-]\d)`)
	shiftWords = map[string]string{
		"odds15": "Manpower 3:2", "odds2": "Manpower 2:1", "odds3": "Manpower 3:1",
		"square_inf": "infantry against a square", "higher": "on higher ground", "morale": "better Morale",
		"skirmishers": "against skirmishers", "commander": "commander present", "village": "in a village",
		"cover": "in olive grove or forest", "river": "behind the stream", "column": "in column",
		"flank": "flank attack", "rear": "rear attack", "charge": "charge",
	}
)

// logWords is an event text as the Albuera log shows it (other systems:
// unchanged).
func (s *Session) logWords(t string) string {
	if s.System.ID != "albuera" {
		return t
	}
	if strings.Contains(t, "turns to face ") {
		if v := s.View(); v.Board != nil && v.Board.Hex != nil {
			t = faceNumber.ReplaceAllStringFunc(t, func(m string) string {
				f := int(m[len(m)-1] - '0')
				return "turns to face " + render.FacingWord(v.Board.Hex.Layout, f)
			})
		}
	}
	if strings.Contains(t, "Clash") {
		t = shiftID.ReplaceAllStringFunc(t, func(m string) string {
			p := shiftID.FindStringSubmatch(m)
			return p[1] + " " + shiftWords[p[2]] + " " + p[3]
		})
	}
	return t
}

// belowTray is the y of a tooltip anchored at (x, y) (b.tooltip draws its
// box from (x+14, y+16)) moved down below the dice tray when the box would
// start over it (session 20: the hover of a reaction's option covered the
// reaction check's roll just made).
func (b *BoardScene) belowTray(x, y float64) float64 {
	if t := b.trayRect; !t.Empty() && y+16 < float64(t.Max.Y+4) && x+14 < float64(t.Max.X) && y+16 >= float64(t.Min.Y-40) {
		return float64(t.Max.Y - 12)
	}
	return y
}

// counterRects are the screen squares of the counters on the board in
// view, for boxes drawn over the map (the dice tray) to keep clear of
// where a corner allows (session 20: the tray hid Soult's counter).
func (b *BoardScene) counterRects() []image.Rectangle {
	half := int(render.HexSize * b.Cam.Zoom * 0.6)
	var out []image.Rectangle
	seen := map[string]bool{}
	for _, u := range b.S.View().Units {
		if u.At == "" || u.Eliminated || seen[u.At] {
			continue
		}
		seen[u.At] = true
		x, y, ok := b.ScreenOf(u.At)
		if !ok {
			continue
		}
		c := image.Rect(int(x)-half, int(y)-half, int(x)+half, int(y)+half)
		if c.Overlaps(b.Cam.Rect) {
			out = append(out, c)
		}
	}
	return out
}

// clashesAt lists the Clash subphase's unit-less Clash actions [15.4]
// whose hexes include loc ("Clash at 0605+0606: column -1" fights on both).
func (s *Session) clashesAt(loc string) []rules.Action {
	if s.System.ID != "albuera" || !s.CanAct() {
		return nil
	}
	// A Line's rectangle on two hexes [6.1] is clicked on either: the
	// places of the units standing on loc count as loc.
	places := map[string]bool{loc: true}
	for _, u := range s.View().Units {
		if u.At == loc || u.At2 == loc {
			places[u.At] = true
			if u.At2 != "" {
				places[u.At2] = true
			}
		}
	}
	var out []rules.Action
	for _, a := range s.Legal() {
		if a.Kind != "melee" || a.Unit != "" || a.To == "" {
			continue
		}
		for h := range clashHexesOf(a) {
			if places[h] {
				out = append(out, a)
				break
			}
		}
	}
	return out
}

// clashHexesOf reads the hexes of a Clash from its label ("Clash at
// 0605+0606: column -1").
func clashHexesOf(a rules.Action) map[string]bool {
	out := map[string]bool{a.To: true}
	l, ok := strings.CutPrefix(a.Label, "Clash at ")
	if !ok {
		return out
	}
	if i := strings.Index(l, ":"); i > 0 {
		l = l[:i]
	}
	for _, h := range strings.Split(l, "+") {
		out[strings.TrimSpace(h)] = true
	}
	return out
}

// clashMarks marks the Clash Hexes the side may choose in the Clash
// subphase [15.4] (session 20: the lesson said "click Clash Hex No. 1,
// 0605", but nothing on the board marked it and a click there selected
// a counter).
func (s *Session) clashMarks() []render.Highlight {
	if s.System.ID != "albuera" || !s.CanAct() {
		return nil
	}
	var out []render.Highlight
	seen := map[string]bool{}
	for _, a := range s.Legal() {
		if a.Kind != "melee" || a.Unit != "" || a.To == "" {
			continue
		}
		for h := range clashHexesOf(a) {
			if !seen[h] {
				seen[h] = true
				out = append(out, render.Highlight{At: h, Kind: render.HLShock, Text: "Clash"})
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].At < out[j].At })
	return out
}

// clickClash opens the menu of the Clashes fought on a clicked Clash Hex
// when nothing is selected (its odds show as the pointer rests on the
// option); false when loc is no Clash Hex.
func (s *Session) clickClash(loc string) bool {
	acts := s.clashesAt(loc)
	if len(acts) == 0 {
		return false
	}
	s.Menu, s.MenuAt = acts, loc
	s.changed()
	return true
}

// stepPlaceUnder reports whether the place the lesson's step asks for (its
// target hex, else its unit's hexes) lies under r (session 20: the card
// of "Two Clash Hexes" covered Clash Hex No. 1, the hex it asked to click,
// because the bottom held as many counters).
func (ls *lessonScene) stepPlaceUnder(r image.Rectangle) bool {
	st := ls.run.Step()
	if st == nil {
		return false
	}
	places := ls.stepHexes()
	if st.Act.To != "" {
		places = append(places, st.Act.To)
	}
	half := int(render.HexSize * ls.b.Cam.Zoom * 0.6)
	for _, p := range places {
		if x, y, ok := ls.b.ScreenOf(p); ok && image.Rect(int(x)-half, int(y)-half, int(x)+half, int(y)+half).Overlaps(r) {
			return true
		}
	}
	return false
}

// panelHintText is the status strip's advice when the decision is among
// the panel's buttons; in Albuera's Clash subphase it says the Clash
// Hexes may be clicked on the map too [15.4].
func (s *Session) panelHintText() string {
	if len(s.clashMarks()) > 0 {
		return "Click a Clash Hex on the map (marked Clash) or choose on the right: point at a button to read what it does"
	}
	return panelHint
}

// menuPlace is the top-left corner of a popup menu w x h for the place at
// (x, y): right of it (left when it would leave the board), centred on it;
// failing that, whichever of the right, the left, above-centred and
// below-centred places covers the fewest counters (session 20: a Clash's
// menu covered the next hex's battalion). Always on the board.
func (b *BoardScene) menuPlace(x, y float64, w, h, gap int, br image.Rectangle) (int, int) {
	clamp := func(x0, y0 int) image.Rectangle {
		x0 = max(br.Min.X+4, min(x0, br.Max.X-w-4))
		y0 = max(br.Min.Y+4, min(y0, br.Max.Y-h-4))
		return image.Rect(x0, y0, x0+w, y0+h)
	}
	right, left := int(x)+gap, int(x)-gap-w
	first := right
	if right+w > br.Max.X {
		first = left
	}
	cands := []image.Rectangle{clamp(first, int(y)-h/2)}
	if first == right {
		cands = append(cands, clamp(left, int(y)-h/2))
	} else {
		cands = append(cands, clamp(right, int(y)-h/2))
	}
	cands = append(cands, clamp(int(x)-w/2, int(y)-gap-h), clamp(int(x)-w/2, int(y)+gap))
	counters := b.counterRects()
	clicked := image.Rect(int(x)-gap+4, int(y)-gap+4, int(x)+gap-4, int(y)+gap-4) // the clicked place's counter
	best, bestArea := cands[0], -1
	for _, c := range cands {
		if c.Overlaps(clicked) {
			continue
		}
		area := 0
		for _, r := range counters {
			area += r.Intersect(c).Dx() * r.Intersect(c).Dy()
		}
		if bestArea < 0 || area < bestArea {
			best, bestArea = c, area
		}
	}
	return best.Min.X, best.Min.Y
}
