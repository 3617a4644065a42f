package game

import (
	"image"
	"strings"
	"testing"
	"time"

	"grognard/render"
	"grognard/rules"
	"grognard/rules/ai"
)

// A tiny level so that the window tests play whole phases in seconds;
// the real levels differ only in their budget.
func init() {
	ai.Levels["test"] = ai.Config{Name: "test", Candidates: 3, Iterations: 6, Horizon: 3}
}

// openVs starts scenario with the given seats in the real window, as the
// menu's Start does, and returns its board and session.
func openVs(t *testing.T, scenario string, seed uint64, seats [2]string) (*BoardScene, *Session) {
	t.Helper()
	var b *BoardScene
	var s *Session
	winApp.Do(func() {
		ss, err := NewSession(scenario, seed, nil)
		if err != nil {
			panic(err)
		}
		winApp.Seats = seats
		winApp.startSession(ss)
		winApp.Seats = [2]string{}
		b = winApp.Board()
		s = b.S
		s.AI.Fast = true
	})
	return b, s
}

// waitLong polls cond on the game loop for up to d.
func waitLong(t *testing.T, what string, d time.Duration, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(d)
	for time.Now().Before(deadline) {
		ok := false
		winApp.Do(func() { ok = cond() })
		if ok {
			return
		}
		time.Sleep(40 * time.Millisecond)
	}
	t.Fatalf("timed out waiting for %s", what)
}

// pixelsNear counts the pixels within half-size r of (cx, cy) close to c.
func hintPixels(img *image.RGBA, cx, cy, r float64) int {
	return counterPixels(img, cx, cy, r, uint32(hintColor.R)<<16|uint32(hintColor.G)<<8|uint32(hintColor.B))
}

// bourbonSetUp takes the Bourbon historical set-up and ends it (both are
// the choice "historical" [4]).
func bourbonSetUp(s *Session) {
	for range 3 {
		for _, a := range s.Legal() {
			if a.Choice == "historical" {
				_, _ = s.Do(a)
				break
			}
		}
	}
}

// TestWindowHumanVsComputerAlmansaTurn: Almansa in the real window, the
// Bourbons human and the Allies the computer. The human sets up and ends
// each of his phases with Space; the computer sets up and plays its
// phases by itself (the Allied set-up, the defensive fire of the Bourbon
// player-turn, then its own movement), each move logged with its reason;
// no hand-over ever shows and the board stays the Bourbon player's. While
// the computer thinks a "thinking" line shows; going back to the menu
// cancels its search.
func TestWindowHumanVsComputerAlmansaTurn(t *testing.T) {
	needWindow(t)
	win := windowID(t)
	_, s := openVs(t, "almansa-1707", 3, [2]string{"", "test"})
	human := func() bool { return s.Decider() == 0 && s.CanAct() }
	winApp.Do(func() { bourbonSetUp(s) })
	sawThinking, sawCover := false, false
	var phases []string
	deadline := time.Now().Add(90 * time.Second)
	for time.Now().Before(deadline) {
		done := false
		winApp.Do(func() {
			st := s.Game.State.Status()
			if len(phases) == 0 || phases[len(phases)-1] != st.Phase {
				phases = append(phases, st.Phase)
			}
			// The Allies keep out of contact [5] (they win unless 20 of
			// their steps are lost): a movement phase of theirs may move few
			// units or none, and the computer plays it between two of these
			// looks, so its moves are counted over the turns (whole routes,
			// each step a move).
			done = st.Turn >= 2 && s.AI.Moves >= 4
			if s.Cover || s.Handover || s.Viewer != 0 {
				sawCover = true
			}
			if th, _ := s.Thinking(); th || strings.Contains(s.Message, "thinking") {
				sawThinking = true
			}
		})
		if sawCover {
			t.Fatal("a hand-over showed (or the board left the Bourbon view) in a game against the computer")
		}
		if done {
			break
		}
		ok := false
		winApp.Do(func() { ok = human() })
		if ok {
			xkey(t, "space")
			xconfirm(t)
			continue
		}
		time.Sleep(40 * time.Millisecond)
	}
	var moves int
	var lines []string
	var st rules.Status
	winApp.Do(func() {
		moves = s.AI.Moves
		lines = s.LogLines()
		st = s.Game.State.Status()
	})
	t.Logf("phases: %s", strings.Join(phases, " > "))
	if st.Turn < 2 || moves < 4 {
		t.Fatalf("a whole turn with the computer's moves not played in time (turn %d, %s, %d computer moves)", st.Turn, st.Phase, moves)
	}
	movedInItsPhase := false
	for _, l := range lines {
		// its moves are logged in its own movement phase [10]
		movedInItsPhase = movedInItsPhase || (strings.Contains(l, "Allied (computer, test): ") && strings.Contains(l, "[10]"))
	}
	if !movedInItsPhase {
		t.Error("no computer move of the Allied movement phase [10] in the log")
	}
	logged := 0
	for _, l := range lines {
		if strings.Contains(l, "Allied (computer, test): ") && strings.Contains(l, " — ") {
			logged++
		}
	}
	if logged != moves {
		t.Fatalf("%d computer moves, %d logged with a reason", moves, logged)
	}
	if !sawThinking {
		t.Error("no thinking line was ever seen")
	}
	settle(t)
	grab(t, win, "ai-almansa-allied-movement")
	// Back to the menu: the search stops.
	winApp.Do(func() { winApp.ToMenu("") })
	if s.AI.job != nil {
		t.Fatal("the computer's search still runs after leaving the board")
	}
}

// TestWindowHintOutlinesLegalAction: in Almansa's first Bourbon movement
// phase, H asks the normal computer; its action is legal, outlined in
// magenta on the map at the unit's place (pixels), and the log says a
// hint was used.
func TestWindowHintOutlinesLegalAction(t *testing.T) {
	needWindow(t)
	win := windowID(t)
	b, s := openVs(t, "almansa-1707", 4, [2]string{"", "test"})
	winApp.Do(func() { bourbonSetUp(s) })
	waitLong(t, "the Bourbon movement phase", 60*time.Second, func() bool {
		return s.CanAct() && s.Game.State.Status().Turn == 1 && strings.Contains(strings.ToLower(s.Game.State.Status().Phase), "movement")
	})
	var before *image.RGBA
	var hint Hint
	var places []string
	var lines []string
	// The computer may first advise ending a phase (nothing to outline
	// on the map): that advice is followed and asked again, until it
	// advises an action at a place.
	for try := 0; ; try++ {
		xmove(t, win, winW-20, winH-20)
		settle(t)
		before = grab(t, win, "ai-hint-before")
		xkey(t, "h")
		waitLong(t, "the hint", 20*time.Second, func() bool { return s.Hint != nil })
		var legal bool
		winApp.Do(func() {
			hint = *s.Hint
			places = s.HintPlaces()
			lines = s.LogLines()
			_, legal = rules.FindLegal(s.Game.State, hint.Action)
		})
		if !legal {
			t.Fatalf("the hint %s is not a legal action", hint.Action.Key())
		}
		if len(places) > 0 {
			break
		}
		if hint.Action.Kind != "end" || try == 12 {
			t.Fatalf("the hint %s has no place on the map", hint.Action.Key())
		}
		steps := 0
		winApp.Do(func() {
			steps = len(s.Game.Steps)
			_, _ = s.Do(hint.Action)
		})
		waitLong(t, "the Bourbons' next decision", 90*time.Second, func() bool {
			return len(s.Game.Steps) > steps && s.CanAct() && s.AI.job == nil && s.Hint == nil
		})
	}
	if !strings.Contains(lines[len(lines)-1], "Hint used by Bourbon") {
		t.Errorf("the log's last line %q does not record the hint", lines[len(lines)-1])
	}
	settle(t)
	after := grab(t, win, "ai-hint-after")
	var x, y, r float64
	var ok bool
	winApp.Do(func() {
		x, y, ok = b.ScreenOf(places[0])
		r = render.HexSize * b.Cam.Zoom
	})
	if !ok {
		t.Fatalf("no screen place for %s", places[0])
	}
	if n0, n1 := hintPixels(before, x, y, r*1.1), hintPixels(after, x, y, r*1.1); n1 < 40 || n0 > 5 {
		t.Fatalf("magenta outline pixels at %s: %d before the hint, %d after", places[0], n0, n1)
	}
}

// TestWindowVentaAgainstComputerNoHandover: Venta del Pozo, the French
// human and the British the computer. The game opens on the board (no
// hand-over screen for the only human), the computer plays its turn by
// itself, and nothing of the British hand ever reaches the screen: the
// board draws the French view, whose hand is the French one, and the log
// as shown names no British card held.
func TestWindowVentaAgainstComputerNoHandover(t *testing.T) {
	needWindow(t)
	win := windowID(t)
	b, s := openVs(t, "venta-del-pozo", 3, [2]string{"", "test"})
	if s.Cover || s.Handover {
		t.Fatal("a game against the computer opens on a hand-over screen")
	}
	// The French turn: play the first card, then end each step (Space).
	leaks := func() string {
		if s.View().Side != 0 || s.Viewer != 0 {
			return "the board draws the British view"
		}
		lines := s.LogLines()
		for i, e := range s.Game.Log {
			if e.Private != "" && e.Owner == 1 && i < len(lines) && strings.Contains(lines[i], e.Private) {
				return "the log shows the British secret " + e.Private
			}
		}
		return ""
	}
	britishMoved := false
	start := time.Now()
	deadline := time.Now().Add(120 * time.Second)
	for time.Now().Before(deadline) {
		var why string
		var humanNow, cover, back bool
		winApp.Do(func() {
			why = leaks()
			cover = s.Cover || s.Handover
			humanNow = s.CanAct()
			if s.AI.Moves > 0 && s.Decider() == 0 && s.CanAct() {
				back = true
			}
		})
		if why != "" {
			t.Fatal(why)
		}
		if cover {
			t.Fatal("a hand-over screen showed in a game against the computer")
		}
		if back {
			britishMoved = true
			break
		}
		if humanNow {
			winApp.Do(func() {
				for _, a := range s.Legal() {
					if a.Kind == "play" {
						_, _ = s.Do(a)
						return
					}
				}
			})
			xkey(t, "space")
			xconfirm(t)
			continue
		}
		time.Sleep(60 * time.Millisecond)
	}
	t.Logf("the French turn and the British computer's took %s", time.Since(start))
	if !britishMoved {
		t.Fatal("the British computer did not play its turn back to the French in time")
	}
	// The French counters are on screen (no cover), the British hand is not.
	xmove(t, win, winW-20, winH-20)
	settle(t)
	img := grab(t, win, "ai-venta-french-again")
	var fx, fy, r float64
	winApp.Do(func() {
		for _, u := range s.View().Units {
			if u.Side == 0 && u.At != "" && u.Type != "leader" {
				fx, fy, _ = b.ScreenOf(u.At)
				break
			}
		}
		r = render.HexSize * b.Cam.Zoom
	})
	if n := counterPixels(img, fx, fy, r*0.5, frenchBlue); n < 30 {
		t.Fatalf("only %d pixels of French blue on the board: is it covered?", n)
	}
}
