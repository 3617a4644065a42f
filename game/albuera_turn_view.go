package game

import "strings"

// followClashes brings the Clash Hexes the side may choose into view once
// when the Clash subphase offers them [15.4] (newcomer issue #18 point 5:
// the subphase opened with the camera where the last move had left it,
// the two Clash Hexes under the top edge of the board, half hidden). Not
// while a unit is selected (its lit places are the player's concern) nor
// behind a hand-over.
func (b *BoardScene) followClashes(a *App) {
	if b.S.System.ID != "albuera" || b.S.Cover || b.S.Handover {
		return
	}
	marks := b.S.clashMarks()
	hs := make([]string, 0, len(marks))
	for _, m := range marks {
		hs = append(hs, m.At)
	}
	key := strings.Join(hs, ",")
	if key == b.clashSeen {
		return
	}
	b.clashSeen = key
	if len(hs) == 0 || b.S.Selected != "" {
		return
	}
	if b.showHexes(a, b.mainCluster(hs), true) {
		a.Redraw()
	}
}
