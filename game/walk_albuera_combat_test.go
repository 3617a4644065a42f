package game

import (
	"image"
	"math"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"grognard/render"
	"grognard/rules"
	"grognard/rules/lesson"
)

// TestWalkthrough_albuera_1811_combat (newcomer issue #18 point 5): the
// Albuera combat sequence a newcomer never reached in the window, played
// through the game's own input path only (the menu's Learn button, the
// lesson's button, clicks on counters, lit places, menus and the panel):
// a cavalry run of three hexes straight, the enemy's reaction check and
// reaction fire with their odds [13.1], the Charge [9.2], the square
// question [7.2], the Clash [15.7] and the rout to the Turn track [15.11],
// the victors' facing and check [15.8], [9.3], then the other side's fire
// window [14.5] with its odds. The position and the dice are the Charge
// lesson's (scenarios/albuera/lessons/14-charge.txt), started as a player
// starts it. At each step the frame's pixels are checked: the lesson's
// card and the prompt strip carry their words, the step's unit and place
// are ringed and the place is lit, every option of the panel shows its
// words, a decision of the other side shows its options at once (no
// counter to find first), and the options that roll dice give their odds
// before the click.
func TestWalkthrough_albuera_1811_combat(t *testing.T) {
	needLoop(t)
	start := time.Now()
	w := &walker{t: t, name: "albuera-combat", did: map[string]int{}, bad: map[string]bool{}, moved: map[string]int{}, shots: os.Getenv("GROGNARD_SHOTS")}
	ls := openLessonByClicks(w, "albuera-charge")
	run := ls.run
	seen := map[string]bool{}
	for guard := 0; !run.Done() && guard < 30; guard++ {
		i := run.I
		act, ok := run.Expected()
		if !ok {
			t.Fatalf("step %d: the lesson's action %s is not legal", i, act.Key())
		}
		img := w.frame()
		w.check(img, nil, "step "+act.Key())
		var card image.Rectangle
		var text string
		winApp.Do(func() { ls.layout(winApp); card, text = ls.card, strings.Join(ls.lines, " ") })
		if first := strings.Fields(run.Step().Text)[0]; !strings.Contains(text, first) {
			t.Fatalf("step %d: the card does not show the step's text: %s", i, text)
		}
		if n := inkIn(img, card, [3]int{0xee, 0xe8, 0xd8}, 40); n < 200 {
			t.Fatalf("step %d: the card's text is not drawn (%d pixels of ink)", i, n)
		}
		// A decision of the side that did not move (the reaction, the
		// square, the fire window) is in the panel with no counter to find
		// first: its options show, each with its words (w.check), the
		// dice's odds on those that roll.
		if act.To == "" && act.Unit != "" && act.Kind == "choose" {
			var labels []string
			winApp.Do(func() {
				w.b.layoutPanel(winApp)
				for _, pb := range w.b.panel {
					if pb.act != nil && !pb.isCard && pb.b.Rect.Dy() > 0 {
						labels = append(labels, pb.act.Label+" | "+pb.act.Info)
					}
				}
			})
			found := false
			for _, l := range labels {
				found = found || strings.HasPrefix(l, act.Label+" |")
			}
			if !found {
				w.save(img, "albuera-combat-nooptions")
				t.Fatalf("step %d: %q is not among the options shown (%s selected): %q", i, act.Label, w.s.Selected, labels)
			}
			if strings.Contains(act.Choice, "react:") {
				seen["reaction"] = true
				odds := 0
				for _, l := range labels {
					if strings.Contains(l, " in 10") {
						odds++
					}
				}
				if odds == 0 {
					t.Errorf("step %d: the reaction's options give no odds: %q", i, labels)
				}
				w.save(img, "albuera-combat-reaction")
			}
		}
		// A place to click: ringed by the lesson and lit for the unit
		// (against the frame with nothing selected).
		if act.To != "" {
			if w.s.Selected != "" {
				w.key(ebiten.KeyEscape)
			}
			img = w.frame()
			w.selectUnit(act.Unit)
			sel := w.frame()
			var x, y, r float64
			lit := false
			winApp.Do(func() {
				x, y, _ = w.b.ScreenOf(act.To)
				r = render.HexSize * w.b.Cam.Zoom
				for _, h := range w.s.Highlights() {
					lit = lit || h.At == act.To
				}
			})
			if !lit {
				t.Fatalf("step %d: %s is not lit for %s", i, act.To, act.Unit)
			}
			if n := counterPixels(sel, x, y, r*0.95, 0x30e0ff); n < 20 {
				w.save(sel, "albuera-combat-noring")
				t.Fatalf("step %d: the place %s is not ringed (%d ring pixels)", i, act.To, n)
			}
			w.check(sel, img, "selected "+act.Unit)
			if IsCombat(act.Kind) {
				// The odds before the click: the pointer over the place.
				p := image.Pt(int(math.Round(x)), int(math.Round(y)))
				w.input(Event{Kind: EvMove, X: p.X, Y: p.Y})
				w.input(Event{Kind: EvMove, X: p.X + 1, Y: p.Y})
				hov := w.frame()
				var odds image.Rectangle
				winApp.Do(func() { odds = w.b.oddsRect })
				_, lines, has := w.s.Odds(act)
				if has && len(lines) > 0 {
					if odds.Empty() || inkIn(hov, odds, lightInk, 90) < 40 {
						t.Errorf("step %d: the odds of %s are not drawn on hover (%v)", i, act.Key(), odds)
					}
					if act.Kind == "fire" {
						w.save(hov, "albuera-combat-fire-odds")
					}
				}
				seen[act.Kind] = true
			}
		}
		if act.Kind == "move" && act.To != "" && strings.HasPrefix(run.Step().Rule, "13.1") {
			// The hover warns that the move stops for the enemy.
			var hov []string
			winApp.Do(func() { hov = w.s.HoverText(act.To) })
			if !strings.Contains(strings.Join(hov, " "), "After this move") {
				t.Errorf("step %d: the hover over %s does not say the move stops for a reaction: %q", i, act.To, hov)
			}
		}
		cam := w.b.Cam
		prevMove := i > 0 && run.L.Steps[i-1].Act.Kind == "move" && run.L.Steps[i-1].Act.Unit == act.Unit
		if act.Kind == "face" {
			// The unit that turns is selected for the player, its
			// arrows drawn: a click on the arrow.
			if w.s.Selected != act.Unit {
				t.Errorf("step %d: the facing of %s is asked but %q is selected (no arrows)", i, act.Unit, w.s.Selected)
				w.selectUnit(act.Unit)
			}
			clickFacing(w, act)
		} else if act.Kind == "charge" {
			clickChargeMenu(w, act) // walk_albuera_menu_test.go: the menu says what each option does
			seen["charge menu"] = true
		} else {
			lessonDoByClicks(w, act)
		}
		if run.I == i {
			w.save(w.frame(), "albuera-combat-stuck")
			t.Fatalf("step %d (%s) not taken by clicks: %s / %s", i, act.Key(), ls.answer, w.s.Message)
		}
		// The dragoons going on with their run: the map stays still
		// while their next steps are in view (the click aimed at the
		// next ringed hex lands there).
		if act.Kind == "move" && prevMove {
			if next, ok := run.Expected(); ok && next.Unit == act.Unit && w.b.Cam != cam {
				t.Errorf("step %d: the map moved under the pointer as %s went on (%+v to %+v)", i, act.Unit, cam, w.b.Cam)
			}
		}
		for _, l := range w.s.LogLines() {
			switch {
			case strings.Contains(l, "Clash at"):
				seen["clash"] = true
			case strings.Contains(l, "routs: back on turn"):
				seen["rout"] = true
			}
		}
	}
	if err := run.CheckResult(); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"reaction", "charge", "charge menu", "clash", "rout", "fire"} {
		if !seen[k] {
			t.Errorf("the walkthrough did not reach the %s: %v", k, seen)
		}
	}
	// The routed battalion is on the Turn track, which the panel shows.
	u, _ := w.s.Unit("II/34")
	if u.At != "" {
		t.Errorf("II/34 is still on the map at %s", u.At)
	}
	w.save(w.frame(), "albuera-combat-end")
	t.Logf("combat walkthrough: %v", time.Since(start).Round(time.Millisecond))
}

// openLessonByClicks opens a lesson as a player does: the menu's Learn
// button, the lesson's system on the left, then the lesson's button.
func openLessonByClicks(w *walker, id string) *lessonScene {
	t := w.t
	t.Helper()
	winApp.Do(func() { winApp.ToMenu("") })
	w.input()
	var p image.Point
	winApp.Do(func() {
		m := winApp.scene.(*menuScene)
		m.layout(winApp)
		for _, b := range m.buttons {
			if b.b.Label == "Learn" {
				p = b.b.Rect.Min.Add(b.b.Rect.Size().Div(2))
			}
		}
	})
	w.click(p, false)
	ok := false
	find := func(want string) {
		ok = false
		winApp.Do(func() {
			l, isLearn := winApp.scene.(*learnScene)
			if !isLearn {
				return
			}
			l.layout(winApp)
			for i, x := range l.ids {
				if x == want {
					p, ok = l.buttons[i].b.Rect.Min.Add(l.buttons[i].b.Rect.Size().Div(2)), true
				}
			}
		})
	}
	if all, err := lesson.Unchecked(); err == nil {
		if x := lesson.Find(all, id); x != nil {
			if find("system:" + x.System); ok {
				w.click(p, false)
			}
		}
	}
	find(id)
	if !ok {
		t.Fatalf("no button for %s on the Learn screen", id)
	}
	w.click(p, false)
	var ls *lessonScene
	winApp.Do(func() { ls, _ = winApp.scene.(*lessonScene) })
	if ls == nil {
		t.Fatalf("the lesson did not open")
	}
	w.b, w.s = ls.b, ls.b.S
	return ls
}

// clickFacing clicks the arrow of the selected unit's facing act.
func clickFacing(w *walker, act rules.Action) {
	var p image.Point
	winApp.Do(func() {
		u, _ := w.s.Unit(act.Unit)
		lay := w.s.View().Board.Hex.Layout
		cx, cy, _ := w.b.RB.Center(u.At)
		fx, fy := lay.Corner(act.Facing, 1)
		x, y := w.b.Cam.ToScreen(cx+fx*render.HexSize*1.02, cy+fy*render.HexSize*1.02)
		p = image.Pt(int(math.Round(x)), int(math.Round(y)))
	})
	w.click(p, false)
}
