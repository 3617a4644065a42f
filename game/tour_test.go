package game

import (
	"testing"

	"grognard/rules/fixture"
)

// TestWindowTour walks the real window through the scenes a player meets
// (menu, zone board, a fire menu with its odds, a unit's card, the legend,
// the rules reference) and checks each one drew. With GROGNARD_TEST_SHOTS
// set, the screenshots are kept there to look at.
func TestWindowTour(t *testing.T) {
	needWindow(t)
	win := windowID(t)
	winApp.Do(func() { winApp.ToMenu("") })
	settle(t)
	grab(t, win, "tour-1-menu")
	var m *menuScene
	winApp.Do(func() { m, _ = winApp.scene.(*menuScene) })
	if m == nil {
		t.Fatal("no menu")
	}
	// Pick the zone fixture and start it with the mouse.
	var sysC, startC [2]float64
	winApp.Do(func() {
		m.layout(winApp)
		for _, b := range m.buttons {
			c := b.b.Rect.Min.Add(b.b.Rect.Size().Div(2))
			switch b.b.Label {
			case "Fixture (zones, open)":
				sysC = [2]float64{float64(c.X), float64(c.Y)}
			case "Start":
				startC = [2]float64{float64(c.X), float64(c.Y)}
			}
		}
	})
	xclick(t, win, sysC[0], sysC[1])
	xclick(t, win, startC[0], startC[1])
	waitFor(t, "the zone board", func() bool { return winApp.Board() != nil })
	var b *BoardScene
	winApp.Do(func() { b = winApp.Board() })
	if b.S.Game.Scenario != fixture.ZoneScenario || b.S.Cover {
		t.Fatalf("scenario %s cover %v", b.S.Game.Scenario, b.S.Cover)
	}
	// The board opens zoomed on the player's units: Home shows the whole
	// map, as a player would press it to reach a far zone.
	xkey(t, "Home")
	var x, y float64
	on := func(loc string) {
		t.Helper()
		var ok bool
		winApp.Do(func() { x, y, ok = b.ScreenOf(loc) })
		if !ok || x < 0 || y < 0 || x >= winW || y >= winH {
			t.Fatalf("%s is off the window at (%.0f, %.0f)", loc, x, y)
		}
	}
	on("sanbenito")
	xclick(t, win, x, y)
	waitFor(t, "a selection", func() bool { return b.S.Selected == "a1" })
	on("navalcan")
	xmove(t, win, int(x), int(y))
	settle(t)
	grab(t, win, "tour-2-zone")

	// Hex fixture, fire phase against a stack: the popup and the odds.
	var s *Session
	winApp.Do(func() {
		var err error
		s, err = NewSession(fixture.HexScenario, 1, nil)
		if err != nil {
			panic(err)
		}
		s.TakeSeat()
		setupFireAtStack(t, s)
		b = winApp.OpenSession(s)
		b.Fit(winApp)
		s.Select("b1")
	})
	on("0404")
	xclick(t, win, x, y)
	waitFor(t, "the fire menu", func() bool { return len(s.Menu) == 6 })
	var mx, my int
	winApp.Do(func() {
		b.layoutMenu(winApp)
		r := b.menu[1]
		mx, my = r.Min.X+20, r.Min.Y+10
	})
	xmove(t, win, mx, my)
	settle(t)
	grab(t, win, "tour-3-fire-menu")
	xkey(t, "Escape")
	winApp.Do(func() { t.Logf("after one Esc: selected %q menu %d", s.Selected, len(s.Menu)) })
	xkey(t, "Escape")
	winApp.Do(func() { t.Logf("after two Esc: selected %q menu %d", s.Selected, len(s.Menu)) })
	waitFor(t, "no selection", func() bool { return s.Selected == "" && s.Menu == nil })
	on("0502")
	xmove(t, win, int(x), int(y))
	xkey(t, "l")
	waitFor(t, "the legend", func() bool { return b.legend })
	settle(t)
	grab(t, win, "tour-4-card-legend")
	xkey(t, "F1")
	waitFor(t, "the reference", func() bool { _, ok := winApp.scene.(*referenceScene); return ok })
	settle(t)
	grab(t, win, "tour-5-reference")
	xkey(t, "Escape")
	waitFor(t, "back on the board", func() bool { return winApp.Board() == b })
}
