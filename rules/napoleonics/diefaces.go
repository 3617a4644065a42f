package napoleonics

import (
	"strings"

	"grognard/rules"
)

// DieFaces is the battle die as the screen draws it: the symbol of each of
// its faces, in face order ("infantry", "infantry", "cavalry", ...), lower
// case [Battle dice].
func (s *State) DieFaces() []string {
	var out []string
	for _, sym := range s.sys.Symbols {
		for range sym.Faces {
			out = append(out, strings.ToLower(sym.ID))
		}
	}
	return out
}

// DieSymbols names the symbols a roll's dice index (Event.Dice,
// Action.Dice), lower case [Battle dice].
func (s *State) DieSymbols() []string {
	out := make([]string, len(s.sys.Symbols))
	for i, sym := range s.sys.Symbols {
		out[i] = strings.ToLower(sym.ID)
	}
	return out
}

// HitSymbols lists the symbols that score a hit for a fire or melee action
// (indexes as in DieSymbols), nil for another action: what the odds
// summary shows on its dice [Ranged Combat], [Melee Combat].
func (s *State) HitSymbols(a rules.Action) []int {
	if a.Kind != "fire" && a.Kind != "melee" {
		return nil
	}
	u := s.unit(a.Unit)
	to, err := s.sc.Map.ParseOn(a.To)
	if u == nil || err != nil {
		return nil
	}
	t := s.target(u.Side, to)
	if t == nil {
		return nil
	}
	kind := "melee"
	if a.Kind == "fire" {
		kind = "fire"
	}
	set := s.hitSet(kind, u, t, false)
	var out []int
	for i := range s.sys.Symbols {
		if set[i] {
			out = append(out, i)
		}
	}
	return out
}
