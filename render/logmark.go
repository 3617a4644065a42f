package render

// logEnd is the end (exclusive, newest-first) of the wrapped log rows
// drawn from start in a log of rows rows when total rows are wrapped:
// when older rows lie above, the mark "▲ older above" takes the top row,
// which it was drawn over ("French has the initiative on the first turn
// [S4.1]" under "▲ older above" in a Marshals log, newcomer issue #18).
func logEnd(start, rows, total int) int {
	end := min(start+rows, total)
	if total > end && end-start > 1 {
		end--
	}
	return end
}
