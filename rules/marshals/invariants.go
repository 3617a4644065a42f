package marshals

import "fmt"

// CheckInvariants checks the state's own consistency (rules.Checker): every
// counter on the map stands in a known on-map zone; strengths within their
// tracks; the fatigue container plus the markers out never exceed the mix;
// hands and containers hold known events; the step pending has its state;
// no decoy stands in a contested zone outside a move or combat [7.5].
func (s *State) CheckInvariants() error {
	// The position index (Contested) is brought up to date once and
	// trusted for the checks below, which change nothing [issue 20].
	s.trustPos()
	defer s.untrustPos()
	for i := range s.Units {
		d := s.def(i)
		u := &s.Units[i]
		if u.ID != d.ID {
			return fmt.Errorf("unit %d is %s, data says %s", i, u.ID, d.ID)
		}
		if u.Off == OffNone {
			zi, ok := s.sc.zi[u.At]
			if !ok || s.sc.zoff[zi] {
				return fmt.Errorf("%s stands at %q, not an on-map zone", d.ID, u.At)
			}
		}
		if d.Kind == KDiv {
			if u.Losses < 0 || u.Detached < 0 || u.ArtLost < 0 || int(u.ArtLost) > d.Art || int(u.Losses)+int(u.Detached) > len(d.Track) {
				return fmt.Errorf("%s has losses %d, detached %d, artillery lost %d of %d/%d", d.ID, u.Losses, u.Detached, u.ArtLost, len(d.Track), d.Art)
			}
			if u.Off == OffNone && s.MainSS(i) <= 0 {
				return fmt.Errorf("%s is on the map with no main SS [7.4]", d.ID)
			}
		}
		if u.Combats < 0 {
			return fmt.Errorf("%s has %d combat markers", d.ID, u.Combats)
		}
		if d.Kind == KDecoy && u.Off == OffNone && s.Contested(u.At) && s.Combat == nil && s.Move == nil {
			return fmt.Errorf("decoy %s stands in contested %s [7.5]", d.ID, u.At)
		}
	}
	out := 0
	if s.Move != nil {
		out = len(s.Move.Drawn)
	}
	tot := 0
	for v, n := range s.Bag {
		if n < 0 || n > s.sc.Tab.Fatigue[v] {
			return fmt.Errorf("fatigue container holds %d markers of %d (mix %d)", n, v, s.sc.Tab.Fatigue[v])
		}
		tot += n
	}
	mix := 0
	for _, n := range s.sc.Tab.Fatigue {
		mix += n
	}
	if tot+out != mix {
		return fmt.Errorf("fatigue markers: %d in the container + %d out != %d [5.3.2]", tot, out, mix)
	}
	for k := 0; k < 2; k++ {
		for e, n := range s.Containers[k] {
			if !knownEvent(e) || n < 0 {
				return fmt.Errorf("%s container holds %d %q", sideNames[k], n, e)
			}
		}
		for _, e := range s.Hands[k] {
			if !knownEvent(e) {
				return fmt.Errorf("%s holds unknown event %q", sideNames[k], e)
			}
		}
	}
	switch s.Sub {
	case SubCompose, SubCommand, SubMove, SubAxis, SubFatigue, SubReturn, SubForced, SubContinue:
		if s.Move == nil {
			return fmt.Errorf("step %s without a moving stack", s.Sub)
		}
	case SubRAxis:
		if s.RAxis == nil {
			return fmt.Errorf("step %s without reinforcements placing", s.Sub)
		}
	case SubDeclare, SubHead, SubCPEv, SubFire, SubCP, SubLoss, SubRetreat, SubDemoral, SubPursuit, SubCB, SubCI, SubAG, SubMort, SubMortRoll, SubPre, SubWithdraw:
		if s.Combat == nil {
			return fmt.Errorf("step %s without a combat", s.Sub)
		}
	}
	if !s.Over && s.Phase != PhSetup && (s.Turn < 1 || s.Turn > s.sc.Turns) {
		return fmt.Errorf("turn %d outside 1..%d", s.Turn, s.sc.Turns)
	}
	for z, ax := range s.Axes {
		for k := 0; k < 2; k++ {
			if ax[k] >= len(s.sc.Graph.Conns) {
				return fmt.Errorf("axis at %s names connection %d", z, ax[k])
			}
		}
	}
	return nil
}
