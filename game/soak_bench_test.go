package game

import (
	"bufio"
	"image"
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"grognard/render"
)

// procKB reads a VmRSS/VmHWM-style line of /proc/self/status, in kB (0
// where the file does not exist).
func procKB(field string) float64 {
	f, err := os.Open("/proc/self/status")
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), field+":"); ok {
			n, _ := strconv.ParseFloat(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 64)
			return n
		}
	}
	return 0
}

// BenchmarkSoak is issue #11's memory soak (item 15), on Almansa and on
// Albuera, in the test binary's real window (Xvfb) at 1280x720: the game
// loop runs as for a player, and every frame takes one input of a tour,
// in turn: the cursor moves to another hex; the camera pans (a long way
// each way, so new terrain keeps coming into view); the wheel zooms at the
// board's centre (sixteen notches in, then sixteen out: every zoom bucket);
// another unit is selected. It reports the process's resident memory at
// the end and its peak (goal: under 400 MB, an error above it), the Go
// heap's share, and the images the board's caches made. Run one scenario
// per process, for a count or a time (the ten minutes is
// -benchtime 10m):
//
//	xvfb-run -a -s "-screen 0 1280x800x24" go test -run '^$' -bench 'Soak/albuera' -benchtime 10m ./game/
func BenchmarkSoak(b *testing.B) {
	if os.Getenv("DISPLAY") == "" || winApp == nil {
		b.Skip("no DISPLAY: run under xvfb-run")
	}
	for _, id := range []string{"almansa-1707", "albuera-1811"} {
		b.Run(id, func(b *testing.B) { soak(b, id) })
	}
}

// soakGoalMB is the bound on the resident memory of the soak.
const soakGoalMB = 400

// nextFrame waits until the window has drawn a frame after the call.
func nextFrame(a *App) {
	var n0, n int
	a.Do(func() { n0 = a.frames; a.Redraw() })
	for n <= n0 {
		a.Do(func() { n = a.frames })
	}
}

func soak(b *testing.B, id string) {
	s := historicalSession(b, id)
	s.Handovers = false
	var sc *BoardScene
	a := winApp
	a.Do(func() {
		a.fixedW, a.fixedH = WindowW, WindowH
		sc = a.OpenSession(s)
		s.Handovers = false
		sc.resized(a)
	})
	defer a.Do(func() { a.fixedW, a.fixedH = 0, 0; a.scene = newMenu(a); a.Redraw() })
	nextFrame(a)
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
	startRSS := procKB("VmRSS")
	frames := 0
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		p := pts[i%len(pts)]
		var step func()
		switch i % 4 {
		case 0:
			step = func() { sc.handle(a, Event{Kind: EvMove, X: p[0], Y: p[1]}) }
		case 1:
			step = func() { sc.pan(float64(40*(1-2*(i/20%2))), float64(25*(1-2*(i/30%2)))) }
		case 2:
			// sixteen notches in, then sixteen out: from the whole map to
			// the closest zoom and back, through every zoom bucket
			dy := 1.0
			if i/4%32 >= 16 {
				dy = -1
			}
			step = func() {
				sc.handle(a, Event{Kind: EvWheel, X: br.Min.X + br.Dx()/2, Y: br.Min.Y + br.Dy()/2, DY: dy})
			}
		default:
			u := units[i/4%len(units)]
			step = func() { sc.S.Select(u) }
		}
		a.Do(step)
		nextFrame(a)
		frames++
	}
	b.StopTimer()
	end, peak := procKB("VmRSS")/1024, procKB("VmHWM")/1024
	b.ReportMetric(end, "MB-rss-end")
	b.ReportMetric(peak, "MB-rss-peak")
	b.ReportMetric(startRSS/1024, "MB-rss-start")
	// anonymous memory (heaps, textures) apart from the mapped binary and
	// libraries (the OpenGL driver's LLVM alone maps about 50 MB)
	b.ReportMetric(procKB("RssAnon")/1024, "MB-rss-anon")
	b.ReportMetric(procKB("RssFile")/1024, "MB-rss-file")
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	// the Go heap's share of it (the rest is the OpenGL driver's textures
	// and buffers, the binary and the fonts)
	b.ReportMetric(float64(ms.HeapInuse)/(1<<20), "MB-go-heap")
	b.ReportMetric(float64(ms.Sys-ms.HeapReleased)/(1<<20), "MB-go-sys")
	b.ReportMetric(float64(frames), "frames")
	b.ReportMetric(float64(sc.cache.made), "cache-images-made")
	n, bytes, evicted := render.ImageCacheStats()
	b.ReportMetric(float64(n), "face-images")
	b.ReportMetric(float64(bytes)/(1<<20), "MB-face-images")
	b.ReportMetric(float64(evicted), "face-images-evicted")
	b.Logf("%s: %d frames, resident %.0f MB at start, %.0f MB at end (%.0f anonymous, %.0f mapped files), %.0f MB peak; Go heap %.0f MB in use",
		id, frames, startRSS/1024, end, procKB("RssAnon")/1024, procKB("RssFile")/1024, peak, float64(ms.HeapInuse)/(1<<20))
	if peak > soakGoalMB {
		b.Errorf("%s: resident memory peaked at %.0f MB over %d frames, above the %d MB goal (#11 item 15)", id, peak, frames, soakGoalMB)
	}
}
