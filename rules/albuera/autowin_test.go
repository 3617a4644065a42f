package albuera

import (
	"fmt"
	"strings"
	"testing"

	"grognard/rules"
)

// TestRule16_4_AutomaticVictoryInPhase3: a French lead of 8 in Phase 3 wins
// at once with the book's values; agreed values (options naming rows of
// table autowin) move the threshold or switch it off.
func TestRule16_4_AutomaticVictoryInPhase3(t *testing.T) {
	sc, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		opts   rules.Options
		vp     int
		winner int // -2: not over
	}{
		{nil, 8, French},
		{nil, 7, -2},
		{nil, -6, Allied},
		{rules.Options{"autowin_high": true}, 9, -2},
		{rules.Options{"autowin_high": true}, 10, French},
		{rules.Options{"autowin_high": true}, -7, -2},
		{rules.Options{"autowin_low": true}, 6, French},
		{rules.Options{"autowin_low": true}, -4, Allied},
		{rules.Options{"autowin_none": true}, 30, -2},
		{rules.Options{"autowin_none": true}, -30, -2},
	}
	for _, c := range cases {
		st, err := newGame(ScenarioID, c.opts)
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		s.Turn, s.VP = 5, c.vp
		s.admin()
		got := -2
		if s.Over {
			got = s.Winner
		}
		if got != c.winner {
			t.Errorf("options %v, VP %d: winner %d, want %d (%s)", c.opts, c.vp, got, c.winner, s.Reason)
		}
		if c.winner >= 0 && !strings.Contains(s.Reason, "[16.4]") {
			t.Errorf("reason %q does not cite [16.4]", s.Reason)
		}
	}
	// The HUD names the leads in force.
	st, _ := newGame(ScenarioID, rules.Options{"autowin_high": true})
	if sc := strings.Join(st.View(0).Score, " "); !strings.Contains(sc, "French 10, Allied 8") {
		t.Errorf("score line %q does not name the agreed leads", sc)
	}
	// The option names say the values of the data.
	for _, o := range autoWinOptions {
		v := sc.AutoWin[strings.TrimPrefix(o.ID, "autowin_")]
		if v[0] > 0 && !strings.Contains(o.Name, fmt.Sprintf("French %d, Allied %d", v[0], v[1])) {
			t.Errorf("option %s: name %q does not match table autowin %v", o.ID, o.Name, v)
		}
	}
	// Agree on one set only.
	if _, err := newGame(ScenarioID, rules.Options{"autowin_low": true, "autowin_high": true}); err == nil {
		t.Error("two autowin options at once accepted")
	}
}

// TestRule16_4_AgreedValuesSurviveReplay: a game made with an agreed value
// (as `grognard new albuera-1811 --option autowin_high=on` makes it) keeps
// it when its steps are replayed (saves replay them).
func TestRule16_4_AgreedValuesSurviveReplay(t *testing.T) {
	opts := rules.Options{"autowin_high": true}
	g, err := rules.NewGame(ScenarioID, 5, opts)
	if err != nil {
		t.Fatal(err)
	}
	for k := 0; k < 30; k++ {
		if _, err := g.ResolveChance(); err != nil {
			t.Fatal(err)
		}
		if _, err := g.Apply(g.State.Legal()[0]); err != nil {
			t.Fatal(err)
		}
	}
	if len(g.Steps) < 30 {
		t.Fatalf("only %d steps", len(g.Steps))
	}
	r, err := rules.Replay(ScenarioID, 5, g.Options, g.Steps)
	if err != nil {
		t.Fatal(err)
	}
	if s := r.State.(*State); s.AutoWin != "high" {
		t.Fatalf("replayed game has autowin %q, want high", s.AutoWin)
	}
}
