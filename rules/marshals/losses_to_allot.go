package marshals

// LossesToAllot is the side allotting a combat's losses [5.4.3] and how
// many are still to allot, this choice included (side -1, 0 when none
// waits). The screen says "2 of 3 losses still to allot" (newcomer issue
// #18: the prompt "allot a loss" did not say how many remain).
func (s *State) LossesToAllot() (side, left int) {
	k := s.Combat
	if k == nil || s.Sub != SubLoss || k.Turn < 0 || k.Turn > 1 {
		return -1, 0
	}
	return k.Turn, k.Loss[k.Turn]
}
