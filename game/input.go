package game

import (
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
)

// EventKind is the kind of an input event.
type EventKind int

// Input event kinds.
const (
	EvMove  EventKind = iota // the cursor moved to X, Y
	EvDown                   // a mouse button went down at X, Y
	EvUp                     // a mouse button went up at X, Y
	EvWheel                  // the wheel turned by DY (up positive) at X, Y
	EvKey                    // a key was pressed (with Ctrl/Shift state)
)

// Event is one input event. The app reads Ebitengine's input into events
// each frame; tests inject the same events through App.Inject, so both go
// through one path.
type Event struct {
	Kind   EventKind
	X, Y   int
	Button ebiten.MouseButton
	DY     float64
	Key    ebiten.Key
	Ctrl   bool
	Shift  bool
	device bool // a press read from the mouse (click_guard.go)
}

// Click returns the two events of a left click at x, y.
func Click(x, y int) []Event {
	return []Event{{Kind: EvMove, X: x, Y: y}, {Kind: EvDown, X: x, Y: y}, {Kind: EvUp, X: x, Y: y}}
}

// Key returns a key press event.
func Key(k ebiten.Key, ctrl bool) Event { return Event{Kind: EvKey, Key: k, Ctrl: ctrl} }

// Input is where the app reads held state (held keys for panning). The
// real one reads Ebitengine; tests may replace it.
type Input interface {
	// Poll returns the events of this frame.
	Poll() []Event
	// Held reports whether a key is held down now.
	Held(k ebiten.Key) bool
}

type ebitenInput struct {
	x, y  int
	keys  []ebiten.Key
	first bool
}

func (in *ebitenInput) Held(k ebiten.Key) bool { return ebiten.IsKeyPressed(k) }

// Poll reads this tick's input. A click whose press and release both come
// between two ticks (a slow frame) gives EvDown then EvUp in one Poll:
// Ebitengine stamps each button event with the tick that reads it, so both
// are "just" pressed and released now (TestWindowSubFrameClickNotLost).
func (in *ebitenInput) Poll() []Event {
	var evs []Event
	x, y := ebiten.CursorPosition()
	if !in.first || x != in.x || y != in.y {
		in.first = true
		in.x, in.y = x, y
		evs = append(evs, Event{Kind: EvMove, X: x, Y: y})
	}
	for _, b := range []ebiten.MouseButton{ebiten.MouseButtonLeft, ebiten.MouseButtonRight, ebiten.MouseButtonMiddle} {
		if inpututil.IsMouseButtonJustPressed(b) {
			evs = append(evs, Event{Kind: EvDown, X: x, Y: y, Button: b, device: true})
		}
		if inpututil.IsMouseButtonJustReleased(b) {
			evs = append(evs, Event{Kind: EvUp, X: x, Y: y, Button: b})
		}
	}
	if _, dy := ebiten.Wheel(); dy != 0 {
		evs = append(evs, Event{Kind: EvWheel, X: x, Y: y, DY: dy})
	}
	ctrl := ebiten.IsKeyPressed(ebiten.KeyControl) || ebiten.IsKeyPressed(ebiten.KeyMeta)
	shift := ebiten.IsKeyPressed(ebiten.KeyShift)
	in.keys = inpututil.AppendJustPressedKeys(in.keys[:0])
	for _, k := range in.keys {
		evs = append(evs, Event{Kind: EvKey, Key: k, Ctrl: ctrl, Shift: shift, X: x, Y: y})
	}
	return evs
}

// noInput reads nothing (screenshots, tests).
type noInput struct{}

func (noInput) Poll() []Event          { return nil }
func (noInput) Held(k ebiten.Key) bool { return false }
