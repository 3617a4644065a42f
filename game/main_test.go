package game

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"grognard/rules/fixture"
)

// winApp is the app running in the test process's real window (nil when
// there is no display). Ebitengine needs the main thread, so TestMain runs
// the game loop and the tests run in a goroutine; they reach the app
// through winApp.Do and drive it with xdotool.
var (
	winApp   *App
	winHome  string
	winSave  string
	winStart time.Time
)

// Test-only environment of the test binary re-run as a subprocess.
const (
	envTestScreenshot = "GROGNARD_TEST_SCREENSHOT"  // run Screenshot with these args
	envTestFirstFrame = "GROGNARD_TEST_FIRST_FRAME" // open this scenario, exit at the first frame
)

const winW, winH = 1100, 680

func TestMain(m *testing.M) {
	if args := os.Getenv(envTestScreenshot); args != "" {
		fixture.Register()
		os.Exit(Screenshot(strings.Fields(args), os.Stdout, os.Stderr))
	}
	if sc := os.Getenv(envTestFirstFrame); sc != "" {
		os.Exit(firstFrame(sc))
	}
	if os.Getenv("DISPLAY") == "" {
		os.Exit(m.Run())
	}
	fixture.Register()
	var err error
	winHome, err = os.MkdirTemp("", "grognard-test-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	winSave = filepath.Join(winHome, "window-save.json")
	os.Setenv("GROGNARD_HOME", winHome)
	os.Setenv(EnvFixtures, "1")
	os.Setenv(EnvSavePath, winSave)
	os.Setenv(EnvLoadPath, winSave)
	winApp = NewApp()
	os.Unsetenv(EnvSavePath)
	os.Unsetenv(EnvLoadPath)
	setupWindow(winW, winH)
	code := 1
	go func() {
		code = m.Run()
		winApp.Do(func() { winApp.quit = true })
	}()
	if err := ebiten.RunGame(winApp); err != nil {
		fmt.Fprintln(os.Stderr, "game loop:", err)
		code = 1
	}
	os.RemoveAll(winHome)
	os.Exit(code)
}

// firstFrame opens a scenario in a window and exits at its first frame,
// printing the time from process start (the launch benchmark).
func firstFrame(scenario string) int {
	start := time.Now()
	fixture.Register()
	a := NewApp()
	s, err := NewSession(scenario, 1, nil)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	s.TakeSeat()
	a.OpenSession(s)
	a.afterDraw = func(*ebiten.Image) {
		fmt.Printf("first frame after %d ms\n", time.Since(start).Milliseconds())
		a.quit = true
	}
	setupWindow(WindowW, WindowH)
	if err := ebiten.RunGame(a); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}
