package game

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
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
	if len(ds) == 0 {
		return 0
	}
	sort.Slice(ds, func(i, j int) bool { return ds[i] < ds[j] })
	return ds[(len(ds)*95)/100]
}

// historicalSession opens scenario id as the app would, taking the
// historical set-up wherever it is offered, with the decider seated.
func historicalSession(tb testing.TB, id string) *Session {
	tb.Helper()
	s, err := NewSession(id, 1, nil)
	if err != nil {
		tb.Fatal(err)
	}
	for range 8 {
		s.TakeSeat()
		took := false
		for _, act := range s.Legal() {
			if act.Kind == "choose" && act.Choice == "historical" {
				if _, err := s.Do(act); err != nil {
					tb.Fatal(err)
				}
				took = true
				break
			}
		}
		if !took {
			break
		}
	}
	s.TakeSeat()
	return s
}

// frameScene opens the largest scenario on a board scene of its own app
// (1280x720, no window input), played on to where a unit of the decider
// has map targets; with sel that unit is selected. Two calls give two
// sessions in the same state (the seed and the moves are the same).
func frameScene(tb testing.TB, sel bool) (*App, *BoardScene) {
	tb.Helper()
	return sceneOf(tb, largestScenario(tb), sel)
}

// frameSceneFor is frameScene on scenario id (historical set-up).
func frameSceneFor(tb testing.TB, id string, sel bool) (*App, *BoardScene) {
	tb.Helper()
	return sceneOf(tb, historicalSession(tb, id), sel)
}

func sceneOf(tb testing.TB, s *Session, sel bool) (*App, *BoardScene) {
	tb.Helper()
	unit := actingUnit(s)
	if unit == "" {
		tb.Skip("no unit with map targets in " + s.Game.Scenario)
	}
	a := &App{w: WindowW, h: WindowH, input: noInput{}}
	sc := newBoard(a, s)
	a.scene = sc
	if sel {
		s.Select(unit)
	}
	return a, sc
}

// hoverPoints are screen points over the board, one per hex of a coarse
// grid, that the benchmark's cursor visits in turn.
func hoverPoints(a *App, sc *BoardScene) [][2]int {
	r := sc.BoardRect(a)
	var out [][2]int
	for y := r.Min.Y + 40; y < r.Max.Y-40; y += 83 {
		for x := r.Min.X + 40; x < r.Max.X-40; x += 97 {
			out = append(out, [2]int{x, y})
		}
	}
	return out
}

// BenchmarkFrame measures frames of the largest scenario's board at
// 1280x720 against empty frames, interleaved in one run so that the
// machine's load weighs on both alike. Every frame is finished on the GPU
// (a pixel read waits for it) and each kind reports its p95:
//
//   - empty: the screen cleared, nothing drawn;
//   - idle: the board with nothing selected, the cursor moving to another
//     hex (hover outline, status line, tooltips);
//   - selected: the same with a unit selected and its highlights lit,
//     hovering lit and unlit hexes (their tooltips and explanations);
//   - pan: the selected board while the camera moves, every frame a full
//     repaint of terrain, counters and highlights (the worst case).
//
// The ratios to the empty frame are the measure (#11 item 16:
// panning <= 1.5), on Almansa and on the larger Albuera map.
func BenchmarkFrame(b *testing.B) {
	if os.Getenv("DISPLAY") == "" || winApp == nil {
		b.Skip("no DISPLAY: run under xvfb-run")
	}
	for _, id := range []string{"almansa-1707", "albuera-1811"} {
		b.Run(id, func(b *testing.B) { benchFrame(b, id) })
	}
}

func benchFrame(b *testing.B, id string) {
	aIdle, idle := frameSceneFor(b, id, false)
	aSel, sel := frameSceneFor(b, id, true)
	aPan, pan := frameSceneFor(b, id, true) // its own scene: panning redraws the layer
	b.Logf("scenario %s, %d units, %d highlights for %s", sel.S.Game.Scenario, len(sel.S.View().Units), len(sel.S.Highlights()), sel.S.Selected)
	var tEmpty, tIdle, tSel, tPan []time.Duration
	winApp.Do(func() {
		// Each scene has its own screen, as the app's window would.
		screens := map[*BoardScene]*ebiten.Image{}
		for _, sc := range []*BoardScene{idle, sel, pan} {
			screens[sc] = ebiten.NewImage(WindowW, WindowH)
		}
		img := ebiten.NewImage(WindowW, WindowH)
		defer func() {
			img.Deallocate()
			for _, s := range screens {
				s.Deallocate()
			}
		}()
		pts := hoverPoints(aIdle, idle)
		frame := func(a *App, sc *BoardScene, i int) time.Duration {
			p := pts[i%len(pts)]
			dst := screens[sc]
			t0 := time.Now()
			sc.handle(a, Event{Kind: EvMove, X: p[0], Y: p[1]})
			sc.draw(a, dst)
			_ = dst.At(0, 0) // wait for the GPU
			return time.Since(t0)
		}
		panFrame := func(i int) time.Duration {
			dst := screens[pan]
			t0 := time.Now()
			pan.Cam.X += float64(1 - 2*(i%2)) // one map unit right, then back
			pan.draw(aPan, dst)
			_ = dst.At(0, 0)
			return time.Since(t0)
		}
		empty := func() time.Duration {
			t0 := time.Now()
			img.Fill(background)
			_ = img.At(0, 0)
			return time.Since(t0)
		}
		// Warm up: tiles, glyphs, atlases and every tooltip of the tour.
		idle.RB.Warm()
		sel.RB.Warm()
		pan.RB.Warm()
		for i := range 2 * len(pts) {
			frame(aIdle, idle, i)
			frame(aSel, sel, i)
			panFrame(i)
			empty()
		}
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			tEmpty = append(tEmpty, empty())
			tIdle = append(tIdle, frame(aIdle, idle, i))
			tSel = append(tSel, frame(aSel, sel, i))
			tPan = append(tPan, panFrame(i))
		}
		b.StopTimer()
	})
	e := p95(tEmpty)
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
	b.ReportMetric(ms(e), "ms-p95-empty")
	for _, m := range []struct {
		name string
		ds   []time.Duration
	}{{"idle", tIdle}, {"selected", tSel}, {"pan", tPan}} {
		d := p95(m.ds)
		b.ReportMetric(ms(d), "ms-p95-"+m.name)
		if e > 0 {
			b.ReportMetric(float64(d)/float64(e), "ratio-"+m.name)
		}
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

// buildApp builds the real grognard binary (the module's main package)
// into a temporary directory.
func buildApp(tb testing.TB) string {
	tb.Helper()
	bin := filepath.Join(tb.TempDir(), "grognard")
	cmd := exec.Command("go", "build", "-o", bin, "grognard")
	if out, err := cmd.CombinedOutput(); err != nil {
		tb.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// cpuTicks is a process's user and system time in clock ticks
// (/proc/PID/stat fields 14 and 15).
func cpuTicks(tb testing.TB, pid int) int {
	tb.Helper()
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		tb.Fatal(err)
	}
	// The command name (field 2) may hold spaces: count from its ')'.
	f := strings.Fields(string(b[bytes.LastIndexByte(b, ')')+1:]))
	ut, err1 := strconv.Atoi(f[11])
	st, err2 := strconv.Atoi(f[12])
	if err1 != nil || err2 != nil {
		tb.Fatalf("bad /proc stat: %s", b)
	}
	return ut + st
}

// clockTick is the length of a /proc clock tick (USER_HZ, 100 on Linux).
const clockTick = 10 * time.Millisecond

// BenchmarkIdle starts the real app (go build) on Venta del Pozo under
// the current DISPLAY, waits for its first frame, takes the seat on the
// hand-over screen, lets it settle, then measures the processor time the
// process uses over 10 s without input (/proc/PID/stat: user + system,
// every thread, the software renderer's included) and reports it as the
// cores used (goal: under 0.15), with the launch time to the first frame.
func BenchmarkIdle(b *testing.B) {
	if os.Getenv("DISPLAY") == "" {
		b.Skip("no DISPLAY: run under xvfb-run")
	}
	if _, err := os.Stat("/proc/self/stat"); err != nil {
		b.Skip("no /proc")
	}
	bin := buildApp(b)
	const idleFor = 10 * time.Second
	var cores, launch []float64
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		cmd := exec.Command(bin)
		cmd.Env = append(os.Environ(), EnvOpen+"=venta-del-pozo", EnvTrace+"=1", "GROGNARD_HOME="+b.TempDir())
		out, err := cmd.StdoutPipe()
		if err != nil {
			b.Fatal(err)
		}
		cmd.Stderr = os.Stderr
		if err := cmd.Start(); err != nil {
			b.Fatal(err)
		}
		lines := make(chan string, 16)
		go func() {
			sc := bufio.NewScanner(out)
			for sc.Scan() {
				lines <- sc.Text()
			}
			close(lines)
		}()
		re := regexp.MustCompile(`first frame after (\d+) ms`)
		select {
		case l := <-lines:
			m := re.FindStringSubmatch(l)
			if m == nil {
				cmd.Process.Kill()
				b.Fatalf("unexpected output %q", l)
			}
			ms, _ := strconv.Atoi(m[1])
			launch = append(launch, float64(ms))
		case <-time.After(30 * time.Second):
			cmd.Process.Kill()
			b.Fatal("no first frame in 30 s")
		}
		// Take the seat (a click on the hand-over screen), park the
		// cursor, and let the app notice it is idle.
		if _, err := exec.LookPath("xdotool"); err == nil {
			if ids, err := exec.Command("xdotool", "search", "--sync", "--pid", strconv.Itoa(cmd.Process.Pid)).Output(); err == nil {
				if f := strings.Fields(string(ids)); len(f) > 0 {
					w := f[len(f)-1]
					// Slowly: a press and release between two ticks is lost.
					_ = exec.Command("xdotool", "mousemove", "--window", w, "400", "300").Run()
					for _, c := range []string{"mousedown", "mouseup"} {
						time.Sleep(150 * time.Millisecond)
						_ = exec.Command("xdotool", c, "1").Run()
					}
				}
			}
		}
		time.Sleep(2 * time.Second)
		t0 := cpuTicks(b, cmd.Process.Pid)
		time.Sleep(idleFor)
		t1 := cpuTicks(b, cmd.Process.Pid)
		cmd.Process.Kill()
		cmd.Wait()
		cores = append(cores, float64(time.Duration(t1-t0)*clockTick)/float64(idleFor))
	}
	b.StopTimer()
	avg := func(xs []float64) float64 {
		s := 0.0
		for _, x := range xs {
			s += x
		}
		return s / float64(len(xs))
	}
	b.ReportMetric(avg(cores), "cores-idle")
	b.ReportMetric(avg(launch), "ms-launch-venta")
}
