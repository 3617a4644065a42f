package game

import (
	"fmt"

	"grognard/rules"
)

// choiceSub is a panel button's second line (ruleSub), with, for an
// activation on a zone map [5.2], what of the side stands in the zone:
// "3 counters, 14 SS [5.2]", "a decoy only [5.2]". Playing the Advance by
// clicks, twenty "Activate a stack at ..." buttons read alike, most of
// them decoys, and only the hover of each told the armies apart. The
// viewer's own counters only: the other side's stay unknown.
func (b *BoardScene) choiceSub(act rules.Action) string {
	base := ruleSub(act)
	v := b.S.View()
	if act.Kind != "order" || act.To == "" || v.Board == nil || v.Board.Zones == nil {
		return base
	}
	counters, decoys, ss := 0, 0, 0
	for _, u := range v.Units {
		if u.At != act.To || u.Side != b.S.Viewer || u.Eliminated || u.Hidden {
			continue
		}
		if u.Values == "decoy" {
			decoys++
			continue
		}
		counters++
		ss += u.Strength
	}
	var what string
	switch {
	case counters == 0 && decoys == 1:
		what = "a decoy only"
	case counters == 0 && decoys > 1:
		what = fmt.Sprintf("%d decoys only", decoys)
	case counters == 1:
		what = fmt.Sprintf("1 counter, %d SS", ss)
	case counters > 1:
		what = fmt.Sprintf("%d counters, %d SS", counters, ss)
	default:
		return base
	}
	if decoys > 0 && counters > 0 {
		what += fmt.Sprintf(" and %d decoy", decoys)
		if decoys > 1 {
			what += "s"
		}
	}
	return what + " " + base
}
