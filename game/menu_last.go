package game

import "grognard/rules"

// preselectRecent opens the menu on the system and scenario of the newest
// game Continue offers (the one just left, on a return to the menu): it
// always opened on Albuera, and a player back from a Marshals game who
// clicked where a Marshals scenario had been started an Albuera game he
// had not chosen (seen playing the Marshals by clicks). Enter still waits
// for a choice made on this screen (chosen stays false).
func (m *menuScene) preselectRecent() {
	if len(m.recent) == 0 {
		return
	}
	info, ok := rules.ScenarioByID(m.recent[0].Scenario)
	if !ok {
		return
	}
	for i, s := range m.systems {
		if s.ID != info.System {
			continue
		}
		for j, sc := range rules.Scenarios(s.ID) {
			if sc.ID == info.ID {
				m.sys, m.scen = i, j
				return
			}
		}
	}
}
