package lesson

import (
	"fmt"
	"strconv"
	"strings"

	"grognard/rules"
)

// Run is a lesson being played: the position, the step reached and every
// event so far. The player's actions go through Do; the book's dice are
// applied by the run itself when their step comes.
type Run struct {
	L      *Lesson
	St     rules.State
	start  rules.State
	I      int           // the next step
	Events []rules.Event // every event of the lesson so far
	Forced []rules.Event // the events of the dice forced after the last action
}

// Reply answers an action the player tried.
type Reply struct {
	OK     bool   // the lesson's action: done, the lesson moved on
	Legal  bool   // a legal action, but not the example's (not applied)
	Msg    string // why not, or what happened
	Events []rules.Event
}

// Start builds the lesson's position and forces any opening die.
func Start(l *Lesson) (*Run, error) {
	st, err := l.Build()
	if err != nil {
		return nil, err
	}
	r := &Run{L: l, St: st, start: st.Clone()}
	if err := r.forceChance(); err != nil {
		return nil, err
	}
	return r, nil
}

// Step is the step the player must take now (nil at the end).
func (r *Run) Step() *Step {
	if r.I >= len(r.L.Steps) {
		return nil
	}
	return &r.L.Steps[r.I]
}

// Done reports whether every step has been played.
func (r *Run) Done() bool { return r.I >= len(r.L.Steps) }

// Expected is the current step's action with the labels of the rules.
func (r *Run) Expected() (rules.Action, bool) {
	s := r.Step()
	if s == nil {
		return rules.Action{}, false
	}
	if a, ok := rules.FindLegal(r.St, s.Act); ok {
		return a, true
	}
	return s.Act, false
}

// Do tries the player's action. The lesson's action is applied and the book's
// dice that follow are forced; another legal action is not applied and is
// answered with why the example does something else; an illegal one gets the
// rules' why-not. The state never changes unless the reply is OK.
func (r *Run) Do(a rules.Action) Reply {
	s := r.Step()
	if s == nil {
		return Reply{Msg: "The lesson is over: try it yourself from the same position."}
	}
	if a.Key() == s.Act.Key() {
		evs, err := r.apply(s)
		if err != nil {
			return Reply{Msg: err.Error()}
		}
		return Reply{OK: true, Events: evs, Msg: "Done [" + s.Rule + "]"}
	}
	if l, ok := rules.FindLegal(r.St, a); ok {
		want, _ := r.Expected()
		msg := fmt.Sprintf("%s is legal, but the example does %s [%s].", l.String(), want.String(), s.Rule)
		if s.Else != "" {
			msg += " " + s.Else
		}
		return Reply{Legal: true, Msg: msg}
	}
	msg := "Not legal here."
	if ex, ok := r.St.(rules.Explainer); ok && a.Unit != "" && a.To != "" {
		if w := ex.WhyNot(a.Unit, a.To); w != "" {
			msg = w
		}
	} else if _, err := r.St.Clone().Apply(a); err != nil {
		msg = err.Error()
	}
	return Reply{Msg: msg}
}

// apply plays step s (found legal) and forces the dice that follow.
func (r *Run) apply(s *Step) ([]rules.Event, error) {
	if _, ok := rules.FindLegal(r.St, s.Act); !ok {
		why := ""
		if ex, ok := r.St.(rules.Explainer); ok && s.Act.Unit != "" && s.Act.To != "" {
			why = " (" + ex.WhyNot(s.Act.Unit, s.Act.To) + ")"
		}
		return nil, fmt.Errorf("%s: %q is not legal at this step%s (decider %v); legal: %s", r.L.Where(s.Line), s.Act.Key(), why, r.St.Status().Decider, legalKeys(r.St))
	}
	evs, err := r.St.Apply(s.Act)
	if err != nil {
		return nil, fmt.Errorf("%s: %q: %v", r.L.Where(s.Line), s.Act.Key(), err)
	}
	r.Events = append(r.Events, evs...)
	if s.Check != "" && !eventsHave(evs, s.Check) {
		return nil, fmt.Errorf("%s: the step should say %q; it said: %s", r.L.Where(s.Line), s.Check, texts(evs))
	}
	r.I++
	r.Forced = nil
	if err := r.forceChance(); err != nil {
		return nil, err
	}
	return append(evs, r.Forced...), nil
}

// forceChance applies the book's dice while the next step is one.
func (r *Run) forceChance() error {
	for s := r.Step(); s != nil && s.Chance; s = r.Step() {
		if r.St.Status().Decider != rules.Chance {
			return fmt.Errorf("%s: the book rolls %q here, but the rules ask no die (decider %v); legal: %s", r.L.Where(s.Line), s.Act.Key(), r.St.Status().Decider, legalKeys(r.St))
		}
		if _, ok := rules.FindLegal(r.St, s.Act); !ok {
			return fmt.Errorf("%s: %q is not a possible outcome here; possible: %s", r.L.Where(s.Line), s.Act.Key(), legalKeys(r.St))
		}
		evs, err := r.St.Apply(s.Act)
		if err != nil {
			return fmt.Errorf("%s: %v", r.L.Where(s.Line), err)
		}
		if s.Check != "" && !eventsHave(evs, s.Check) {
			return fmt.Errorf("%s: the roll should say %q; it said: %s", r.L.Where(s.Line), s.Check, texts(evs))
		}
		r.Events = append(r.Events, evs...)
		r.Forced = append(r.Forced, evs...)
		r.I++
	}
	if s := r.Step(); s != nil && r.St.Status().Decider == rules.Chance {
		return fmt.Errorf("%s: the rules roll a die here that the lesson does not give (add a roll record); possible: %s", r.L.Where(s.Line), legalKeys(r.St))
	}
	return nil
}

// PlayAll plays every remaining step as scripted and checks the result.
func (r *Run) PlayAll() error {
	for s := r.Step(); s != nil; s = r.Step() {
		if _, err := r.apply(s); err != nil {
			return err
		}
	}
	return r.CheckResult()
}

// TryItYourself is the lesson's starting position, for an ordinary game
// from there with real dice: as the system's Opener makes it playable, or
// as it is when the system has none (or its opener fails).
func (r *Run) TryItYourself() rules.State {
	st := r.start.Clone()
	if f, ok := openers[r.L.System]; ok {
		if g, err := f(st.Clone(), r.L.Pos); err == nil && g != nil {
			return g
		}
	}
	return st
}

// CheckResult compares the board with the lesson's expect records.
func (r *Run) CheckResult() error {
	if !r.Done() {
		return fmt.Errorf("%s: the lesson is not over", r.L.Where(r.L.Line))
	}
	var views [2]*rules.View
	for s := 0; s < 2; s++ {
		views[s] = r.St.View(rules.Side(s))
	}
	for _, e := range r.L.Expects {
		if err := r.check(e, views); err != nil {
			return fmt.Errorf("%s: expect: %v", r.L.Where(e.Line), err)
		}
	}
	return nil
}

func (r *Run) check(e Expect, views [2]*rules.View) error {
	f := e.Fields
	if id, ok := f["unit"]; ok {
		u := findUnit(views, id)
		if u == nil {
			return fmt.Errorf("no unit %s", id)
		}
		for k, want := range f {
			var got string
			switch k {
			case "unit":
				continue
			case "at":
				got = u.At
			case "at2":
				got = u.At2
			case "facing":
				got = strconv.Itoa(u.Facing)
			case "strength":
				got = strconv.Itoa(u.Strength)
			case "eliminated":
				got = yesNo(u.Eliminated)
			case "off":
				got = yesNo(u.At == "")
			case "card":
				found := strings.Contains(u.Values, want)
				for _, d := range u.Detail {
					found = found || strings.Contains(d, want)
				}
				if !found {
					return fmt.Errorf("%s's card does not say %q: %s / %s", id, want, u.Values, strings.Join(u.Detail, " / "))
				}
				continue
			case "markers":
				for _, m := range strings.Split(want, ",") {
					m = strings.TrimSpace(m)
					if strings.HasPrefix(m, "-") {
						if has(u.Markers, m[1:]) {
							return fmt.Errorf("%s has marker %s; the book's result has none (markers: %v)", id, m[1:], u.Markers)
						}
					} else if !has(u.Markers, m) {
						return fmt.Errorf("%s lacks marker %s (markers: %v)", id, m, u.Markers)
					}
				}
				continue
			default:
				return fmt.Errorf("unknown field %s= (at, at2, facing, strength, eliminated, off, markers, card)", k)
			}
			if got != want {
				return fmt.Errorf("%s %s is %q, the book's result is %q", id, k, got, want)
			}
		}
		return nil
	}
	for k, want := range f {
		switch k {
		case "log":
			if !eventsHave(r.Events, want) {
				return fmt.Errorf("no event says %q; the lesson said: %s", want, texts(r.Events))
			}
		case "score":
			found := false
			for _, v := range views {
				for _, l := range v.Score {
					found = found || strings.Contains(l, want)
				}
			}
			if !found {
				return fmt.Errorf("no score line says %q: %v", want, views[0].Score)
			}
		case "phase":
			if got := r.St.Status().Phase; got != want {
				return fmt.Errorf("phase %q, want %q", got, want)
			}
		default:
			return fmt.Errorf("unknown field %s= (unit, log, score, phase)", k)
		}
	}
	return nil
}

func findUnit(views [2]*rules.View, id string) *rules.UnitView {
	for _, v := range views {
		for i := range v.Units {
			u := &v.Units[i]
			if u.ID == id && !u.Hidden && u.Side == v.Side {
				return u
			}
		}
	}
	for _, v := range views {
		for i := range v.Units {
			if v.Units[i].ID == id && !v.Units[i].Hidden {
				return &v.Units[i]
			}
		}
	}
	return nil
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

func has(ms []string, m string) bool {
	for _, x := range ms {
		if x == m {
			return true
		}
	}
	return false
}

// EventText is an event as the lesson shows it: its full text (the owner's
// private text too: a lesson is played by one person seeing both sides).
func EventText(e rules.Event) string {
	if e.Private != "" {
		return e.TextFor(e.Owner)
	}
	return e.TextFor(rules.NoSide)
}

func eventsHave(evs []rules.Event, s string) bool {
	for _, e := range evs {
		if strings.Contains(EventText(e), s) {
			return true
		}
	}
	return false
}

func texts(evs []rules.Event) string {
	var ts []string
	for _, e := range evs {
		ts = append(ts, EventText(e))
	}
	if len(ts) == 0 {
		return "(nothing)"
	}
	return strings.Join(ts, " / ")
}
