package game

import (
	"fmt"
	"image"
	"strings"

	"grognard/render"
	"grognard/rules"
)

// systemSub is a system button's second line: the names of its scenarios,
// so a player looking for Venta del Pozo finds it under its system
// ("Command cards and battle dice (Napoleonics)") without knowing it. When
// they do not all fit the button r, the line counts them and names as many
// as fit (without the prefix they share, "Joseph 1809: "), never cut.
func systemSub(s rules.SystemInfo, r image.Rectangle) string {
	var names []string
	for _, sc := range rules.Scenarios(s.ID) {
		names = append(names, sc.Name)
	}
	if len(names) == 0 {
		return s.ID
	}
	fits := func(t string) bool { return render.ButtonSubFits(t, r.Dx(), r.Dy()) }
	if all := strings.Join(names, " · "); fits(all) || len(names) == 1 {
		return firstFitting(fits, all, cutAt(all, ","))
	}
	short := make([]string, len(names))
	for i, n := range names {
		short[i] = n
		if j := strings.Index(n, ": "); j >= 0 {
			short[i] = n[j+2:]
		}
	}
	for k := len(short); k > 0; k-- {
		t := fmt.Sprintf("%d scenarios: %s", len(short), strings.Join(short[:k], ", "))
		if k < len(short) {
			t += fmt.Sprintf(" and %d more", len(short)-k)
		}
		if fits(t) {
			return t
		}
	}
	return fmt.Sprintf("%d scenarios", len(names))
}

// cutAt is s up to the first sep ("Bloody Ambush at Venta del Pozo, 23
// October 1812" -> "Bloody Ambush at Venta del Pozo"), or s.
func cutAt(s, sep string) string {
	if i := strings.Index(s, sep); i > 0 {
		return s[:i]
	}
	return s
}

// firstFitting is the first text that fits; else the longest tail of the
// last one, from a capitalised word on, that fits ("Bloody Ambush at Venta
// del Pozo" -> "Venta del Pozo"); else the last text.
func firstFitting(fits func(string) bool, texts ...string) string {
	for _, t := range texts {
		if fits(t) {
			return t
		}
	}
	last := texts[len(texts)-1]
	// Without the middle of a title of three parts or more ("Bloody
	// Ambush at Venta del Pozo, 23 October 1812, turn 1": the date goes
	// before the scenario's name is cut), then from a capitalised word on.
	cands := []string{last}
	if parts := strings.Split(last, ", "); len(parts) >= 3 {
		short := parts[0] + ", " + parts[len(parts)-1]
		if fits(short) {
			return short
		}
		cands = []string{short, last}
	}
	for _, c := range cands {
		words := strings.Fields(c)
		for i := 1; i < len(words); i++ {
			if r := words[i][0]; r >= 'A' && r <= 'Z' {
				if t := strings.Join(words[i:], " "); fits(t) {
					return t
				}
			}
		}
	}
	return last
}

// startSub is the Start button's second line for a button r: the scenario
// it starts and its system, as much of that as shows whole.
func (m *menuScene) startSub(r image.Rectangle) string {
	sc, ok := m.current()
	if !ok {
		return "the chosen scenario"
	}
	fits := func(t string) bool { return render.ButtonSubFits(t, r.Dx(), r.Dy()) }
	sys := m.systems[m.sys].Name
	name := sc.Name
	after := name // "Joseph 1809: The Advance toward Madrid" -> "The Advance toward Madrid"
	if i := strings.Index(name, ": "); i >= 0 {
		after = name[i+2:]
	}
	full := name + " (" + sys + ")"
	if strings.HasPrefix(name, sys) {
		full = name
	}
	return firstFitting(fits, full, name, cutAt(name, ","), after, cutAt(after, ","))
}

// enter is Enter on the menu: it starts the chosen scenario only when the
// player chose it on this screen (clicked a system or a scenario, or moved
// with the arrows); otherwise the first Enter (often a key press meant for
// a dialog that has just closed) only says what a second one would start.
func (m *menuScene) enter(a *App) {
	sc, ok := m.current()
	if !ok {
		return
	}
	if m.chosen {
		m.start(a)
		return
	}
	m.chosen = true
	m.msg = "Enter again to start " + sc.Name + " (" + m.systems[m.sys].Name + "), or click Start; click another scenario to choose it"
}
