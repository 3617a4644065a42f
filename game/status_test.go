package game

import (
	"image"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"grognard/render"
	_ "grognard/rules/systems"
)

// ventaSession opens Venta del Pozo with the French seated, at the first
// seed whose opening French hand holds Attack Left, Attack Centre and Fire and Hold (the
// cards these tests play), so the tests do not hang on one seed's deal
// when the deck changes.
func ventaSession(t *testing.T) *Session {
	t.Helper()
	for seed := uint64(1); seed <= 500; seed++ {
		s, err := NewSession("venta-del-pozo", seed, nil)
		if err != nil {
			t.Fatal(err)
		}
		s.TakeSeat()
		has := map[string]bool{}
		for _, a := range s.Legal() {
			if a.Kind == "play" {
				has[a.Choice] = true
			}
		}
		if has["attack-left"] && has["attack-centre"] && has["fire-and-hold"] {
			return s
		}
	}
	t.Fatal("no seed up to 500 deals the French Attack Left, Attack Centre and Fire and Hold")
	return nil
}

func doLegal(t *testing.T, s *Session, pred func(a string, kind, unit, choice string) bool) {
	t.Helper()
	for _, a := range s.Legal() {
		if pred(a.String(), a.Kind, a.Unit, a.Choice) {
			if _, err := s.Do(a); err != nil {
				t.Fatal(err)
			}
			s.TakeSeat()
			return
		}
	}
	t.Fatalf("no such legal action in %v", s.Legal())
}

// TestStatusSaysOnceWhyTheSelectionCannotAct: a unit outside the played
// card's section has no legal action; the status line says why once.
func TestStatusSaysOnceWhyTheSelectionCannotAct(t *testing.T) {
	s := ventaSession(t)
	doLegal(t, s, func(_ string, kind, _, choice string) bool { return kind == "play" && choice == "attack-left" })
	s.Select("f-h3") // the 3e Hussards stand in the centre
	if s.hasActions("f-h3") {
		t.Fatal("the Hussars should have no action under Attack Left")
	}
	got := s.SelectionStatus()
	if !strings.HasPrefix(got, "3e Hussards: ") || !strings.Contains(got, "Attack Left does not reach") {
		t.Errorf("status %q should name the unit and say the card does not reach it", got)
	}
	// A unit the card reaches: its action is in the panel.
	reached := ""
	for _, a := range s.Legal() {
		if a.Kind == "order" {
			reached = a.Unit
		}
	}
	if reached == "" {
		t.Fatal("Attack Left reaches no unit")
	}
	s.Select(reached)
	if got := s.SelectionStatus(); !strings.Contains(got, "side panel") {
		t.Errorf("status for an orderable unit: %q", got)
	}
}

// TestUniformHighlightLabelsMoveToTheStatus: when every destination's
// action says the same words, the map shows no label and the status line
// says them once, with the number of lit places.
func TestUniformHighlightLabelsMoveToTheStatus(t *testing.T) {
	s := ventaSession(t)
	doLegal(t, s, func(_ string, kind, _, choice string) bool { return kind == "play" && choice == "attack-centre" })
	doLegal(t, s, func(_ string, kind, unit, _ string) bool { return kind == "order" && unit == "f-h3" })
	doLegal(t, s, func(_ string, kind, _, _ string) bool { return kind == "end" })
	s.Select("f-h3")
	hs := s.Highlights()
	if len(hs) < 2 {
		t.Fatalf("highlights %v", hs)
	}
	for _, h := range hs {
		if h.Kind == render.HLMove && h.Text != "" {
			t.Errorf("%s keeps the label %q shared by every destination", h.At, h.Text)
		}
	}
	info := ""
	for _, a := range s.Legal() {
		if a.Unit == "f-h3" && a.To != "" {
			info = a.Info
		}
	}
	got := s.SelectionStatus()
	if info == "" || !strings.Contains(got, info) || !strings.Contains(got, "lit places") {
		t.Errorf("status %q should give the number of lit places and the shared %q", got, info)
	}
}

// TestDifferingHighlightLabelsStay: labels that tell places apart stay.
func TestDifferingHighlightLabelsStay(t *testing.T) {
	in := []render.Highlight{{At: "a", Kind: render.HLMove, Text: "1 MP"}, {At: "b", Kind: render.HLMove, Text: "2 MP"},
		{At: "c", Kind: render.HLFire, Text: "3:1"}, {At: "d", Kind: render.HLFire, Text: "3:1"}, {At: "e", Kind: render.HLShock, Text: "odds"}}
	out := dropUniformLabels(append([]render.Highlight(nil), in...))
	want := []string{"1 MP", "2 MP", "", "", "odds"}
	for i, h := range out {
		if h.Text != want[i] {
			t.Errorf("%s: label %q, want %q", h.At, h.Text, want[i])
		}
	}
}

// TestActorMarksShowWhomTheCardOrders: with nothing selected in the order
// step, exactly the hexes of the units the card may order are marked; once
// most units may act, nothing is marked.
func TestActorMarksShowWhomTheCardOrders(t *testing.T) {
	s := ventaSession(t)
	doLegal(t, s, func(_ string, kind, _, choice string) bool { return kind == "play" && choice == "attack-centre" })
	want := map[string]bool{}
	for _, a := range s.Legal() {
		if a.Kind == "order" {
			u, _ := s.Unit(a.Unit)
			want[u.At] = true
		}
	}
	got := map[string]bool{}
	for _, h := range s.ActorMarks() {
		if h.Kind != render.HLOrder {
			t.Errorf("mark at %s of kind %v", h.At, h.Kind)
		}
		got[h.At] = true
	}
	if len(want) < 2 || len(got) != len(want) {
		t.Fatalf("marks %v, want the orderable units' hexes %v", got, want)
	}
	for at := range want {
		if !got[at] {
			t.Errorf("orderable unit at %s not marked", at)
		}
	}
	// Fire and Hold orders up to 4 infantry or artillery anywhere: few
	// French qualify, and the marks follow the card.
	s2 := ventaSession(t)
	doLegal(t, s2, func(_ string, kind, _, choice string) bool { return kind == "play" && choice == "fire-and-hold" })
	for _, h := range s2.ActorMarks() {
		ok := false
		for _, a := range s2.Legal() {
			if u, _ := s2.Unit(a.Unit); a.Unit != "" && u.At == h.At {
				ok = true
			}
		}
		if !ok {
			t.Errorf("%s marked but no unit there may act", h.At)
		}
	}
}

// TestSidePanelShowsTheSelectedUnitsCard: in the movement step the side
// panel has room under its buttons; selecting a unit draws its card there.
func TestSidePanelShowsTheSelectedUnitsCard(t *testing.T) {
	needLoop(t)
	s := ventaSession(t)
	doLegal(t, s, func(_ string, kind, _, choice string) bool { return kind == "play" && choice == "attack-centre" })
	doLegal(t, s, func(_ string, kind, unit, _ string) bool { return kind == "order" && unit == "f-h3" })
	doLegal(t, s, func(_ string, kind, _, _ string) bool { return kind == "end" })
	s.Select("")
	a := &App{w: WindowW, h: WindowH, input: noInput{}}
	b := newBoard(a, s)
	a.scene = b
	var plain, sel *image.RGBA
	var room image.Rectangle
	winApp.Do(func() {
		dst := ebiten.NewImage(WindowW, WindowH)
		defer dst.Deallocate()
		b.draw(a, dst)
		plain = pixels(dst)
		room = b.cardRect
		s.Select("f-h3")
		b.draw(a, dst)
		sel = pixels(dst)
	})
	if room.Dy() < 150 {
		t.Fatalf("the side panel leaves only %v under its buttons", room)
	}
	changed, total := 0, 0
	for y := room.Min.Y; y < room.Max.Y; y++ {
		for x := room.Min.X; x < room.Max.X; x++ {
			total++
			i := plain.PixOffset(x, y)
			if plain.Pix[i] != sel.Pix[i] || plain.Pix[i+1] != sel.Pix[i+1] || plain.Pix[i+2] != sel.Pix[i+2] {
				changed++
			}
		}
	}
	if changed*2 < total {
		t.Errorf("selecting a unit changed %d of %d pixels of the panel's free room: no card there", changed, total)
	}
}
