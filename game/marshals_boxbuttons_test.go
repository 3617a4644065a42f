package game

import (
	"strings"
	"testing"

	"grognard/render"
	"grognard/rules"
)

// marshalsPanelWhole lays out the side panel of s at 1280x720 and checks
// that every action button shows its words whole (on one line or
// wrapped, never cut with "…"); it returns the [1.3] commander-box buttons
// it saw.
func marshalsPanelWhole(t *testing.T, where string, s *Session) (boxes int) {
	t.Helper()
	a, b := scriptedApp(t, s)
	b.layoutPanel(a)
	for _, pb := range b.panel {
		if pb.act == nil || pb.isCard || pb.heading {
			continue
		}
		r := pb.b.Rect
		if !render.ButtonLabelWhole(pb.b.Label, pb.b.Sub, r.Dx(), r.Dy(), pb.b.Base) {
			t.Errorf("%s: %q [%s] is cut on its %dx%d button", where, pb.b.Label, pb.b.Sub, r.Dx(), r.Dy())
		}
		if strings.HasPrefix(pb.act.Choice, "box-") {
			boxes++
		}
	}
	return boxes
}

// TestRule1_3_CommanderBoxButtonsNeverCut: in every Marshals scenario, at
// its opening and at the first operations of both sides (the crowded
// moments: the held hand, the notes, the operations and a [1.3] button to
// open or close each commander's box, "Hide the stack at Torrejón
// (Alberche, Cazalegas) (close the box)"), every button of the side panel
// at 1280x720 shows its words whole.
func TestRule1_3_CommanderBoxButtonsNeverCut(t *testing.T) {
	t.Setenv("GROGNARD_HOME", t.TempDir())
	boxes := 0
	for _, sc := range rules.Scenarios("marshals") {
		g, err := rules.NewGame(sc.ID, 1, nil)
		if err != nil {
			t.Fatal(err)
		}
		checked, ops := 0, 0
		for n := 0; n < 3000 && ops < 6 && !g.State.Result().Over; n++ {
			st := g.State.Status()
			if st.Decider == rules.Chance {
				if _, err := g.ApplyOne(g.State.Chances()[0].Action); err != nil {
					t.Fatal(err)
				}
				continue
			}
			legal := g.State.Legal()
			op := strings.HasPrefix(st.SubPhase, "choose an operation")
			hasBox := false
			for _, a := range legal {
				hasBox = hasBox || strings.HasPrefix(a.Choice, "box-")
			}
			if n == 0 || op || hasBox {
				s, err := SessionFor(g.Clone())
				if err != nil {
					t.Fatal(err)
				}
				s.TakeSeat()
				boxes += marshalsPanelWhole(t, sc.ID+" "+st.Phase+" / "+st.SubPhase, s)
				checked++
			}
			if op {
				ops++
			}
			// the operation: the first that is not a pass, so that the
			// game moves on to the next side's choice
			pick := legal[0]
			if op {
				for _, a := range legal {
					if a.Kind != "pass" && !strings.HasPrefix(a.Choice, "box-") {
						pick = a
						break
					}
				}
			}
			if _, err := g.ApplyOne(pick); err != nil {
				t.Fatal(err)
			}
		}
		if checked < 2 {
			t.Errorf("%s: %d panels checked, want the opening and the operations", sc.ID, checked)
		}
	}
	if boxes == 0 {
		t.Fatal("no [1.3] commander-box button laid out in any scenario")
	}
}

// TestRule1_3_LongestBoxLabelWrapsWhole: the [1.3] button of the longest
// zone name of the Marshals map, laid out in the side panel's width at the
// crowded panel's smallest button height, is taller to show its words
// whole rather than cut (render.ButtonHeight).
func TestRule1_3_LongestBoxLabelWrapsWhole(t *testing.T) {
	g, err := rules.NewGame("marshals-three-armies", 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	longest := ""
	for _, z := range g.State.View(0).Board.Zones.Zones {
		if len([]rune(z.Name)) > len([]rune(longest)) {
			longest = z.Name
		}
	}
	label := "Hide the stack at " + longest + " (close the box)"
	w := sideWidth - 16
	for _, h := range []int{buttonH * 62 / 100, buttonH} {
		if render.ButtonLabelFits(label, w, h) {
			t.Logf("%q fits one line at height %d", label, h)
		}
		hh := render.ButtonHeight(label, "[1.3]", w, h)
		if hh < h || !render.ButtonLabelWhole(label, "[1.3]", w, hh, h) {
			t.Errorf("%q: height %d from %d does not show it whole", label, hh, h)
		}
	}
	if render.ButtonLabelWhole(label, "[1.3]", 120, 20, 0) {
		t.Errorf("%q is said whole on a 120x20 button", label)
	}
}
