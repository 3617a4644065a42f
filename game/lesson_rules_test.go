package game

import (
	"testing"

	"grognard/rules"
	"grognard/rules/lesson"
	_ "grognard/rules/systems"
)

// Every rule a lesson cites (its rules and each step's) opens the F1
// reference somewhere in the text, not at its top: a Venta del Pozo
// section such as [Battle Back] is found in the paragraph that cites it
// when no heading does [#19].
func TestLessonRulesFoundInReference(t *testing.T) {
	ls, err := lesson.Unchecked()
	if err != nil {
		t.Fatal(err)
	}
	refs := map[string]*referenceScene{} // one layout per system
	for _, l := range ls {
		r := refs[l.System]
		if r == nil {
			info, ok := rules.SystemByID(l.System)
			if !ok {
				t.Fatalf("%s: no system %s", l.ID, l.System)
			}
			r = newReferenceAt(nil, info, nil, "")
			r.wrap(1100)
			refs[l.System] = r
		}
		cites := append([]string(nil), l.Rules...)
		for _, s := range l.Steps {
			cites = append(cites, s.Rule)
		}
		for _, c := range cites {
			if r.at = c; !r.seek() {
				t.Errorf("%s (%s): the rule [%s] is not found in the reference", l.ID, l.File, c)
			}
		}
	}
}
