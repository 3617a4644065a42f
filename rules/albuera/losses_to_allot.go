package albuera

// LossesToAllot is the side choosing which of its units takes a Loss
// after a Clash [15.8] and how many such Losses are still to allot, this
// choice included (side -1, 0 when no Loss waits). The screen says "2 of 3
// Losses still to allot" (newcomer issue #18): the prompt named one Loss.
func (s *State) LossesToAllot() (side, left int) {
	if len(s.Tasks) == 0 || s.Tasks[0].Kind != "loss" {
		return -1, 0
	}
	t := s.Tasks[0]
	for _, u := range s.Tasks {
		if u.Kind != "loss" || u.Side != t.Side || u.Why != t.Why || len(u.Units) != len(t.Units) {
			break
		}
		left++
	}
	return t.Side, left
}
