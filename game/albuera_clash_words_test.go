package game

import (
	"strings"
	"testing"

	"grognard/render"
	"grognard/rules"
)

// stackIntoEnemy plays the scenario's march (albueraMarch) until a whole
// stack may move into a hex the enemy holds [12.13], [11.10].
func stackIntoEnemy(t *testing.T) (*Session, rules.Action) {
	t.Helper()
	g, err := rules.NewGame("albuera-1811", 3, nil)
	if err != nil {
		t.Fatal(err)
	}
	var found rules.Action
	ok, err := albueraMarch(g, func(st rules.Status, legal []rules.Action) bool {
		v := g.State.View(st.Decider)
		for _, a := range legal {
			if a.Kind != "move" || len(a.Units) == 0 || a.To == "" {
				continue
			}
			var side rules.Side = -1
			for _, u := range v.Units {
				if u.ID == a.Unit {
					side = u.Side
				}
			}
			for _, u := range v.Units {
				if u.At == a.To && u.Side >= 0 && u.Side != side {
					found = a
					return true
				}
			}
		}
		return false
	}, 6000)
	if err != nil || !ok {
		t.Fatalf("the march met no stack beside an enemy hex: %v", err)
	}
	s, err := SessionFor(g)
	if err != nil {
		t.Fatal(err)
	}
	s.TakeSeat()
	return s, found
}

// TestRule12_13_StackIntoEnemyHexSaysItStartsAClash (newcomer issue #18):
// a whole stack's move into a hex the enemy holds [12.13] makes a Clash
// Hex [11.10] and a Clash [15.1], but its option and hover read as a
// plain move. The menu's second row and the lit hex's hover now say it
// starts a Clash, what entering costs and what the Clash risks, whole on
// the menu's button.
func TestRule12_13_StackIntoEnemyHexSaysItStartsAClash(t *testing.T) {
	s, a := stackIntoEnemy(t)
	t.Logf("%s [%s]", a.Label, a.Rule)
	b := &BoardScene{S: s}
	s.Select(a.Unit)
	s.Menu = s.TargetActions(a.To)
	sub := b.menuSub(a)
	for _, want := range []string{"starts a Clash", "15.1", "+1 MP", "11.10", "2 Losses", "rout"} {
		if !strings.Contains(sub, want) {
			t.Errorf("the option %q does not say %q: %q", a.Label, want, sub)
		}
	}
	if w := b.menuWidth(); !render.ButtonSubFits(sub, w, 34) {
		t.Errorf("the option's second row is cut at %d px: %q", w, sub)
	}
	hov := strings.Join(s.HoverText(a.To), "\n")
	if !strings.Contains(hov, sub) {
		t.Errorf("the hover over %s does not say what the stack's move does:\n%s", a.To, hov)
	}
	// a plain stack move (no enemy in the hex) says nothing more
	plain := a
	plain.To = ""
	if w := s.albueraWhatHere(plain); w != "" {
		t.Errorf("a move with no place says %q", w)
	}
}
