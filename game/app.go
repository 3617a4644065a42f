package game

import (
	"errors"
	"fmt"
	"image/color"
	"os"
	"path/filepath"
	"runtime/debug"
	"runtime/pprof"
	"strconv"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/sqweek/dialog"

	"grognard/rules"
	"grognard/rules/fixture"
	"grognard/saves"
)

// Environment variables the app reads.
const (
	// EnvFixtures=1 lists the fixture systems in the menu (tests, demos).
	EnvFixtures = "GROGNARD_FIXTURES"
	// EnvOpen opens a scenario directly instead of the menu (tests).
	EnvOpen = "GROGNARD_OPEN"
	// EnvSavePath makes Ctrl+S save there without a dialog (tests).
	EnvSavePath = "GROGNARD_SAVE_PATH"
	// EnvLoadPath makes Ctrl+O load from there without a dialog (tests).
	EnvLoadPath = "GROGNARD_LOAD_PATH"
	// EnvSeed fixes the seed of the game EnvOpen opens (tests, demos).
	EnvSeed = "GROGNARD_SEED"
	// EnvTrace=1 prints "first frame after N ms" (from process start) on
	// standard output when the first frame is drawn (benchmarks).
	EnvTrace = "GROGNARD_TRACE"
	// EnvCPUProfile writes a CPU profile of the first 15 s to this file.
	EnvCPUProfile = "GROGNARD_CPUPROFILE"
)

// processStart is close to the process's start: package variables are
// set before main runs.
var processStart = time.Now()

// Window defaults.
const (
	WindowTitle = "Grognard"
	WindowW     = 1280
	WindowH     = 720
)

var background = color.RGBA{0x22, 0x25, 0x2b, 0xff}

// scene is one screen of the app.
type scene interface {
	update(a *App, evs []Event) error
	draw(a *App, dst *ebiten.Image)
}

// App is the desktop app: it implements ebiten.Game.
type App struct {
	input    Input
	injected []Event
	scene    scene
	drawn    scene // the scene of the last frame drawn
	w, h     int
	dirty    bool
	quit     bool
	frames   int
	// exec runs functions on the game loop (tests, screenshots).
	exec chan func()
	// afterDraw, when set, sees every frame drawn.
	afterDraw func(screen *ebiten.Image)
	// Dialog replacements (tests): nil uses the native dialogs.
	savePath func() (string, error)
	loadPath func() (string, error)
	// lastAsked is the path the save dialog returned, before .json was
	// added.
	lastAsked string
	// beforeUpdate, when set, runs first in every Update (screenshots).
	beforeUpdate func() error
	// fixedW, fixedH fix the screen size whatever the window (screenshots).
	fixedW, fixedH int
	// Seats is who plays each side of the games started or loaded: "" a
	// human, else the computer's level (ai.go).
	Seats [2]string
}

// NewApp makes the app at the menu.
func NewApp() *App {
	if os.Getenv(EnvFixtures) == "1" {
		fixture.Register()
	}
	a := &App{input: &ebitenInput{}, exec: make(chan func(), 16), w: WindowW, h: WindowH, dirty: true}
	a.scene = newMenu(a)
	if p := os.Getenv(EnvSavePath); p != "" {
		a.savePath = func() (string, error) { return p, nil }
	}
	if p := os.Getenv(EnvLoadPath); p != "" {
		a.loadPath = func() (string, error) { return p, nil }
	}
	return a
}

// Redraw marks the screen for drawing at the next frame.
func (a *App) Redraw() { a.dirty = true }

// Inject queues input events as if the player made them (tests).
func (a *App) Inject(evs ...Event) { a.injected = append(a.injected, evs...) }

// Do runs f on the game loop and waits for it (tests).
func (a *App) Do(f func()) {
	done := make(chan struct{})
	a.exec <- func() { f(); close(done) }
	<-done
}

// Frames counts the frames drawn so far.
func (a *App) Frames() int { return a.frames }

// Update implements ebiten.Game.
func (a *App) Update() error {
	for {
		select {
		case f := <-a.exec:
			f()
			continue
		default:
		}
		break
	}
	if a.quit {
		return ebiten.Termination
	}
	if ebiten.IsWindowBeingClosed() {
		if b := a.Board(); b != nil && b.dialog == nil {
			b.leaveThen(a, "Quit Grognard", func(a *App) { a.quit = true })
			a.dirty = true
		} else if b == nil && !a.closeFromReplay() {
			return ebiten.Termination
		}
	}
	if a.beforeUpdate != nil {
		if err := a.beforeUpdate(); err != nil {
			return err
		}
	}
	evs := a.input.Poll()
	evs = append(evs, a.injected...)
	a.injected = nil
	return a.scene.update(a, evs)
}

// Draw implements ebiten.Game: it draws only when something changed, so an
// idle board costs almost nothing (the screen is not cleared every frame,
// and Ebitengine skips presenting a frame nobody drew). The tick rate stays
// at 60: lowering it when idle saved under 0.005 of a core in
// BenchmarkIdle (the loop keeps running at the display's rate). A quick
// click that begins and ends between two ticks is not lost at any rate:
// Ebitengine stamps each press and release with the tick that reads it
// (docs/NOTES.md; TestWindowSubFrameClickNotLost).
func (a *App) Draw(screen *ebiten.Image) {
	releaseFrame() // after a game was left (memtrim_release.go)
	if !a.dirty {
		return
	}
	a.dirty = false
	if a.scene != a.drawn {
		// A new scene: whatever the last one left on the screen is stale.
		if inv, ok := a.scene.(interface{ invalidate() }); ok {
			inv.invalidate()
		}
		a.drawn = a.scene
	}
	if p, ok := a.scene.(interface{ paintsAll() bool }); !ok || !p.paintsAll() {
		screen.Fill(background)
	}
	a.scene.draw(a, screen)
	a.frames++
	if a.frames == 1 && os.Getenv(EnvTrace) == "1" {
		fmt.Printf("first frame after %d ms\n", time.Since(processStart).Milliseconds())
	}
	if a.afterDraw != nil {
		a.afterDraw(screen)
	}
}

// Layout implements ebiten.Game: the screen is the window's size.
func (a *App) Layout(ow, oh int) (int, int) {
	if a.fixedW > 0 {
		return a.fixedW, a.fixedH
	}
	if ow < 320 {
		ow = 320
	}
	if oh < 240 {
		oh = 240
	}
	if ow != a.w || oh != a.h {
		a.w, a.h = ow, oh
		a.dirty = true
		if r, ok := a.scene.(interface{ resized(*App) }); ok {
			r.resized(a)
		}
	}
	return ow, oh
}

// OpenSession shows a session on the board.
func (a *App) OpenSession(s *Session) *BoardScene {
	s.Handovers = true
	b := newBoard(a, s)
	a.releaseScene()
	a.scene = b
	a.dirty = true
	return b
}

// releaseScene frees the GPU images of the board being left (its widget
// cache and board layer) at once rather than whenever the collector runs:
// a player who loads or starts game after game would otherwise pile up
// every board's images.
func (a *App) releaseScene() {
	b, ok := a.scene.(*BoardScene)
	if !ok {
		if r, ok := a.scene.(*referenceScene); ok {
			b, _ = r.back.(*BoardScene)
		}
	}
	if b == nil {
		return
	}
	b.S.stopComputer() // ai.go
	b.cache.clear()
	b.RB.Release() // the map's tiles and stamps (render/memrelease.go)
	if b.layer != nil {
		b.layer.Deallocate()
		b.layer, b.layerOK = nil, false
	}
}

// Board returns the board scene if it is showing.
func (a *App) Board() *BoardScene {
	b, _ := a.scene.(*BoardScene)
	return b
}

// ToMenu goes back to the menu.
func (a *App) ToMenu(msg string) {
	m := newMenu(a)
	m.msg = msg
	a.releaseScene()
	releaseAfterGame() // #22 item 8
	a.scene = m
	a.dirty = true
}

// startSession wires the game's own autosave into a new or loaded
// session: each game writes its own file (saves.AutosaveGameIn), so
// starting or loading a game never touches another game's autosave.
func (a *App) startSession(s *Session) {
	if dir, err := saves.Dir(); err == nil {
		key := saves.GameAutosaveKey(dir, s.Game)
		s.AutoKey = key
		s.Autosave = func(g *rules.Game) error { return saves.AutosaveGameIn(dir, key, g) }
	} else {
		s.Autosave = func(*rules.Game) error { return err }
	}
	s.SetComputers(a.Seats) // ai.go
	a.OpenSession(s)
}

// askSavePath asks where to save, offering name; the answer always ends
// in .json (the Load dialog shows only those).
func (a *App) askSavePath(name string) (string, error) {
	var p string
	var err error
	if a.savePath != nil {
		p, err = a.savePath()
	} else {
		b := dialog.File().Filter("Grognard save", "json").Title("Save game").SetStartFile(name)
		if dir, err := saves.Dir(); err == nil {
			b = b.SetStartDir(dir)
		}
		p, err = b.Save()
	}
	if err != nil {
		return "", err
	}
	a.lastAsked = p
	return withJSON(p), nil
}

// withJSON adds .json to a save's path that lacks it.
func withJSON(p string) string {
	if strings.EqualFold(filepath.Ext(p), ".json") {
		return p
	}
	return p + ".json"
}

// saveName is the file name the save dialog offers: scenario, turn, date.
func saveName(s *Session, now time.Time) string {
	name := s.Game.Scenario
	if t := s.Game.State.Status().Turn; t > 0 {
		name += fmt.Sprintf("-turn%d", t)
	}
	return name + now.Format("-2006-01-02-1504") + ".json"
}

func (a *App) askLoadPath() (string, error) {
	if a.loadPath != nil {
		return a.loadPath()
	}
	b := dialog.File().Filter("Grognard save", "json").Title("Load game")
	if dir, err := saves.Dir(); err == nil {
		b = b.SetStartDir(dir)
	}
	return b.Load()
}

// cancelled reports a dialog the player closed.
func cancelled(err error) bool { return errors.Is(err, dialog.ErrCancelled) }

// loadInto asks for a save and opens it; on error the current scene stays
// and shows the error.
func (a *App) load() (*Session, error) {
	p, err := a.askLoadPath()
	if err != nil {
		return nil, err
	}
	return LoadSession(p)
}

func setupWindow(w, h int) {
	ebiten.SetWindowTitle(WindowTitle)
	ebiten.SetWindowSize(w, h)
	ebiten.SetWindowResizingMode(ebiten.WindowResizingModeEnabled)
	ebiten.SetScreenClearedEveryFrame(false)
	// Closing the window with a game not saved to a file asks first.
	ebiten.SetWindowClosingHandled(true)
	setIcon()
	// The Go heap grows to 1.5 times what is live between collections,
	// not twice: a frame allocates little, so collecting more often costs
	// nothing visible, and the window's resident memory stays lower
	// (#11 item 15).
	debug.SetGCPercent(50)
}

// Run opens the window at the menu (or at the scenario named by
// GROGNARD_OPEN) and plays until the window closes.
func Run() error {
	a := NewApp()
	if err := a.openFromEnv(); err != nil {
		return err
	}
	setupWindow(WindowW, WindowH)
	if p := os.Getenv(EnvCPUProfile); p != "" {
		f, err := os.Create(p)
		if err != nil {
			return err
		}
		if err := pprof.StartCPUProfile(f); err != nil {
			return err
		}
		defer func() { pprof.StopCPUProfile(); f.Close() }()
		go func() {
			// A killed process writes nothing: stop after a while.
			time.Sleep(profileFor)
			pprof.StopCPUProfile()
		}()
	}
	return ebiten.RunGame(a)
}

// profileFor is how long GROGNARD_CPUPROFILE profiles.
const profileFor = 15 * time.Second

// openFromEnv opens the scenario GROGNARD_OPEN names, if any, with the
// seed GROGNARD_SEED gives (else a fresh one).
func (a *App) openFromEnv() error {
	sc := os.Getenv(EnvOpen)
	if sc == "" {
		return nil
	}
	seed := seedNow()
	if v := os.Getenv(EnvSeed); v != "" {
		n, err := strconv.ParseUint(v, 10, 64)
		if err != nil {
			return fmt.Errorf("%s=%q: not a seed (a whole number)", EnvSeed, v)
		}
		seed = n
	}
	s, err := NewSession(sc, seed, nil)
	if err != nil {
		return err
	}
	a.startSession(s)
	return nil
}

// seedNow is a fresh seed for a new game.
func seedNow() uint64 { return uint64(time.Now().UnixNano()) }

// recentGames lists the autosaved games Continue offers, newest first.
func recentGames(n int) ([]saves.GameEntry, error) {
	dir, err := saves.Dir()
	if err != nil {
		return nil, err
	}
	return saves.RecentGames(dir, n)
}
