package game

import (
	"context"
	"fmt"
	"image"
	"strings"
	"sync/atomic"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"grognard/render"
	"grognard/rules"
	"grognard/rules/ai"
)

// The computer opponent in the window (#21): each side of a game is a
// human or the computer at a level. The computer's search runs in a
// goroutine on a copy of the state (it never touches the session); the
// board polls it every frame, shows a "thinking" line with its progress,
// and plays its choice through the same path as a player's click
// (Session.Do), one move at a time at a pace the player can follow
// (P speeds it up). Undo, Save, Menu and Esc work while it thinks: a
// change of the game cancels the search and a new one starts if the
// computer still decides.

// Seat values: "" (a human) or a level of rules/ai ("easy", "normal",
// "hard").
const seatHuman = ""

// Computers is who plays each side and the search in progress.
type Computers struct {
	Levels [2]string
	// Fast plays the computer's moves with almost no pause (P).
	Fast bool
	// Moves counts the computer's moves played (tests).
	Moves int

	job    *aiJob
	plan   *ai.Plan // the rest of the route chosen last (no new search)
	nextAt time.Time
	seed   uint64
	// progress shown last (percent), so the line is redrawn only when it moves.
	shown int
}

// aiJob is one search running in a goroutine.
type aiJob struct {
	steps  int // len(Game.Steps) when it started: a change of the game voids it
	side   rules.Side
	level  string
	hint   bool
	cancel context.CancelFunc
	done   chan aiResult
	prog   atomic.Int64 // per mille
	res    *aiResult
}

type aiResult struct {
	d   ai.Decision
	err error
}

// Pace between two computer moves, normal and fast (P).
const (
	aiPace     = 700 * time.Millisecond
	aiPaceFast = 60 * time.Millisecond
	// aiRoutePace is the pause between two steps of a route chosen.
	aiRoutePace = 300 * time.Millisecond
)

// levelBudget is the time a level may think per decision.
func levelBudget(level string) time.Duration {
	switch level {
	case "hard":
		return 4500 * time.Millisecond
	case "normal":
		return 1800 * time.Millisecond
	}
	return time.Second
}

// SetComputers says which sides the computer plays (a level) and which
// humans ("" each). With one human side, that side holds the seat for the
// whole game: no hand-over screen ever shows.
func (s *Session) SetComputers(levels [2]string) {
	if levels == [2]string{} {
		s.stopComputer()
		s.AI = nil
		return
	}
	s.AI = &Computers{Levels: levels, seed: seedNow()}
	for i, l := range levels {
		if l == seatHuman {
			s.Holder, s.Viewer = rules.Side(i), rules.Side(i)
			break
		}
	}
	s.Cover, s.Handover = false, false
	s.afterChange()
}

// computerAt is side's level, "" for a human.
func (s *Session) computerAt(side rules.Side) string {
	if s.AI == nil || side < 0 || int(side) > 1 {
		return ""
	}
	return s.AI.Levels[side]
}

// ComputerDecides reports whether the computer plays the side deciding now.
func (s *Session) ComputerDecides() bool {
	return s.computerAt(s.Decider()) != "" && !s.Game.State.Result().Over
}

// watcher is whose view the board shows while the computer (side d)
// decides: the human's; with no human, the side deciding (computer
// against computer is watched from both sides in turn).
func (c *Computers) watcher(d, holder rules.Side) rules.Side {
	for i, l := range c.Levels {
		if l == seatHuman {
			return rules.Side(i)
		}
	}
	if d >= 0 {
		return d
	}
	return holder
}

// Thinking reports a search in progress and how far it is (0..1).
func (s *Session) Thinking() (bool, float64) {
	if s.AI == nil || s.AI.job == nil || s.AI.job.res != nil {
		return false, 0
	}
	return true, float64(s.AI.job.prog.Load()) / 1000
}

// stopComputer cancels the search in progress, if any.
func (s *Session) stopComputer() {
	if s.AI != nil && s.AI.job != nil {
		s.AI.job.cancel()
		s.AI.job = nil
	}
}

// startSearch runs the computer's search for side at level in a
// goroutine, on a copy of the state.
func (s *Session) startSearch(side rules.Side, level string, hint bool) *aiJob {
	cfg := ai.Levels[level]
	ctx, cancel := context.WithTimeout(context.Background(), levelBudget(level))
	j := &aiJob{steps: len(s.Game.Steps), side: side, level: level, hint: hint, cancel: cancel, done: make(chan aiResult, 1)}
	st := s.Game.State.Clone()
	s.AI.seed++
	seed := s.AI.seed
	go func() {
		defer cancel()
		d, err := ai.Decide(ctx, st, side, cfg, seed, func(done, total int) {
			if total > 0 {
				j.prog.Store(int64(1000 * done / total))
			}
		})
		j.done <- aiResult{d: d, err: err}
	}()
	return j
}

// pollJob takes a finished search's result, if any.
func (j *aiJob) poll() *aiResult {
	if j.res != nil {
		return j.res
	}
	select {
	case r := <-j.done:
		j.res = &r
	default:
	}
	return j.res
}

// driveComputer is called every frame by the board: it starts the
// computer's search when the computer decides, shows its progress, and
// plays its choice at the pace.
func (b *BoardScene) driveComputer(a *App) {
	s := b.S
	if s.AI == nil {
		return
	}
	c := s.AI
	if j := c.job; j != nil && (j.steps != len(s.Game.Steps) || (!j.hint && !s.ComputerDecides()) || (j.hint && !s.CanAct())) {
		// The game changed under the search (undo, a load): drop it.
		s.stopComputer()
	}
	if c.job != nil && c.job.hint {
		b.driveHint(a)
		return
	}
	if !s.ComputerDecides() || b.dialog != nil {
		return
	}
	d := s.Decider()
	level := s.computerAt(d)
	if c.job == nil && c.plan != nil {
		// The rest of the route chosen: one step at the pace, no search.
		if time.Now().Before(c.nextAt) {
			return
		}
		if pd, ok := c.plan.Next(s.Game.State, d, s.Game.Steps); ok {
			s.playComputer(d, level, pd)
			// A unit walks its route hex by hex, quicker than the pace
			// between two decisions.
			c.nextAt = time.Now().Add(min(c.pace(), aiRoutePace))
			a.Redraw()
			return
		}
		c.plan = nil
	}
	if c.job == nil {
		c.job = s.startSearch(d, level, false)
		c.shown = -1
	}
	j := c.job
	r := j.poll()
	if r == nil {
		if p := int(j.prog.Load() / 50); p != c.shown {
			c.shown = p
			s.Message = fmt.Sprintf("%s (computer, %s) is thinking… %d%%   (Ctrl+Z undo, Ctrl+S save, Esc, Menu still work; P: faster moves)",
				s.SideName(d), level, p*5)
			s.changed()
			a.Redraw()
		}
		return
	}
	if time.Now().Before(c.nextAt) {
		return
	}
	c.job = nil
	if r.err != nil {
		s.Message = "The computer could not decide: " + r.err.Error()
		s.changed()
		return
	}
	s.playComputer(d, level, r.d)
	c.plan = ai.NewPlan(r.d, d, len(s.Game.Steps))
	c.nextAt = time.Now().Add(c.pace())
	a.Redraw()
}

// pace is the pause between two computer moves (P: fast).
func (c *Computers) pace() time.Duration {
	if c.Fast {
		return aiPaceFast
	}
	return aiPace
}

// playComputer plays the computer's decision through the player's path
// and logs it with its reason, as the other side may read it: in a game
// with hidden information the reason (which may name a card in hand) is
// the computer's private text.
func (s *Session) playComputer(side rules.Side, level string, d ai.Decision) {
	n := len(s.Game.Log)
	s.acting = true
	_, err := s.Do(d.Action) // the player's path
	s.acting = false
	if s.ComputerDecides() {
		s.Selected = "" // nothing of the computer's selected on the human's screen
	}
	if err != nil {
		s.Message = "The computer's move was refused: " + err.Error()
		s.changed()
		return
	}
	s.AI.Moves++
	full := fmt.Sprintf("%s (computer, %s): %s — %s", s.SideName(side), level, d.Action.String(), d.Reason)
	ev := rules.Event{Kind: "computer", Side: side, Text: full}
	if s.System.Hidden {
		ev.Text = fmt.Sprintf("%s (computer, %s) decided", s.SideName(side), level)
		ev.Private, ev.Owner = full, side
	}
	// The reason goes before the events the move caused.
	log := append([]rules.Event(nil), s.Game.Log[:n]...)
	log = append(log, ev)
	s.Game.Log = append(log, s.Game.Log[n:]...)
	if s.Message == "" || strings.Contains(s.Message, "thinking") {
		s.Message = ev.TextFor(s.Viewer)
	}
	s.changed()
}

// aiKey handles the computer's keys on the board: P (pace), H (hint).
func (b *BoardScene) aiKey(a *App, e Event) bool {
	switch {
	case e.Key == ebiten.KeyP && !e.Ctrl && b.S.AI != nil:
		b.S.AI.Fast = !b.S.AI.Fast
		if b.S.AI.Fast {
			b.S.Message = "The computer's moves: fast (P: normal pace)"
		} else {
			b.S.Message = "The computer's moves: normal pace (P: fast)"
		}
		b.S.changed()
		return true
	case e.Key == ebiten.KeyH && !e.Ctrl:
		b.askHint(a)
		return true
	}
	return false
}

// seatLabel names a seat on the menu: its label and the line under it.
func seatLabel(level string) (string, string) {
	if level == seatHuman {
		return "Human", "click for the computer"
	}
	return "Computer", level + " · click to change"
}

// nextSeat cycles Human, easy, normal, hard.
func nextSeat(level string) string {
	switch level {
	case seatHuman:
		return "easy"
	case "easy":
		return "normal"
	case "normal":
		return "hard"
	}
	return seatHuman
}

// seatButtons are the menu's two seat buttons, side by side in r: who
// plays each side of the chosen scenario, clicked to cycle Human,
// Computer easy, normal, hard. The choice holds for the games started and
// loaded from then on.
func (m *menuScene) seatButtons(a *App, r image.Rectangle) []menuButton {
	sides := []string{"Side 1", "Side 2"}
	if sc, ok := m.current(); ok && len(sc.Sides) == 2 {
		sides = sc.Sides
	}
	w := (r.Dx() - 10) / 2
	var out []menuButton
	for i := range 2 {
		br := image.Rect(r.Min.X+i*(w+10), r.Min.Y, r.Min.X+i*(w+10)+w, r.Max.Y)
		l, sub := seatLabel(a.Seats[i])
		out = append(out, menuButton{b: render.Button{Label: sides[i] + ": " + l, Sub: sub, Rect: br, Enabled: true},
			do: func(a *App) { a.Seats[i] = nextSeat(a.Seats[i]) }})
	}
	return out
}
