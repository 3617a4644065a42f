package game

import (
	"strconv"
	"strings"
)

// foldRepeats folds the log lines that repeat the line just before into
// it, counted: "French places a counter ×6 [7.5]". Playing Ocaña by
// clicks the log read "French places a counter [7.5]" six times at the
// set-up, "Allied draws a fatigue marker [5.3.2]" three times in a move
// and one recovery line per division at the administration [7.9]: the
// same words over and over pushed what happened out of the log. The count
// goes before the rule cited, which stays the line's last words (a click
// on it opens the reference).
func foldRepeats(lines []string) []string {
	out := lines[:0:0]
	for i := 0; i < len(lines); {
		j := i + 1
		for j < len(lines) && lines[j] == lines[i] {
			j++
		}
		if n := j - i; n > 1 {
			out = append(out, countedLine(lines[i], n))
		} else {
			out = append(out, lines[i])
		}
		i = j
	}
	return out
}

// countedLine is line with "×n" before its trailing rule citations.
func countedLine(line string, n int) string {
	cut := len(line)
	for strings.HasSuffix(line[:cut], "]") {
		k := strings.LastIndex(line[:cut], " [")
		if k < 0 {
			break
		}
		cut = k
	}
	return line[:cut] + " ×" + strconv.Itoa(n) + line[cut:]
}
