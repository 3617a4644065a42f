package lesson_test

import "testing"

// One test per lesson: each plays the book's worked example through the
// rules as scripted and checks the book's result (see play).

// Albuera 1811, in the book's order.
func TestLesson_albuera_albuera_first_turn(t *testing.T)    { play(t, "albuera-first-turn") }
func TestLesson_albuera_albuera_losses(t *testing.T)        { play(t, "albuera-losses") }
func TestLesson_albuera_albuera_line_olive(t *testing.T)    { play(t, "albuera-line-olive") }
func TestLesson_albuera_albuera_wheel(t *testing.T)         { play(t, "albuera-wheel") }
func TestLesson_albuera_albuera_detach(t *testing.T)        { play(t, "albuera-detach") }
func TestLesson_albuera_albuera_stack_fire(t *testing.T)    { play(t, "albuera-stack-fire") }
func TestLesson_albuera_albuera_clash_win(t *testing.T)     { play(t, "albuera-clash-win") }
func TestLesson_albuera_albuera_clash_hexes(t *testing.T)   { play(t, "albuera-clash-hexes") }
func TestLesson_albuera_albuera_reaction(t *testing.T)      { play(t, "albuera-reaction") }
func TestLesson_albuera_albuera_sympher(t *testing.T)       { play(t, "albuera-sympher") }
func TestLesson_albuera_albuera_clash_a2(t *testing.T)      { play(t, "albuera-clash-a2") }
func TestLesson_albuera_albuera_combined_fire(t *testing.T) { play(t, "albuera-combined-fire") }
func TestLesson_albuera_albuera_fire_markers(t *testing.T)  { play(t, "albuera-fire-markers") }
func TestLesson_albuera_albuera_retreat(t *testing.T)       { play(t, "albuera-retreat") }
func TestLesson_albuera_albuera_vp(t *testing.T)            { play(t, "albuera-vp") }

// Almansa 1707.
func TestLesson_almansa_almansa_first_turn(t *testing.T)    { play(t, "almansa-first-turn") }
func TestLesson_almansa_almansa_facing_move(t *testing.T)   { play(t, "almansa-facing-move") }
func TestLesson_almansa_almansa_zoc(t *testing.T)           { play(t, "almansa-zoc") }
func TestLesson_almansa_almansa_fire(t *testing.T)          { play(t, "almansa-fire") }
func TestLesson_almansa_almansa_shock_odds(t *testing.T)    { play(t, "almansa-shock-odds") }
func TestLesson_almansa_almansa_enfilade(t *testing.T)      { play(t, "almansa-enfilade") }
func TestLesson_almansa_almansa_rout_shift(t *testing.T)    { play(t, "almansa-rout-shift") }
func TestLesson_almansa_almansa_redoubt(t *testing.T)       { play(t, "almansa-redoubt") }
func TestLesson_almansa_almansa_charge(t *testing.T)        { play(t, "almansa-charge") }
func TestLesson_almansa_almansa_charge_routed(t *testing.T) { play(t, "almansa-charge-routed") }

// Venta del Pozo (no worked example in the text: the basic rules).
func TestLesson_napoleonics_venta_first_turn(t *testing.T)       { play(t, "venta-first-turn") }
func TestLesson_napoleonics_venta_melee(t *testing.T)            { play(t, "venta-melee") }
func TestLesson_napoleonics_venta_fire(t *testing.T)             { play(t, "venta-fire") }
func TestLesson_napoleonics_venta_artillery(t *testing.T)        { play(t, "venta-artillery") }
func TestLesson_napoleonics_venta_forest(t *testing.T)           { play(t, "venta-forest") }
func TestLesson_napoleonics_venta_battle_back(t *testing.T)      { play(t, "venta-battle-back") }
func TestLesson_napoleonics_venta_take_ground(t *testing.T)      { play(t, "venta-take-ground") }
func TestLesson_napoleonics_venta_breakthrough(t *testing.T)     { play(t, "venta-breakthrough") }
func TestLesson_napoleonics_venta_retire(t *testing.T)           { play(t, "venta-retire") }
func TestLesson_napoleonics_venta_square(t *testing.T)           { play(t, "venta-square") }
func TestLesson_napoleonics_venta_leader(t *testing.T)           { play(t, "venta-leader") }
func TestLesson_napoleonics_venta_leader_unit_lost(t *testing.T) { play(t, "venta-leader-unit-lost") }
func TestLesson_napoleonics_venta_support(t *testing.T)          { play(t, "venta-support") }
func TestLesson_napoleonics_venta_leader_alone(t *testing.T)     { play(t, "venta-leader-alone") }
func TestLesson_napoleonics_venta_combined_arms(t *testing.T)    { play(t, "venta-combined-arms") }
func TestLesson_napoleonics_venta_scout(t *testing.T)            { play(t, "venta-scout") }
