// Package ai is Grognard's computer player: one search over the rules.State
// contract shared by every system, with each system's knowledge (an
// evaluation of a position, a priority for move ordering and playouts, and
// for systems with hidden information a determinizer) behind the small
// interfaces below, implemented in the system's own package (eval.go,
// determinize.go).
//
// The search is a budgeted Monte Carlo lookahead: the candidate actions
// (the decider's legal actions, ordered by the system's priority and cut to
// the level's width) are tried in turn by UCB1; each try samples a state
// consistent with what the deciding side may know (Determinizer), applies
// the candidate, plays a short playout (chance outcomes sampled, players by
// the priority policy) and scores the end with the system's evaluation.
//
// Honest play: the computer decides only from its side's knowledge. The
// state it is given is used only through Determinize, which replaces every
// hidden part (the other side's hand, the identities of its hidden
// counters, the draw pile) by a sample drawn from the search's own
// generator; nothing reads the game's seed, and the future dice and draws
// are the search's own samples, never the game's.
//
// The package is pure Go like the rest of rules/: no clock (the caller
// gives a context with its deadline), no global generator, no file I/O.
package ai

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"

	"grognard/rules"
)

// Evaluator is a system's evaluation of a position for side: 0 is lost,
// 1 is won, 0.5 is even. It is called on determinized states only.
type Evaluator interface {
	Evaluate(side rules.Side) float64
}

// Prioritizer orders the decider's actions for the search and its
// playouts: a higher priority is tried first and played more often. It is
// called on determinized states only. A negative priority marks an action
// that changes no score and can be undone (a toggle): the search never
// chooses one while any other action is legal.
type Prioritizer interface {
	Priority(a rules.Action) float64
}

// Determinizer is implemented by systems with hidden information: it
// returns a copy of the state in which everything side may not know is
// replaced by a sample from r consistent with side's view and the public
// record. The sample must not depend on the hidden parts it replaces.
type Determinizer interface {
	Determinize(side rules.Side, r *rand.Rand) rules.State
}

// Reasoner is implemented by systems that can say in a few words why an
// action is worth taking ("fires at 1/23: 2M at +1 [14]").
type Reasoner interface {
	ReasonFor(a rules.Action) string
}

// Config is a level's search budget.
type Config struct {
	Name       string
	Candidates int // actions searched at the root (the best by priority)
	Iterations int // playouts in all
	Horizon    int // player decisions per playout
	Greedy     bool
}

// Levels are the difficulties: budget and knowledge, not random blunders.
var Levels = map[string]Config{
	"easy":   {Name: "easy", Candidates: 6, Iterations: 48, Horizon: 4},
	"normal": {Name: "normal", Candidates: 12, Iterations: 240, Horizon: 8},
	"hard":   {Name: "hard", Candidates: 16, Iterations: 700, Horizon: 12},
}

// LevelNames lists the levels from the weakest.
var LevelNames = []string{"easy", "normal", "hard"}

// Decision is the computer's choice.
type Decision struct {
	Action     rules.Action `json:"action"`
	Reason     string       `json:"reason"`
	Value      float64      `json:"value"` // estimated chance to win, 0..1
	Iterations int          `json:"iterations"`
	Candidates int          `json:"candidates"`
	// Plan is the rest of the chosen route (after Action), and Finish the
	// unit whose move ends it: the caller plays them without a new search
	// (see Plan.Next). Planned marks a step of an earlier decision's plan.
	Plan    []rules.Action `json:"plan,omitempty"`
	Finish  string         `json:"finish,omitempty"`
	Planned bool           `json:"planned,omitempty"`
}

// Progress is told how many of the budget's playouts are done.
type Progress func(done, total int)

// Determinize returns a state consistent with side's knowledge: the system's
// sample where it has hidden information, a copy otherwise.
func Determinize(st rules.State, side rules.Side, r *rand.Rand) rules.State {
	if d, ok := st.(Determinizer); ok {
		return d.Determinize(side, r)
	}
	return st.Clone()
}

// Evaluate scores st for side in 0..1: the result when the game is over,
// else the system's evaluation (0.5 without one).
func Evaluate(st rules.State, side rules.Side) float64 {
	if r := st.Result(); r.Over {
		switch r.Winner {
		case side:
			return 1
		case rules.NoSide:
			return 0.5
		}
		return 0
	}
	if e, ok := st.(Evaluator); ok {
		v := e.Evaluate(side)
		if math.IsNaN(v) {
			return 0.5
		}
		return math.Max(0, math.Min(1, v))
	}
	return 0.5
}

// priority is the system's priority of a, or a default by kind.
func priority(st rules.State, a rules.Action) float64 {
	if p, ok := st.(Prioritizer); ok {
		return p.Priority(a)
	}
	return KindPriority(a.Kind)
}

// Obvious is the priority of an action a system says to take without a
// search (a historical set-up in one click).
const Obvious = 100

// KindPriority is the default priority by the kind of an action: attacks
// first, then cards and moves, the end of a phase last.
func KindPriority(kind string) float64 {
	switch {
	case strings.Contains(kind, "fire"), strings.Contains(kind, "shock"), strings.Contains(kind, "charge"),
		strings.Contains(kind, "melee"), strings.Contains(kind, "attack"), strings.Contains(kind, "battle"):
		return 3
	case kind == "play", kind == "order", kind == "rally":
		return 2
	case kind == "move", kind == "advance":
		return 1
	case kind == "end", kind == "pass":
		return 0
	}
	return 0.5
}

// Order returns the actions sorted by priority (highest first, then by key
// for a deterministic order).
func Order(st rules.State, legal []rules.Action) []rules.Action {
	type pa struct {
		a rules.Action
		p float64
		k string
	}
	ps := make([]pa, len(legal))
	for i, a := range legal {
		ps[i] = pa{a, priority(st, a), a.Key()}
	}
	sort.SliceStable(ps, func(i, j int) bool {
		if ps[i].p != ps[j].p {
			return ps[i].p > ps[j].p
		}
		return ps[i].k < ps[j].k
	})
	out := make([]rules.Action, len(ps))
	for i := range ps {
		out[i] = ps[i].a
	}
	return out
}

// safeApply applies a, turning a panic of the rules into an error so a
// search never brings the app down.
func safeApply(st rules.State, a rules.Action) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("rules panic: %v", r)
		}
	}()
	_, err = st.Apply(a)
	return err
}

// playoutExplore: one playout decision in this many is any legal action
// (the others are the system's best by priority), so playouts explore
// without drowning what the candidate did in noise.
const playoutExplore = 8

// policyPick picks a playout action: mostly one of the highest-priority
// actions, sometimes any (so playouts explore).
func policyPick(st rules.State, legal []rules.Action, r *rand.Rand) rules.Action {
	if len(legal) == 1 || r.IntN(playoutExplore) == 0 {
		return legal[r.IntN(len(legal))]
	}
	best := math.Inf(-1)
	var top []int
	for i, a := range legal {
		p := priority(st, a) + r.Float64()*0.5
		switch {
		case p > best:
			best, top = p, append(top[:0], i)
		case p == best:
			top = append(top, i)
		}
	}
	return legal[top[r.IntN(len(top))]]
}

// Playout plays up to horizon player decisions from st (changed in place),
// sampling chance outcomes with r.
func Playout(ctx context.Context, st rules.State, horizon int, r *rand.Rand) {
	players := 0
	for steps := 0; steps < horizon*8 && players < horizon; steps++ {
		if st.Result().Over || (steps%4 == 3 && ctx.Err() != nil) {
			return
		}
		var a rules.Action
		if st.Status().Decider == rules.Chance {
			outs := st.Chances()
			x, err := rules.Sample(outs, r)
			if err != nil {
				return
			}
			a = x
		} else {
			legal := st.Legal()
			if len(legal) == 0 {
				return
			}
			a = policyPick(st, legal, r)
			players++
		}
		if safeApply(st, a) != nil {
			return
		}
	}
}

// expectLeaves is how many positions the search may score to weigh the
// chance outcomes that follow a candidate exactly (the greedy player
// samples them twice instead).
const expectLeaves = 24

// expectation is the evaluation of st for side once the chance outcomes
// pending in it are resolved: their exact weighted mean where they are
// few (each outcome applied to a copy, at most leaves positions scored in
// all), a sample of them beyond that (st is changed).
func expectation(st rules.State, side rules.Side, r *rand.Rand, leaves int) float64 {
	for n := 0; n < 200; n++ {
		if st.Result().Over || st.Status().Decider != rules.Chance {
			return Evaluate(st, side)
		}
		outs := st.Chances()
		total, live := 0, 0
		for _, o := range outs {
			if o.Weight > 0 {
				total += o.Weight
				live++
			}
		}
		if live >= 2 && live <= leaves && total > 0 {
			v := 0.0
			for _, o := range outs {
				if o.Weight <= 0 {
					continue
				}
				c := st.Clone()
				if safeApply(c, o.Action) != nil {
					return Evaluate(st, side)
				}
				v += float64(o.Weight) / float64(total) * expectation(c, side, r, leaves/live)
			}
			return v
		}
		a, err := rules.Sample(outs, r)
		if err != nil || safeApply(st, a) != nil {
			return Evaluate(st, side)
		}
	}
	return Evaluate(st, side)
}

// resolveChance samples chance outcomes until a player decides.
func resolveChance(st rules.State, r *rand.Rand) {
	for n := 0; n < 200 && st.Status().Decider == rules.Chance && !st.Result().Over; n++ {
		a, err := rules.Sample(st.Chances(), r)
		if err != nil || safeApply(st, a) != nil {
			return
		}
	}
}

// ownLegal is the sample's legal actions that are legal in the game too.
// The decider's View lists its legal actions, so this reads nothing
// hidden; a sample of the hidden facts can make an action legal that the
// game does not allow (a Marshals decoy placed where a hidden enemy
// stands [7.5]), and the computer must never choose one. The game's own
// list when none is left.
func ownLegal(st, base rules.State) []rules.Action {
	sample := base.Legal()
	if st == base {
		return sample
	}
	real := st.Legal()
	ok := make(map[string]bool, len(real))
	for _, a := range real {
		ok[a.Key()] = true
	}
	out := make([]rules.Action, 0, len(sample))
	for _, a := range sample {
		if ok[a.Key()] {
			out = append(out, a)
		}
	}
	if len(out) == 0 {
		return real
	}
	return out
}

// Decide chooses side's action at level cfg from st (which it reads only
// through Determinize). The seed makes the choice reproducible; ctx stops
// the search early (the best action found so far is returned). progress,
// if not nil, is told how far the search is.
func Decide(ctx context.Context, st rules.State, side rules.Side, cfg Config, seed uint64, progress Progress) (Decision, error) {
	if st.Result().Over {
		return Decision{}, fmt.Errorf("the game is over")
	}
	if d := st.Status().Decider; d != side {
		return Decision{}, fmt.Errorf("%s decides now, not %s", d, side)
	}
	r := rand.New(rand.NewPCG(seed, 0x6a09e667f3bcc908))
	base := Determinize(st, side, r)
	legal := ownLegal(st, base)
	if len(legal) == 0 {
		return Decision{}, fmt.Errorf("no legal action")
	}
	if len(legal) == 1 {
		return Decision{Action: legal[0], Reason: reasonFor(base, legal[0], "the only legal action"), Value: 0.5, Candidates: 1}, nil
	}
	if cfg.Greedy {
		return greedy(ctx, st, side, legal, r, progress)
	}
	// The root is scanned as wide as the greedy player scans it, one ply
	// ahead; the level's width then keeps the best of that scan for the
	// playouts, so the search always weighs the move one ply shows best
	// and never plays worse than one move ahead.
	wide, movers := candidates(base, legal, max(cfg.Candidates, scanWidth))
	if len(wide) == 0 {
		return Decision{}, fmt.Errorf("no legal action")
	}
	if priority(base, wide[0].first()) >= Obvious {
		a := wide[0].first()
		return Decision{Action: a, Reason: reasonFor(base, a, "the obvious choice"), Value: 0.5, Candidates: 1}, nil
	}
	prior := make([]float64, len(wide))
	scanned := 0
	for k := range wide {
		if ctx.Err() != nil && k > 0 {
			break
		}
		for range priorSamples {
			d := Determinize(st, side, r)
			if applyCandidate(d, side, wide[k]) {
				prior[k] += expectation(d, side, r, expectLeaves) / priorSamples
			}
		}
		scanned++
	}
	cands, pv := keepBest(wide[:scanned], prior[:scanned], cfg.Candidates)
	n := len(cands)
	total := routeBudget(cfg.Iterations, n, movers)
	if total < n {
		total = n
	}
	// The playouts: sequential halving with common random numbers. In each
	// round every surviving candidate is tried from the same sample (the
	// same hidden facts, the same dice as far as the lines agree), so the
	// candidates are compared on equal luck, pair by pair; after each
	// quarter of the budget the worse half is dropped (never the one-ply
	// best, cands[0], which the others are measured against).
	vals := make([][]float64, n)
	alive := make([]int, n)
	for k := range alive {
		alive[k] = k
	}
	it, rounds := 0, 0
	flatStop := false
	quarter := max(total/4, len(alive))
	nextCut := quarter
	for it < total && ctx.Err() == nil {
		roundSeed := r.Uint64()
		for k := range vals {
			vals[k] = append(vals[k], math.NaN())
		}
		for _, k := range alive {
			if it >= total || (ctx.Err() != nil && it >= 1) {
				break
			}
			rr := rand.New(rand.NewPCG(roundSeed, 0x3c6ef372fe94f82b))
			d := Determinize(st, side, rr)
			v := 0.0
			if applyCandidate(d, side, cands[k]) {
				Playout(ctx, d, cfg.Horizon, rr)
				v = Evaluate(d, side)
			}
			vals[k][rounds] = v
			it++
			if progress != nil && it%8 == 0 {
				progress(it, total)
			}
		}
		rounds++
		// Every candidate scored alike: the playouts cannot tell them
		// apart (moves far from any combat), so more of them would only
		// cost time; the one-ply best stands.
		if rounds >= 2 && flatRounds(vals, alive) {
			flatStop = true
			break
		}
		if it >= nextCut && len(alive) > 2 {
			rest := alive[1:]
			sort.SliceStable(rest, func(i, j int) bool { return meanOf(vals[rest[i]]) > meanOf(vals[rest[j]]) })
			alive = alive[:max(2, (len(alive)+1)/2)]
			nextCut = it + quarter
		}
	}
	// The one-ply best is played unless a survivor beat it clearly in the
	// paired playouts: by more than switchZ standard errors of the
	// difference, and by the handicap of its lower priority (a candidate
	// the system ranks lower, the end of a phase or a leader's move, must
	// score clearly better to be chosen, not by the noise of a few
	// playouts). A search cut short by its deadline plays as the greedy
	// player does.
	best, lb := 0, 0.0
	for _, k := range alive[1:] {
		m, se, cnt := pairedDiff(vals[k], vals[0])
		if cnt < 3 {
			continue
		}
		l := m - switchZ*se - math.Min(rankMargin*math.Max(0, cands[0].pri-cands[k].pri), maxMargin)
		if l > lb+1e-9 {
			best, lb = k, l
		}
	}
	bv := meanOf(vals[best])
	if math.IsNaN(bv) {
		bv = pv[best]
	}
	if progress != nil {
		progress(total, total)
	}
	why := fmt.Sprintf("best of %d tried (%d scanned one move ahead), %.0f%% to win", n, scanned, 100*bv)
	switch {
	case flatStop:
		why = fmt.Sprintf("%d choices alike ahead, the best one move ahead; %.0f%% to win", n, 100*bv)
	case best == 0 && rounds >= 3:
		why = fmt.Sprintf("the best one move ahead, none better in %d playouts; %.0f%% to win", it, 100*bv)
	}
	return decisionOf(base, cands[best], bv, it, n, why), nil
}

// decisionOf is the decision to play candidate c: its first step now, the
// rest as the plan, with the system's reason (for a route, the reason of
// the whole route: a move straight to its destination).
func decisionOf(base rules.State, c candidate, v float64, it, n int, why string) Decision {
	a := c.first()
	d := Decision{Action: a, Value: v, Iterations: it, Candidates: n}
	if len(c.steps) > 1 || c.finish != "" {
		d.Plan = append([]rules.Action(nil), c.steps[1:]...)
		d.Finish = c.finish
		last := c.steps[len(c.steps)-1]
		whole := rules.Action{Kind: "move", Unit: last.Unit, To: last.To, Choice: last.Choice, Rule: last.Rule}
		if last.Kind != "move" {
			whole = last
		}
		d.Reason = reasonFor(base, whole, fmt.Sprintf("a route of %d steps to %s; %s", len(c.steps), routeEnd(c), why))
		return d
	}
	d.Reason = reasonFor(base, a, why)
	return d
}

// routeEnd names where a route ends (its last move's place).
func routeEnd(c candidate) string {
	for k := len(c.steps) - 1; k >= 0; k-- {
		if c.steps[k].Kind == "move" && c.steps[k].To != "" {
			return c.steps[k].To
		}
	}
	return "where it stands"
}

// rankMargin is how much better than the system's first choice (in the
// chance to win) a candidate must score, per unit of priority below it, to
// be played instead; never more than maxMargin. The playouts are short:
// ending a movement phase reaches the next combat sooner than one more
// move does, which alone must not decide.
//
// switchZ is how many standard errors of the paired difference a
// candidate must beat the one-ply best by to be played instead.
const (
	switchZ    = 0.5
	rankMargin = 0.01
	maxMargin  = 0.05
)

// priorSamples is how many one-ply samples score each candidate before
// the playouts.
const priorSamples = 2

// scanWidth is how many candidates (the best by priority) are scored one
// ply ahead before the playouts: the greedy player's width.
const scanWidth = 40

// keepBest returns the width best candidates by their one-ply score (ties
// by priority, then key), with their scores; the end of the phase is kept
// whenever it was scanned, so the search may choose to stop moving.
func keepBest(cs []candidate, score []float64, width int) ([]candidate, []float64) {
	idx := make([]int, len(cs))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool {
		i, j := idx[a], idx[b]
		if math.Abs(score[i]-score[j]) > 1e-9 {
			return score[i] > score[j]
		}
		if cs[i].pri != cs[j].pri {
			return cs[i].pri > cs[j].pri
		}
		return cs[i].key < cs[j].key
	})
	end := -1
	for _, i := range idx {
		a := cs[i].first()
		if (a.Kind == "end" || a.Kind == "pass") && a.Unit == "" && len(cs[i].steps) == 1 {
			end = i
			break
		}
	}
	if width > 0 && len(idx) > width {
		kept := idx[:width]
		if end >= 0 && !slices.Contains(kept, end) {
			kept[width-1] = end
		}
		idx = kept
	}
	out := make([]candidate, len(idx))
	sc := make([]float64, len(idx))
	for k, i := range idx {
		out[k], sc[k] = cs[i], score[i]
	}
	return out, sc
}

// meanOf is the mean of the tried values (NaN: not tried).
func meanOf(v []float64) float64 {
	sum, n := 0.0, 0
	for _, x := range v {
		if !math.IsNaN(x) {
			sum += x
			n++
		}
	}
	if n == 0 {
		return math.NaN()
	}
	return sum / float64(n)
}

// pairedDiff is the mean of a-b over the rounds both were tried in, its
// standard error and the number of such rounds.
func pairedDiff(a, b []float64) (mean, se float64, n int) {
	var s, s2 float64
	for i := range min(len(a), len(b)) {
		if math.IsNaN(a[i]) || math.IsNaN(b[i]) {
			continue
		}
		d := a[i] - b[i]
		s += d
		s2 += d * d
		n++
	}
	if n == 0 {
		return 0, 0, 0
	}
	mean = s / float64(n)
	if n > 1 {
		se = math.Sqrt(math.Max(0, s2/float64(n)-mean*mean) / float64(n-1))
	}
	return mean, se, n
}

// flatRounds reports whether every candidate among alive scored the same
// in every round so far.
func flatRounds(vals [][]float64, alive []int) bool {
	ref := vals[alive[0]]
	for _, k := range alive[1:] {
		for i, x := range vals[k] {
			if math.IsNaN(x) || math.IsNaN(ref[i]) || math.Abs(x-ref[i]) > 1e-9 {
				return false
			}
		}
	}
	return true
}

// greedy is the one-ply player: every legal action, its chance outcomes
// sampled a few times, scored by the evaluation.
func greedy(ctx context.Context, st rules.State, side rules.Side, legal []rules.Action, r *rand.Rand, progress Progress) (Decision, error) {
	base := Determinize(st, side, r)
	cands, _ := candidates(base, legal, 40)
	best, bv := 0, math.Inf(-1)
	for i, c := range cands {
		if ctx.Err() != nil && i > 0 {
			break
		}
		v := 0.0
		const samples = 2
		for range samples {
			d := Determinize(st, side, r)
			if applyCandidate(d, side, c) {
				resolveChance(d, r)
				v += Evaluate(d, side)
			}
		}
		v = v/samples + 1e-4*c.pri
		if v > bv {
			best, bv = i, v
		}
		if progress != nil {
			progress(i+1, len(cands))
		}
	}
	return decisionOf(base, cands[best], bv, 0, len(cands), "the best by the evaluation one move ahead"), nil
}

// reasonFor is the system's reason for a with why, else why alone (the
// action's label says what it does).
func reasonFor(st rules.State, a rules.Action, why string) string {
	if rs, ok := st.(Reasoner); ok {
		if t := rs.ReasonFor(a); t != "" {
			return t + " (" + why + ")"
		}
	}
	return why
}

// Player is anything that chooses actions in a duel.
type Player interface {
	Name() string
	Choose(ctx context.Context, st rules.State, side rules.Side, seed uint64) (Decision, error)
}

// NewPlayer makes a player from its name: random, greedy, ai:easy,
// ai:normal, ai:hard (also plain easy, normal, hard).
func NewPlayer(spec string) (Player, error) {
	s := strings.ToLower(strings.TrimSpace(spec))
	switch s {
	case "random":
		return randomPlayer{}, nil
	case "greedy":
		return searchPlayer{name: "greedy", cfg: Config{Name: "greedy", Greedy: true}}, nil
	}
	lv := strings.TrimPrefix(s, "ai:")
	if cfg, ok := Levels[lv]; ok {
		return searchPlayer{name: "ai:" + lv, cfg: cfg}, nil
	}
	return nil, fmt.Errorf("unknown player %q: want random, greedy, ai:easy, ai:normal or ai:hard", spec)
}

type randomPlayer struct{}

func (randomPlayer) Name() string { return "random" }

func (randomPlayer) Choose(_ context.Context, st rules.State, side rules.Side, seed uint64) (Decision, error) {
	if st.Status().Decider != side {
		return Decision{}, fmt.Errorf("%s does not decide now", side)
	}
	legal := st.Legal()
	if len(legal) == 0 {
		return Decision{}, fmt.Errorf("no legal action")
	}
	r := rand.New(rand.NewPCG(seed, 1))
	a := legal[r.IntN(len(legal))]
	return Decision{Action: a, Reason: "at random", Value: 0.5, Candidates: len(legal)}, nil
}

type searchPlayer struct {
	name string
	cfg  Config
}

func (p searchPlayer) Name() string { return p.name }

func (p searchPlayer) Choose(ctx context.Context, st rules.State, side rules.Side, seed uint64) (Decision, error) {
	return Decide(ctx, st, side, p.cfg, seed, nil)
}
