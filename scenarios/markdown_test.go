package scenarios

import (
	"reflect"
	"testing"
)

func TestMarkdownTables(t *testing.T) {
	text := "# Title\n\nintro\n\n| die | 1 | 2 |\n|---|:-:|---|\n| hit | - | D |\n| miss |  x | y|\n\nafter\n| a |\n"
	ts := MarkdownTables(text)
	if len(ts) != 2 {
		t.Fatalf("%d tables, want 2", len(ts))
	}
	want := MarkdownTable{Head: []string{"die", "1", "2"}, Rows: [][]string{{"hit", "-", "D"}, {"miss", "x", "y"}}, Line: 5}
	if !reflect.DeepEqual(ts[0], want) {
		t.Errorf("table = %+v, want %+v", ts[0], want)
	}
	if ts[1].Line != 11 || len(ts[1].Rows) != 0 || ts[1].Head[0] != "a" {
		t.Errorf("second table = %+v", ts[1])
	}
}
