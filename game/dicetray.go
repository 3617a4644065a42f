package game

import (
	"fmt"
	"image"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"grognard/render"
	"grognard/rules"
)

// diceRoll is the dice of the last decision taken in the window: each
// roll's public words and faces, and the number of steps the game had
// then (an undo or a later decision hides it).
type diceRoll struct {
	steps int
	rolls []rolled
}

type rolled struct {
	text string
	dice []int
}

// noteRoll keeps the dice among the events of a decision just applied.
func (s *Session) noteRoll(evs []rules.Event) {
	s.roll = diceRoll{steps: len(s.Game.Steps)}
	for _, e := range evs {
		// Only public rolls: the tray stays after a hand-over, seen by
		// the other side too.
		if len(e.Dice) > 0 && e.Private == "" {
			s.roll.rolls = append(s.roll.rolls, rolled{text: s.logWords(e.TextFor(rules.NoSide)), dice: append([]int(nil), e.Dice...)})
		}
	}
}

// LastRolls are the dice of the last decision while it is the newest
// step (nil after an undo or another decision).
func (s *Session) LastRolls() []rolled {
	if s.roll.steps != len(s.Game.Steps) || s.Cover {
		return nil
	}
	return s.roll.rolls
}

// dieSymbols names a system's die faces by the index a roll carries (nil
// for numbered dice).
func dieSymbols(st rules.State) []string {
	if df, ok := st.(DieFacer); ok {
		return df.DieSymbols()
	}
	return nil
}

// drawDice draws a roll's dice as the pictures on the dice from (x, y),
// size pixels each: the battle dice's symbols, or pips; it returns the x
// after the last.
func drawDice(dst *ebiten.Image, syms []string, dice []int, x, y, size float64) float64 {
	for _, d := range dice {
		if syms != nil && d >= 0 && d < len(syms) {
			render.DrawBattleDie(dst, x, y, size, syms[d], false)
		} else {
			drawDie(dst, x, y, size, d)
		}
		x += size + 6
	}
	return x
}

// drawDiceTray draws the last decision's rolls on the board br, each as
// its dice pictures and its words (newcomer issue #18 point 8: dice were
// only words in the log), in a corner clear of the lit hexes and the odds.
func (b *BoardScene) drawDiceTray(dst *ebiten.Image, br image.Rectangle) {
	b.trayRect = image.Rectangle{}
	rolls := b.S.LastRolls()
	if len(rolls) == 0 {
		return
	}
	if len(rolls) > 3 {
		rolls = rolls[len(rolls)-3:]
	}
	const die = 30
	w := 420
	f := render.Face(12.5)
	var texts [][]string
	lay := func(w int) int { // the rolls' words wrapped at width w; the tray's height
		texts = texts[:0]
		h := 14
		for _, r := range rolls {
			ls := render.Wrap(r.text, f, float64(w-20))
			most := 2
			if len(rolls) == 1 {
				most = 4 // one roll: its whole text (a Clash's shifts ran past two lines)
			}
			if len(ls) > most {
				ls = ls[:most]
				ls[most-1] += " ..."
			}
			texts = append(texts, ls)
			h += die + 6 + 17*len(ls) + 8
		}
		return h
	}
	h := lay(w)
	r := b.trayPlace(br, w, h)                  // handover_tray.go
	if pr, ok := b.trayInPanel(r, w, lay); ok { // polish_odds.go: Venta's clear of the counters
		r = pr
	} else {
		lay(w)
	}
	b.trayRect = r
	syms := dieSymbols(b.S.Game.State)
	var key strings.Builder
	key.WriteString("dicetray")
	for _, r := range rolls {
		key.WriteString("|" + r.text)
	}
	inPanel := !r.Overlaps(br)
	fmt.Fprint(&key, "|", r.Dx(), inPanel)
	b.cache.draw(dst, key.String(), r, func(img *ebiten.Image, r image.Rectangle) {
		if inPanel {
			img.SubImage(r).(*ebiten.Image).Fill(background)
		}
		render.DrawPanel(img, r)
		x, y := float64(r.Min.X+10), float64(r.Min.Y+8)
		for i, ro := range rolls {
			drawDice(img, syms, ro.dice, x, y, die)
			y += die + 6
			for _, l := range texts[i] {
				render.DrawText(img, l, f, x, y, textColor)
				y += 17
			}
			y += 8
		}
	})
}
