package game

import (
	"bufio"
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

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

// BenchmarkSoak is issue #11's memory soak (item 15): on Almansa and on
// Albuera, every iteration pans, zooms in and out at the cursor, hovers a
// tour of hexes and selects another unit, drawing each frame as the window
// would. It reports the process's resident memory at the end and its peak
// (goal: under 400 MB), and the widget cache's images made. Run one
// scenario per process, for a time or a count:
//
//	xvfb-run -a go test -run '^$' -bench 'Soak/albuera' -benchtime 10m ./game/
func BenchmarkSoak(b *testing.B) {
	if os.Getenv("DISPLAY") == "" || winApp == nil {
		b.Skip("no DISPLAY: run under xvfb-run")
	}
	for _, id := range []string{"almansa-1707", "albuera-1811"} {
		b.Run(id, func(b *testing.B) { soak(b, id) })
	}
}

func soak(b *testing.B, id string) {
	a, sc := frameSceneFor(b, id, true)
	pts := hoverPoints(a, sc)
	var units []string
	for _, u := range sc.S.View().Units {
		if u.At != "" {
			units = append(units, u.ID)
		}
	}
	startRSS := procKB("VmRSS")
	frames := 0
	winApp.Do(func() {
		dst := ebiten.NewImage(WindowW, WindowH)
		defer dst.Deallocate()
		br := sc.BoardRect(a)
		b.ResetTimer()
		for i := 0; b.Loop(); i++ {
			p := pts[i%len(pts)]
			sc.handle(a, Event{Kind: EvMove, X: p[0], Y: p[1]})
			sc.draw(a, dst)
			// pan a long way each way, so new terrain keeps coming into view
			sc.pan(float64(40*(1-2*(i/20%2))), float64(25*(1-2*(i/30%2))))
			sc.draw(a, dst)
			dy := 1.0
			if i%4 >= 2 {
				dy = -1
			}
			sc.handle(a, Event{Kind: EvWheel, X: br.Min.X + br.Dx()/2, Y: br.Min.Y + br.Dy()/2, DY: dy})
			sc.draw(a, dst)
			if i%5 == 0 {
				sc.S.Select(units[i/5%len(units)])
				sc.draw(a, dst)
			}
			frames += 3
			_ = dst.At(0, 0) // the GPU runs the frame's queue, as at a frame's end
		}
		b.StopTimer()
	})
	b.ReportMetric(procKB("VmRSS")/1024, "MB-rss-end")
	b.ReportMetric(procKB("VmHWM")/1024, "MB-rss-peak")
	b.ReportMetric(startRSS/1024, "MB-rss-start")
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
}
