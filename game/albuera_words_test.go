package game

import (
	"image"
	"strings"
	"testing"

	"grognard/render"
	"grognard/rules"
	"grognard/rules/lesson"
)

// TestRule9_2_ChargeMenuSaysWhatEachDoes (newcomer issue #18, session 20):
// the dragoons beside II/34 after their straight run were offered "to
// 0607: enters the enemy hex [11.10]" and "charges 0607 [9.2]", which read
// the same to a newcomer. The popup menu's second rows and the hover over
// the lit hex now say what each does and costs (the extra MP and a Clash
// in subphase 2.4; the Clash at once with the charge's shift, the morale
// check after a win), each whole on its menu button; the Clash odds say
// "1 turn", never "1 turns".
func TestRule9_2_ChargeMenuSaysWhatEachDoes(t *testing.T) {
	run := albueraLesson(t, "albuera-charge")
	playLessonUntil(t, run, func(st *lesson.Step) bool { return st.Act.Kind == "charge" })
	if run.Step() == nil {
		t.Fatal("the lesson has no charge")
	}
	charge := run.Step().Act
	s := albueraSessionAt(t, run)
	s.Select(charge.Unit)
	acts := s.TargetActions(charge.To)
	var enter, chg *rules.Action
	for i, a := range acts {
		switch {
		case a.Kind == "move" && a.Rule == "11.10":
			enter = &acts[i]
		case a.Kind == "charge":
			chg = &acts[i]
		}
	}
	if enter == nil || chg == nil {
		t.Fatalf("%s is not offered both entering and charging %s: %v", charge.Unit, charge.To, acts)
	}
	b := &BoardScene{S: s}
	s.Menu = acts
	w := b.menuWidth()
	subs := map[string]string{}
	for _, a := range []rules.Action{*enter, *chg} {
		sub := b.menuSub(a)
		subs[a.Kind] = sub
		if !render.ButtonSubFits(sub, w, 34) || !render.ButtonLabelFits(a.Label, w, 34) {
			t.Errorf("the menu option %q / %q is cut at %d px", a.Label, sub, w)
		}
	}
	if !strings.Contains(subs["move"], "+1 MP") || !strings.Contains(subs["move"], "2.4") {
		t.Errorf("entering does not say its cost and when the Clash is fought: %q", subs["move"])
	}
	if !strings.Contains(subs["charge"], "now") || !strings.Contains(subs["charge"], "+2") || !strings.Contains(subs["charge"], "morale check") {
		t.Errorf("the charge does not say what it does: %q", subs["charge"])
	}
	hov := strings.Join(s.HoverText(charge.To), "\n")
	for _, want := range []string{subs["move"], subs["charge"]} {
		if !strings.Contains(hov, want) {
			t.Errorf("the hover over %s does not say %q:\n%s", charge.To, want, hov)
		}
	}
	_, lines, ok := s.Odds(*chg)
	if !ok || len(lines) == 0 {
		t.Fatal("the charge has no odds")
	}
	for _, l := range lines {
		if strings.Contains(l.Result, " 1 turns") {
			t.Errorf("odds row %q: one turn, not turns", l.Result)
		}
	}
}

// TestRule4_5_2_WholeDivisionSaysWhatFailingCosts (session 20): the
// whole division's button gave the odds of success ("6: 7 in 10") but not
// what a failure does; its hover now adds the chance of failing and what
// follows [4.5.2.1]. Flipping a brigade commander [4.5.3] says what the
// flip means.
func TestRule4_5_2_WholeDivisionSaysWhatFailingCosts(t *testing.T) {
	var s *Session
	var div rules.Action
	for seed := uint64(1); seed < 80 && s == nil; seed++ {
		c, err := NewSession("albuera-1811", seed, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, a := range c.Game.State.Legal() {
			if a.Choice == "division" {
				s, div = c, a
			}
		}
	}
	if s == nil {
		t.Skip("no seed opens on a division's choice")
	}
	note := strings.Join(s.albueraChoiceNote(div), " ")
	if !strings.Contains(note, "Fails ") || !strings.Contains(note, "in 10 [4.5.2.1]") || !strings.Contains(note, "flip one of the division's brigade commanders") {
		t.Errorf("%q: the hover does not say what failing costs: %q", div.Label, note)
	}
	flip := rules.Action{Kind: "choose", Choice: "flip:otway", Rule: "4.5.3", Label: "Flip Otway's counter"}
	if got := strings.Join(s.albueraChoiceNote(flip), " "); !strings.Contains(got, "counts as activated") || !strings.Contains(got, "[4.5.3]") {
		t.Errorf("the flip's hover does not say what it means: %q", got)
	}
}

// TestRule12_10_LineFormationHexSaysLine (session 20): the lit hexes of a
// line formation's step read "move" beside the battalion's own "1 MP";
// they now say the formation and its cost.
func TestRule12_10_LineFormationHexSaysLine(t *testing.T) {
	for label, want := range map[string]string{
		"Line of 2nd Bn, 5th Portuguese Line and 1 more steps back (+1 MP) [12.6] to 0806":  "line back +1 MP",
		"Line of 2nd Bn, 5th Portuguese Line and 1 more steps forward to 0804":              "line forward",
		"Line of 2/5P and 1 more wheels clockwise about its right end (0806) [12.10]":       "line wheels",
		"Line of 2/5P and 1 more wheels backwards about its left end (+1 MP [12.6]) (0806)": "line wheels back +1 MP",
	} {
		if got := hexWords(rules.Action{Kind: "move", Label: label, Rule: "12.10"}); got != want {
			t.Errorf("%q: lit hex reads %q, want %q", label, got, want)
		}
	}
	if got := hexWords(rules.Action{Kind: "move", Label: "1/5P to 0805 (1 MP)", Rule: "12.1"}); got != "1 MP" {
		t.Errorf("a battalion's step reads %q", got)
	}
}

// TestAlbueraHoverCardSaysWhatTheSelectedMayDo (session 20): with a unit
// selected, an enemy's hover card says what the selected unit may do to
// it or why nothing ("no line of sight"); the selected unit's own card is
// not repeated over the map (the panel shows it).
func TestAlbueraHoverCardSaysWhatTheSelectedMayDo(t *testing.T) {
	run := albueraLesson(t, "albuera-charge")
	s := albueraSessionAt(t, run)
	s.Select("3DGa")
	if !s.cardInPanel("3DGa") || s.cardInPanel("II/34") {
		t.Errorf("cardInPanel: the selected unit's card is the panel's, another's is the hover's")
	}
	enemy, _ := s.Unit("II/34")
	c := s.withTargetNote(enemy)
	if len(c.Detail) != len(enemy.Detail)+1 || !strings.Contains(c.Detail[len(c.Detail)-1], "No: ") {
		t.Fatalf("II/34 out of reach: the card does not say why: %q", c.Detail)
	}
	// Dragoons beside II/34 after their run: the card offers the charge.
	playLessonUntil(t, run, func(st *lesson.Step) bool { return st.Act.Kind == "charge" })
	s = albueraSessionAt(t, run)
	s.Select("3DGa")
	enemy, _ = s.Unit("II/34")
	c = s.withTargetNote(enemy)
	// every choice of the click listed, the Charge first (not "or 1 more")
	added := c.Detail[len(enemy.Detail):]
	if len(added) != 3 || added[0] != "Click: a menu of 2 choices:" || !strings.Contains(added[1], "charges") || !strings.Contains(added[2], "[11.10]") {
		t.Errorf("II/34 in reach: the card says %q", added)
	}
	own, _ := s.Unit("3DGa")
	if got := s.withTargetNote(own); len(got.Detail) != len(own.Detail) {
		t.Errorf("a friendly card got a note: %q", got.Detail)
	}
}

// TestOutlinesClearOfOverviewAndOpenStack (session 20): the outlines of
// the units that may act were drawn over the overview (a gold hex among
// the other side's units there) and across a stack fanned open for
// picking (cutting "6-2" and "brigade"): the places they are drawn in
// leave out both, and the hover card avoids the fanned stack.
func TestOutlinesClearOfOverviewAndOpenStack(t *testing.T) {
	s, err := NewSession("albuera-1811", 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	v := s.View()
	rb := render.NewBoard(v.Board)
	// A stack of the opening position.
	open := ""
	for _, u := range v.Units {
		if u.At != "" && len(rb.UnitsAt(v, u.At)) > 2 {
			open = u.At
			break
		}
	}
	if open == "" {
		t.Fatal("no stack of three")
	}
	cam := render.Camera{Zoom: 1, Rect: image.Rect(0, 64, 920, 720)}
	cx, cy, _ := rb.Center(open)
	cam.X, cam.Y = cx-460, cy-392
	rb.PickUnitOpen(cam, v, "", 0, 0)
	if r := rb.OpenStackRect(cam); !r.Empty() {
		t.Fatalf("no stack open, yet a rectangle %v", r)
	}
	rb.PickUnitOpen(cam, v, open, 0, 0)
	r := rb.OpenStackRect(cam)
	if r.Dx() < 3*int(render.CounterSide) || r.Dy() < int(render.CounterSide) {
		t.Fatalf("the open stack of %d at %s covers only %v", len(rb.UnitsAt(v, open)), open, r)
	}
	mm := image.Rect(720, 548, 912, 712)
	parts := clearOf(cam.Rect, mm, r)
	area := 0
	for i, p := range parts {
		if !p.Intersect(mm).Empty() || !p.Intersect(r).Empty() {
			t.Errorf("part %v overlaps the overview or the stack", p)
		}
		for _, q := range parts[i+1:] {
			if !p.Intersect(q).Empty() {
				t.Errorf("parts %v and %v overlap", p, q)
			}
		}
		area += p.Dx() * p.Dy()
	}
	in := r.Intersect(cam.Rect)
	want := cam.Rect.Dx()*cam.Rect.Dy() - mm.Dx()*mm.Dy() - in.Dx()*in.Dy() + in.Intersect(mm).Dx()*in.Intersect(mm).Dy()
	if area != want {
		t.Errorf("the parts cover %d px, want %d", area, want)
	}
}

// TestRule15_7_LogNamesShiftsAndFacings (session 20): the log read "turns
// to face 0" and "defender odds15 +1, defender odds2 +1"; the Albuera log
// and dice tray name the facing and the shifts in words. The Charge
// lesson's Clash is read from the log as the panel shows it.
func TestRule15_7_LogNamesShiftsAndFacings(t *testing.T) {
	run := albueraLesson(t, "albuera-charge")
	g := &rules.Game{Scenario: "albuera-1811", Seed: 1, State: run.St}
	g.Log = playLessonUntil(t, run, func(*lesson.Step) bool { return false })
	s, err := SessionFor(g)
	if err != nil {
		t.Fatal(err)
	}
	clash := ""
	for _, l := range s.LogLines() {
		if strings.Contains(l, "Clash at") {
			clash = l
		}
	}
	if clash == "" || strings.Contains(clash, "odds15") || !strings.Contains(clash, "Manpower 3:2") || !strings.Contains(clash, "attacker charge +2") {
		t.Errorf("the Clash reads %q", clash)
	}
	if got := s.logWords("3rd Dragoon Guards (a) turns to face 0 [12.7]"); strings.Contains(got, "face 0") || !strings.Contains(got, "turns to face north") {
		t.Errorf("facing in the log: %q", got)
	}
}

// TestRule4_5_1_1_SetAsideSaysUntilWhen (session 20): the panel's chit
// list read "Set aside: Collins · Cole" with nothing on what or why.
func TestRule4_5_1_1_SetAsideSaysUntilWhen(t *testing.T) {
	s, err := NewSession("albuera-1811", 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, tr := range s.View().Tracks {
		if tr.Name == "Set aside" {
			t.Errorf("the track is still named %q", tr.Name)
		}
		found = found || strings.Contains(tr.Name, "until next turn [4.5.1.1]")
	}
	if !found {
		t.Errorf("no set-aside track saying until when: %v", s.View().Tracks)
	}
}

// TestChoiceHoverBelowDiceTray (session 20): a panel choice's hover box
// starts below the dice tray it would have covered, and stays put when
// the tray is elsewhere or absent.
func TestChoiceHoverBelowDiceTray(t *testing.T) {
	b := &BoardScene{trayRect: image.Rect(490, 74, 910, 166)}
	if y := b.belowTray(580, 162); y+16 < 166+4 {
		t.Errorf("the hover starts at %v, over the tray ending at 166", y+16)
	}
	if y := b.belowTray(580, 400); y != 400 {
		t.Errorf("a hover below the tray moved to %v", y)
	}
	b.trayRect = image.Rectangle{}
	if y := b.belowTray(580, 162); y != 162 {
		t.Errorf("with no tray the hover moved to %v", y)
	}
}

// TestRule13_1_ReactionFireSaysWhatFailingDoes (session 20): "II/34
// fires at 3DGa: 3DGa fails its check 4 in 10" did not say what a failed
// check does; the option's hover gives the fire's outcomes.
func TestRule13_1_ReactionFireSaysWhatFailingDoes(t *testing.T) {
	run := albueraLesson(t, "albuera-charge")
	playLessonUntil(t, run, func(st *lesson.Step) bool { return st.Act.Kind == "choose" && st.Rule == "13.1" })
	s := albueraSessionAt(t, run)
	var fire *rules.Action
	for _, a := range s.Game.State.Legal() {
		if a.Choice == "react:fire" {
			a := a
			fire = &a
		}
	}
	if fire == nil {
		t.Fatal("no reaction fire offered")
	}
	note := strings.Join(s.albueraChoiceNote(*fire), " ")
	if !strings.Contains(note, "passes") || !strings.Contains(note, "fails:") || !strings.Contains(note, "in 10") {
		t.Errorf("the reaction fire's hover: %q", note)
	}
	// Every reaction option of the panel says what it does.
	for _, a := range s.Game.State.Legal() {
		if strings.HasPrefix(a.Choice, "react:") && len(s.albueraChoiceNote(a)) == 0 {
			t.Errorf("reaction option %q (%s) says nothing on hover", a.Label, a.Choice)
		}
	}
}

// TestDiceTrayAvoidsCounters (session 20): the dice tray, drawn in a
// corner of the board, hid Soult's counter; the corners are now weighed
// against the counters in view too, so a corner clear of counters wins.
func TestDiceTrayAvoidsCounters(t *testing.T) {
	s := albueraOpening(t, 1)
	v := s.View()
	br := image.Rect(0, 64, 920, 720)
	b := boardOver(s, br, 1)
	var at string
	for _, u := range v.Units {
		if u.At != "" {
			at = u.At
			break
		}
	}
	cx, cy, _ := b.RB.Center(at)
	// The unit in the board's top-right corner, where the tray would go first.
	b.Cam.X, b.Cam.Y = cx-float64(br.Dx()-60), cy-70
	rects := b.counterRects()
	if len(rects) == 0 {
		t.Fatal("no counter in view")
	}
	const w, h = 420, 120
	tray := placeIn(br.Inset(10), w, h, cornersOf(br.Inset(10), w, h), rects)
	for _, r := range rects {
		if r.Overlaps(tray) {
			t.Errorf("the tray %v covers a counter at %v", tray, r)
		}
	}
}

// TestRule15_4_ClashHexesMarkedAndClickable (session 20): in the Clash
// subphase the lesson said "click Clash Hex No. 1, 0605", but no hex was
// marked, a click there selected a counter, and the panel's "Clash at
// 0605: column -1" showed neither odds nor hover. The Clash Hexes are now
// marked, a click on one opens its Clashes as a menu, and the button's
// hover gives the Clash's outcomes.
func TestRule15_4_ClashHexesMarkedAndClickable(t *testing.T) {
	s := albueraSessionAt(t, albueraLesson(t, "albuera-clash-hexes"))
	s.Selected = ""
	marks := map[string]bool{}
	for _, h := range s.clashMarks() {
		marks[h.At] = h.Text == "Clash"
	}
	for _, h := range []string{"0605", "0706"} {
		if !marks[h] {
			t.Errorf("Clash Hex %s is not marked: %v", h, marks)
		}
	}
	if h := s.panelHintText(); !strings.Contains(h, "Click a Clash Hex") {
		t.Errorf("the strip does not say the Clash Hexes may be clicked: %q", h)
	}
	if !s.clickClash("0605") || len(s.Menu) != 1 || s.Menu[0].Kind != "melee" || s.Menu[0].To != "0605" {
		t.Fatalf("a click on 0605 opens %v", s.Menu)
	}
	note := strings.Join(s.albueraChoiceNote(s.Menu[0]), " ")
	if !strings.Contains(note, "attacker loses") && !strings.Contains(note, "defender loses") {
		t.Errorf("the Clash's hover gives no outcomes: %q", note)
	}
	s.closeMenu()
	// 1/7's Line covers 0605 and 0606: a click on its other hex opens the same Clash.
	if !s.clickClash("0606") || len(s.Menu) != 1 || s.Menu[0].To != "0605" {
		t.Fatalf("a click on 0606 (1/7's other hex) opens %v", s.Menu)
	}
	if err := s.Choose(0); err != nil {
		t.Fatal(err)
	}
	if s.clickClash("0102") {
		t.Error("a hex without a Clash opened a menu")
	}
}

// TestPopupMenuAvoidsCounters (session 20): a Clash's popup menu opened
// right of the clicked hex and covered the battalion of the next hex; it
// now takes whichever side covers the fewest counters, never the clicked
// one. Checked over the Albuera opening: wherever the right-hand place
// would cover a counter, the place chosen covers less, somewhere none.
func TestPopupMenuAvoidsCounters(t *testing.T) {
	s := albueraOpening(t, 1)
	v := s.View()
	br := image.Rect(0, 64, 920, 720)
	b := boardOver(s, br, 0.73)
	cover := func(r image.Rectangle, rects []image.Rectangle) int {
		n := 0
		for _, c := range rects {
			n += r.Intersect(c).Dx() * r.Intersect(c).Dy()
		}
		return n
	}
	const w, h = 420, 68
	better, tried := 0, 0
	for _, u := range v.Units {
		if u.At == "" {
			continue
		}
		cx, cy, _ := b.RB.Center(u.At)
		b.Cam.X, b.Cam.Y = cx-460/0.73, cy-328/0.73
		x, y, _ := b.ScreenOf(u.At)
		gap := int(render.HexSize*b.Cam.Zoom) + 4
		rects := b.counterRects()
		right := image.Rect(int(x)+gap, int(y)-h/2, int(x)+gap+w, int(y)-h/2+h)
		x0, y0 := b.menuPlace(x, y, w, h, gap, br)
		got := image.Rect(x0, y0, x0+w, y0+h)
		clicked := image.Rect(int(x)-gap+4, int(y)-gap+4, int(x)+gap-4, int(y)+gap-4)
		if got.Overlaps(clicked) {
			t.Fatalf("the menu for %s covers the clicked counter (%v over %v)", u.At, got, clicked)
		}
		if !got.In(br) {
			t.Fatalf("the menu for %s leaves the board: %v", u.At, got)
		}
		if a := cover(right, rects); a > 0 {
			tried++
			if g := cover(got, rects); g > a {
				t.Errorf("the menu for %s covers more (%d) than the right-hand place (%d)", u.At, g, a)
			} else if g < a {
				better++
			}
		}
	}
	t.Logf("%d crowded places, %d with a clearer side", tried, better)
	if tried == 0 || better == 0 {
		t.Errorf("in %d crowded places the menu never found a clearer side", tried)
	}
}
