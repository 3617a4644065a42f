package lesson_test

import "testing"

// The Marshals: Joseph 1809, in the book's order (scenarios/marshals/lessons):
// each plays the lesson through the rules with its forced dice and checks
// the book's result (see play).
func TestLesson_marshals_marshals_delaborde(t *testing.T)   { play(t, "marshals-delaborde") }
func TestLesson_marshals_marshals_leval(t *testing.T)       { play(t, "marshals-leval") }
func TestLesson_marshals_marshals_first_turn(t *testing.T)  { play(t, "marshals-first-turn") }
func TestLesson_marshals_marshals_combat(t *testing.T)      { play(t, "marshals-combat") }
func TestLesson_marshals_marshals_ratio(t *testing.T)       { play(t, "marshals-ratio") }
func TestLesson_marshals_marshals_merle(t *testing.T)       { play(t, "marshals-merle") }
func TestLesson_marshals_marshals_zayas(t *testing.T)       { play(t, "marshals-zayas") }
func TestLesson_marshals_marshals_decoys(t *testing.T)      { play(t, "marshals-decoys") }
func TestLesson_marshals_marshals_fuentiduena(t *testing.T) { play(t, "marshals-fuentiduena") }
func TestLesson_marshals_marshals_amplitude(t *testing.T)   { play(t, "marshals-amplitude") }
func TestLesson_marshals_marshals_foy(t *testing.T)         { play(t, "marshals-foy") }
