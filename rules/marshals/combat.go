package marshals

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"grognard/rules"
	"grognard/rules/zone"
)

// startCombat opens a combat at z with side att as the attacker [5.4];
// forced: a forced passage by the moving stack [5.3.3].
func (s *State) startCombat(att int, z string, forced bool) []rules.Event {
	k := &CombatState{Zone: z, Att: att, Forced: forced, Winner: -1}
	s.Combat = k
	if forced {
		k.Units[att] = slices.Clone(s.Move.Units)
	} else {
		for _, i := range s.sideAt(att, z, nil) {
			if d := s.def(i); d.Kind != KDecoy && s.mayOperate(i) {
				k.Units[att] = append(k.Units[att], d.ID)
			}
		}
	}
	for _, i := range s.sideAt(1-att, z, nil) {
		if s.def(i).Kind != KDecoy {
			k.Units[1-att] = append(k.Units[1-att], s.def(i).ID)
		}
	}
	ev := rules.Event{Kind: "combat", Text: fmt.Sprintf("%s attacks at %s", sideNames[att], s.zoneOf(z).Name), Rule: "5.4", Side: rules.Side(att)}
	if forced {
		ev.Text = fmt.Sprintf("%s forces a passage at %s", sideNames[att], s.zoneOf(z).Name)
		ev.Rule = "5.3.3"
		return append([]rules.Event{ev}, s.reveal()...)
	}
	k.Stage = SubDeclare
	s.Sub = SubDeclare
	return []rules.Event{ev}
}

// stack returns the live counters of a side in the combat.
func (s *State) stack(side int) []int {
	k := s.Combat
	var out []int
	for _, id := range k.Units[side] {
		if i := s.idx(id); i >= 0 && s.onMap(i) && s.Units[i].At == k.Zone {
			out = append(out, i)
		}
	}
	return out
}

func (s *State) legalDeclare() []rules.Action {
	k := s.Combat
	var out []rules.Action
	for _, i := range s.sideAt(k.Att, k.Zone, nil) {
		d := s.def(i)
		if d.Kind == KDecoy || !s.mayOperate(i) {
			continue
		}
		if slices.Contains(k.Units[k.Att], d.ID) {
			out = append(out, rules.Action{Kind: "choose", Unit: d.ID, Choice: "leave", Label: "Keep " + d.Name + " out of the attack", Rule: "5.4"})
		} else {
			out = append(out, rules.Action{Kind: "choose", Unit: d.ID, Choice: "add", Label: "Add " + d.Name + " to the attack", Rule: "5.4"})
		}
	}
	if s.attackProblem() == "" {
		out = append(out, rules.Action{Kind: "end", Choice: "confirm", Label: "Attack with this stack", Rule: "5.4"})
	}
	return out
}

// attackProblem says why the declared attack is not allowed ("" if it is).
func (s *State) attackProblem() string {
	k := s.Combat
	fight, brit, spain := false, false, false
	for _, i := range s.stack(k.Att) {
		d := s.def(i)
		if d.Kind == KDiv || d.Kind == KDet {
			fight = true
		}
		switch d.Nat {
		case "british":
			brit = brit || isUnit(d)
		case "spanish":
			spain = spain || isUnit(d)
		}
	}
	if !fight {
		return "the attack needs a unit [5.4]"
	}
	if s.flag("mesentente") && k.Att == Allied && brit && spain {
		return "no British and Spanish units in one attack this turn [EV Mésentente]"
	}
	return ""
}

// reveal turns both stacks over [5.4]: a public list of every counter.
func (s *State) reveal() []rules.Event {
	k := s.Combat
	var ids []string
	for _, side := range []int{k.Att, 1 - k.Att} {
		for _, i := range s.stack(side) {
			ids = append(ids, s.def(i).ID)
		}
	}
	k.Amplitude = s.ssOf(k.Att) + s.ssOf(1-k.Att)
	k.Turn = k.Att
	k.Queue = []int{k.Att, 1 - k.Att}
	k.Stage = SubPre
	s.Sub = SubPre
	// one line (reveal_words.go): a stack of nineteen counters no longer floods the log
	return []rules.Event{{Kind: "reveal", Text: s.revealText(), Rule: "5.4", Side: rules.NoSide, Units: ids}}
}

// describe is a counter's full public description once revealed.
func (s *State) describe(i int) string {
	d := s.def(i)
	u := &s.Units[i]
	switch d.Kind {
	case KCmd:
		return fmt.Sprintf("%s (commander, SV %d)", d.Name, d.SV)
	case KBaggage:
		return d.Name + " (baggage)"
	case KDecoy:
		return "decoy"
	}
	t := fmt.Sprintf("%s (%s, %d SS", d.Name, d.Arm, s.SS(i))
	if s.ArtSS(i) > 0 && d.Kind == KDiv {
		t += fmt.Sprintf(" incl. %d art.", s.ArtSS(i))
	}
	t += fmt.Sprintf(", morale %d", s.Morale(i))
	if u.Demoral {
		t += ", demoralised"
	}
	return t + ")"
}

func (s *State) ssOf(side int) int {
	t := 0
	for _, i := range s.stack(side) {
		t += s.SS(i)
	}
	return t
}

func (s *State) cavOf(side int) int {
	t := 0
	for _, i := range s.stack(side) {
		t += s.CavSS(i)
	}
	return t
}

// headOK: a unit may be the head unit [5.4.3]: not baggage; cavalry only
// in clear terrain or when the stack has no infantry.
func (s *State) headOK(side, i int) bool {
	d := s.def(i)
	if d.Kind != KDiv && d.Kind != KDet {
		return false
	}
	if d.Arm == Cavalry && s.zoneOf(s.Combat.Zone).Terrain != zone.TerrainClear {
		for _, j := range s.stack(side) {
			if dj := s.def(j); (dj.Kind == KDiv || dj.Kind == KDet) && dj.Arm == Infantry {
				return false
			}
		}
	}
	return true
}

func (s *State) legalHead() []rules.Action {
	k := s.Combat
	var out []rules.Action
	for _, i := range s.stack(k.Turn) {
		if s.headOK(k.Turn, i) {
			out = append(out, rules.Action{Kind: "choose", Unit: s.def(i).ID, Choice: "head", Label: fmt.Sprintf("Head unit: %s (morale %d)", s.def(i).Name, s.Morale(i)), Rule: "5.4.3"})
		}
	}
	return out
}

// eventOK says whether side may play event e in the CP window now.
func (s *State) eventOK(side int, e string) bool {
	k := s.Combat
	st := s.stack(side)
	has := func(f func(d *UnitDef, i int) bool) bool {
		for _, i := range st {
			if f(s.def(i), i) {
				return true
			}
		}
		return false
	}
	switch e {
	case "elan": // [EV Elan] French, a divisional infantry unit
		return side == French && has(func(d *UnitDef, i int) bool { return d.Kind == KDiv && d.Arm == Infantry })
	case "feu": // [EV Feu] Allied, a British divisional infantry unit
		return side == Allied && has(func(d *UnitDef, i int) bool { return d.Kind == KDiv && d.Arm == Infantry && d.Nat == "british" })
	case "mitraille": // [EV Mitraille] the stack has artillery
		return !k.Mitraille[side] && has(func(d *UnitDef, i int) bool { return s.ArtSS(i) > 0 })
	case "chargez": // [EV Chargez] French heavy cavalry that can be head unit
		return side == French && has(func(d *UnitDef, i int) bool {
			return d.Kind == KDiv && d.Heavy > 0 && s.MainSS(i) > 0 && s.headOK(side, i)
		})
	}
	return false
}

func (s *State) legalCPEv() []rules.Action {
	k := s.Combat
	out := []rules.Action{{Kind: "end", Choice: "no", Label: "No (more) combat events", Rule: "5.4.3"}}
	seen := map[string]bool{}
	for _, e := range s.Hands[k.Turn] {
		if seen[e] || !s.eventOK(k.Turn, e) {
			continue
		}
		seen[e] = true
		if e == "chargez" {
			for _, i := range s.stack(k.Turn) {
				if d := s.def(i); d.Kind == KDiv && d.Heavy > 0 && s.MainSS(i) > 0 && s.headOK(k.Turn, i) {
					out = append(out, rules.Action{Kind: "play", Choice: e, Unit: d.ID, Label: "Play Chargez: +1 CP, " + d.Name + " becomes head unit", Rule: evRule(e)})
				}
			}
			continue
		}
		out = append(out, rules.Action{Kind: "play", Choice: e, Label: "Play " + evName(e), Rule: evRule(e)})
	}
	return out
}

// fireSide is the next side whose artillery fires (attacker first), or -1.
func (s *State) fireSide() int {
	k := s.Combat
	for _, side := range []int{k.Att, 1 - k.Att} {
		if k.Fired[side] {
			continue
		}
		for _, i := range s.stack(side) {
			if s.ArtSS(i) > 0 {
				return side
			}
		}
	}
	return -1
}

func (s *State) artOf(side int) int {
	t := 0
	for _, i := range s.stack(side) {
		t += s.ArtSS(i)
	}
	return t
}

func (s *State) demoralStack(side int) bool {
	for _, i := range s.stack(side) {
		if s.Units[i].Demoral {
			return true
		}
	}
	return false
}

// fireFaces: faces that hit out of six: 4-6; 3-6 with Mitraille; one fewer
// for a demoralised stack (-1 to each die) [5.4.3] [7.8] [EV Mitraille].
func (s *State) fireFaces(side int) int {
	f := 3
	if s.Combat.Mitraille[side] {
		f = 4
	}
	if s.demoralStack(side) {
		f--
	}
	return f
}

func (s *State) fireChances() []rules.Outcome {
	side := s.fireSide()
	if side < 0 {
		return nil
	}
	n, f := s.artOf(side), s.fireFaces(side)
	var out []rules.Outcome
	for h := 0; h <= n; h++ {
		w := binom(n, h) * pow(f, h) * pow(6-f, n-h)
		if w == 0 {
			continue
		}
		out = append(out, rules.Outcome{Action: rules.Action{Kind: "roll", Choice: "hits=" + strconv.Itoa(h), Label: fmt.Sprintf("%s artillery: %d hits", sideNames[side], h), Rule: "5.4.3"}, Weight: w})
	}
	return out
}

func binom(n, k int) int {
	r := 1
	for i := 1; i <= k; i++ {
		r = r * (n - k + i) / i
	}
	return r
}

func pow(b, e int) int {
	r := 1
	for ; e > 0; e-- {
		r *= b
	}
	return r
}

func (s *State) afterFire() []rules.Event {
	k := s.Combat
	// [EV Contre-batterie] a side with guns may cancel the enemy's hits;
	// the window opens on the public result of the fire.
	k.Queue = nil
	for _, side := range []int{k.Att, 1 - k.Att} {
		if s.artOf(side) > 0 && k.Hits[1-side] > 0 {
			k.Queue = append(k.Queue, side)
		}
	}
	return s.openWindow(SubCB)
}

// openWindow opens an event window for the sides queued, or goes on.
func (s *State) openWindow(sub string) []rules.Event {
	k := s.Combat
	if len(k.Queue) == 0 {
		return s.windowDone(sub)
	}
	k.Turn = k.Queue[0]
	k.Stage = sub
	s.Sub = sub
	return nil
}

// windowEvent is the marker a combat window offers.
var windowEvent = map[string]string{SubCB: "contre-batterie", SubCI: "charge-incontrolee", SubAG: "arriere-garde", SubMort: "mort-au-combat"}

func (s *State) legalCombatWindow() []rules.Action {
	k := s.Combat
	e := windowEvent[s.Sub]
	out := []rules.Action{{Kind: "end", Choice: "no", Label: "Do not play " + evName(e), Rule: evRule(e)}}
	if slices.Contains(s.Hands[k.Turn], e) && (e != "charge-incontrolee" || k.Turn == French) {
		out = append(out, rules.Action{Kind: "play", Choice: e, Label: "Play " + evName(e), Rule: evRule(e)})
	}
	return out
}

func (s *State) applyCombatWindow(a rules.Action) []rules.Event {
	k := s.Combat
	side := k.Turn
	sub := s.Sub
	k.Queue = k.Queue[1:]
	if a.Kind != "play" {
		return s.openWindow(sub)
	}
	s.discard(side, a.Choice)
	ev := rules.Event{Kind: "event", Text: sideNames[side] + " plays " + evName(a.Choice), Rule: evRule(a.Choice), Side: rules.Side(side)}
	evs := []rules.Event{ev}
	switch a.Choice {
	case "contre-batterie":
		k.CB[side] = true
	case "charge-incontrolee":
		if p := s.payne(); p != "" {
			k.FirstOn[Allied] = p
		}
	case "arriere-garde":
		// [EV Arrière-garde] one cavalry SS lost, no demoralisation, no pursuit.
		k.NoFollow = true
		for _, i := range s.stack(side) {
			if s.CavSS(i) > 0 {
				evs = append(evs, s.loseSS(i, false)...)
				break
			}
		}
	case "mort-au-combat":
		k.Turn = side
		k.Stage = SubMortRoll
		s.Sub = SubMortRoll
		return evs
	}
	return append(evs, s.openWindow(sub)...)
}

// windowDone goes on once a window has been answered by every side.
func (s *State) windowDone(sub string) []rules.Event {
	k := s.Combat
	switch sub {
	case SubCB:
		k.Stage = SubCP
		s.Sub = SubCP
		return nil
	case SubCI:
		return s.nextLoss()
	case SubAG:
		return s.startRetreat()
	}
	return s.finishClose()
}

// payne is the divisional unit Payne in the Allied stack [EV Charge incontrôlée].
func (s *State) payne() string {
	for _, i := range s.stack(Allied) {
		if d := s.def(i); d.Kind == KDiv && d.Name == "Payne" {
			return d.ID
		}
	}
	return ""
}

// cincIn is a commander in chief in side's combat stack [EV Mort au combat].
func (s *State) cincIn(side int) int {
	for _, i := range s.stack(side) {
		if d := s.def(i); d.Kind == KCmd && d.CinC {
			return i
		}
	}
	return -1
}

// mortRoll [EV Mort au combat]: 2d6, 11 or 12 kills the enemy commander in
// chief, replaced at once by the generic one (SV 0, no fog front).
func (s *State) mortRoll(d []int) []rules.Event {
	k := s.Combat
	side := k.Turn
	enemy := 1 - side
	ev := rules.Event{Kind: "roll", Text: fmt.Sprintf("Mort au combat: %d + %d", d[0], d[1]), Rule: "EV Mort au combat", Side: rules.Side(side), Dice: d}
	evs := []rules.Event{ev}
	if i := s.cincIn(enemy); i >= 0 && d[0]+d[1] < 11 {
		// the roll's outcome said (it read "6 + 1" and no more: seen playing Talavera by clicks)
		evs[0].Text += fmt.Sprintf(" = %d, below 11: %s survives", d[0]+d[1], s.def(i).Name)
	}
	if i := s.cincIn(enemy); i >= 0 && d[0]+d[1] >= 11 {
		z := s.Units[i].At
		was := s.CinC[enemy] == s.def(i).ID
		evs[0].Text += ": " + s.def(i).Name + " is killed"
		evs = append(evs, s.eliminate(i, true)...)
		for j, dj := range s.sc.Defs {
			if dj.Kind == KCmd && dj.CinC && dj.Side == enemy && dj.Army == "" && s.Units[j].Off == OffPool {
				s.Units[j] = Unit{ID: dj.ID, At: z}
				s.placed(j)
				if was || s.CinC[enemy] == "" {
					s.CinC[enemy] = dj.ID
				}
				break
			}
		}
	}
	return append(evs, s.openWindow(SubMort)...)
}

// Ratio is the strength ratio [5.4.3]: effective SS = SS - artillery SS,
// cavalry halved (rounded up) outside clear terrain; the stronger divides
// by the weaker, rounded up [1.5]. It returns the stronger side (-1 if
// equal), its bonus and whether the raw ratio exceeds 6.
func (s *State) Ratio() (int, int, bool) {
	k := s.Combat
	var eff [2]int
	clear := s.zoneOf(k.Zone).Terrain == zone.TerrainClear
	for side := 0; side < 2; side++ {
		inf, cav := 0, 0
		for _, i := range s.stack(side) {
			c := s.CavSS(i)
			cav += c
			inf += s.MainSS(i) - c
		}
		if !clear {
			cav = (cav + 1) / 2
		}
		eff[side] = inf + cav
	}
	return RatioOf(eff[0], eff[1])
}

// RatioOf is the strength-ratio arithmetic of [5.4.3] on effective SS.
func RatioOf(a, b int) (int, int, bool) {
	if a == b {
		return -1, 0, false
	}
	side, hi, lo := 0, a, b
	if b > a {
		side, hi, lo = 1, b, a
	}
	if lo <= 0 {
		return side, hi, true
	}
	return side, (hi + lo - 1) / lo, hi > 6*lo
}

// CPParts is a side's combat potential without the die, with its terms [5.4.3].
func (s *State) CPParts(side int) (int, []string) {
	k := s.Combat
	t := 0
	var why []string
	add := func(v int, txt string) {
		if v != 0 {
			t += v
			why = append(why, fmt.Sprintf("%+d %s", v, txt))
		}
	}
	if i := s.idx(k.Head[side]); i >= 0 && s.onMap(i) {
		add(s.Morale(i), "head unit morale [5.4.3]")
	}
	for _, w := range k.BonusWhy[side] {
		add(1, w)
	}
	hits := k.Hits[side]
	if k.CB[1-side] {
		hits = 0 // [EV Contre-batterie]
	}
	add(hits, "artillery fire [5.4.3]")
	if st, r, _ := s.Ratio(); st == side {
		add(r, "strength ratio [5.4.3]")
	}
	best := -1
	for _, i := range s.stack(side) {
		d := s.def(i)
		if d.Kind != KCmd {
			continue
		}
		if d.ID == s.CinC[side] {
			best = d.SV
			break
		}
		best = max(best, d.SV)
	}
	if best > 0 {
		add(best, "commander [5.4.3]")
	}
	if side != k.Att {
		add(s.sc.Tab.Defence[s.zoneOf(k.Zone).Terrain], "terrain, defender [5.4.3]")
	}
	if s.axes(k.Zone)[side] < 0 {
		add(-2, "no axis of retreat [5.3.1]")
	}
	back := false
	for _, i := range s.stack(side) {
		back = back || s.Units[i].Back
	}
	if back {
		add(-1, "back to the river [7.7]")
	}
	if k.Forced && side == k.Att {
		add(-2, "forced passage [5.3.3]")
	}
	if s.demoralStack(side) {
		add(-2, "demoralised [7.8]")
	}
	if s.flag("redoute:"+k.Zone) && side == Allied {
		for _, i := range s.stack(side) {
			if d := s.def(i); d.Kind == KDiv && d.Arm == Infantry && d.Nat == "spanish" {
				add(1, "Redoute [EV Redoute]")
				break
			}
		}
	}
	return t, why
}

// Melee reads the melee table [AID melee] for a CP difference and an
// amplitude; above 30 SS the columns add up. It returns the winner's and
// loser's losses and the retreat.
func (tab *Tables) MeleeResult(diff, amp int) (w, l, retreat int) {
	var row *MeleeRow
	for i := range tab.Melee {
		r := &tab.Melee[i]
		if diff >= r.Lo && (r.Hi < 0 || diff <= r.Hi) {
			row = r
		}
	}
	if row == nil {
		row = &tab.Melee[len(tab.Melee)-1]
	}
	col := func(a int) int {
		for i, hi := range tab.Cols {
			if a <= hi {
				return i
			}
		}
		return len(tab.Cols) - 1
	}
	top := tab.Cols[len(tab.Cols)-1]
	for amp > top {
		w += row.W[len(tab.Cols)-1]
		l += row.L[len(tab.Cols)-1]
		amp -= top
	}
	if amp > 0 {
		c := col(amp)
		w += row.W[c]
		l += row.L[c]
	}
	return w, l, row.Retreat
}

func (s *State) applyCombat(a rules.Action) ([]rules.Event, error) {
	k := s.Combat
	switch s.Sub {
	case SubDeclare:
		switch a.Choice {
		case "leave":
			k.Units[k.Att] = slices.DeleteFunc(k.Units[k.Att], func(id string) bool { return id == a.Unit })
			return nil, nil
		case "add":
			k.Units[k.Att] = append(k.Units[k.Att], a.Unit)
			slices.Sort(k.Units[k.Att])
			return nil, nil
		}
		return s.reveal(), nil
	case SubHead:
		k.Head[k.Turn] = a.Unit
		ev := rules.Event{Kind: "combat", Text: fmt.Sprintf("%s head unit: %s", sideNames[k.Turn], s.def(s.idx(a.Unit)).Name), Rule: "5.4.3", Side: rules.Side(k.Turn)}
		s.nextHalf(SubCPEv)
		return []rules.Event{ev}, nil
	case SubCPEv:
		if a.Kind == "play" {
			side := k.Turn
			s.discard(side, a.Choice)
			ev := rules.Event{Kind: "event", Text: sideNames[side] + " plays " + evName(a.Choice), Rule: evRule(a.Choice), Side: rules.Side(side)}
			switch a.Choice {
			case "elan", "feu":
				k.BonusWhy[side] = append(k.BonusWhy[side], evName(a.Choice)+" ["+evRule(a.Choice)+"]")
			case "chargez":
				k.BonusWhy[side] = append(k.BonusWhy[side], "Chargez [EV Chargez]")
				k.Head[side] = a.Unit
				ev.Text += ": " + s.def(s.idx(a.Unit)).Name + " becomes head unit"
			case "mitraille":
				k.Mitraille[side] = true
			}
			return []rules.Event{ev}, nil
		}
		s.nextHalf(SubFire)
		return nil, nil
	case SubFire:
		side := s.fireSide()
		h, _ := strconv.Atoi(strings.TrimPrefix(a.Choice, "hits="))
		k.Hits[side] = h
		k.Fired[side] = true
		evs := []rules.Event{{Kind: "roll", Text: fmt.Sprintf("%s artillery fire: %d hits", sideNames[side], h), Rule: "5.4.3", Side: rules.Side(side)}}
		if k.Mitraille[side] {
			// [EV Mitraille] whatever the result, one artillery SS is lost.
			for _, i := range s.stack(side) {
				if s.ArtSS(i) > 0 {
					evs = append(evs, s.loseSS(i, true)...)
					break
				}
			}
		}
		return evs, nil
	case SubCP:
		return s.resolveMelee(a.Dice), nil
	case SubLoss:
		if isLossBulk(a) {
			return s.applyLossBulk(a) // losses_bulk.go
		}
		i := s.idx(a.Unit)
		side := k.Turn
		rule := "5.4.3"
		if s.retreating(side) && k.After == "retreat-go" {
			rule = "7.7" // the river crossed in retreat
		} else if k.Priority[side] {
			rule = "5.4.6" // the pursuit's losses (cited [5.4.3] before: seen playing Talavera by clicks)
		}
		k.Loss[side]--
		k.First[side] = false
		ev := rules.Event{Kind: "loss", Text: fmt.Sprintf("%s loses 1 SS from %s", sideNames[side], s.def(i).Name), Rule: rule, Side: rules.Side(side)}
		evs := append([]rules.Event{ev}, s.loseSS(i, a.Choice == "loss-art")...)
		return append(evs, s.nextLoss()...), nil
	case SubRetreat:
		ci, _ := strconv.Atoi(a.Choice)
		return s.retreatStep(ci), nil
	case SubDemoral:
		return s.demoralTest(a.Dice[0]), nil
	case SubCB, SubCI, SubAG, SubMort:
		return s.applyCombatWindow(a), nil
	case SubPre:
		return s.applyPre(a), nil
	case SubWithdraw:
		return s.withdrawTest(a.Dice[0]), nil
	case SubMortRoll:
		return s.mortRoll(a.Dice), nil
	case SubPursuit:
		return s.pursuit(a.Dice), nil
	}
	return nil, rules.Illegal("5.4", "no combat step pending")
}

// nextHalf passes a common step from the attacker to the defender, then on [5.4].
func (s *State) nextHalf(next string) {
	k := s.Combat
	if k.Turn == k.Att {
		k.Turn = 1 - k.Att
		return
	}
	k.Turn = k.Att
	k.Stage = next
	s.Sub = next
}

// resolveMelee: CP of both sides, the winner and the losses [5.4.3].
func (s *State) resolveMelee(dice []int) []rules.Event {
	k := s.Combat
	var why [2][]string
	for side := 0; side < 2; side++ {
		base, w := s.CPParts(side)
		die := dice[0]
		if side != k.Att {
			die = dice[1]
		}
		k.CP[side] = base + die
		why[side] = append(w, fmt.Sprintf("+%d die", die))
	}
	att, def := k.Att, 1-k.Att
	k.Amplitude = s.ssOf(att) + s.ssOf(def)
	diff := k.CP[att] - k.CP[def]
	k.Winner = att
	if diff < 0 {
		diff, k.Winner = -diff, def
	}
	if diff == 0 {
		k.Winner = -1
	}
	k.Diff = diff
	w, l, retreat := s.sc.Tab.MeleeResult(diff, k.Amplitude)
	st, _, big := s.Ratio()
	text := fmt.Sprintf("Melee at %s: %s CP %d (%s) against %s CP %d (%s), amplitude %d", s.zoneOf(k.Zone).Name,
		sideNames[att], k.CP[att], strings.Join(why[att], " "), sideNames[def], k.CP[def], strings.Join(why[def], " "), k.Amplitude)
	ev := rules.Event{Kind: "combat", Rule: "5.4.3", Side: rules.NoSide, Dice: dice}
	k.First = [2]bool{true, true}
	if k.Winner < 0 {
		k.Loss = [2]int{w, w}
		k.After = "close"
		ev.Text = text + meleeDrawWords(w)
	} else {
		if st == k.Winner && big {
			w = 0 // [5.4.3] a ratio above 6: the winner loses nothing
		}
		k.Loss[k.Winner], k.Loss[1-k.Winner] = w, l
		k.Retreat = retreat
		k.After = "retreat"
		ev.Text = text + meleeWinWords(k.Winner, diff, w, l, retreat, st == k.Winner && big)
		for _, i := range s.stack(1 - k.Winner) {
			s.Units[i].Activated = true // [5.4.4] the defeated stack is activated
		}
	}
	// [EV Charge incontrôlée] the French may send Payne's loss first.
	if s.payne() != "" && k.Loss[Allied] > 0 {
		k.Queue = []int{French}
		return append([]rules.Event{ev}, s.openWindow(SubCI)...)
	}
	return append([]rules.Event{ev}, s.nextLoss()...)
}

// lossOptions lists the counters of side that can take the next loss.
func (s *State) lossOptions(side int) []rules.Action {
	k := s.Combat
	st := s.stack(side)
	free := false
	if s.retreating(side) {
		// the loser's stack has left the combat zone: its retreat losses
		// ([7.7] river, [5.4.4] blocked) come from the stack where it is now
		st = s.retreaters()
		free = k.After == "retreat-go" // [7.7] attributed freely by its owner
	}
	var out []rules.Action
	add := func(i int) {
		d := s.def(i)
		switch {
		case d.Kind == KBaggage:
			out = append(out, rules.Action{Kind: "choose", Unit: d.ID, Choice: "loss", Label: d.Name + " is lost (1 SS)", Rule: "7.2"})
		case d.Kind == KDiv:
			if s.MainSS(i) > 0 {
				out = append(out, rules.Action{Kind: "choose", Unit: d.ID, Choice: "loss", Label: fmt.Sprintf("%s loses 1 %s SS", d.Name, d.Arm), Rule: "5.4.3"})
			}
			if s.ArtSS(i) > 0 {
				out = append(out, rules.Action{Kind: "choose", Unit: d.ID, Choice: "loss-art", Label: d.Name + " loses 1 artillery SS", Rule: "1.3"})
			}
		case d.Kind == KDet:
			out = append(out, rules.Action{Kind: "choose", Unit: d.ID, Choice: "loss", Label: d.Name + " is eliminated", Rule: "7.4"})
		}
	}
	if free {
		for _, i := range st {
			add(i)
		}
		for j := range out {
			out[j].Rule = "7.7"
		}
		return out
	}
	if k.First[side] {
		if h := s.idx(k.FirstOn[side]); h >= 0 && slices.Contains(st, h) {
			add(h)
			return out
		}
		if h := s.idx(k.Head[side]); h >= 0 && slices.Contains(st, h) {
			add(h)
			return out
		}
	}
	if k.Priority[side] {
		for _, i := range st {
			if s.def(i).Kind == KBaggage || s.ArtSS(i) > 0 {
				d := s.def(i)
				if d.Kind == KBaggage || d.Kind == KDet {
					add(i)
				} else {
					out = append(out, rules.Action{Kind: "choose", Unit: d.ID, Choice: "loss-art", Label: d.Name + " loses 1 artillery SS", Rule: "5.4.6"})
				}
			}
		}
		if len(out) > 0 {
			return out
		}
	}
	for _, i := range st {
		add(i)
	}
	return out
}

func (s *State) legalLoss() []rules.Action {
	one := s.lossOptions(s.Combat.Turn)
	return append(one, s.lossBulk(s.Combat.Turn, one)...) // losses_bulk.go
}

// retreating: side is the defeated one and its stack has left the combat zone
// in retreat [5.4.4].
func (s *State) retreating(side int) bool {
	k := s.Combat
	return k.Winner >= 0 && side == 1-k.Winner && len(k.Path) > 1
}

// nextLoss hands the next loss to allot (attacker first), then goes on.
func (s *State) nextLoss() []rules.Event {
	k := s.Combat
	var evs []rules.Event
	for _, side := range []int{k.Att, 1 - k.Att} {
		if k.Loss[side] > 0 {
			if len(s.lossOptions(side)) == 0 {
				// losses beyond the stack are ignored: the log says so
				evs = append(evs, s.lossesOnNobody(side))
				continue
			}
			k.Turn = side
			k.Stage = SubLoss
			s.Sub = SubLoss
			return evs
		}
	}
	return append(evs, s.afterLosses()...)
}

// lossesOnNobody drops the losses of side that no counter is left to take
// [5.4.3], and logs it (so no announced loss vanishes unseen).
func (s *State) lossesOnNobody(side int) rules.Event {
	k := s.Combat
	n := k.Loss[side]
	k.Loss[side] = 0
	// the stack's counters (revealed in the combat) are listed, so a test can
	// hold the claim against the state
	return rules.Event{Kind: "combat", Text: noCounterLossesText(side, n), Rule: "5.4.3", Side: rules.Side(side),
		Units: append([]string(nil), k.Units[side]...)}
}

// afterLosses goes on once every loss is allotted.
func (s *State) afterLosses() []rules.Event {
	k := s.Combat
	k.Priority = [2]bool{}
	switch k.After {
	case "retreat":
		// [EV Arrière-garde] the loser with cavalry may cover its retreat.
		k.After = "retreat-ag"
		loser := 1 - k.Winner
		if s.cavOf(loser) > 0 && k.Retreat > 0 {
			k.Queue = []int{loser}
			return s.openWindow(SubAG)
		}
		return s.startRetreat()
	case "demoral":
		return s.toDemoral()
	case "retreat-go":
		return s.retreatGo()
	}
	return s.closeCombat()
}

// retreatOK: a retreat connection usable by the whole stack toward a zone
// that is free or contested, not yet used [5.4.4].
func (s *State) retreatOK(ci int, from string) (string, bool) {
	k := s.Combat
	c := s.sc.Graph.Conns[ci]
	if c.A != from && c.B != from {
		return "", false
	}
	loser := 1 - k.Winner
	to := c.Other(from)
	if _, ok := s.connCost(ci, s.retreaters(), false); !ok {
		return "", false
	}
	if slices.Contains(k.Path, to) {
		return "", false
	}
	if !s.zoneOf(to).IsOffmap() && s.hasUnits(1-loser, to) && !s.hasUnits(loser, to) {
		return "", false
	}
	return to, true
}

// retreaters are the loser's counters still with the stack.
func (s *State) retreaters() []int {
	k := s.Combat
	loser := 1 - k.Winner
	cur := k.Zone
	if len(k.Path) > 0 {
		cur = k.Path[len(k.Path)-1]
	}
	var out []int
	for _, id := range k.Units[loser] {
		if i := s.idx(id); i >= 0 && s.onMap(i) && s.Units[i].At == cur {
			out = append(out, i)
		}
	}
	return out
}

// startRetreat: the first zone is the one of the Retraite marker [5.4.4].
func (s *State) startRetreat() []rules.Event {
	k := s.Combat
	k.Path = []string{k.Zone}
	k.Left = k.Retreat
	loser := 1 - k.Winner
	if len(s.retreaters()) == 0 || k.Left == 0 {
		return s.toDemoral()
	}
	ax := s.axes(k.Zone)[loser]
	if ax >= 0 {
		if _, ok := s.retreatOK(ax, k.Zone); ok {
			return s.retreatStep(ax)
		}
	}
	// [5.4.4] no axis or impossible: one extra loss per zone.
	return s.retreatBlocked()
}

func (s *State) retreatBlocked() []rules.Event {
	k := s.Combat
	loser := 1 - k.Winner
	n := k.Left
	k.Left = 0
	k.Loss[loser] += n
	k.After = "demoral"
	ev := rules.Event{Kind: "combat", Text: fmt.Sprintf("%s cannot retreat: %d more SS lost", sideNames[loser], n), Rule: "5.4.4", Side: rules.Side(loser)}
	return append([]rules.Event{ev}, s.nextLoss()...)
}

func (s *State) retreatStep(ci int) []rules.Event {
	k := s.Combat
	loser := 1 - k.Winner
	from := k.Path[len(k.Path)-1]
	c := s.sc.Graph.Conns[ci]
	to := c.Other(from)
	rs := s.retreaters()
	first := len(k.Path) == 1
	for _, i := range rs {
		s.Units[i].At = to
		s.placed(i)
		s.Units[i].Activated = true
	}
	k.Path = append(k.Path, to)
	k.Left--
	evs := []rules.Event{{Kind: "move", Text: fmt.Sprintf("%s retreats from %s to %s", sideNames[loser], s.zoneOf(from).Name, s.zoneOf(to).Name), Rule: "5.4.4", Side: rules.Side(loser)}}
	if s.zoneOf(to).IsOffmap() {
		evs = append(evs, s.exitMap(rs, to)...)
		k.Left = 0
		return append(evs, s.toDemoral()...)
	}
	extra := 0
	if first && c.River {
		extra++ // [7.7] first retreat connection across a river
	}
	if loser == French && s.Guerillas[to] {
		// [EV Guerilla] a French stack retreating into the zone loses one
		// gun (the engine takes the first; the French have no baggage).
		s.delGuerilla(to)
		evs = append(evs, rules.Event{Kind: "event", Text: "The guerilla at " + s.zoneOf(to).Name + " harasses the retreat", Rule: "EV Guerilla", Side: rules.Side(Allied)})
		for _, i := range rs {
			if s.ArtSS(i) > 0 {
				evs = append(evs, s.loseSS(i, true)...)
				break
			}
		}
	}
	if s.hasUnits(k.Winner, to) {
		k.Left = 0 // [5.4.4] a contested zone stops the retreat
	}
	if extra > 0 {
		k.Loss[loser] += extra
		k.After = "retreat-go"
		evs = append(evs, rules.Event{Kind: "combat", Text: sideNames[loser] + " loses 1 SS crossing the river in retreat", Rule: "7.7", Side: rules.Side(loser)})
		return append(evs, s.nextLoss()...)
	}
	return append(evs, s.retreatGo()...)
}

// retreatGo asks for the next zone of retreat, or ends it.
func (s *State) retreatGo() []rules.Event {
	k := s.Combat
	if k.Left <= 0 || len(s.retreaters()) == 0 {
		return s.toDemoral()
	}
	if len(s.legalRetreat()) == 0 {
		return s.retreatBlocked()
	}
	k.Stage = SubRetreat
	s.Sub = SubRetreat
	return nil
}

func (s *State) legalRetreat() []rules.Action {
	k := s.Combat
	from := k.Path[len(k.Path)-1]
	var out []rules.Action
	for _, e := range s.sc.Graph.Neighbors(from) {
		if to, ok := s.retreatOK(e.Index, from); ok {
			out = append(out, rules.Action{Kind: "move", To: to, Choice: strconv.Itoa(e.Index), Label: "Retreat to " + s.zoneOf(to).Name, Rule: "5.4.4"})
		}
	}
	return out
}

func (s *State) toDemoral() []rules.Event {
	k := s.Combat
	if k.Winner < 0 || k.NoFollow {
		return s.closeCombat()
	}
	if len(s.loserStack()) == 0 {
		return s.toPursuit()
	}
	k.Stage = SubDemoral
	s.Sub = SubDemoral
	return nil
}

// loserStack: the loser's surviving counters, wherever the retreat took them.
func (s *State) loserStack() []int {
	k := s.Combat
	var out []int
	for _, id := range k.Units[1-k.Winner] {
		if i := s.idx(id); i >= 0 && s.onMap(i) {
			out = append(out, i)
		}
	}
	return out
}

// demoralTest [5.4.5]: d6 + retreat distance above the head unit's morale.
func (s *State) demoralTest(die int) []rules.Event {
	k := s.Combat
	loser := 1 - k.Winner
	st := s.loserStack()
	head := s.idx(k.Head[loser])
	if head < 0 || !s.onMap(head) {
		// A new head unit: the loser's best morale (never worse for him).
		head = -1
		for _, i := range st {
			if d := s.def(i); (d.Kind == KDiv || d.Kind == KDet) && (head < 0 || s.Morale(i) > s.Morale(head)) {
				head = i
			}
		}
	}
	mor := 0
	if head >= 0 {
		mor = s.Morale(head)
	}
	ev := rules.Event{Kind: "roll", Rule: "5.4.5", Side: rules.Side(loser), Dice: []int{die}}
	if die+k.Retreat > mor {
		for _, i := range st {
			if isUnit(s.def(i)) {
				s.Units[i].Demoral = true
			}
		}
		ev.Text = fmt.Sprintf("Demoralisation: %d + %d > morale %d: %s demoralised", die, k.Retreat, mor, sideNames[loser])
	} else {
		ev.Text = fmt.Sprintf("Demoralisation: %d + %d <= morale %d: holds", die, k.Retreat, mor)
	}
	return append([]rules.Event{ev}, s.toPursuit()...)
}

// pursuitEffective [5.4.6]: the winner has cavalry, at least as much as
// the loser, and the combat zone is not defensive terrain.
func (s *State) pursuitEffective() bool {
	k := s.Combat
	if k.Winner < 0 || s.zoneOf(k.Zone).Terrain == zone.TerrainDefensive {
		return false
	}
	wc := s.cavOf(k.Winner)
	lc := 0
	for _, i := range s.loserStack() {
		lc += s.CavSS(i)
	}
	return wc > 0 && wc >= lc && len(s.loserStack()) > 0
}

func (s *State) toPursuit() []rules.Event {
	k := s.Combat
	if !s.pursuitEffective() {
		return s.closeCombat()
	}
	k.Stage = SubPursuit
	s.Sub = SubPursuit
	return nil
}

func (s *State) pursuit(d []int) []rules.Event {
	k := s.Combat
	loser := 1 - k.Winner
	lc, dem := 0, false
	for _, i := range s.loserStack() {
		lc += s.CavSS(i)
		dem = dem || s.Units[i].Demoral
	}
	w := d[0] + s.cavOf(k.Winner)
	if dem {
		w += 2
	}
	l := d[1] + d[2] + lc
	n := w - l
	ev := rules.Event{Kind: "roll", Text: fmt.Sprintf("Pursuit: winner %d against loser %d", w, l), Rule: "5.4.6", Side: rules.Side(k.Winner), Dice: d}
	if n <= 0 {
		ev.Text += ": no loss"
		return append([]rules.Event{ev}, s.closeCombat()...)
	}
	ev.Text += fmt.Sprintf(": %d more SS lost", n)
	// The pursuit losses fall on the loser's stack where it now stands.
	var ids []string
	for _, i := range s.loserStack() {
		ids = append(ids, s.def(i).ID)
	}
	k.Units[loser] = ids
	if len(k.Path) > 0 {
		k.Zone = k.Path[len(k.Path)-1]
	}
	k.Loss[loser] = n
	k.Priority[loser] = true
	k.First[loser] = false
	k.After = "close"
	return append([]rules.Event{ev}, s.nextLoss()...)
}

// closeCombat [5.4.6] [7.7]: "A combattu" markers on stacks not activated,
// back-to-the-river markers removed, then the operation ends (or the
// forced passage goes on [5.3.3]).
func (s *State) closeCombat() []rules.Event {
	k := s.Combat
	// [EV Mort au combat] after the combat, against a commander in chief.
	if !strings.Contains(k.Windows, "mort") {
		k.Windows += "mort "
		k.Queue = nil
		for _, side := range []int{k.Att, 1 - k.Att} {
			if s.cincIn(1-side) >= 0 {
				k.Queue = append(k.Queue, side)
			}
		}
		return s.openWindow(SubMort)
	}
	return s.finishClose()
}

func (s *State) finishClose() []rules.Event {
	k := s.Combat
	for side := 0; side < 2; side++ {
		for _, id := range k.Units[side] {
			i := s.idx(id)
			if i < 0 || !s.onMap(i) {
				continue
			}
			s.Units[i].Back = false
			if !s.Units[i].Activated && isUnit(s.def(i)) && !k.Withdrawn {
				s.Units[i].Combats++
			}
		}
	}
	ev := rules.Event{Kind: "combat", Text: s.combatEndsText(k), Rule: "5.4.6", Side: rules.NoSide}
	if k.Forced && s.Move != nil {
		m := s.Move
		won := k.Winner == m.Side
		s.Combat = nil
		if won && s.anyMoving() && s.hasUnits(m.Side, m.Zone) {
			s.Sub = SubContinue
			return []rules.Event{ev}
		}
		return append([]rules.Event{ev}, s.endMove()...)
	}
	return append([]rules.Event{ev}, s.afterOp()...)
}

// combatStuck skips a combat decision that has no option.
func (s *State) combatStuck() []rules.Event {
	k := s.Combat
	switch s.Sub {
	case SubHead:
		k.Head[k.Turn] = ""
		s.nextHalf(SubCPEv)
	case SubLoss:
		ev := s.lossesOnNobody(k.Turn)
		return append([]rules.Event{ev}, s.nextLoss()...)
	case SubRetreat:
		return s.retreatBlocked()
	}
	return nil
}
