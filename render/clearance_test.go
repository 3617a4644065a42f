package render

import "testing"

// TestChipNeverCoversANeighboursValues: an "F" chip beside a counter
// turned its neighbour's 4-3-4 into "1-3-4" (newcomer issue #18 point 7).
// A counter at (100, 100), 50 px, its neighbour up and right at
// (160, 65.4) (flat hexes of 40 at zoom 1): the chip column goes where it
// covers none of the neighbour's print.
func TestChipNeverCoversANeighboursValues(t *testing.T) {
	b := &Board{}
	own, nb := groupKey{"0101", 0}, groupKey{"0201", 0}
	keeps := []keepOut{
		{75, 75, 125, 100, 1, own}, {75, 100, 125, 125, 4, own},
		{135, 40.4, 185, 65.4, 1, nb}, {135, 65.4, 185, 90.4, 4, nb},
	}
	cg := &chipGroup{x: 126.5, y: 81, top: 75, bot: 125, key: own, leftX: 73.5}
	// the usual place (right edge, level with the top) is over the neighbour
	if covered(keeps, cg.x, cg.y-6, cg.x+18, cg.y+6, own, true) == 0 {
		t.Fatal("the case does not put the usual place over the neighbour")
	}
	x, left, y := b.chipPlace(keeps, cg, 18, 12, 12, cg.leftX)
	x0, x1 := x, x+18
	if left {
		x0, x1 = x-18, x
	}
	if c := covered(keeps, x0, y-6, x1, y+6, own, true); c != 0 {
		t.Errorf("the chip at x %.1f-%.1f, y %.1f covers the neighbour's print (%.0f)", x0, x1, y, c)
	}
}

// TestLitLabelNeverCoversTheCountersValues: "4 MP" labels on lit hexes
// holding a friend covered its values: the label goes below the counter.
func TestLitLabelNeverCoversTheCountersValues(t *testing.T) {
	b := &Board{}
	g := groupKey{"0101", 0}
	keeps := []keepOut{{75, 75, 125, 100, 1, g}, {75, 100, 125, 125, 4, g}}
	x, y := b.pillPlace(keeps, 100, 100, 36, 14, 1)
	if c := covered(keeps, x-18, y-7, x+18, y+7, groupKey{}, false); c != 0 {
		t.Errorf("the label at (%.0f, %.0f) covers the counter (%.0f)", x, y, c)
	}
	// On an empty hex it stays low in the hex.
	if _, y := b.pillPlace(nil, 100, 100, 36, 14, 1); y != 100+HexSize*0.52 {
		t.Errorf("an empty hex's label moved to y %.1f", y)
	}
}

// TestCompactCounterShowsItsFirstValue: the summary of a counter at the
// fit zoom prints its first value large.
func TestCompactCounterShowsItsFirstValue(t *testing.T) {
	for in, want := range map[string]string{"4-4-4": "4", "3(1)-2": "3", "8pdr 2*": "8pdr", "6-8-3": "6", "": ""} {
		if got := headValue(in); got != want {
			t.Errorf("headValue(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestChipNeverCoversItsOwnFacing: a chip column beside a counter keeps
// clear of that counter's own front marker (its facing).
func TestChipNeverCoversItsOwnFacing(t *testing.T) {
	b := &Board{}
	own := groupKey{"0101", 0}
	keeps := []keepOut{
		{75, 75, 125, 100, 1, own}, {75, 100, 125, 125, 4, own},
		// facing east-north-east: the arrow beside the top right edge
		{126, 78, 144, 96, 4, groupKey{"0101", frontSide}},
	}
	cg := &chipGroup{x: 126.5, y: 81, top: 75, bot: 125, key: own, leftX: 73.5}
	x, left, y := b.chipPlace(keeps, cg, 18, 12, 12, cg.leftX)
	x0, x1 := x, x+18
	if left {
		x0, x1 = x-18, x
	}
	if c := covered(keeps, x0, y-6, x1, y+6, own, true); c != 0 {
		t.Errorf("the chip at x %.1f-%.1f, y %.1f covers the unit's own facing (%.0f)", x0, x1, y, c)
	}
}
