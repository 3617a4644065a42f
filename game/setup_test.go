package game

import (
	"math"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"grognard/render"
	"grognard/rules"
	"grognard/rules/almansa"
)

// TestSetUpPanel: at the Almansa set-up the historical set-up is the first
// button, gilded; the seven attachments of the cavalry reserve sit apart
// under one heading, each button naming only its formation (no label is
// cut); Tab says what comes first; attaching gives nothing up, so it asks
// nothing and the historical set-up still comes first after it; the
// historical set-up is done in one click.
func TestSetUpPanel(t *testing.T) {
	t.Setenv("GROGNARD_HOME", t.TempDir())
	s, err := NewSession(almansa.ScenarioID, 3, nil)
	if err != nil {
		t.Fatal(err)
	}
	a, b := scriptedApp(t, s)
	b.layoutPanel(a)
	var first *panelButton
	var heading string
	var attach []panelButton
	for i, pb := range b.panel {
		switch {
		case pb.act != nil && first == nil:
			first = &b.panel[i]
		case pb.heading:
			heading = pb.b.Label
		}
		if pb.act != nil && strings.HasPrefix(pb.act.Choice, "attach:") {
			attach = append(attach, pb)
		}
	}
	if first == nil || first.act.Choice != "historical" || !first.b.Active {
		t.Fatalf("the first action should be the gilded historical set-up: %+v", first)
	}
	if !strings.HasPrefix(heading, "Attach Mahony and Rosellon Nuevo to") || !strings.Contains(heading, "[6]") {
		t.Fatalf("heading %q", heading)
	}
	if len(attach) != 7 {
		t.Fatalf("%d attachment buttons", len(attach))
	}
	for _, pb := range attach {
		if strings.Contains(pb.b.Label, "Attach") || pb.b.Rect.Min.Y <= first.b.Rect.Max.Y {
			t.Errorf("attachment button %q at %v: short labels, below the historical set-up", pb.b.Label, pb.b.Rect)
		}
		if w, _ := measureBold(pb.b.Label, pb.b.Rect.Dy()); w > float64(pb.b.Rect.Dx()-10) {
			t.Errorf("%q does not fit its button", pb.b.Label)
		}
	}
	// Tab: no unit may act yet; it says what comes first.
	step(t, a, Key(ebiten.KeyTab, false))
	if !strings.Contains(s.Message, "Historical set-up") {
		t.Fatalf("Tab at the set-up: %q", s.Message)
	}
	// Attaching gives nothing up (#11.4: either order): no question, and
	// the historical set-up is still the first button, gilded.
	c := attach[0].b.Rect.Min.Add(attach[0].b.Rect.Size().Div(2))
	step(t, a, Click(c.X, c.Y)...)
	if b.dialog != nil || len(s.Game.Steps) != 1 {
		t.Fatalf("attaching should be done at once: dialog %+v, %d steps", b.dialog, len(s.Game.Steps))
	}
	b.layoutPanel(a)
	first = nil
	for i, pb := range b.panel {
		if pb.act != nil {
			first = &b.panel[i]
			break
		}
	}
	if first == nil || first.act.Choice != "historical" || !first.b.Active {
		t.Fatalf("after attaching, the historical set-up should still come first, gilded: %+v", first)
	}
	// The historical set-up goes at once, without a question; the reserve,
	// attached elsewhere than in 1707, is then deployed on its formation's
	// hexes [4] [6].
	c = first.b.Rect.Min.Add(first.b.Rect.Size().Div(2))
	step(t, a, Click(c.X, c.Y)...)
	if b.dialog != nil || len(s.Game.Steps) != 2 {
		t.Fatal("the historical set-up should need no question")
	}
	for n := 0; n < 4 && !s.Handover; n++ {
		var dep []rules.Action
		for _, act := range s.Legal() {
			if act.Kind == "deploy" {
				dep = append(dep, act)
			}
		}
		if len(dep) == 0 {
			t.Fatalf("nothing left to deploy and no hand-over: %+v", s.View().Status)
		}
		if _, err := s.Do(dep[0]); err != nil {
			t.Fatal(err)
		}
	}
	if !s.Handover {
		t.Fatal("the Allies set up next")
	}
	step(t, a, Key(ebiten.KeyEnter, false))
	b.layoutPanel(a)
	for _, pb := range b.panel {
		if pb.act != nil && pb.act.Choice == "historical" {
			c = pb.b.Rect.Min.Add(pb.b.Rect.Size().Div(2))
		}
	}
	step(t, a, Click(c.X, c.Y)...)
	if s.Handover {
		step(t, a, Key(ebiten.KeyEnter, false))
	}
	step(t, a, Key(ebiten.KeyTab, false))
	if s.Selected == "" {
		t.Fatalf("Tab after the set-up selects nothing: %q, %+v", s.Message, s.View().Status)
	}
}

// measureBold measures a button label as DrawButton sizes it.
func measureBold(s string, h int) (float64, float64) {
	return render.Measure(s, render.Bold(math.Min(15, math.Max(10, float64(h)*0.38))))
}
