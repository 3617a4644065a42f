package game

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
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

// BenchmarkSoak is issue #11's memory soak: on Almansa, every iteration
// pans, zooms in and out at the cursor, hovers a tour of hexes and selects
// another unit, drawing each frame as the window would. It reports the
// resident memory at the end and its peak (goal: under 400 MB), and the
// widget cache's images made.
//
//	xvfb-run -a go test -run '^$' -bench Soak -benchtime 200x ./game/
func BenchmarkSoak(b *testing.B) {
	if os.Getenv("DISPLAY") == "" || winApp == nil {
		b.Skip("no DISPLAY: run under xvfb-run")
	}
	a, sc := frameScene(b, true)
	pts := hoverPoints(a, sc)
	var units []string
	for _, u := range sc.S.View().Units {
		if u.At != "" {
			units = append(units, u.ID)
		}
	}
	startRSS := procKB("VmRSS")
	winApp.Do(func() {
		dst := ebiten.NewImage(WindowW, WindowH)
		defer dst.Deallocate()
		br := sc.BoardRect(a)
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			p := pts[i%len(pts)]
			sc.handle(a, Event{Kind: EvMove, X: p[0], Y: p[1]})
			sc.draw(a, dst)
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
			_ = dst.At(0, 0)
		}
		b.StopTimer()
	})
	b.ReportMetric(procKB("VmRSS")/1024, "MB-rss-end")
	b.ReportMetric(procKB("VmHWM")/1024, "MB-rss-peak")
	b.ReportMetric(startRSS/1024, "MB-rss-start")
	b.ReportMetric(float64(sc.cache.made), "cache-images-made")
}
