package game

// choicesFirst puts the cards that cannot be played now after the choice
// buttons when the side panel cannot hold everything (room pixels): at
// the drawn-event question of a Marshals player holding four markers, the
// four cards (even as headings) and the event's text left no room for
// "Keep the marker secretly" and "Return the marker", and the decision
// could not be taken (newcomer issue #18 point 5); only when not even the
// first choice would fit (a long list of operations keeps the held hand
// above it, TestRule4_0_HeldEventsPrivateHand). The cards that are
// playable, the notes and the order within each part stay as they were.
func choicesFirst(items []panelItem, room int) []panelItem {
	need, idle, choices := 0, 0, 0
	for _, it := range items {
		if it.card != nil {
			need += it.h + 6
			if it.act == nil {
				idle++
			}
		} else {
			need += it.h + 4
			if it.act != nil {
				choices++
			}
		}
	}
	if need <= room || idle == 0 || choices == 0 {
		return items
	}
	// only when not even the first choice fits after what comes before it
	// (the held hand stays in view above a long list of operations)
	before := 0
	for _, it := range items {
		if it.card == nil && it.act != nil {
			if before+it.h+4 <= room-buttonH {
				return items
			}
			break
		}
		if it.card != nil {
			before += it.h + 6
		} else {
			before += it.h + 4
		}
	}
	out := make([]panelItem, 0, len(items))
	for _, it := range items {
		if it.card == nil || it.act != nil {
			out = append(out, it)
		}
	}
	for _, it := range items {
		if it.card != nil && it.act == nil {
			out = append(out, it)
		}
	}
	return out
}
