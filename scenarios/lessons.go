package scenarios

import (
	"io/fs"
	"path"
	"sort"
	"strings"
)

// Lessons are the books' worked examples and a guided first turn of each
// system, played on the real board (issue #19). Each lesson is one file in
// scenarios/<system>/lessons/, named so that the files sort in the book's
// order ("03-sympher.txt"). The records:
//
//	lesson ID title="..." rules=10.8,10.3 scenario=albuera-1811 book="where in the book" system=albuera
//	       authored="why" (optional: the example is ours, e.g. the book's figure is lost)
//	position start=historical|empty phase=... (system keys)
//	unit ID at=HEX facing=N array=line ... (system keys; only the units that matter)
//	step rule=10.8 act="fire u=Sympher to=0906" text="what to do and why" else="why the example does not do something else"
//	roll rule=10.8 act="roll d=3" text="the book's die"
//	result text="the book's result, in our words"
//	expect unit=II/34 at=0906 strength=4 markers=fired,-routed
//	expect log="Morale Check"     (an event text of the lesson contains this)
//	expect score="French 1 VP"     (a score line contains this)
//
// This file reads the records into plain data with their file and line;
// rules/lesson turns them into actions and refuses a lesson whose action is
// not legal at its step or whose result differs (scenarios cannot import
// rules: the systems import scenarios).

// LessonData is one lesson file as written.
type LessonData struct {
	File     string
	Line     int
	ID       string
	System   string
	Title    string
	Rules    []string
	Scenario string
	Book     string
	Authored string // why the lesson is ours where the book's example is lost (authored="...")
	Order    int    // place in the system's list (file order)
	Position LessonPosition
	Steps    []LessonStep
	Result   string
	Expects  []LessonExpect
}

// LessonPosition is where the lesson starts.
type LessonPosition struct {
	Line  int
	Set   map[string]string // start=, phase=, turn=, ... (the system reads them)
	Units []LessonUnit
}

// LessonUnit places one unit that matters.
type LessonUnit struct {
	Line   int
	ID     string
	Fields map[string]string
}

// LessonStep is one thing the player does (or a die the book rolls).
type LessonStep struct {
	Line  int
	Kind  string // "step" or "roll"
	Act   string // the action's key ("fire u=Sympher to=0906")
	Rule  string
	Text  string
	Else  string
	Check string // optional: an event text this step must produce
}

// LessonExpect is one fact of the book's result.
type LessonExpect struct {
	Line   int
	Fields map[string]string
}

// LessonSystems are the systems with lessons, in menu order.
var LessonSystems = []string{"almansa", "napoleonics", "albuera", "marshals"}

// Lessons reads every lesson of every system: by system in LessonSystems
// order, then by file name.
func Lessons() ([]*LessonData, error) {
	var out []*LessonData
	for _, sys := range LessonSystems {
		ls, err := SystemLessons(sys)
		if err != nil {
			return nil, err
		}
		out = append(out, ls...)
	}
	return out, nil
}

// SystemLessons reads one system's lessons in file order.
func SystemLessons(sys string) ([]*LessonData, error) {
	dir := sys + "/lessons"
	ents, err := fs.ReadDir(FS, dir)
	if err != nil {
		return nil, nil // no lessons yet
	}
	var names []string
	for _, e := range ents {
		if !e.IsDir() && strings.HasSuffix(e.Name(), ".txt") {
			names = append(names, e.Name())
		}
	}
	sort.Strings(names)
	var out []*LessonData
	seen := map[string]string{}
	for i, n := range names {
		p := path.Join(dir, n)
		data, err := fs.ReadFile(FS, p)
		if err != nil {
			return nil, &Error{File: p, Msg: "unreadable"}
		}
		l, err := ParseLesson(p, data)
		if err != nil {
			return nil, err
		}
		if l.System == "" {
			l.System = sys
		} else if l.System != sys {
			return nil, &Error{File: p, Line: l.Line, Msg: "lesson: system=" + l.System + " in the folder of " + sys}
		}
		if prev, dup := seen[l.ID]; dup {
			return nil, &Error{File: p, Line: l.Line, Msg: "lesson " + l.ID + " already in " + prev}
		}
		seen[l.ID] = p
		l.Order = i + 1
		out = append(out, l)
	}
	return out, nil
}

// ParseLesson reads one lesson file.
func ParseLesson(name string, data []byte) (*LessonData, error) {
	recs, err := Parse(name, data)
	if err != nil {
		return nil, err
	}
	l := &LessonData{File: name}
	havePos := false
	for i := range recs {
		r := &recs[i]
		if r.Kind != "lesson" && l.ID == "" {
			return nil, r.Errf("%s: the file must begin with a lesson record", r.Kind)
		}
		switch r.Kind {
		case "lesson":
			if l.ID != "" {
				return nil, r.Errf("lesson: one lesson per file")
			}
			id, err := r.Arg(0, "lesson id")
			if err != nil {
				return nil, err
			}
			l.ID, l.Line = id, r.Line
			if l.Title, err = r.Str("title"); err != nil {
				return nil, err
			}
			if l.Scenario, err = r.Str("scenario"); err != nil {
				return nil, err
			}
			if l.Book, err = r.Str("book"); err != nil {
				return nil, err
			}
			l.Rules = r.List("rules")
			if len(l.Rules) == 0 {
				return nil, r.Errf("lesson: missing field rules=")
			}
			l.System = r.Opt("system", "")
			l.Authored = r.Opt("authored", "")
		case "position":
			if havePos {
				return nil, r.Errf("position: given twice")
			}
			havePos = true
			l.Position.Line = r.Line
			l.Position.Set = map[string]string{}
			for _, k := range r.keys {
				l.Position.Set[k] = r.Opt(k, "")
			}
		case "unit":
			if !havePos {
				return nil, r.Errf("unit: before the position record")
			}
			id, err := r.Arg(0, "unit id")
			if err != nil {
				return nil, err
			}
			u := LessonUnit{Line: r.Line, ID: id, Fields: map[string]string{}}
			for _, k := range r.keys {
				u.Fields[k] = r.Opt(k, "")
			}
			l.Position.Units = append(l.Position.Units, u)
		case "step", "roll":
			if !havePos {
				return nil, r.Errf("%s: before the position record", r.Kind)
			}
			if len(l.Expects) > 0 || l.Result != "" {
				return nil, r.Errf("%s: after the result", r.Kind)
			}
			s := LessonStep{Line: r.Line, Kind: r.Kind}
			var err error
			if s.Act, err = r.Str("act"); err != nil {
				return nil, err
			}
			if s.Rule, err = r.Str("rule"); err != nil {
				return nil, err
			}
			if s.Text, err = r.Str("text"); err != nil {
				return nil, err
			}
			s.Else = r.Opt("else", "")
			s.Check = r.Opt("check", "")
			if err := r.Unused(); err != nil {
				return nil, err
			}
			l.Steps = append(l.Steps, s)
		case "result":
			if l.Result != "" {
				return nil, r.Errf("result: given twice")
			}
			if l.Result, err = r.Str("text"); err != nil {
				return nil, err
			}
			if err := r.Unused(); err != nil {
				return nil, err
			}
		case "expect":
			e := LessonExpect{Line: r.Line, Fields: map[string]string{}}
			for _, k := range r.keys {
				e.Fields[k] = r.Opt(k, "")
			}
			if len(e.Fields) == 0 {
				return nil, r.Errf("expect: nothing to check")
			}
			l.Expects = append(l.Expects, e)
		default:
			return nil, r.Errf("%s: unknown record in a lesson (lesson, position, unit, step, roll, result, expect)", r.Kind)
		}
		if r.Kind == "lesson" {
			if err := r.Unused(); err != nil {
				return nil, err
			}
		}
	}
	switch {
	case l.ID == "":
		return nil, &Error{File: name, Msg: "no lesson record"}
	case !havePos:
		return nil, &Error{File: name, Line: l.Line, Msg: "lesson: no position record"}
	case len(l.Steps) == 0:
		return nil, &Error{File: name, Line: l.Line, Msg: "lesson: no step"}
	case l.Result == "":
		return nil, &Error{File: name, Line: l.Line, Msg: "lesson: no result record (the book's result, in our words)"}
	case len(l.Expects) == 0:
		return nil, &Error{File: name, Line: l.Line, Msg: "lesson: no expect record (what the board shows at the end)"}
	}
	return l, nil
}
