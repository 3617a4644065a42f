package game

import (
	"strings"

	"grognard/rules"
)

// systemSub is a system button's second line: the names of its scenarios,
// so a player looking for Venta del Pozo finds it under its system
// ("Command cards and battle dice (Napoleonics)") without knowing it.
func systemSub(s rules.SystemInfo) string {
	var names []string
	for _, sc := range rules.Scenarios(s.ID) {
		names = append(names, sc.Name)
	}
	if len(names) == 0 {
		return s.ID
	}
	return strings.Join(names, " · ")
}

// startSub is the Start button's second line: the scenario it starts and
// its system.
func (m *menuScene) startSub() string {
	sc, ok := m.current()
	if !ok {
		return "the chosen scenario"
	}
	return sc.Name + " (" + m.systems[m.sys].Name + ")"
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
