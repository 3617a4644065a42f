package render

// ZoneR is the radius of a zone's symbol in map units (the map's scale,
// else ZoneRadius): the Marshals focus ring is drawn around it
// (game/marshals_turn_focus.go).
func (b *Board) ZoneR() float64 { return b.zoneR() }
