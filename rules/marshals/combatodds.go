package marshals

import (
	"fmt"
	"strings"

	"grognard/rules"
	"grognard/rules/zone"
)

// The odds of the buttons that start a battle (newcomer issue #18 point
// 3): "Combat at <zone>" [5.4] and "Forced passage" [5.3.3] say, before
// they are clicked, what the dice decide and with what chance, from what
// the deciding side knows: its own stack in full and the zone's terrain.
// The enemy's stack stays hidden until both are turned over [5.4] [7.6]:
// its terms are named, never counted, so the text is the same whatever
// the enemy holds (a test changes the enemy's stack and compares).
// Read-only: nothing of the state changes.

// ChoiceOdds is the odds of a, "" for an action that starts no combat.
func (s *State) ChoiceOdds(a rules.Action) string {
	var att int
	var z string
	var own []int
	forced := false
	switch {
	case a.Choice == "force" && s.Sub == SubForced && s.Move != nil:
		att, z, forced = s.Move.Side, s.Move.Zone, true
		own = s.moving()
	case a.Choice == "combat" && a.Kind == "choose" && a.To != "" && s.Sub == SubOp:
		att, z = int(s.Status().Decider), a.To
		if att != French && att != Allied {
			return ""
		}
		for _, i := range s.sideAt(att, z, nil) {
			if d := s.def(i); d.Kind != KDecoy && s.mayOperate(i) {
				own = append(own, i)
			}
		}
	case a.Choice == "stop" && (s.Sub == SubForced || s.Sub == SubContinue) && s.Move != nil:
		return s.stopInfo()
	case a.Choice == "continue" && s.Sub == SubContinue && s.Move != nil:
		return fmt.Sprintf("Draw one more fatigue marker now and move on with the MP left (%d); a unit whose morale the fatigue total exceeds stops and loses 1 SS [5.3.3] [5.3.2]", max(s.Move.MP-s.Move.Spent, 0))
	default:
		return ""
	}
	if len(own) == 0 {
		return ""
	}
	clear := s.zoneOf(z).Terrain == zone.TerrainClear
	ss, art, head, infantry := 0, 0, -1, false
	cmd, cinc := 0, false
	back, demoral := false, false
	for _, i := range own {
		d := s.def(i)
		ss += s.SS(i)
		art += s.ArtSS(i)
		back = back || s.Units[i].Back
		demoral = demoral || s.Units[i].Demoral
		if (d.Kind == KDiv || d.Kind == KDet) && d.Arm == Infantry {
			infantry = true
		}
		if d.Kind == KCmd && !cinc {
			if d.ID == s.CinC[att] {
				cmd, cinc = d.SV, true
			} else {
				cmd = max(cmd, d.SV)
			}
		}
	}
	for _, i := range own {
		d := s.def(i)
		if d.Kind != KDiv && d.Kind != KDet {
			continue
		}
		if d.Arm == Cavalry && !clear && infantry {
			continue // [5.4.3] cavalry heads a stack only in clear terrain
		}
		head = max(head, s.Morale(i))
	}
	base := 0
	var terms []string
	add := func(v int, what string) {
		if v != 0 || len(terms) == 0 {
			base += v
			terms = append(terms, fmt.Sprintf("%+d %s", v, what))
		}
	}
	if head >= 0 {
		add(head, "head unit's morale")
	}
	add(cmd, "commander")
	if s.axes(z)[att] < 0 {
		add(-2, "no axis of retreat")
	}
	if back {
		add(-1, "back to the river")
	}
	if forced {
		add(-2, "forced passage")
	}
	if demoral {
		add(-2, "demoralised")
	}
	own0 := strings.TrimPrefix(strings.Join(terms, " "), "+")
	var b strings.Builder
	fmt.Fprintf(&b, "Your CP before the dice: %s = %d", own0, base)
	if art > 0 {
		faces := 3
		if demoral {
			faces--
		}
		fmt.Fprintf(&b, "; +1 for each of %d artillery dice showing %d-6", art, 7-faces)
	}
	fmt.Fprintf(&b, "; + the strength ratio if your %d SS outweigh the enemy's.", ss)
	def := s.sc.Tab.Defence[s.zoneOf(z).Terrain]
	b.WriteString(" The enemy's stack (its head unit, commander, artillery) stays hidden until both are turned over")
	if def != 0 {
		fmt.Fprintf(&b, "; it defends with %+d for the terrain", def)
	}
	b.WriteString(". Then one die each, the higher CP wins: ")
	for k, lead := range []int{0, 2, -2} {
		w, d := diceWinDraw(lead)
		switch k {
		case 0:
			fmt.Fprintf(&b, "level before the dice you win %d in 36 (%d%%), draw %d in 36 (both lose SS)", w, pct(w), d)
		case 1:
			fmt.Fprintf(&b, "; 2 ahead %d in 36 (%d%%)", w, pct(w))
		default:
			fmt.Fprintf(&b, "; 2 behind %d in 36 (%d%%)", w, pct(w))
		}
	}
	b.WriteString(". The loser loses SS by the melee table (CP difference against the amplitude, the SS of both stacks) and retreats 1 to 3 zones")
	if forced {
		b.WriteString(". Won, the stack may go on (one more fatigue marker); lost, its move ends [5.3.3]")
	} else {
		b.WriteString(" [5.4]")
	}
	return b.String()
}

// diceWinDraw counts, out of 36, the rolls of one die each that win and
// that draw for a side lead points ahead before the dice [5.4.3].
func diceWinDraw(lead int) (win, draw int) {
	for a := 1; a <= 6; a++ {
		for d := 1; d <= 6; d++ {
			switch diff := lead + a - d; {
			case diff > 0:
				win++
			case diff == 0:
				draw++
			}
		}
	}
	return win, draw
}

func pct(n int) int { return (n*100 + 18) / 36 }

// stopInfo is what stopping does at the forced-passage question or after
// a won passage [5.3] [5.3.3]: the stack stays where it is and is
// activated; in a zone the enemy holds, a combat there may be declared in
// a later operation [5.4].
func (s *State) stopInfo() string {
	z := s.zoneOf(s.Move.Zone).Name
	if s.Sub == SubForced {
		return "The stack stays at " + z + ", in contact with the enemy, and is activated; either side may declare a combat there in a later operation [5.4] [5.3]"
	}
	return "The stack stays at " + z + " and is activated; its move is over [5.3.3]"
}
