package marshals

import (
	"fmt"
	"strings"
	"testing"

	"grognard/rules"
)

// TestRule4_0_DrawnEventChoicesShowTheEventText: a drawn marker's answers
// say what the event does before one is clicked [4.0]: the player's view
// notes the marker's window and effect from scenarios/marshals/events.txt
// (Chargez: in a combat, +1 to the French CP), "keep" says when it may be
// played and what it adds, "return" what it costs; the opponent's view
// says nothing of it.
func TestRule4_0_DrawnEventChoicesShowTheEventText(t *testing.T) {
	s := opsState(t, French)
	s.Cur, s.Drawn = French, "chargez"
	s.Phase, s.Sub = PhEvents, SubDrawn
	note := strings.Join(s.View(French).Notes, " ")
	for _, w := range []string{"Chargez", "in a combat", "+1 to the French CP", "[EV Chargez]"} {
		if !strings.Contains(note, w) {
			t.Errorf("the drawn note %q lacks %q", note, w)
		}
	}
	if strings.Contains(strings.Join(s.View(Allied).Notes, " "), "Chargez") {
		t.Error("the Allied view learns the French drawn marker")
	}
	info := map[string]string{}
	for _, a := range s.Legal() {
		info[a.Choice] = a.Info
	}
	if k := info["keep"]; !strings.Contains(k, "in a combat") || !strings.Contains(k, "+1 to the French CP") {
		t.Errorf("keep says %q", k)
	}
	if r := info["return"]; !strings.Contains(r, "2 VP") || !strings.Contains(r, "Chargez") {
		t.Errorf("return says %q", r)
	}
	// an immediate marker: "play now" says its effect
	s.Drawn = "pluie"
	for _, a := range s.Legal() {
		if a.Kind == "play" && !strings.Contains(a.Info, "ford") {
			t.Errorf("play Pluie now says %q", a.Info)
		}
	}
}

// TestRuleCR6_CommanderChoiceSaysEachEffect: the Allied choice of the
// commander in chief says each candidate's strategic value on the
// initiative [3.0], where he stands and what that gives to command [5.2],
// and the swap on a 6 [CR6].
func TestRuleCR6_CommanderChoiceSaysEachEffect(t *testing.T) {
	g, err := rules.NewGame("marshals-talavera", 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	s := g.State.(*State)
	for s.Sub == SubDecoy {
		play(t, s, s.Legal()[0])
	}
	if s.Sub != SubChoose {
		t.Fatalf("after the decoys: %s", s.Sub)
	}
	seen := map[string]bool{}
	for _, a := range s.Legal() {
		_, d := s.unit(a.Choice)
		if !strings.Contains(a.Info, "SV "+string(rune('0'+d.SV))) || !strings.Contains(a.Info, "[5.2]") || !strings.Contains(a.Info, "6") || !strings.Contains(a.Info, "(at ") {
			t.Errorf("%s: %q", a.Label, a.Info)
		}
		seen[a.Info] = true
	}
	if len(seen) < 2 {
		t.Errorf("the candidates' effects read the same: %v", seen)
	}
}

// TestEV_Initiative_WindowSaysWhatItMeans: the question asked every turn to
// the side without the initiative says what its answer means, and that it
// is the only one when no Initiative marker is held (asked anyway so that
// it reveals nothing) [EV Initiative].
func TestEV_Initiative_WindowSaysWhatItMeans(t *testing.T) {
	s := opsState(t, French)
	s.Initiative = French
	s.openIniWindow()
	s.Hands[Allied] = nil
	acts := s.Legal()
	if len(acts) != 1 || !strings.Contains(acts[0].Info, "no Initiative marker") || !strings.Contains(acts[0].Info, "French keeps the initiative") {
		t.Fatalf("no marker held: %+v", acts)
	}
	s.Hands[Allied] = []string{"initiative"}
	acts = s.Legal()
	if len(acts) != 2 || strings.Contains(acts[0].Info, "no Initiative marker") || !strings.Contains(acts[1].Info, "operate first") {
		t.Fatalf("marker held: %+v", acts)
	}
}

// TestRule7_5_DecoyPromptCountsPlaced: the set-up prompt says how many
// starting decoys are placed of how many [7.5].
func TestRule7_5_DecoyPromptCountsPlaced(t *testing.T) {
	g, err := rules.NewGame("marshals-talavera", 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	s := g.State.(*State)
	total := s.decoysLeft(French)
	play(t, s, s.Legal()[0])
	want := "1 of " + string(rune('0'+total)) + " placed"
	if p := s.Status().Prompt; !strings.Contains(p, want) {
		t.Errorf("prompt %q, want %q", p, want)
	}
}

// TestRule5_2_ActivateSaysCommandOdds: the button that activates a
// composed stack says the command test's chances before the die [5.2]
// (or that no test is needed beside the commander in chief), and the
// chances add up to six faces.
func TestRule5_2_ActivateSaysCommandOdds(t *testing.T) {
	s := opsState(t, French)
	var order rules.Action
	for _, a := range s.Legal() {
		if a.Kind == "order" {
			order = a
			break
		}
	}
	if order.Kind == "" {
		t.Fatal("no stack to activate")
	}
	play(t, s, order)
	for _, a := range s.Legal() {
		if a.Choice != "confirm" {
			continue
		}
		if strings.HasPrefix(a.Info, "No command test") {
			return
		}
		var all, half, none, mp, hmp, mod int
		if _, err := fmt.Sscanf(a.Info, "Command test, one die %d: all %d MP on %d in 6, half (%d MP) on %d in 6, no move on %d in 6", &mod, &mp, &all, &hmp, &half, &none); err != nil {
			t.Fatalf("%q: %v", a.Info, err)
		}
		if all+half+none != 6 {
			t.Errorf("%q: the chances are not six faces", a.Info)
		}
		return
	}
	t.Fatalf("no confirm among %v", keys(s.Legal()))
}
