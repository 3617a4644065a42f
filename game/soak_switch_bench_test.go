package game

import (
	"fmt"
	"image"
	"math"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"
)

// BenchmarkSoakSwitch is issue #22's long evening (item 8) as a benchmark:
// game after game in the test binary's real window (Xvfb) at 1280x720, the
// ten games of TestSoakEvening in turn (all nine scenarios of the four
// systems, interleaved, Albuera again as the tenth), each opened as the
// app opens one and played as TestSoakEvening plays it (the soak's tour of
// hover, pan, every zoom bucket and select, with a legal action of the
// side to decide every 8 frames), GROGNARD_SOAK_FRAMES frames a game (400
// by default; GROGNARD_SOAK_GAME, a duration, ends a game sooner on a slow
// machine), then left for the menu (App.ToMenu). An iteration is one game:
// -benchtime 10x is the ten-game tour, -benchtime 1h an hour of play
// (the tour again from its start after the tenth game). After each game it
// lets the menu draw 1.5 s (the app's own release runs then) and reads the
// resident memory there, against a fresh app's menu (read after
// collecting the garbage: the stricter reference). It reports the fresh
// menu, the worst menu after a game and its ratio to fresh, the peak over
// the whole run (VmHWM), and fails when a menu after a game is more than
// 10% over fresh (GROGNARD_SOAK_MENU_LIMIT, in percent, to change) or the
// peak passes 400 MB. Each game is logged on stderr as it ends. ./build.sh
// test never runs it (go test runs benchmarks only with -bench):
//
//	xvfb-run -a -s "-screen 0 1280x800x24" go test -run '^$' -bench SoakSwitch -benchtime 10x -timeout 3h ./game/
//	xvfb-run -a -s "-screen 0 1280x800x24" go test -run '^$' -bench SoakSwitch -benchtime 1h -timeout 3h ./game/
func BenchmarkSoakSwitch(b *testing.B) {
	if os.Getenv("DISPLAY") == "" || winApp == nil {
		b.Skip("no DISPLAY: run under xvfb-run")
	}
	frames := 400
	if n, err := strconv.Atoi(os.Getenv("GROGNARD_SOAK_FRAMES")); err == nil && n > 0 {
		frames = n
	}
	budget := time.Duration(math.MaxInt64)
	if d, err := time.ParseDuration(os.Getenv("GROGNARD_SOAK_GAME")); err == nil && d > 0 {
		budget = d
	}
	limit := 10.0 // the goal, in percent over the fresh menu
	if l, err := strconv.ParseFloat(os.Getenv("GROGNARD_SOAK_MENU_LIMIT"), 64); err == nil && l > 0 {
		limit = l
	}
	a := winApp
	a.Do(func() { a.fixedW, a.fixedH = WindowW, WindowH; a.ToMenu("") })
	defer a.Do(func() { a.fixedW, a.fixedH = 0, 0; a.ToMenu("") })
	start := time.Now()
	logf := func(format string, args ...any) {
		fmt.Fprintf(os.Stderr, "%s +%s "+format+"\n", append([]any{time.Now().UTC().Format("15:04:05"), time.Since(start).Round(time.Second)}, args...)...)
	}
	settleMenu(a)
	collectGarbage(a)
	fresh := readMem()
	probe(a, "fresh, on the menu")
	resetPeak()
	logf("fresh app on the menu: %s", fresh)
	rng := rand.New(rand.NewPCG(22, 8))
	peak, worst := fresh.rss, fresh.rss
	var over []string
	games, played := 0, 0
	for i := 0; b.Loop(); i++ {
		id := eveningGames[i%len(eveningGames)]
		r := playEveningGame(b, a, id, rng, budget, frames)
		games++
		played += r.frames
		peak = max(peak, r.peak)
		worst = max(worst, r.raw.rss)
		if r.raw.rss > fresh.rss*(1+limit/100) {
			over = append(over, fmt.Sprintf("game %d (%s) %.0f MB, %+.0f%%", games, id, r.raw.rss, 100*(r.raw.rss/fresh.rss-1)))
		}
		logf("game %d %s", games, r.describe(fresh))
	}
	b.StopTimer()
	logf("%d games, %d frames: peak %.0f MB; fresh menu %.0f MB, worst menu after a game %.0f MB (%+.0f%%)",
		games, played, peak, fresh.rss, worst, 100*(worst/fresh.rss-1))
	b.ReportMetric(fresh.rss, "MB-menu-fresh")
	b.ReportMetric(worst, "MB-menu-worst")
	b.ReportMetric(worst/fresh.rss, "menu-worst/fresh")
	b.ReportMetric(peak, "MB-rss-peak")
	b.ReportMetric(float64(games), "games")
	b.ReportMetric(float64(played), "frames")
	if len(over) > 0 {
		b.Errorf("back on the menu the app held more than %.0f%% over a fresh app's %.0f MB after %d of %d games: %s",
			limit, fresh.rss, len(over), games, strings.Join(over, "; "))
	}
	if peak > soakGoalMB {
		b.Errorf("resident memory peaked at %.0f MB over %d games, above the %d MB goal", peak, games, soakGoalMB)
	}
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
