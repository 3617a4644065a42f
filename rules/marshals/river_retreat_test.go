package marshals

import (
	"strings"
	"testing"

	"grognard/rules"
)

// TestRule7_7_RiverRetreatLossIsTaken: "for its first connection of retreat
// only, a stack that retreats across a river by any connection suffers an
// additional loss to be attributed freely by the stack's owner" [7.7]. The
// Allied stack beaten at Talavera retreats along its axis across the Tagus to
// Almaraz: the loss is taken from that stack (Hill or Payne, the owner's
// choice, never the Spanish already at Almaraz), not dropped.
func TestRule7_7_RiverRetreatLossIsTaken(t *testing.T) {
	s := opsState(t, Allied)
	for _, id := range []string{"fr-ruffin", "fr-villatte", "fr-latour", "fr-victor"} {
		s.Units[s.idx(id)].At = "talavera"
	}
	for _, id := range []string{"al-hill", "al-payne"} {
		s.Units[s.idx(id)].At = "talavera"
	}
	tagus := s.sc.Graph.ConnIndex("talavera", "almaraz", "road")
	if tagus < 0 || !s.sc.Graph.Conns[tagus].River {
		t.Fatal("the fixture's Talavera-Almaraz road should cross the Tagus")
	}
	s.setAxes("talavera", [2]int{s.sc.Graph.ConnIndex("talavera", "santa-olalla", "road"), tagus})
	play(t, s, find(t, s, "choose", "", "talavera", "combat"))
	play(t, s, find(t, s, "end", "", "", "confirm"))
	play(t, s, find(t, s, "end", "", "", "no"))
	play(t, s, find(t, s, "end", "", "", "no"))
	play(t, s, find(t, s, "choose", "al-hill", "", "head"))
	play(t, s, find(t, s, "choose", "fr-ruffin", "", "head"))
	for s.Sub != SubCP {
		if s.decider() == rules.Chance {
			draw(t, s, "hits=0")
			continue
		}
		play(t, s, find(t, s, "end", "", "", "no"))
	}
	roll(t, s, 1, 6)
	if s.Combat.Winner != French {
		t.Fatalf("the French should win: %+v", s.Combat)
	}
	for s.Sub != SubRetreat && s.Combat.Path == nil {
		switch s.Sub {
		case SubLoss:
			a := s.Legal()[0]
			for _, b := range s.Legal() {
				if b.Unit == "al-payne" && b.Choice == "loss" {
					a = b // keep Hill in the stack
				}
			}
			play(t, s, a)
		default:
			play(t, s, find(t, s, "end", "", "", "no"))
		}
	}
	if unitAt(s, "al-hill") != "almaraz" {
		t.Fatalf("the first retreat step follows the axis across the Tagus: Hill at %s (sub %s)", unitAt(s, "al-hill"), s.Sub)
	}
	if s.Sub != SubLoss || s.decider() != rules.Side(Allied) {
		t.Fatalf("the river loss should wait for the Allied choice, at %s (decider %v)", s.Sub, s.decider())
	}
	opts := map[string]bool{}
	for _, a := range s.Legal() {
		opts[a.Unit] = true
		if a.Rule != "7.7" {
			t.Errorf("the option %q should cite [7.7]", a.Label)
		}
	}
	if !opts["al-hill"] || !opts["al-payne"] || len(opts) != 2 {
		t.Fatalf("the loss is attributed freely within the retreating stack: %v", keys(s.Legal()))
	}
	bp, _ := s.unit("al-payne")
	before := *bp // a copy: Apply works in place, the pointer would follow it
	evs := play(t, s, find(t, s, "choose", "al-payne", "", "loss"))
	after, _ := s.unit("al-payne")
	if after.Losses != before.Losses+1 {
		t.Fatalf("Payne's losses %d -> %d: the [7.7] loss was not taken: %+v", before.Losses, after.Losses, evs)
	}
	logged := false
	for _, e := range evs {
		logged = logged || e.Rule == "7.7" && strings.Contains(e.Text, "Payne")
	}
	if !logged {
		t.Errorf("the log should say Payne took the [7.7] loss: %+v", evs)
	}
}
