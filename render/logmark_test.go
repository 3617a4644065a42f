package render

import "testing"

// TestLogOlderMarkOverNoLine: the log's "▲ older above" mark was drawn
// over its top line when older lines lay above; that row is now left to
// the mark, and a log with nothing above keeps all its rows.
func TestLogOlderMarkOverNoLine(t *testing.T) {
	if got := logEnd(0, 10, 30); got != 9 {
		t.Errorf("older lines above: %d rows drawn, want 9", got)
	}
	if got := logEnd(0, 10, 10); got != 10 {
		t.Errorf("nothing above: %d rows drawn, want 10", got)
	}
	if got := logEnd(25, 10, 30); got != 30 {
		t.Errorf("scrolled to the oldest: end %d, want 30", got)
	}
	if got := logEnd(0, 1, 5); got != 1 {
		t.Errorf("a one-row log: %d rows drawn, want 1", got)
	}
}
