package game

import (
	"fmt"
	"image"
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"testing"
)

// BenchmarkSoakSwitch is issue #22's long evening (item 8): game after game
// of every system in the test binary's real window (Xvfb) at 1280x720. Each
// iteration opens the next scenario of the list, plays the soak's tour of
// inputs on it (hover, pan, every zoom, select; GROGNARD_SOAK_FRAMES frames,
// 400 by default), then leaves for the menu as a player does (ToMenu), lets
// the menu draw, and reads the resident memory there. It reports the menu's
// level in a fresh app (before the first game), after the last game and the
// highest after any game, their ratio (goal: within 10% of the fresh level,
// an error above it), and the peak over the whole evening (goal: 400 MB).
//
//	xvfb-run -a -s "-screen 0 1280x800x24" go test -run '^$' -bench SoakSwitch -benchtime 8x ./game/
func BenchmarkSoakSwitch(b *testing.B) {
	if os.Getenv("DISPLAY") == "" || winApp == nil {
		b.Skip("no DISPLAY: run under xvfb-run")
	}
	ids := []string{"almansa-1707", "albuera-1811", "marshals-three-armies", "venta-del-pozo"}
	tour := 400
	if n, err := strconv.Atoi(os.Getenv("GROGNARD_SOAK_FRAMES")); err == nil && n > 0 {
		tour = n
	}
	a := winApp
	a.Do(func() { a.fixedW, a.fixedH = WindowW, WindowH; a.ToMenu("") })
	defer a.Do(func() { a.fixedW, a.fixedH = 0, 0; a.ToMenu("") })
	fresh := menuRSS(a)
	fmt.Fprintf(os.Stderr, "fresh app on the menu: %.0f MB\n", fresh)
	last, worst := fresh, fresh
	games := 0
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		id := ids[i%len(ids)]
		s := historicalSession(b, id)
		var sc *BoardScene
		a.Do(func() {
			sc = a.OpenSession(s)
			s.Handovers = false
			sc.resized(a)
		})
		nextFrame(a)
		soakTour(a, sc, tour)
		a.Do(func() { a.ToMenu("") })
		last = menuRSS(a)
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		anon := procKB("RssAnon") / 1024
		trimNative()
		trimmed := procKB("VmRSS") / 1024
		fmt.Fprintf(os.Stderr, "  menu: %.0f MB anonymous, Go heap %.0f MB in use (%.0f MB from the system); after malloc_trim %.0f MB\n",
			anon, float64(ms.HeapInuse)/(1<<20), float64(ms.Sys-ms.HeapReleased)/(1<<20), trimmed)
		worst = max(worst, last)
		games++
		// on stderr as it goes: an evening is long
		fmt.Fprintf(os.Stderr, "after %s (game %d): menu at %.0f MB (fresh %.0f MB), peak so far %.0f MB\n", id, games, last, fresh, procKB("VmHWM")/1024)
	}
	b.StopTimer()
	peak := procKB("VmHWM") / 1024
	b.ReportMetric(fresh, "MB-menu-fresh")
	b.ReportMetric(last, "MB-menu-last")
	b.ReportMetric(worst, "MB-menu-worst")
	b.ReportMetric(last/fresh, "menu-last/fresh")
	b.ReportMetric(peak, "MB-rss-peak")
	b.ReportMetric(float64(games), "games")
	if last > fresh*1.10 {
		b.Errorf("back on the menu after %d games the app holds %.0f MB, %.0f%% above a fresh app's %.0f MB (goal: within 10%%)", games, last, 100*(last/fresh-1), fresh)
	}
	if peak > soakGoalMB {
		b.Errorf("resident memory peaked at %.0f MB over %d games, above the %d MB goal", peak, games, soakGoalMB)
	}
}

// menuRSS lets the menu draw a few frames, collects the Go garbage and
// gives the freed pages back, then reads the resident memory, in MB.
func menuRSS(a *App) float64 {
	for range 10 {
		nextFrame(a)
	}
	runtime.GC()
	debug.FreeOSMemory()
	for range 5 {
		nextFrame(a)
	}
	return procKB("VmRSS") / 1024
}

// soakTour plays n frames of BenchmarkSoak's tour of inputs on sc.
func soakTour(a *App, sc *BoardScene, n int) { soakTourFrom(a, sc, 0, n) }

// soakTourFrom plays frames from to from+n-1 of the tour: a soak that
// plays it a few frames at a time goes on where it stopped (from 0 each
// time, it would only ever zoom in, pan one way and select two units).
func soakTourFrom(a *App, sc *BoardScene, from, n int) {
	var pts [][2]int
	var units []string
	var br image.Rectangle
	a.Do(func() {
		pts = hoverPoints(a, sc)
		br = sc.BoardRect(a)
		for _, u := range sc.S.View().Units {
			if u.At != "" {
				units = append(units, u.ID)
			}
		}
	})
	for i := from; i < from+n; i++ {
		var step func()
		switch i % 4 {
		case 0:
			if len(pts) == 0 {
				continue
			}
			p := pts[i%len(pts)]
			step = func() { sc.handle(a, Event{Kind: EvMove, X: p[0], Y: p[1]}) }
		case 1:
			step = func() { sc.pan(float64(40*(1-2*(i/20%2))), float64(25*(1-2*(i/30%2)))) }
		case 2:
			dy := 1.0
			if i/4%32 >= 16 {
				dy = -1
			}
			step = func() {
				sc.handle(a, Event{Kind: EvWheel, X: br.Min.X + br.Dx()/2, Y: br.Min.Y + br.Dy()/2, DY: dy})
			}
		default:
			if len(units) == 0 {
				continue
			}
			u := units[i/4%len(units)]
			step = func() { sc.S.Select(u) }
		}
		a.Do(step)
		nextFrame(a)
	}
}
