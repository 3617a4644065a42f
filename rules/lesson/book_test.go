package lesson_test

import "testing"

// One test per lesson: each plays the book's worked example through the
// rules as scripted and checks the book's result (see play).

func TestLesson_albuera_albuera_sympher(t *testing.T)       { play(t, "albuera-sympher") }
func TestLesson_almansa_almansa_shock_odds(t *testing.T)    { play(t, "almansa-shock-odds") }
func TestLesson_albuera_albuera_losses(t *testing.T)        { play(t, "albuera-losses") }
func TestLesson_albuera_albuera_combined_fire(t *testing.T) { play(t, "albuera-combined-fire") }
func TestLesson_albuera_albuera_fire_markers(t *testing.T)  { play(t, "albuera-fire-markers") }
