package game

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"grognard/render"
	"grognard/rules"
)

// envWalkthrough runs the Marshals walkthroughs (minutes each under Xvfb's
// software renderer).
const envWalkthrough = "GROGNARD_WALKTHROUGH"

// walkStep is what the screen offers at one step of a walkthrough, read
// from the board the player sees: the places lit for the selected counter
// (on screen), the panel's choice buttons, the popup menu.
type walkStep struct {
	waiting, dialog bool
	turn            int
	phase, prompt   string
	selected        string
	lit             []walkLit
	buttons         []walkButton
	menu            []image.Rectangle
	marks           int // counters marked as able to act
	board           image.Rectangle
	logN            int
}

type walkLit struct {
	held bool // counters stand there (over the highlight)
	at   string
	kind render.HighlightKind
	x, y float64
}

type walkButton struct {
	r   image.Rectangle
	act rules.Action
}

// litColour is the colour of each highlight kind (render/palette.go).
var litColour = map[render.HighlightKind]color.RGBA{
	render.HLMove:   {0x1f, 0x8f, 0xd8, 0xff},
	render.HLFire:   {0xd8, 0x2c, 0x20, 0xff},
	render.HLShock:  {0xe0, 0x7a, 0x10, 0xff},
	render.HLDeploy: {0x1e, 0x9e, 0x55, 0xff},
	render.HLOrder:  {0x9c, 0x3c, 0xc8, 0xff},
}

// near counts the pixels within radius of (cx, cy) close to colour c.
func near(img *image.RGBA, cx, cy, radius float64, c color.RGBA) int {
	n := 0
	for y := int(cy - radius); y <= int(cy+radius); y++ {
		for x := int(cx - radius); x <= int(cx+radius); x++ {
			if !image.Pt(x, y).In(img.Bounds()) || math.Hypot(float64(x)-cx, float64(y)-cy) > radius {
				continue
			}
			p := img.RGBAAt(x, y)
			if abs(int(p.R)-int(c.R))+abs(int(p.G)-int(c.G))+abs(int(p.B)-int(c.B)) < 60 {
				n++
			}
		}
	}
	return n
}

// inked counts the light (text) pixels in r: a button's or a strip's words.
func inked(img *image.RGBA, r image.Rectangle) int {
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if !image.Pt(x, y).In(img.Bounds()) {
				continue
			}
			p := img.RGBAAt(x, y)
			if int(p.R)+int(p.G)+int(p.B) > 3*170 {
				n++
			}
		}
	}
	return n
}

func readStep(b *BoardScene) walkStep {
	a := winApp
	v := b.S.View()
	st := walkStep{waiting: b.S.Waiting(), dialog: b.dialog != nil, turn: v.Status.Turn,
		phase: v.Status.Phase + " / " + v.Status.SubPhase, prompt: v.Status.Prompt, selected: b.S.Selected, board: b.BoardRect(a), logN: len(b.S.LogLines())}
	if !b.S.CanAct() {
		return st
	}
	if b.S.Selected != "" {
		for _, h := range b.S.Highlights() {
			if x, y, ok := b.ScreenOf(h.At); ok && image.Pt(int(x), int(y)).In(st.board.Inset(20)) && !b.RB.MinimapAt(b.Cam, x, y) {
				held := false
				for _, u := range v.Units {
					held = held || u.At == h.At && !u.Eliminated
				}
				st.lit = append(st.lit, walkLit{at: h.At, kind: h.Kind, x: x, y: y, held: held})
			}
		}
	} else {
		st.marks = len(b.S.ActorMarks())
	}
	b.layoutPanel(a)
	for _, pb := range b.panel {
		if pb.act != nil && pb.b.Enabled {
			st.buttons = append(st.buttons, walkButton{r: pb.b.Rect, act: *pb.act})
		}
	}
	if b.S.Menu != nil {
		b.layoutMenu(a)
		st.menu = append(st.menu, b.menu...)
	}
	return st
}

// central is the lit place nearest the board's centre (clear of its edges
// and of the counters at the window's corners).
func central(ls []walkLit, r image.Rectangle) walkLit {
	cx, cy := float64(r.Min.X+r.Dx()/2), float64(r.Min.Y+r.Dy()/2)
	best := ls[0]
	for _, l := range ls[1:] {
		if math.Hypot(l.x-cx, l.y-cy) < math.Hypot(best.x-cx, best.y-cy) {
			best = l
		}
	}
	return best
}

// walkShot grabs the window: a step's pixels.
func walkShot(t *testing.T, win, name string) *image.RGBA {
	t.Helper()
	settle(t)
	return grab(t, win, name)
}

// walkClick clicks through the game's own input path.
func walkClick(x, y int) {
	winApp.Do(func() { winApp.Inject(Click(x, y)...) })
}

func walkKey(k ebiten.Key) {
	winApp.Do(func() { winApp.Inject(Key(k, false)) })
}

// pick chooses the button a newcomer tries: keep a drawn event, take the
// first of a choice, else end the phase or pass (ops: after a move or
// two, so the turn goes on).
func pick(bs []walkButton, moves int) int {
	for i, b := range bs {
		if b.act.Choice == "keep" {
			return i
		}
	}
	for i, b := range bs {
		if strings.HasPrefix(b.act.Label, "Activate") && moves < 3 {
			return i
		}
	}
	for i, b := range bs {
		if b.act.Kind != "end" && b.act.Kind != "pass" && b.act.Kind != "play" && moves < 3 {
			return i
		}
	}
	for i, b := range bs {
		if b.act.Kind == "end" || b.act.Kind == "pass" {
			return i
		}
	}
	return 0
}

// walkMarshals plays the first two operational turns of a Marshals
// scenario in the real window as a newcomer would, from what the screen
// shows: at each step the prompt strip has words, a lit place chosen is lit
// in the pixels, a button clicked shows its words; set-up decoys, the
// commander-in-chief and initiative questions, the drawn events (kept, with
// their text on screen), activations, moves, the end of phases and the
// administration, through clicks and keys only. It returns what it did.
func walkMarshals(t *testing.T, scenario string) map[string]int {
	if os.Getenv(envWalkthrough) == "" {
		t.Skip("a walk of two operational turns takes minutes under a software renderer on a loaded machine: " + envWalkthrough + "=1 runs it")
	}
	needWindow(t)
	win := windowID(t)
	t.Setenv(EnvOpen, scenario)
	t.Setenv(EnvSeed, "7")
	var b *BoardScene
	winApp.Do(func() {
		if err := winApp.openFromEnv(); err != nil {
			panic(err)
		}
		b = winApp.Board()
	})
	did := map[string]int{}
	looked := map[string]bool{}
	moves, tabs, lastTurn, stuck := 0, 0, 0, 0
	var lastPhase string
	for step := 0; step < 400; step++ {
		var st walkStep
		idle(t)
		winApp.Do(func() { st = readStep(b) })
		if st.turn > 2 {
			break
		}
		if st.turn != lastTurn {
			moves, tabs, lastTurn = 0, 0, st.turn
		}
		key := st.phase + "|" + st.selected + fmt.Sprint(len(st.lit), len(st.buttons), st.logN)
		if key == lastPhase {
			stuck++
		} else {
			stuck = 0
		}
		lastPhase = key
		if stuck > 6 {
			t.Fatalf("step %d: stuck at %s (prompt %q)", step, st.phase, st.prompt)
		}
		if testing.Verbose() {
			t.Logf("step %d: turn %d %s, selected %q, %d lit, %d buttons", step, st.turn, st.phase, st.selected, len(st.lit), len(st.buttons))
		}
		switch {
		case st.dialog || st.waiting:
			did["hand-over"]++
			walkKey(ebiten.KeyEnter)
			continue
		case len(st.menu) > 0:
			walkClick(st.menu[0].Min.X+20, st.menu[0].Min.Y+st.menu[0].Dy()/2)
			did["menu"]++
			continue
		}
		// The pixels of each kind of step once (the screenshots are the
		// slow part under a software renderer).
		var img *image.RGBA
		if kind := st.phase + fmt.Sprint(len(st.lit) > 0, st.selected == ""); !looked[kind] {
			looked[kind] = true
			img = walkShot(t, win, fmt.Sprintf("%s-%03d", scenario, step))
			// The prompt strip at the bottom of the board says what to do.
			strip := image.Rect(st.board.Min.X+10, st.board.Max.Y-40, st.board.Min.X+700, st.board.Max.Y-4)
			if inked(img, strip) < 40 {
				t.Errorf("step %d (%s): the prompt strip has no words", step, st.phase)
			}
		}
		ops := strings.Contains(st.phase, "Operations")
		wantMove := ops && moves < 3 && tabs < 6
		switch {
		case len(st.lit) > 0 && (wantMove || !ops || len(st.buttons) == 0):
			l := central(st.lit, st.board)
			if c, ok := litColour[l.kind]; ok && img != nil && !l.held {
				did["lit-checked"]++
				if near(img, l.x, l.y, 45, c) < 20 {
					t.Errorf("step %d: %s is lit for %s but the screen shows no highlight there", step, l.at, st.selected)
				}
			}
			if ops {
				moves++
			}
			did[fmt.Sprintf("lit-%d", l.kind)]++
			walkClick(int(l.x), int(l.y))
		case wantMove && st.selected == "" && st.marks > 0:
			tabs++
			did["tab"]++
			walkKey(ebiten.KeyTab)
		case len(st.buttons) > 0:
			i := pick(st.buttons, moves)
			bt := st.buttons[i]
			if img != nil && inked(img, bt.r) < 30 {
				t.Errorf("step %d: the button %q shows no words", step, bt.act.Label)
			}
			if ops && bt.act.Kind != "end" && bt.act.Kind != "pass" {
				moves++
			}
			did[bt.act.Kind+":"+bt.act.Rule]++
			walkClick(bt.r.Min.X+bt.r.Dx()/2, bt.r.Min.Y+min(bt.r.Dy()/2, 14))
		case st.marks > 0 && st.selected == "":
			did["tab"]++
			walkKey(ebiten.KeyTab)
		default:
			// a selected counter whose places are off screen: fit the map
			did["fit"]++
			walkKey(ebiten.KeyF)
		}
	}
	var turn int
	winApp.Do(func() { turn = b.S.View().Status.Turn })
	if turn < 3 {
		t.Fatalf("after the walk the game is at turn %d: two operational turns not played (did %v)", turn, did)
	}
	if dir := os.Getenv("GROGNARD_TEST_SHOTS"); dir != "" {
		t.Logf("shots in %s", filepath.Join(dir, scenario+"-*.png"))
	}
	return did
}

// TestWalkthrough_marshals_talavera: the first two operational turns of
// marshals-talavera through clicks and keys in the real window (walkMarshals).
func TestWalkthrough_marshals_talavera(t *testing.T) {
	did := walkMarshals(t, "marshals-talavera")
	t.Logf("%v", did)
}

// TestWalkthrough_marshals_advance: the first two operational turns of
// marshals-advance through clicks and keys in the real window (walkMarshals).
func TestWalkthrough_marshals_advance(t *testing.T) {
	did := walkMarshals(t, "marshals-advance")
	t.Logf("%v", did)
}

// TestWalkthrough_marshals_retreat: the first two operational turns of
// marshals-retreat through clicks and keys in the real window (walkMarshals).
func TestWalkthrough_marshals_retreat(t *testing.T) {
	did := walkMarshals(t, "marshals-retreat")
	t.Logf("%v", did)
}

// TestWalkthrough_marshals_three_armies: the first two operational turns of
// marshals-three-armies through clicks and keys in the real window (walkMarshals).
func TestWalkthrough_marshals_three_armies(t *testing.T) {
	did := walkMarshals(t, "marshals-three-armies")
	t.Logf("%v", did)
}

// TestWalkthrough_marshals_almonacid: the first two operational turns of
// marshals-almonacid through clicks and keys in the real window (walkMarshals).
func TestWalkthrough_marshals_almonacid(t *testing.T) {
	did := walkMarshals(t, "marshals-almonacid")
	t.Logf("%v", did)
}

// TestWalkthrough_marshals_ocana: the first two operational turns of
// marshals-ocana through clicks and keys in the real window (walkMarshals).
func TestWalkthrough_marshals_ocana(t *testing.T) {
	did := walkMarshals(t, "marshals-ocana")
	t.Logf("%v", did)
}
