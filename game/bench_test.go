package game

import (
	"os"
	"os/exec"
	"regexp"
	"sort"
	"strconv"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"grognard/rules"
	"grognard/rules/fixture"
	_ "grognard/rules/systems" // the real systems, for the largest scenario
)

// largestScenario is the registered scenario with the most units.
func largestScenario(tb testing.TB) *Session {
	tb.Helper()
	fixture.Register()
	var best *Session
	n := -1
	for _, sc := range rules.Scenarios("") {
		s, err := NewSession(sc.ID, 1, nil)
		if err != nil {
			tb.Logf("skipping %s: %v", sc.ID, err)
			continue
		}
		s.TakeSeat()
		if u := len(s.View().Units); u > n {
			best, n = s, u
		}
	}
	if best == nil {
		tb.Fatal("no scenario opens")
	}
	return best
}

// actingUnit plays the first non-ending actions until some unit of the
// decider has a map target, and returns it ("" if none shows up).
func actingUnit(s *Session) string {
	for range 30 {
		legal := s.Legal()
		if len(legal) == 0 {
			return ""
		}
		for _, a := range legal {
			if a.Unit != "" && a.To != "" {
				return a.Unit
			}
		}
		next := legal[len(legal)-1]
		for _, a := range legal {
			if a.Kind != "end" && a.Kind != "pass" {
				next = a
				break
			}
		}
		if _, err := s.Do(next); err != nil {
			return ""
		}
		s.TakeSeat()
	}
	return ""
}

func p95(ds []time.Duration) time.Duration {
	sort.Slice(ds, func(i, j int) bool { return ds[i] < ds[j] })
	return ds[(len(ds)*95)/100]
}

// BenchmarkFrame draws full frames of the largest scenario's board (with a
// unit selected and its highlights) and empty frames, each finished on the
// GPU (a pixel read waits for it), and reports the p95 frame times and
// their ratio. It runs on the test window's game loop.
func BenchmarkFrame(b *testing.B) {
	if os.Getenv("DISPLAY") == "" || winApp == nil {
		b.Skip("no DISPLAY: run under xvfb-run")
	}
	s := largestScenario(b)
	b.Logf("scenario %s, %d units", s.Game.Scenario, len(s.View().Units))
	var full, empty []time.Duration
	winApp.Do(func() {
		a := &App{w: WindowW, h: WindowH, input: noInput{}}
		sc := newBoard(a, s)
		a.scene = sc
		// Select a unit of the decider that has targets.
		s.Select(actingUnit(s))
		img := ebiten.NewImage(WindowW, WindowH)
		defer img.Deallocate()
		sync := func() { _ = img.At(0, 0) }
		// Warm up: tiles, glyphs and atlases.
		sc.RB.Warm()
		for range 3 {
			img.Fill(background)
			sc.draw(a, img)
			sync()
		}
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			t0 := time.Now()
			img.Fill(background)
			sc.draw(a, img)
			sync()
			full = append(full, time.Since(t0))
			t1 := time.Now()
			img.Fill(background)
			sync()
			empty = append(empty, time.Since(t1))
		}
		b.StopTimer()
	})
	f, e := p95(full), p95(empty)
	b.ReportMetric(float64(f.Microseconds())/1000, "ms-p95-frame")
	b.ReportMetric(float64(e.Microseconds())/1000, "ms-p95-empty")
	if e > 0 {
		b.ReportMetric(float64(f)/float64(e), "ratio")
	}
}

// BenchmarkHighlights is the time to select a unit and compute all its
// highlights (legal targets and planned routes) on the largest scenario.
func BenchmarkHighlights(b *testing.B) {
	s := largestScenario(b)
	unit := actingUnit(s)
	if unit == "" {
		b.Skip("no unit with targets")
	}
	b.ResetTimer()
	n := 0
	for i := 0; i < b.N; i++ {
		s.Select(unit)
		s.view = nil // recompute the view too, as after every action
		n = len(s.Highlights())
	}
	b.ReportMetric(float64(n), "highlights")
}

// BenchmarkLaunch measures launch to first frame: a fresh process opens
// the largest fixture scenario in a window and exits at its first frame.
func BenchmarkLaunch(b *testing.B) {
	if os.Getenv("DISPLAY") == "" {
		b.Skip("no DISPLAY: run under xvfb-run")
	}
	re := regexp.MustCompile(`first frame after (\d+) ms`)
	var inner []time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		cmd := exec.Command(os.Args[0], "-test.run=^$")
		cmd.Env = append(os.Environ(), envTestFirstFrame+"="+fixture.HexScenario)
		out, err := cmd.CombinedOutput()
		if err != nil {
			b.Fatalf("%v\n%s", err, out)
		}
		m := re.FindSubmatch(out)
		if m == nil {
			b.Fatalf("no first frame: %s", out)
		}
		ms, _ := strconv.Atoi(string(m[1]))
		inner = append(inner, time.Duration(ms)*time.Millisecond)
	}
	b.StopTimer()
	var sum time.Duration
	for _, d := range inner {
		sum += d
	}
	b.ReportMetric(float64(sum.Milliseconds())/float64(len(inner)), "ms-to-first-frame")
}
