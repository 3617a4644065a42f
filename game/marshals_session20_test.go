package game

import (
	"strings"
	"testing"

	"grognard/render"
	"grognard/rules"
)

// marshalsTo plays scenario with seed outside any window (first legal
// action, first chance outcome) until until says stop; it fails the test
// after 600 steps.
func marshalsTo(t *testing.T, scenario string, until func(st rules.Status) bool) *rules.Game {
	t.Helper()
	g, err := rules.NewGame(scenario, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	for n := 0; ; n++ {
		st := g.State.Status()
		if until(st) {
			return g
		}
		if n > 600 {
			t.Fatalf("%s: not reached after %d steps: %+v", scenario, n, st)
		}
		if st.Decider == rules.Chance {
			if _, err := g.ApplyOne(g.State.Chances()[0].Action); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if _, err := g.ApplyOne(g.State.Legal()[0]); err != nil {
			t.Fatal(err)
		}
	}
}

// marshalsPanel opens g in the window's scene at 1280x720 (no display
// needed) with the seat taken, and lays out its side panel.
func marshalsPanel(t *testing.T, g *rules.Game) (*Session, *BoardScene) {
	t.Helper()
	t.Setenv("GROGNARD_HOME", t.TempDir())
	s, err := SessionFor(g)
	if err != nil {
		t.Fatal(err)
	}
	s.TakeSeat()
	a, b := scriptedApp(t, s)
	b.layoutPanel(a)
	return s, b
}

// TestPanelOnlyDecisionNamesItsButton: before the event draw [4.0] the
// only thing to do is the panel's "Go to the event draw" button; the side
// panel's free room names that button (and Space) instead of "Select a
// unit ... Tab selects the next one", which sent a newcomer looking for a
// counter (Session 20); with several buttons (the initiative window of
// Three Armies, the drawn event) it says to click one of them.
func TestPanelOnlyDecisionNamesItsButton(t *testing.T) {
	g := marshalsTo(t, "marshals-talavera", func(st rules.Status) bool { return strings.HasPrefix(st.SubPhase, "before the draw") })
	s, b := marshalsPanel(t, g)
	if !s.panelDecision() {
		t.Fatalf("before the draw is not a panel decision: %v", s.Legal())
	}
	got := strings.Join(b.idleCardLines(), " ")
	if !strings.Contains(got, `"Go to the event draw`) || !strings.Contains(got, "Space") || strings.Contains(got, "Tab") || strings.Contains(got, "Select a unit") {
		t.Errorf("the panel says %q", got)
	}
	g = marshalsTo(t, "marshals-talavera", func(st rules.Status) bool { return strings.HasPrefix(st.SubPhase, "the event drawn") })
	_, b = marshalsPanel(t, g)
	if got := strings.Join(b.idleCardLines(), " "); !strings.Contains(got, "one of the 2 buttons above") {
		t.Errorf("at the drawn event the panel says %q", got)
	}
}

// TestInitiativeQuestionSecondLineWhole: the initiative question [EV
// Initiative] asked of a side without the marker has one button whose
// second line ("You hold no Initiative marker, so this is your only
// answer (asked every turn so that it reveals nothing): French keeps the
// initiative and operates first") was cut with "…"; it is now wrapped
// whole on a taller button, and so are the commander-in-chief [CR6] and
// drawn-event [4.0] choices' second lines.
func TestInitiativeQuestionSecondLineWhole(t *testing.T) {
	for _, want := range []string{"play Initiative?", "choose the commander in chief", "the event drawn"} {
		g := marshalsTo(t, "marshals-talavera", func(st rules.Status) bool { return strings.HasPrefix(st.SubPhase, want) })
		_, b := marshalsPanel(t, g)
		n := 0
		for _, pb := range b.panel {
			if pb.act == nil || pb.isCard || pb.b.Sub == "" {
				continue
			}
			n++
			r := pb.b.Rect
			if render.ButtonSubFits(pb.b.Sub, r.Dx(), pb.b.Base) {
				continue
			}
			if !pb.wrapSub {
				t.Errorf("%s: %q's second line is cut on one line: %q", want, pb.b.Label, pb.b.Sub)
				continue
			}
			lines := render.SubLines(pb.b.Sub, r.Dx(), pb.b.Base)
			joined := strings.Join(lines, " ")
			if len(lines) < render.SubWrapMax && (strings.Contains(joined, "…") || joined != pb.b.Sub) {
				t.Errorf("%s: %q wrapped as %q, want %q whole", want, pb.b.Label, lines, pb.b.Sub)
			}
			if h := render.ButtonHeightSubWrapped(pb.b.Label, pb.b.Sub, r.Dx(), pb.b.Base); r.Dy() < h {
				t.Errorf("%s: %q is %d px high, its wrapped words need %d", want, pb.b.Label, r.Dy(), h)
			}
			if want == "play Initiative?" && !strings.Contains(joined, "keeps the initiative and operates first") {
				t.Errorf("the initiative button says %q", joined)
			}
		}
		if n == 0 {
			t.Errorf("%s: no choice button laid out", want)
		}
	}
}

// TestRule7_5_AlliedDecoyCardUnderTheHand: the Allied player places six
// starting decoys [7.5] holding two event markers; the markers filled the
// side panel and the decoy's card ("Starting decoy 1 of 6", what to do)
// was not drawn at all. The held markers now shrink so the selected
// counter's card keeps its room (board.go draws it from 96 px).
func TestRule7_5_AlliedDecoyCardUnderTheHand(t *testing.T) {
	g := marshalsTo(t, "marshals-talavera", func(st rules.Status) bool {
		return strings.HasPrefix(st.SubPhase, "place a starting decoy") && st.Decider == 1
	})
	s, b := marshalsPanel(t, g)
	if len(s.View().Hand) < 2 {
		t.Fatalf("the Allied hold %d markers: the case is not the crowded one", len(s.View().Hand))
	}
	if s.Selected == "" {
		t.Fatal("no decoy selected")
	}
	if b.cardRect.Dy() < 96 {
		t.Errorf("the selected decoy's card has %d px (drawn from 96)", b.cardRect.Dy())
	}
}

// TestRule5_1_ActivateStackAsksNothing: confirming the stack to activate
// [5.1] [5.2] forfeits nothing; the question "19 units that may still act
// have not acted (King Joseph, ...). Activate this stack?" read as if the
// units activated would stay idle, and is no longer asked.
func TestRule5_1_ActivateStackAsksNothing(t *testing.T) {
	s := bargasActivated(t, 1, false)
	confirm := legalWhere(t, s, "confirm", func(a rules.Action) bool { return a.Choice == "confirm" })
	if len(s.IdleUnits()) == 0 {
		t.Fatal("no unit of the stack listed: the case is not the one seen")
	}
	if w := s.EndWarning(confirm); w != "" {
		t.Errorf("confirming the stack asks %q", w)
	}
}

// TestRule5_3_MoveMenuSaysWhatFollows: at Torrijos (the Spanish army) the
// road move and the move in battle order [5.3.4] are offered side by side;
// each says on hover what follows it: the road move's fatigue draw and the
// forced passage or stop [5.3.2] [5.3.3], the battle order's contact
// without fatigue; a move into an empty zone its fatigue draw.
func TestRule5_3_MoveMenuSaysWhatFollows(t *testing.T) {
	s := bargasActivated(t, 1, true)
	if _, err := s.ClickLoc("torrijos"); err != nil || len(s.Menu) != 2 {
		t.Fatalf("menu %v (%v)", s.Menu, err)
	}
	for _, a := range s.Menu {
		got := strings.Join(s.moveWhatLines([]rules.Action{a}), " ")
		want := "forces a passage"
		if strings.HasPrefix(a.Choice, "bo:") {
			want = "without any fatigue draw"
		}
		if !strings.Contains(got, want) || !strings.Contains(got, "[5.3") {
			t.Errorf("%q explains %q, want %q", a.Label, got, want)
		}
	}
	s.closeMenu()
	for _, a := range s.Legal() {
		if a.Kind == "move" && a.Rule == "5.3" && !s.enemyAt(a.To) {
			if got := strings.Join(s.HoverText(a.To), " "); !strings.Contains(got, "fatigue markers") {
				t.Errorf("the hover of %s says %q", a.To, got)
			}
			break
		}
	}
}

// TestRule5_4_3_HeadUnitButtonsInPanel: the head unit of a combat [5.4.3]
// is chosen among the counters of a stack of up to 24, opened in a ring
// under their markers, with nothing lit and nothing in the panel; each
// candidate is now a named button of the side panel ("Head unit: Ruffin
// (morale 4)"), and the panel and the status strip say to click one.
func TestRule5_4_3_HeadUnitButtonsInPanel(t *testing.T) {
	s := talaveraAtForceQuestion(t, 1) // marshals_torrijos_test.go
	_, _ = s.Do(legalWhere(t, s, "force the passage", func(a rules.Action) bool { return a.Choice == "force" }))
	for n := 0; !strings.HasPrefix(s.Game.State.Status().SubPhase, "head unit"); n++ {
		if n > 20 {
			t.Fatalf("no head unit to choose: %+v", s.Game.State.Status())
		}
		if _, err := combatStep(s); err != nil {
			t.Fatal(err)
		}
	}
	for side := 0; side < 2; side++ {
		passSeat(s)
		heads := 0
		for _, a := range s.Legal() {
			if a.Choice == "head" {
				heads++
			}
		}
		inPanel := 0
		for _, a := range s.PanelActions() {
			if a.Choice == "head" {
				inPanel++
			}
		}
		if heads < 1 || inPanel != heads {
			t.Fatalf("side %d: %d head units offered, %d in the panel", s.Decider(), heads, inPanel)
		}
		a, b := scriptedApp(t, s)
		b.layoutPanel(a)
		buttons := 0
		for _, pb := range b.panel {
			if pb.act != nil && pb.act.Choice == "head" && strings.Contains(pb.act.Label, pb.b.Label) {
				buttons++
			}
		}
		if buttons != heads {
			t.Errorf("side %d: %d head-unit buttons laid out, want %d", s.Decider(), buttons, heads)
		}
		if got := strings.Join(b.idleCardLines(), " "); s.Selected == "" && !strings.Contains(got, "button") {
			t.Errorf("side %d: the panel says %q", s.Decider(), got)
		}
		if _, err := s.Do(s.Legal()[0]); err != nil {
			t.Fatal(err)
		}
	}
}

// TestStackOpensWithItsZoneName: a click on a stack opens it with "19
// units in Bargas: click one", the zone's name, not its id "bargas".
func TestStackOpensWithItsZoneName(t *testing.T) {
	s := marshalsSeated(t, 1)
	a, b := scriptedApp(t, s)
	clickAt(t, a, b, "bargas")
	if !strings.Contains(s.Message, "units in Bargas: click one") {
		t.Errorf("status %q", s.Message)
	}
}

// TestActivateStackSubCitesItsRuleOnce: the "Activate this stack" button's
// second line is its Info ending "[5.2]"; the rule was appended again
// ("all 4 MP [5.2] [5.2]").
func TestActivateStackSubCitesItsRuleOnce(t *testing.T) {
	s := bargasActivated(t, 1, false)
	confirm := legalWhere(t, s, "confirm", func(a rules.Action) bool { return a.Choice == "confirm" })
	if sub := ruleSub(confirm); strings.Count(sub, "[5.2]") != 1 {
		t.Errorf("the button's second line %q", sub)
	}
}

// TestHeldCardPlayableNowNotCannot: a held marker playable now through
// the buttons below or a unit on the map read "Cannot be played: playable
// now: choose how with the buttons below"; it now says the advice alone,
// and a marker that really cannot be played keeps "Cannot be played".
func TestHeldCardPlayableNowNotCannot(t *testing.T) {
	if got := render.WhyLine("playable now: choose how with the buttons below"); got != "Playable now: choose how with the buttons below" {
		t.Errorf("got %q", got)
	}
	if got := render.WhyLine("its moment is at the start of your operation [EV Guérilla]"); !strings.HasPrefix(got, "Cannot be played: its moment") {
		t.Errorf("got %q", got)
	}
}

// TestRule5_3_1_RetraiteButtonSaysWhatItIsFor: the Allied player placing
// his Retraite marker [5.3.1] saw "Retraite marker toward Santa Olalla"
// and nothing about what it is for; the button's hover says it is the
// stack's line of retreat after a lost combat and that a stack without
// one fights at -2 CP.
func TestRule5_3_1_RetraiteButtonSaysWhatItIsFor(t *testing.T) {
	s := marchedToTorrijos(t, 1)
	passSeat(s)
	axis := legalWhere(t, s, "place the Retraite marker", func(a rules.Action) bool { return a.Rule == "5.3.1" })
	got := strings.Join(s.axisWhatLines(axis), " ")
	if !strings.Contains(got, "retreat") || !strings.Contains(got, "-2 CP") {
		t.Errorf("%q explains %q", axis.Label, got)
	}
}

// TestUnitPlaysListedInPanel: an event played on one counter (Panique on
// a Spanish division before the melee [EV Panique], Chargez's new head
// unit [EV Chargez], Redoute [EV Redoute]) said "playable now: select the
// unit it names on the map" with nothing showing which; every such play
// is now a button of the side panel. Random legal games of Talavera are
// walked until such plays were offered; each time they all are panel
// actions.
func TestUnitPlaysListedInPanel(t *testing.T) {
	seen := 0
	for seed := uint64(1); seed <= 40 && seen < 3; seed++ {
		g, err := rules.NewGame("marshals-talavera", seed, nil)
		if err != nil {
			t.Fatal(err)
		}
		s, err := SessionFor(g)
		if err != nil {
			t.Fatal(err)
		}
		for n := 0; n < 1500 && !g.State.Result().Over; n++ {
			st := g.State.Status()
			if st.Decider == rules.Chance {
				if _, err := g.ApplyOne(g.State.Chances()[n%len(g.State.Chances())].Action); err != nil {
					t.Fatal(err)
				}
				continue
			}
			legal := g.State.Legal()
			plays := 0
			for _, a := range legal {
				if a.Kind == "play" && a.Unit != "" && a.To == "" {
					plays++
				}
			}
			if plays > 0 {
				s.view = nil
				s.Viewer, s.Holder, s.Cover, s.Handover, s.Public = st.Decider, st.Decider, false, false, false
				s.Selected = ""
				listed := 0
				for _, a := range s.PanelActions() {
					if a.Kind == "play" && a.Unit != "" && a.To == "" {
						listed++
					}
				}
				if listed != plays {
					t.Fatalf("seed %d %s: %d plays on a counter offered, %d in the panel", seed, st.SubPhase, plays, listed)
				}
				seen++
			}
			// a play when one is offered, else the n-th legal action
			pick := legal[(n*7)%len(legal)]
			for _, a := range legal {
				if a.Kind == "play" && a.Unit != "" {
					pick = a
				}
			}
			if _, err := g.ApplyOne(pick); err != nil {
				t.Fatal(err)
			}
		}
	}
	if seen == 0 {
		t.Fatal("no play on a counter offered in the games walked")
	}
}

// TestRule5_4_1_GoOnToTheMeleeAsksNothing: before the melee [5.4.1] the
// French holding Panique were asked "3 units that may still act have not
// acted (Zayas (vanguard), Albuquerque, Hennestrosa). Go on to the
// melee?" - the enemy's divisions the event could strike. No Marshals end
// asks that question.
func TestRule5_4_1_GoOnToTheMeleeAsksNothing(t *testing.T) {
	found := 0
	g := marshalsTalaveraFirstOp(t, 1)
	s, err := SessionFor(g)
	if err != nil {
		t.Fatal(err)
	}
	for n := 0; n < 400 && found < 5 && !g.State.Result().Over; n++ {
		st := g.State.Status()
		if st.Decider == rules.Chance {
			if _, err := g.ApplyOne(g.State.Chances()[n%len(g.State.Chances())].Action); err != nil {
				t.Fatal(err)
			}
			continue
		}
		s.view = nil
		s.Viewer, s.Holder, s.Cover, s.Handover, s.Public, s.Selected = st.Decider, st.Decider, false, false, false, ""
		legal := g.State.Legal()
		for _, a := range legal {
			if a.Kind == "end" && a.Unit == "" && len(s.IdleUnits()) > 0 {
				found++
				if w := s.EndWarning(a); w != "" {
					t.Errorf("%s: %q asks %q", st.SubPhase, a.Label, w)
				}
			}
		}
		pick := legal[(n*5)%len(legal)]
		if _, err := g.ApplyOne(pick); err != nil {
			t.Fatal(err)
		}
	}
	if found == 0 {
		t.Fatal("no end offered beside units that may act")
	}
}

// TestRule5_4_3_LossAllotmentAsksNothing: with every counter's loss
// listed in the panel, the last loss of a combat asked "Dessolles loses 1
// infantry SS? This gives up: French cavalry detachment 1 is eliminated
// ..." - the alternatives of one choice, not choices given up.
func TestRule5_4_3_LossAllotmentAsksNothing(t *testing.T) {
	total := 0
	for seed := uint64(1); seed <= 6; seed++ {
		s := talaveraForcedPassage(t, seed)
		losses := 0
		fightOut(t, s, func() {
			if !s.CanAct() || !s.unitChoicesInPanel() {
				return
			}
			for _, a := range s.Legal() {
				if strings.HasPrefix(a.Choice, "loss") {
					losses++
					if lost := s.LostChoices(a); len(lost) > 0 {
						t.Errorf("%q asks about %v", a.Label, lost)
					}
				}
			}
		})
		total += losses
	}
	if total == 0 {
		t.Fatal("no loss allotted from the panel in the combats fought")
	}
}

// TestDestroyedSelectionCleared: a selected counter that left the map (the
// head unit destroyed by its losses [7.4]) is not kept selected: the
// status strip read "Garde Royale: no such zone".
func TestDestroyedSelectionCleared(t *testing.T) {
	s := bargasActivated(t, 1, false)
	if s.panelDecision() {
		t.Fatal("forming the stack is a panel decision: the case is not the one seen")
	}
	s.Selected = "no-such-counter"
	s.nextStep()
	if s.Selected != "" {
		t.Errorf("selected %q", s.Selected)
	}
}

// talaveraForcedPassage plays The Battle of Talavera (seed) to the French
// army's forced passage at Torrijos [5.3.3] on the session, as
// TestMarshalsTalaveraScriptHeadless does.
func talaveraForcedPassage(t *testing.T, seed uint64) *Session {
	t.Helper()
	s := talaveraAtForceQuestion(t, seed) // marshals_torrijos_test.go
	if a, ok := firstWhere(s, func(a rules.Action) bool { return a.Choice == "force" }); ok {
		_, _ = s.Do(a)
	}
	return s
}

// TestRule5_1_FormTheStackSaysWhatToDo: forming the stack [5.1] showed
// "Select a unit: its card and what it may do ... Tab"; the panel now says
// to click "Activate this stack" to go with every unit, or a unit of the
// stack to leave it behind.
func TestRule5_1_FormTheStackSaysWhatToDo(t *testing.T) {
	s := bargasActivated(t, 1, false)
	a, b := scriptedApp(t, s)
	b.layoutPanel(a)
	got := strings.Join(b.idleCardLines(), " ")
	if !strings.Contains(got, `"Activate this stack"`) || !strings.Contains(got, "leave it behind [5.1]") || strings.Contains(got, "Tab") {
		t.Errorf("the panel says %q", got)
	}
}

// TestRule5_4_3_SelectedHeadUnitOnTop: the French stack at Torrijos has
// more head-unit candidates [5.4.3] than the panel holds; the counter the
// player clicked on the map has its button laid out, first, not in the
// "N more actions" row.
func TestRule5_4_3_SelectedHeadUnitOnTop(t *testing.T) {
	for seed := uint64(1); seed <= 12; seed++ {
		s := talaveraForcedPassage(t, seed)
		for n := 0; n < 30; n++ {
			st := s.Game.State.Status()
			if st.Phase != "C - Operations" || strings.HasPrefix(st.SubPhase, "choose an operation") {
				break
			}
			passSeat(s)
			var heads []rules.Action
			for _, a := range s.Legal() {
				if a.Choice == "head" {
					heads = append(heads, a)
				}
			}
			if len(heads) >= 8 {
				last := heads[len(heads)-1]
				a, b := scriptedApp(t, s)
				s.Selected = last.Unit
				b.layoutPanel(a)
				for _, pb := range b.panel {
					if pb.act != nil && pb.act.Key() == last.Key() {
						return
					}
				}
				t.Fatalf("%q selected: its button is not laid out among %d", last.Label, len(heads))
			}
			if _, err := combatStep(s); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Fatal("no stack with 8 head units or more met")
}
