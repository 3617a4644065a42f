package albuera

import "strings"

// actingWords names whose units move or fire in this subphase 2.2 [4.4]:
// the brigades the drawn chit activated, and the chit when it is another
// commander's ("Colborne's brigade (Beresford's chit)"). The prompt named
// the chit only, so after Beresford's chit activated Colborne's brigade it
// read "move or fire with the units of Beresford" (seen playing a turn by
// clicks, issue #18).
func (s *State) actingWords() string {
	var names []string
	own := false
	for _, b := range s.Brigs {
		i := s.idx(b)
		if i < 0 {
			continue
		}
		if b == s.Chit {
			own = true
		}
		names = append(names, s.name(i))
	}
	if len(names) == 0 {
		return s.chitName()
	}
	w := names[0] + "'s brigade"
	if len(names) > 1 {
		w = strings.Join(names[:len(names)-1], "'s, ") + "'s and " + names[len(names)-1] + "'s brigades"
	}
	if !own || len(names) > 1 {
		if c := s.idx(s.Chit); c >= 0 {
			w += " (" + s.name(c) + "'s chit)"
		}
	}
	return w
}
