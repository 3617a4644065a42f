package game

import (
	"strings"
	"testing"

	"grognard/render"
	"grognard/rules"
)

// layoutOf lays a reference text out at a width.
func layoutOf(text string, width int) *referenceScene {
	r := &referenceScene{sys: rules.SystemInfo{ID: "x", Name: "X"}, text: strings.Split(text, "\n")}
	r.wrap(width)
	return r
}

// TestReferenceReflowsMarksAndTables lays out a small reference: hard
// line breaks inside a paragraph or a list item are reflowed, no line
// passes the width, **marks** lose their asterisks and turn gold, list
// items get their bullet, and a table gets one line per row (its rule row
// dropped) with its cells in columns that keep to the width.
func TestReferenceReflowsMarksAndTables(t *testing.T) {
	src := `# Title

A paragraph that the source breaks
over three short lines, with a mark
**(authored: cards.txt)** in it.

- An item that also runs over
  two source lines.
- Another item **(interpretation)**.

| name | count | what it does |
|---|---|---|
| Scout | 2 each | order one unit or leader in the section, then draw two cards and keep one of them, a long cell that must wrap |
| Probe | 4 | order two |
`
	const width = 500
	r := layoutOf(src, width)
	var words []string
	gold := 0
	for _, l := range r.lines {
		for _, it := range l.items {
			w, _ := render.Measure(it.s, it.face)
			if it.x+w > width+0.5 {
				t.Errorf("%q ends at %.0f, past the width %d", it.s, it.x+w, width)
			}
			if strings.Contains(it.s, "**") {
				t.Errorf("%q keeps its asterisks", it.s)
			}
			if it.c == refGold {
				gold++
			}
			words = append(words, it.s)
		}
	}
	all := strings.Join(words, " ")
	for _, want := range []string{"breaks over three", "runs over two source", "(authored: cards.txt)", "(interpretation)", "•"} {
		if !strings.Contains(all, want) {
			t.Errorf("the layout lacks %q: %s", want, all)
		}
	}
	if gold < 4 {
		t.Errorf("%d gold pieces: the title, the bullets and the marks should be gold", gold)
	}
	// Words the source puts on two lines share one line of the layout.
	for _, pair := range [][2]string{{"breaks", "over"}, {"over", "two"}} {
		joined := false
		for _, l := range r.lines {
			if t := " " + joinItems(l) + " "; strings.Contains(t, " "+pair[0]+" "+pair[1]+" ") {
				joined = true
			}
		}
		if !joined {
			t.Errorf("%q and %q, on two source lines, were not reflowed onto one", pair[0], pair[1])
		}
	}
	var rows []refLine
	for _, l := range r.lines {
		if l.shade != nil {
			rows = append(rows, l)
		}
	}
	if len(rows) != 3 {
		t.Fatalf("%d table lines, want the header and two rows", len(rows))
	}
	if !rows[0].rule || !strings.Contains(joinItems(rows[0]), "what it does") {
		t.Errorf("header row: %q rule %v", joinItems(rows[0]), rows[0].rule)
	}
	if rows[1].h <= rows[2].h {
		t.Errorf("the long cell should wrap: row heights %.0f and %.0f", rows[1].h, rows[2].h)
	}
	if rows[0].w > width+0.5 {
		t.Errorf("the table is %.0f wide, past %d", rows[0].w, width)
	}
	// The short columns keep their width: "count" cells sit left of the
	// long one's text.
	var xCount, xWhat float64
	for _, it := range rows[0].items {
		switch it.s {
		case "count":
			xCount = it.x
		case "what":
			xWhat = it.x
		}
	}
	if !(xCount > 0 && xWhat > xCount) {
		t.Errorf("columns: count at %.0f, what at %.0f", xCount, xWhat)
	}
}

func joinItems(l refLine) string {
	var s []string
	for _, it := range l.items {
		s = append(s, it.s)
	}
	return strings.Join(s, " ")
}

// TestReferenceOfEverySystemLaysOut lays out every shipped reference at a
// narrow and a wide window: no text passes the width (but for a wide
// table in the narrow window) and nothing keeps Markdown's asterisks or
// table rules.
// TestReferenceCodeRuns: `code` shows without its backticks, in its own
// colour, glued to the punctuation around it.
func TestReferenceCodeRuns(t *testing.T) {
	r := layoutOf("Counters show combat and movement (`4-3-4`); see `oob.txt` here.", 900)
	var code []string
	for _, l := range r.lines {
		for _, it := range l.items {
			if strings.Contains(it.s, "`") {
				t.Errorf("raw backtick in %q", it.s)
			}
			if it.c == refCode {
				code = append(code, it.s)
			}
		}
	}
	if strings.Join(code, " ") != "4-3-4 oob.txt" {
		t.Fatalf("code runs %q", code)
	}
}

func TestReferenceOfEverySystemLaysOut(t *testing.T) {
	for _, sys := range rules.Systems() {
		text := ReferenceText(sys.ID)
		if text == NoReference {
			continue
		}
		for _, width := range []int{420, 1100} {
			r := layoutOf(text, width)
			limit := float64(min(width, refMaxWidth))
			for _, l := range r.lines {
				for _, it := range l.items {
					w, _ := render.Measure(it.s, it.face)
					// A table's columns cannot narrow past their longest
					// word: in a narrow window a wide table may overflow.
					table := l.shade != nil && width < 800
					if it.x+w > limit+1 && !table {
						t.Errorf("%s at %d: %q ends at %.0f", sys.ID, width, it.s, it.x+w)
					}
					if strings.Contains(it.s, "**") || strings.Contains(it.s, "`") || strings.HasPrefix(strings.TrimSpace(it.s), "|---") {
						t.Errorf("%s: raw Markdown %q", sys.ID, it.s)
					}
				}
			}
			if r.height < 500 {
				t.Errorf("%s at %d: the reference is only %.0f px high", sys.ID, width, r.height)
			}
		}
	}
}
