package napoleonics

import (
	"math/rand/v2"

	"grognard/rules"
)

// Determinize returns a copy of the state in which what side may not know
// is replaced by a sample from r (for the computer player, rules/ai): the
// other side's hand is dealt afresh from the cards side has not seen (the
// draw pile and that hand together, which side sees only as a count)
// [rules: hands are secret]. The draw pile is a multiset whose draws are
// chance outcomes, so it has no order to hide. The sample depends only on
// what side knows: the pooled cards are sorted before they are shuffled.
func (s *State) Determinize(side rules.Side, r *rand.Rand) rules.State {
	c := s.clone()
	if side != 0 && side != 1 {
		return c
	}
	opp := 1 - int(side)
	pool := copyMap(s.Pile)
	for _, id := range s.Hands[opp] {
		pool[id]++
	}
	var cards []string
	for _, id := range sortedKeys(pool) {
		for range pool[id] {
			cards = append(cards, id)
		}
	}
	r.Shuffle(len(cards), func(i, j int) { cards[i], cards[j] = cards[j], cards[i] })
	n := len(s.Hands[opp])
	hand := append([]string{}, cards[:n]...)
	c.Hands[opp] = hand
	c.Pile = map[string]int{}
	for _, id := range cards[n:] {
		c.Pile[id]++
	}
	if c.Draw != nil && c.Draw.Side == opp && len(c.Draw.Drawn) > 0 {
		k := min(len(c.Draw.Drawn), n)
		d := *c.Draw // never change what a clone may share
		d.Drawn = append([]string(nil), hand[len(hand)-k:]...)
		c.Draw = &d
	}
	return c
}
