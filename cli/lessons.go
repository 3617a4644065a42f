package cli

import (
	"flag"
	"fmt"
	"strings"

	"grognard/rules"
	"grognard/rules/lesson"
	_ "grognard/rules/systems" // the systems' lesson positions
)

// The lessons (issue #19): the books' worked examples and a first turn of
// each system, listed and played headless. Registered after the commands of
// cli.go (files initialise in name order).
func init() { commands = append(commands, lessonsCmd, lessonCmd) }

var lessonsCmd = &command{
	name:    "lessons",
	args:    "[--system ID] [--json]",
	summary: "List the lessons: the books' worked examples and a first turn of each system.",
	detail: "One line a lesson, in the book's order within each system: id, system, rule numbers and\n" +
		"title. Play one headless with 'grognard lesson ID --check'.",
	maxArgs: 0,
	setup: func(fs *flag.FlagSet) func(*env, []string) error {
		sys := fs.String("system", "", "only this system's lessons (almansa, napoleonics, albuera, marshals)")
		return func(e *env, _ []string) error {
			ls, err := lesson.Unchecked()
			if err != nil {
				return err
			}
			type row struct {
				ID       string   `json:"id"`
				System   string   `json:"system"`
				Scenario string   `json:"scenario"`
				Title    string   `json:"title"`
				Rules    []string `json:"rules"`
				Book     string   `json:"book"`
				Steps    int      `json:"steps"`
			}
			var rows []row
			for _, l := range ls {
				if *sys != "" && l.System != *sys {
					continue
				}
				rows = append(rows, row{l.ID, l.System, l.Scenario, l.Title, l.Rules, l.Book, len(l.Steps)})
			}
			if *sys != "" && len(rows) == 0 {
				return fmt.Errorf("no lessons for system %q", *sys)
			}
			if e.json {
				return e.writeJSON(rows)
			}
			for _, r := range rows {
				e.printf("%-28s %-12s [%s] %s\n", r.ID, r.System, strings.Join(r.Rules, ", "), r.Title)
			}
			return nil
		}
	},
}

var lessonCmd = &command{
	name:    "lesson",
	args:    "ID --check [--json]",
	summary: "Play a lesson headless: each step with its rule, the book's dice, and the final result.",
	detail: "Plays the lesson's steps exactly as scripted through the rules (the book's dice forced),\n" +
		"prints each step with its rule and what the rules answered, then checks the board\n" +
		"against the book's result. Exit status 1 when a step is not legal or the result differs.",
	minArgs: 1, maxArgs: 1,
	setup: func(fs *flag.FlagSet) func(*env, []string) error {
		check := fs.Bool("check", false, "play the lesson and check its result (required)")
		return func(e *env, pos []string) error {
			if !*check {
				return usagef("--check is required (the window plays lessons step by step)")
			}
			ls, err := lesson.Unchecked()
			if err != nil {
				return err
			}
			l := lesson.Find(ls, pos[0])
			if l == nil {
				return fmt.Errorf("no lesson %q (see 'grognard lessons')", pos[0])
			}
			r, err := lesson.Start(l)
			if err != nil {
				return err
			}
			type stepOut struct {
				N      int      `json:"n"`
				Rule   string   `json:"rule"`
				Text   string   `json:"text"`
				Action string   `json:"action"`
				Chance bool     `json:"chance,omitempty"`
				Events []string `json:"events"`
			}
			var steps []stepOut
			var failed error
			for s := r.Step(); s != nil; s = r.Step() {
				n := r.I + 1
				want, _ := r.Expected()
				rep := r.Do(s.Act)
				if !rep.OK {
					failed = fmt.Errorf("%s: step %d: %s", l.Where(s.Line), n, rep.Msg)
					if rep.Legal || !strings.Contains(rep.Msg, l.File) {
						failed = fmt.Errorf("%s: step %d: %q not played: %s", l.Where(s.Line), n, s.Act.Key(), rep.Msg)
					}
					break
				}
				so := stepOut{N: n, Rule: s.Rule, Text: s.Text, Action: want.String()}
				own := rep.Events[:len(rep.Events)-len(r.Forced)]
				for _, ev := range own {
					so.Events = append(so.Events, lesson.EventText(ev))
				}
				steps = append(steps, so)
				// The book's dice that followed, each a step of the data.
				for k := n; k < r.I; k++ {
					c := l.Steps[k]
					steps = append(steps, stepOut{N: k + 1, Rule: c.Rule, Text: c.Text, Action: "forced: " + c.Act.Key(), Chance: true})
				}
				if len(r.Forced) > 0 && r.I > n {
					last := &steps[len(steps)-1]
					for _, ev := range r.Forced {
						last.Events = append(last.Events, lesson.EventText(ev))
					}
				}
			}
			if failed == nil {
				failed = r.CheckResult()
			}
			if e.json {
				out := map[string]any{"id": l.ID, "system": l.System, "title": l.Title, "rules": l.Rules,
					"book": l.Book, "authored": l.Authored, "steps": steps, "result": l.Result, "ok": failed == nil, "status": r.St.Status()}
				if failed != nil {
					out["error"] = failed.Error()
				}
				if err := e.writeJSON(out); err != nil {
					return err
				}
				return failed
			}
			e.printf("%s: %s [%s]\n%s\n", l.ID, l.Title, strings.Join(l.Rules, ", "), l.Book)
			if l.Authored != "" {
				e.printf("Authored: %s\n", l.Authored)
			}
			e.printf("\n")
			for _, s := range steps {
				e.printf("%d. [%s] %s\n   %s\n", s.N, s.Rule, s.Text, s.Action)
				for _, ev := range s.Events {
					e.printf("   - %s\n", ev)
				}
			}
			if failed != nil {
				return failed
			}
			e.printf("\nResult: %s\n", l.Result)
			e.printf("The board agrees (%d checks). %s\n", len(l.Expects), statusText(r.St))
			return nil
		}
	},
}

func statusText(st rules.State) string {
	s := st.Status()
	return fmt.Sprintf("Turn %d, %s.", s.Turn, s.Phase)
}
