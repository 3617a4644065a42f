package lesson_test

import "testing"

// Albuera [9.2], [13.1], [15.7]-[15.11], [14.5]: the authored Charge lesson
// (newcomer issue #18: fire, a reaction, a Charge, a Clash and a rout in
// one sequence; game/walk_albuera_combat_test.go plays it in the window).
func TestLesson_albuera_albuera_charge(t *testing.T) { play(t, "albuera-charge") }
