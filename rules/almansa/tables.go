package almansa

import (
	"fmt"
	"strconv"
	"strings"

	"grognard/scenarios"
)

// fireResult is one cell of the Fire Table [11]: steps lost by every unit in
// the target hex and whether each then checks morale.
type fireResult struct {
	Steps int
	MC    bool
}

func (r fireResult) String() string {
	switch {
	case r.Steps == 0 && !r.MC:
		return "no effect"
	case r.Steps == 0:
		return "morale check"
	case !r.MC:
		return fmt.Sprintf("%d step(s) lost", r.Steps)
	}
	return fmt.Sprintf("%d step(s) lost and morale check", r.Steps)
}

type cfRange struct{ lo, hi int }

type fireTable struct {
	cols  []cfRange
	names []string
	rows  [6][]fireResult
}

func buildFireTable(t *scenarios.Table) (*fireTable, error) {
	ft := &fireTable{names: t.Cols}
	prev := 0
	for _, c := range t.Cols {
		var r cfRange
		var err error
		switch {
		case strings.HasSuffix(c, "+"):
			r.lo, err = strconv.Atoi(strings.TrimSuffix(c, "+"))
			r.hi = 1 << 30
		case strings.Contains(c, "-"):
			a, b, _ := strings.Cut(c, "-")
			r.lo, err = strconv.Atoi(a)
			if err == nil {
				r.hi, err = strconv.Atoi(b)
			}
		default:
			r.lo, err = strconv.Atoi(c)
			r.hi = r.lo
		}
		if err != nil || r.lo != prev+1 || r.hi < r.lo {
			return nil, &scenarios.Error{File: t.File, Line: t.Line, Msg: fmt.Sprintf("table fire: column %q: want consecutive combat factor ranges from 1 (1 2 3-4 ... 12+)", c)}
		}
		prev = r.hi
		ft.cols = append(ft.cols, r)
	}
	if len(t.Rows) != 6 {
		return nil, &scenarios.Error{File: t.File, Line: t.Line, Msg: "table fire: want one row per die face 1-6"}
	}
	for _, row := range t.Rows {
		d, err := strconv.Atoi(row.Key)
		if err != nil || d < 1 || d > 6 {
			return nil, &scenarios.Error{File: t.File, Line: row.Line, Msg: "table fire: rows are die faces 1-6"}
		}
		for _, cell := range row.Cells {
			r, err := parseFireResult(cell)
			if err != nil {
				return nil, &scenarios.Error{File: t.File, Line: row.Line, Msg: "table fire: " + err.Error()}
			}
			ft.rows[d-1] = append(ft.rows[d-1], r)
		}
	}
	return ft, nil
}

func parseFireResult(s string) (fireResult, error) {
	if s == "-" {
		return fireResult{}, nil
	}
	var r fireResult
	if strings.HasSuffix(s, "MC") {
		r.MC = true
		s = strings.TrimSuffix(s, "MC")
	}
	if s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 0 {
			return r, fmt.Errorf("result %q: want -, MC, a number of steps, or steps then MC", s)
		}
		r.Steps = n
	}
	return r, nil
}

// column returns the Fire Table column of a combat factor total (-1 for 0).
func (ft *fireTable) column(cf int) int {
	for i, c := range ft.cols {
		if cf >= c.lo && cf <= c.hi {
			return i
		}
	}
	return -1
}

// sideResult is one side's part of a shock result [13].
type sideResult struct {
	Steps   int
	Retreat bool
	MC      bool
}

type shockResult struct {
	A, D sideResult
}

func (r shockResult) String() string {
	part := func(who string, s sideResult) string {
		var p []string
		if s.Steps > 0 {
			p = append(p, fmt.Sprintf("%s loses %d step(s)", who, s.Steps))
		}
		if s.MC {
			p = append(p, who+" checks morale")
		}
		if s.Retreat {
			p = append(p, who+" retreats")
		}
		return strings.Join(p, ", ")
	}
	var all []string
	for _, s := range []string{part("defender", r.D), part("attacker", r.A)} {
		if s != "" {
			all = append(all, s)
		}
	}
	if len(all) == 0 {
		return "no effect"
	}
	return strings.Join(all, "; ")
}

func parseShockResult(s string) (shockResult, error) {
	var r shockResult
	if s == "-" {
		return r, nil
	}
	for _, tok := range strings.Split(s, "/") {
		if tok == "" {
			return r, fmt.Errorf("empty result in %q", s)
		}
		var sr *sideResult
		switch tok[0] {
		case 'A':
			sr = &r.A
		case 'D':
			sr = &r.D
		default:
			return r, fmt.Errorf("result %q: each part starts with A (attacker) or D (defender)", tok)
		}
		rest := tok[1:]
		for len(rest) > 0 {
			c := rest[0]
			rest = rest[1:]
			switch {
			case c >= '0' && c <= '9':
				sr.Steps = int(c - '0')
			case c == 'R':
				sr.Retreat = true
			case c == 'M':
				sr.MC = true
			default:
				return r, fmt.Errorf("result %q: unknown letter %c (digits, R, M)", tok, c)
			}
		}
	}
	return r, nil
}

// odds is a Shock Combat Table column "a:d".
type odds struct{ a, d int }

func parseOdds(s string) (odds, error) {
	a, d, ok := strings.Cut(s, ":")
	x, err1 := strconv.Atoi(a)
	y, err2 := strconv.Atoi(d)
	if !ok || err1 != nil || err2 != nil || x < 1 || y < 1 || (x != 1 && y != 1) {
		return odds{}, fmt.Errorf("want odds like 1:3 or 2:1")
	}
	return odds{x, y}, nil
}

// shockColumn returns the column index for attack a against defence d,
// rounding down in the defender's favour [13]: 10 against 4 is 2:1, 4
// against 10 is 1:3. Odds worse than the leftmost column use it; better than
// the rightmost use it.
func (sc *Scenario) shockColumn(a, d int) int {
	t := sc.Tables["shock"]
	best := 0
	for i, c := range t.Cols {
		o, _ := parseOdds(c)
		// Column o is reached when a/d >= o.a/o.d, i.e. a*o.d >= d*o.a.
		if a*o.d >= d*o.a {
			best = i
		}
	}
	return best
}

func (sc *Scenario) shockCell(col, die int) shockResult {
	t := sc.Tables["shock"]
	r, _ := parseShockResult(t.Rows[die-1].Cells[col])
	return r
}

func (sc *Scenario) tableInt(table, row string) int {
	v, _ := sc.Tables[table].Cell(row, sc.Tables[table].Cols[0])
	n, _ := strconv.Atoi(v)
	return n
}

func clampDie(d int) int {
	if d < 1 {
		return 1
	}
	if d > 6 {
		return 6
	}
	return d
}
