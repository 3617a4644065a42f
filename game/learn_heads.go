package game

import "grognard/render"

// headWidth is the width of column i's system heading: a system whose
// lessons take two columns (Albuera, The Marshals) has its heading across
// both, so that it wraps less.
func (l *learnScene) headWidth(cols []learnCol, i, col int) int {
	if i+1 < len(cols) && !cols[i+1].head && cols[i+1].sys.ID == cols[i].sys.ID {
		return 2*col + 12
	}
	return col
}

// top is the y of the first lesson of every column: below the tallest
// heading, so that a heading wrapped on three lines ("Command cards and
// battle dice (Napoleonics)" in a narrow column) is never covered.
func (l *learnScene) top(cols []learnCol, col int) int {
	y := 160
	for i, c := range cols {
		if c.head {
			n := len(render.Wrap(c.sys.Name, render.Bold(16), float64(l.headWidth(cols, i, col))))
			y = max(y, 104+20*n+12)
		}
	}
	return y
}
