package game

import (
	"image"
	"slices"
	"strings"
	"testing"

	"grognard/render"
	"grognard/rules"
)

// TestRule3_3_CommanderClickedIn22SaysWhenItMoves (newcomer issue #18
// point 5): an activated brigade commander clicked in subphase 2.2 read
// "Werlé: no: its commander is not activated [4.4]", wrong and with the
// engine's "no:" after the name. It says when it moves, in words.
func TestRule3_3_CommanderClickedIn22SaysWhenItMoves(t *testing.T) {
	s := albueraOpening(t, 1)
	g := s.Game
	for step := 0; step < 50 && !strings.HasPrefix(g.State.Status().Phase, "2.2"); step++ {
		if g.State.Status().Decider == rules.Chance {
			if _, err := g.ResolveChance(); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if _, err := g.Apply(g.State.Legal()[0]); err != nil {
			t.Fatal(err)
		}
	}
	s.afterChange()
	s.TakeSeat()
	d := g.State.Status().Decider
	id, name := "", ""
	for _, u := range s.View().Units {
		if u.Side == d && (u.Type == "commander" || u.Type == "leader") && slices.Contains(u.Markers, "activated") {
			id, name = u.ID, u.Name
		}
	}
	if id == "" {
		t.Fatalf("no activated commander of the side deciding in %q", g.State.Status().Phase)
	}
	s.Select(id)
	got := s.SelectionStatus()
	want := name + ": commanders move in subphase 2.3, after the units [3.3]"
	if got != want {
		t.Errorf("the strip reads %q, want %q", got, want)
	}
}

// TestRule13_1_HandoverNamesTheReaction (newcomer issue #18 point 5): in
// the French movement the seat passed to the Allies for the KGL's
// reaction [13.1] under a banner reading only "Allied has the move: 2.2
// Movement, fire, charges, counterattacks". The banner names the decision
// ("... reacts to ... [13.1]"); a banner too narrow for it says it in its
// second line.
func TestRule13_1_HandoverNamesTheReaction(t *testing.T) {
	s := albueraOpening(t, 3)
	g := s.Game
	ok, err := albueraMarch(g, func(_ rules.Status, legal []rules.Action) bool {
		for _, a := range legal {
			if strings.HasPrefix(a.Choice, "react:") {
				return true
			}
		}
		return false
	}, 4000)
	if err != nil || !ok {
		t.Fatalf("no reaction reached: %v", err)
	}
	st := g.State.Status()
	if st.Decider == st.Active || st.Decider < 0 {
		t.Fatalf("the reaction is not the other side's: %+v", st)
	}
	s.Handovers, s.Holder, s.Viewer = true, st.Active, st.Active
	s.afterChange()
	if !s.Handover || s.Seat != st.Decider {
		t.Fatalf("no hand-over to the reacting side: handover %v seat %d", s.Handover, s.Seat)
	}
	seat, prev := s.SideName(st.Decider), s.SideName(st.Active)
	b := boardOver(s, image.Rect(0, 0, 1000, 600), 1)
	title, sub := b.handoverText(seat, prev, st, 868) // the banner's text width at 1280x720
	if !strings.HasPrefix(title, seat+" has the move: ") || !strings.Contains(title, " reacts to ") || !strings.HasSuffix(title, "[13.1]") {
		t.Errorf("the hand-over reads %q, %q", title, sub)
	}
	if strings.Contains(title, "decides:") {
		t.Errorf("the hand-over's title keeps the prompt's subject: %q", title)
	}
	title, sub = b.handoverText(seat, prev, st, 300)
	if title != seat+" has the move: "+st.Phase || !strings.HasPrefix(sub, "To decide: ") || !strings.Contains(sub, " reacts to ") {
		t.Errorf("a narrow banner reads %q, %q", title, sub)
	}
}

// TestRule13_1_MenuOptionSaysTheReactionItSetsOff (newcomer issue #18
// point 5): a battalion's move and its stack's shared a hex in front of
// the KGL; the popup menu offered "1er bataillon, 55e Ligne to 1705 (1
// MP)" over "[12.1]" alone, though the move stopped there for the KGL's
// check to react [13.1]. The option says what it sets off, as the hex's
// hover does, and is not cut.
func TestRule13_1_MenuOptionSaysTheReactionItSetsOff(t *testing.T) {
	s := albueraOpening(t, 3)
	g := s.Game
	var move rules.Action
	ok, err := albueraMarch(g, func(st rules.Status, legal []rules.Action) bool {
		if st.Turn < 2 {
			return false
		}
		for _, a := range legal {
			if a.Kind != "move" || a.To == "" || len(a.Units) > 0 {
				continue
			}
			c := g.Clone()
			if _, err := c.Apply(a); err != nil {
				continue
			}
			if c.State.Status().Decider != st.Decider {
				move = a
				return true
			}
		}
		return false
	}, 4000)
	if err != nil || !ok {
		t.Fatalf("no move setting off the other side's decision reached: %v", err)
	}
	s.afterChange()
	s.TakeSeat()
	s.Menu = s.TargetActions(move.To)
	b := &BoardScene{S: s}
	sub := b.menuSub(move)
	if !strings.Contains(sub, "then ") {
		t.Errorf("the option %q says nothing of what follows: %q", move.Label, sub)
	}
	if w := b.menuWidth(); !render.ButtonSubFits(sub, w, 34) {
		t.Errorf("the option's second row is cut at %d px: %q", w, sub)
	}
	t.Logf("%s / %s", move.Label, sub)
	hov := strings.Join(s.HoverText(move.To), "\n")
	_, then, _ := strings.Cut(sub, "then ")
	if !strings.Contains(hov, strings.TrimPrefix(then, "a die: ")) {
		t.Errorf("the menu says %q, the hover does not:\n%s", then, hov)
	}
}

// TestRule12_13_LitHexGivesTheUnitsOwnCostFirst (newcomer issue #18 point
// 5): a hex where a selected battalion and its stack [12.13] may both go
// read "stack / …", the stack's move having no cost in its label, and the
// battalion's own cost ("2 MP back") was lost. The label gives the
// selected unit's own move first.
func TestRule12_13_LitHexGivesTheUnitsOwnCostFirst(t *testing.T) {
	s := albueraOpening(t, 3)
	g := s.Game
	checked := 0
	for step := 0; step < 3000 && checked < 20 && !g.State.Result().Over; step++ {
		st := g.State.Status()
		if st.Decider == rules.Chance {
			if _, err := g.ResolveChance(); err != nil {
				t.Fatal(err)
			}
			continue
		}
		legal := g.State.Legal()
		// a unit of a stack with a move of its own and the stack's to
		// the same hex
	find:
		for _, a := range legal {
			if a.Kind != "move" || a.To == "" || len(a.Units) == 0 {
				continue
			}
			for _, id := range append([]string{a.Unit}, a.Units...) {
				var own *rules.Action
				for i, b := range legal {
					if b.Kind == "move" && b.Unit == id && b.To == a.To && len(b.Units) == 0 {
						own = &legal[i]
					}
				}
				if own == nil || hexWords(*own) == "" || hexWords(*own) == hexWords(a) {
					continue
				}
				s.afterChange()
				s.TakeSeat()
				s.Select(id)
				for _, h := range s.Highlights() {
					if h.At == a.To && h.Text != "" && !strings.HasPrefix(h.Text, hexWords(*own)) {
						t.Errorf("%s at %s: the lit hex reads %q, not first its own %q (%s)", id, a.To, h.Text, hexWords(*own), own.Label)
					}
				}
				checked++
				break find
			}
		}
		if _, err := g.Apply(albueraBest(g.State.View(st.Decider), legal)); err != nil {
			t.Fatal(err)
		}
	}
	if checked == 0 {
		t.Fatal("no hex shared by a battalion's move and its stack's met")
	}
}

// TestRule15_11_4_ReturnOffersCompassFacings (newcomer issue #18 point 5):
// a routed battalion coming back from the Turn track [15.11.4] was offered,
// on a click of a lit hex, "returns at 1904 facing 0" ... "facing 5": six
// numbers. The options name the facing as the compass direction the card
// uses ("facing north-east"), each a different one.
func TestRule15_11_4_ReturnOffersCompassFacings(t *testing.T) {
	s := albueraOpening(t, 3)
	g := s.Game
	ok, err := albueraMarch(g, func(_ rules.Status, legal []rules.Action) bool {
		for _, a := range legal {
			if a.Choice == "return" {
				return true
			}
		}
		return false
	}, 6000)
	if err != nil || !ok {
		t.Fatalf("no return from the Turn track reached: %v", err)
	}
	s.afterChange()
	s.TakeSeat()
	byHex := map[string][]string{}
	for _, a := range s.Legal() {
		if a.Choice != "return" {
			continue
		}
		_, f, found := strings.Cut(a.Label, " facing ")
		f = strings.TrimSpace(f)
		if !found || !slices.Contains([]string{"north", "north-east", "east", "south-east", "south", "south-west", "west", "north-west"}, f) {
			t.Errorf("the option %q does not name a compass facing", a.Label)
		}
		byHex[a.To] = append(byHex[a.To], f)
	}
	for h, fs := range byHex {
		seen := map[string]bool{}
		for _, f := range fs {
			if seen[f] {
				t.Errorf("two options at %s both read facing %s: %v", h, f, fs)
			}
			seen[f] = true
		}
	}
	if len(byHex) == 0 {
		t.Fatal("no return option")
	}
}

// TestRule15_8_VictorsFacingNamedByCompass (newcomer issue #18 point 5):
// the facing of a Clash's victor [15.8] was offered as "... faces 0" to
// "faces 5". Each option names its compass direction.
func TestRule15_8_VictorsFacingNamedByCompass(t *testing.T) {
	s := albueraOpening(t, 3)
	ok, err := albueraMarch(s.Game, func(_ rules.Status, legal []rules.Action) bool {
		for _, a := range legal {
			if a.Choice == "victor" {
				return true
			}
		}
		return false
	}, 8000)
	if err != nil || !ok {
		t.Fatalf("no victor's facing reached: %v", err)
	}
	n := 0
	for _, a := range s.Game.State.Legal() {
		if a.Choice != "victor" {
			continue
		}
		_, f, _ := strings.Cut(a.Label, " faces ")
		if !slices.Contains([]string{"north", "north-east", "east", "south-east", "south", "south-west", "west", "north-west"}, strings.TrimSpace(f)) {
			t.Errorf("the option %q does not name a compass facing", a.Label)
		}
		n++
	}
	if n == 0 {
		t.Fatal("no facing option")
	}
}
