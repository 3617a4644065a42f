package almansa

// Formation state by index (#20): the movement list asks, for every unit,
// whether its formation has finished [10] or fell back out of command [6];
// read from the Done and Mode maps by the formation's id, that was a string
// hash per unit and list. A state keeps them by formation index, made again
// when fgen (bumped before every write of Done, Mode or Demoral) moved, and
// each unit's formation index, checked against the unit's Form.
type formFlat struct {
	valid    bool
	fgen     uint64
	done     []bool // Done by formation index
	withdraw []bool // Mode == "withdraw"
	attack   []bool // Mode == "attack"
	ustr     []string
	uidx     []int16 // the formation index of ustr[i], -1 none
}

// formIdxOf is the index of unit i's formation (its Form), -1 for none.
func (s *State) formIdxOf(ff *formFlat, i int) int {
	f := s.Units[i].Form
	if i < len(ff.ustr) && ff.ustr[i] == f {
		return int(ff.uidx[i])
	}
	k, ok := s.sc.FormIdx[f]
	if !ok {
		k = -1
	}
	if i < len(ff.ustr) {
		ff.ustr[i], ff.uidx[i] = f, int16(k)
	}
	return k
}

// formFlags reports whether formation f (unit i's Form) has finished in
// this phase and whether it is withdrawing: s.Done[f] and
// s.Mode[f] == "withdraw", by index when the state has its buffers.
func (s *State) formFlags(i int, f string) (done, withdraw bool) {
	if s.bufs == nil {
		return s.Done[f], s.Mode[f] == "withdraw"
	}
	ff := s.formNow()
	k := s.formIdxOf(ff, i)
	if k < 0 || s.Units[i].Form != f {
		return s.Done[f], s.Mode[f] == "withdraw"
	}
	return ff.done[k], ff.withdraw[k]
}

// formFlat is the state's formFlat, its arrays made (s.bufs not nil).
func (s *State) formFlat() *formFlat {
	ff := &s.bufs.ff
	nf, nu := len(s.sc.Forms), len(s.Units)
	if len(ff.ustr) != nu || len(ff.done) != nf {
		ff.ustr, ff.uidx = make([]string, nu), make([]int16, nu)
		ff.done, ff.withdraw, ff.attack = make([]bool, nf), make([]bool, nf), make([]bool, nf)
		for k := range ff.uidx {
			ff.uidx[k] = -1
		}
		ff.valid = false
	}
	return ff
}

// formNow is the state's formFlat with the flags as Done and Mode stand
// now (s.bufs not nil).
func (s *State) formNow() *formFlat {
	ff := s.formFlat()
	if !ff.valid || ff.fgen != s.fgen {
		for k := range s.sc.Forms {
			id := s.sc.Forms[k].ID
			m := s.Mode[id]
			ff.done[k], ff.withdraw[k], ff.attack[k] = s.Done[id], m == "withdraw", m == "attack"
		}
		ff.valid, ff.fgen = true, s.fgen
	}
	return ff
}

// attackMode reports s.Mode[unit i's Form] == "attack" [6].
func (s *State) attackMode(i int) bool {
	f := s.Units[i].Form
	if f == "" {
		return false
	}
	if s.bufs == nil {
		return s.Mode[f] == "attack"
	}
	ff := s.formNow()
	if k := s.formIdxOf(ff, i); k >= 0 {
		return ff.attack[k]
	}
	return s.Mode[f] == "attack"
}

// attackOpen reports, for formation index k, s.Mode == "attack" and not
// s.Done [6] [10].
func (s *State) attackOpen(k int) bool {
	if s.bufs == nil {
		id := s.sc.Forms[k].ID
		return s.Mode[id] == "attack" && !s.Done[id]
	}
	ff := s.formNow()
	return ff.attack[k] && !ff.done[k]
}
