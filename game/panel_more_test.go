package game

import (
	"strings"
	"testing"

	"grognard/rules"
)

// talaveraAlliedOpWithManyPlays plays random legal games of Talavera
// (keeping every drawn event) until the Allied player chooses an
// operation [5.0] with Guerilla [EV Guerilla] and Redoute [EV Redoute]
// plays offered, and opens it in the window's scene with the seat taken.
func talaveraAlliedOpWithManyPlays(t *testing.T) (*Session, *BoardScene) {
	t.Helper()
	for seed := uint64(1); seed <= 20; seed++ {
		g, err := rules.NewGame("marshals-talavera", seed, nil)
		if err != nil {
			t.Fatal(err)
		}
		for n := 0; n < 2000 && !g.State.Result().Over; n++ {
			st := g.State.Status()
			if st.Decider == rules.Chance {
				if _, err := g.ApplyOne(g.State.Chances()[n%len(g.State.Chances())].Action); err != nil {
					t.Fatal(err)
				}
				continue
			}
			legal := g.State.Legal()
			gue, red := 0, 0
			for _, a := range legal {
				switch a.Choice {
				case "guerilla":
					gue++
				case "redoute":
					red++
				}
			}
			if gue > 0 && red > 1 && strings.HasPrefix(st.SubPhase, "choose an operation") {
				return marshalsPanel(t, g)
			}
			pick := legal[(n*7)%len(legal)]
			for _, a := range legal {
				if a.Choice == "keep" {
					pick = a
				}
			}
			if _, err := g.ApplyOne(pick); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Fatal("no Allied operation with Guerilla and Redoute plays met")
	return nil, nil
}

// laidOut counts the panel's action buttons whose action passes pred.
func laidOut(b *BoardScene, pred func(rules.Action) bool) int {
	n := 0
	for _, pb := range b.panel {
		if pb.act != nil && !pb.isCard && pred(*pb.act) {
			n++
		}
	}
	return n
}

func isActivation(a rules.Action) bool { return a.Kind == "order" && a.Rule == "5.2" }

// TestRule5_2_ActivationsNotPushedOutByRedoutePlays: the Allied player
// holding Guerilla and Redoute saw six "Play Redoute on <division>" [EV
// Redoute] and one "Activate a stack at Béjar" [5.2] above "100 more
// actions: select a unit or use Tab"; the plays of an event offered
// several times now come after the activations, which fill the panel.
func TestRule5_2_ActivationsNotPushedOutByRedoutePlays(t *testing.T) {
	s, b := talaveraAlliedOpWithManyPlays(t)
	acts := s.PanelActions()
	lastOrder, firstPlay := -1, len(acts)
	for i, a := range acts {
		if isActivation(a) {
			lastOrder = i
		}
		if a.Kind == "play" && (a.Choice == "redoute" || a.Choice == "guerilla") && i < firstPlay {
			firstPlay = i
		}
	}
	if lastOrder < 0 || lastOrder > firstPlay {
		t.Errorf("an activation at %d comes after the first play at %d", lastOrder, firstPlay)
	}
	if n := laidOut(b, isActivation); n < 4 {
		t.Errorf("%d activations laid out in the panel", n)
	}
}

// TestMoreActionsRowShowsTheNextOnes: the "N more actions" row said
// "select a unit or use Tab" and did nothing when clicked; the plays of
// Guerilla at an empty zone [EV Guerilla] could not be reached at all.
// The row now says what it hides and a click on it lays out the next
// actions; clicking on, every action of the panel is laid out in turn.
func TestMoreActionsRowShowsTheNextOnes(t *testing.T) {
	s, b := talaveraAlliedOpWithManyPlays(t)
	a, _ := scriptedApp(t, s)
	b.layoutPanel(a)
	more := func() *panelButton {
		for i := range b.panel {
			if strings.Contains(b.panel[i].b.Label, " more ") && b.panel[i].act == nil {
				return &b.panel[i]
			}
		}
		return nil
	}
	m := more()
	if m == nil {
		t.Fatal("no more row")
	}
	if !strings.Contains(m.b.Label, "click") || !strings.Contains(m.b.Label+m.b.Sub, "Play Guerilla") && !strings.Contains(m.b.Label+m.b.Sub, "Activate a stack") || m.cmd == nil || !m.b.Enabled {
		t.Fatalf("the more row: %q / %q (enabled %v)", m.b.Label, m.b.Sub, m.b.Enabled)
	}
	if m.b.Sub != "" && m.b.Rect.Dy() < 30 {
		t.Errorf("a second line on a row %d px high: %q", m.b.Rect.Dy(), m.b.Sub)
	}
	if m.b.Rect.Max.Y > b.logRect(a).Min.Y {
		t.Errorf("the more row ends at %d, under the log's top at %d", m.b.Rect.Max.Y, b.logRect(a).Min.Y)
	}
	seen := map[string]bool{}
	want := map[string]bool{}
	for _, act := range s.PanelActions() {
		want[act.Key()] = true
	}
	for page := 0; page < 60 && len(seen) < len(want); page++ {
		for _, pb := range b.panel {
			if pb.act != nil {
				seen[pb.act.Key()] = true
			}
		}
		m := more()
		if m == nil || m.cmd == nil {
			t.Fatalf("page %d: no more row to click", page)
		}
		key := b.sideKey(-1)
		m.cmd(a)
		if b.sideKey(-1) == key {
			t.Fatal("the panel's cached image keeps its key when the page turns: it is not drawn again")
		}
		b.layoutPanel(a)
	}
	for k := range want {
		if !seen[k] {
			t.Errorf("%s never laid out", k)
		}
	}
	// the page goes back to the first once the game moves on
	if b.moreSkip == 0 {
		t.Fatal("the pages did not turn")
	}
	if _, err := s.Do(s.PanelActions()[0]); err != nil {
		t.Fatal(err)
	}
	b.layoutPanel(a)
	if b.moreSkip != 0 {
		t.Errorf("the panel stays on page %d after an action", b.moreSkip)
	}
}

// TestRule5_2_SelectedStackActivationFirst: with twenty stacks to
// activate [5.2], the stack of the counter selected on the map has its
// "Activate a stack at ..." first in the panel.
func TestRule5_2_SelectedStackActivationFirst(t *testing.T) {
	s, b := talaveraAlliedOpWithManyPlays(t)
	var last rules.Action
	for _, act := range s.PanelActions() {
		if isActivation(act) {
			last = act
		}
	}
	for _, u := range s.View().Units {
		if u.At == last.To && u.Side == s.Viewer {
			s.Selected = u.ID
			break
		}
	}
	if s.Selected == "" {
		t.Fatalf("no counter at %s", last.To)
	}
	if got := s.PanelActions()[0]; got.Key() != last.Key() {
		t.Errorf("%s selected: the panel begins with %q", s.Selected, got.Label)
	}
	a, _ := scriptedApp(t, s)
	b.layoutPanel(a)
	if laidOut(b, func(x rules.Action) bool { return x.Key() == last.Key() }) != 1 {
		t.Errorf("%q is not laid out", last.Label)
	}
}

// TestRule5_4_3_HeadUnitsTurnByTheMoreRow: the French choose their head
// unit [5.4.3] among some fifteen divisions laid out two to a row under
// "Head unit:…"; five did not fit and the row said "5 more actions:
// select a unit or use Tab" (with its second line drawn over the log).
// The row now turns the group's choices, each head unit is laid out in
// turn, and no choice is laid beside the heading.
func TestRule5_4_3_HeadUnitsTurnByTheMoreRow(t *testing.T) {
	for seed := uint64(1); seed <= 12; seed++ {
		s := talaveraForcedPassage(t, seed)
		for n := 0; n < 30; n++ {
			st := s.Game.State.Status()
			if st.Phase != "C - Operations" || strings.HasPrefix(st.SubPhase, "choose an operation") {
				break
			}
			passSeat(s)
			want := map[string]bool{}
			for _, a := range s.Legal() {
				if a.Choice == "head" {
					want[a.Key()] = true
				}
			}
			if len(want) < 12 {
				if _, err := combatStep(s); err != nil {
					t.Fatal(err)
				}
				continue
			}
			s.Selected = ""
			a, b := scriptedApp(t, s)
			b.layoutPanel(a)
			seen := map[string]bool{}
			turns := 0
			for page := 0; page < 20 && len(seen) < len(want); page++ {
				var more *panelButton
				for i, pb := range b.panel {
					if pb.act != nil {
						seen[pb.act.Key()] = true
					}
					if pb.act == nil && strings.Contains(pb.b.Label, " more ") {
						more = &b.panel[i]
					}
					if pb.heading && i+1 < len(b.panel) && b.panel[i+1].b.Rect.Min.Y < pb.b.Rect.Max.Y {
						t.Errorf("page %d: %q laid beside the heading", page, b.panel[i+1].b.Label)
					}
				}
				if len(seen) == len(want) {
					break
				}
				if more == nil || more.cmd == nil {
					t.Fatalf("page %d: %d of %d head units laid out and no row to turn (%v)", page, len(seen), len(want), more)
				}
				if more.b.Sub != "" && more.b.Rect.Dy() < 30 {
					t.Errorf("a second line on a row %d px high", more.b.Rect.Dy())
				}
				more.cmd(a)
				b.layoutPanel(a)
				turns++
			}
			if turns == 0 {
				t.Fatalf("all %d head units fit on one page: the case is not the crowded one", len(want))
			}
			for k := range want {
				if !seen[k] {
					t.Errorf("%s never laid out", k)
				}
			}
			return
		}
	}
	t.Fatal("no stack with 12 head units or more met")
}
