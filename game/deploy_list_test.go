package game

import (
	"image"
	"strings"
	"testing"
)

// almansaSetup opens Almansa at the Bourbon set-up [4], the cavalry
// reserve attached [6], in a scripted app.
func almansaSetup(t *testing.T) (*App, *BoardScene, *Session) {
	t.Helper()
	t.Setenv("GROGNARD_HOME", t.TempDir())
	s, err := NewSession("almansa-1707", 7, nil)
	if err != nil {
		t.Fatal(err)
	}
	s.TakeSeat()
	for _, act := range s.Legal() {
		if strings.HasPrefix(act.Choice, "attach:") {
			if _, err := s.Do(act); err != nil {
				t.Fatal(err)
			}
			break
		}
	}
	a, b := scriptedApp(t, s)
	return a, b, s
}

// deployRows are the panel's list: its heading and its rows (label, rect).
func deployRows(a *App, b *BoardScene) (head string, labels []string, rects []image.Rectangle) {
	b.layoutPanel(a)
	in := false
	for _, pb := range b.panel {
		switch {
		case pb.heading && strings.HasPrefix(pb.b.Label, "To deploy:"):
			head, in = pb.b.Label, true
		case in && pb.cmd != nil:
			labels = append(labels, pb.b.Label)
			rects = append(rects, pb.b.Rect)
		}
	}
	return head, labels, rects
}

func center(r image.Rectangle) (int, int) { return (r.Min.X + r.Max.X) / 2, (r.Min.Y + r.Max.Y) / 2 }

// TestRule4_UnitsToDeployListedInThePanel: in the Almansa set-up [4] the
// units waiting off the map were found only with Tab. The panel lists
// them under "To deploy: N units [4]", each row with its name, type,
// values and formation; a click on a row (the game's own input path)
// selects the unit and brings its lit set-up hexes into view; once it is
// placed the count drops by one and the next unit is selected.
func TestRule4_UnitsToDeployListedInThePanel(t *testing.T) {
	a, b, s := almansaSetup(t)
	head, labels, rects := deployRows(a, b)
	if !strings.HasPrefix(head, "To deploy: 43 units") || !strings.HasSuffix(head, "[4]") {
		t.Fatalf("heading %q", head)
	}
	if !strings.Contains(head, "then ") {
		t.Errorf("heading %q does not say the leaders come after", head)
	}
	if len(labels) < 8 {
		t.Fatalf("only %d rows: %q", len(labels), labels)
	}
	if labels[0] != "Orleans: cavalry 4-4-6, d'Avaray" {
		t.Errorf("first row %q", labels[0])
	}
	// nothing selected: the hint and the panel point at the list
	if got := b.idleCardLines(); !strings.Contains(strings.Join(got, " "), "To deploy") {
		t.Errorf("idle lines %q do not point at the list", got)
	}
	// a click on the second row selects Levis, its lit hexes in view
	x, y := center(rects[1])
	step(t, a, Click(x, y)...)
	if s.Selected != "av2" {
		t.Fatalf("the row click selected %q, not Levis (av2)", s.Selected)
	}
	hs := s.Highlights()
	if len(hs) == 0 {
		t.Fatal("Levis selected shows no lit hex")
	}
	br := b.BoardRect(a)
	for _, h := range hs {
		hx, hy, ok := b.ScreenOf(h.At)
		if !ok || !image.Pt(int(hx), int(hy)).In(br) {
			t.Errorf("lit hex %s at %.0f,%.0f is not in the board view %v", h.At, hx, hy, br)
		}
	}
	if _, _, rects2 := deployRows(a, b); len(rects2) < 2 {
		t.Fatal("the list vanished once a unit was selected")
	}
	for _, pb := range b.panel {
		if pb.cmd != nil && strings.HasPrefix(pb.b.Label, "Levis:") && !pb.b.Active {
			t.Error("the selected unit's row is not marked")
		}
	}
	// placing it: one fewer, and the next one off the map is selected
	clickAt(t, a, b, hs[0].At)
	if u, _ := s.Unit("av2"); u.At == "" {
		t.Fatalf("Levis was not deployed: %s", s.Message)
	}
	head, labels, _ = deployRows(a, b)
	if !strings.HasPrefix(head, "To deploy: 42 units") {
		t.Errorf("after one placed the heading says %q", head)
	}
	for _, l := range labels {
		if strings.HasPrefix(l, "Levis:") {
			t.Errorf("Levis is placed but still listed")
		}
	}
	u, ok := s.Unit(s.Selected)
	if !ok || u.At != "" || u.Formation != "Av" || len(s.Highlights()) == 0 {
		t.Errorf("after Levis was placed the selection is %q (at %q, formation %q), %d lit", s.Selected, u.At, u.Formation, len(s.Highlights()))
	}
}

// TestRule4_ToDeployPagesAndCountsOneAndMany: the list that does not fit
// pages with a row "N more to deploy: show them"; the heading says "1
// unit" for one and "N units" for many.
func TestRule4_ToDeployPagesAndCountsOneAndMany(t *testing.T) {
	if got := deployHeading(1, 0, "4"); got != "To deploy: 1 unit [4]" {
		t.Errorf("one: %q", got)
	}
	if got := deployHeading(2, 3, "4"); got != "To deploy: 2 units, then 3 more [4]" {
		t.Errorf("many: %q", got)
	}
	if got := deployHint(1); !strings.Contains(got, "the unit under") {
		t.Errorf("hint for one: %q", got)
	}
	a, b, s := almansaSetup(t)
	_, labels, rects := deployRows(a, b)
	last := labels[len(labels)-1]
	if !strings.HasSuffix(last, "more to deploy: show them") {
		t.Fatalf("43 units fit in the panel? last row %q", last)
	}
	first := labels[0]
	x, y := center(rects[len(rects)-1])
	step(t, a, Click(x, y)...)
	_, labels, _ = deployRows(a, b)
	if labels[0] == first {
		t.Errorf("the page did not turn: first row still %q", first)
	}
	// deploy all but one of the units listed: "1 unit"
	for n := 0; n < 60; n++ {
		ids, _ := s.toDeploy()
		if len(ids) <= 1 {
			break
		}
		for _, act := range s.Legal() {
			if act.Kind == "deploy" && act.Unit == ids[0] {
				if _, err := s.Do(act); err != nil {
					t.Fatal(err)
				}
				break
			}
		}
	}
	head, labels, _ := deployRows(a, b)
	if !strings.HasPrefix(head, "To deploy: 1 unit") || len(labels) != 1 {
		t.Errorf("one left: heading %q, rows %q", head, labels)
	}
}
