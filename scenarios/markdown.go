package scenarios

import "strings"

// MarkdownTable is one table of a Markdown text (a rules reference): its
// header cells, its body rows (the |---| separator left out) and the line
// of its header.
type MarkdownTable struct {
	Head []string
	Rows [][]string
	Line int
}

// MarkdownCells splits a table row "| a | b |" into its trimmed cells.
func MarkdownCells(line string) []string {
	line = strings.TrimSpace(line)
	line = strings.TrimSuffix(strings.TrimPrefix(line, "|"), "|")
	cells := strings.Split(line, "|")
	for i := range cells {
		cells[i] = strings.TrimSpace(cells[i])
	}
	return cells
}

// MarkdownTables returns every table of a Markdown text, in order.
func MarkdownTables(text string) []MarkdownTable {
	var out []MarkdownTable
	lines := strings.Split(text, "\n")
	for i := 0; i < len(lines); i++ {
		if !strings.HasPrefix(strings.TrimSpace(lines[i]), "|") {
			continue
		}
		t := MarkdownTable{Head: MarkdownCells(lines[i]), Line: i + 1}
		i++
		for ; i < len(lines) && strings.HasPrefix(strings.TrimSpace(lines[i]), "|"); i++ {
			cells := MarkdownCells(lines[i])
			if strings.Trim(strings.Join(cells, ""), "-: ") == "" {
				continue // the |---|---| separator
			}
			t.Rows = append(t.Rows, cells)
		}
		out = append(out, t)
	}
	return out
}
