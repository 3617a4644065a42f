package game

import (
	"regexp"
	"strings"

	"grognard/rules"
)

// shortOddsNames writes the units of an odds table by their counters'
// short names ("3DGa fails its check") when a full name makes a row too
// long for the odds panel (newcomer issue #18: "3rd Dragoon Guards (a)
// pa..." cut the row before it said whether 30% was passing or failing).
func (s *Session) shortOddsNames(lines []rules.OddsLine) []rules.OddsLine {
	const most = 24 // the characters a row's label shows whole
	long := false
	for _, l := range lines {
		long = long || len([]rune(l.Result)) > most
	}
	if !long {
		return lines
	}
	var pairs []string
	for _, u := range s.View().Units {
		if u.Name != "" && u.Short != "" && u.Short != u.Name {
			pairs = append(pairs, u.Name, u.Short)
		}
	}
	if len(pairs) == 0 {
		return lines
	}
	r := strings.NewReplacer(pairs...)
	out := make([]rules.OddsLine, len(lines))
	for i, l := range lines {
		out[i] = l
		out[i].Result = r.Replace(l.Result)
	}
	return out
}

// oddsDetail is a row's closing detail: a parenthesis, a rule citation.
var oddsDetail = regexp.MustCompile(`\s*(\([^()]*\)|\[[^\]]*\])\s*$`)

// compactOdds takes off the rows' closing details that are the same on
// every row (the Clash's "(column -2) [15.8]") when a row is still too
// long to show whole, and says them once in the title.
func compactOdds(title string, lines []rules.OddsLine) (string, []rules.OddsLine) {
	const most = 30
	for round := 0; round < 2; round++ {
		long, common := false, ""
		for i, l := range lines {
			long = long || len([]rune(l.Result)) > most
			d := oddsDetail.FindString(l.Result)
			if d == "" || i > 0 && d != common {
				common = ""
				break
			}
			common = d
		}
		if !long || common == "" {
			break
		}
		out := make([]rules.OddsLine, len(lines))
		for i, l := range lines {
			out[i] = l
			out[i].Result = strings.TrimSuffix(l.Result, common)
		}
		lines = out
		if c := strings.TrimSpace(common); !strings.Contains(title, c) {
			title += " " + c
		}
	}
	return title, lines
}
