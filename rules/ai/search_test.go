package ai

import (
	"math"
	"testing"

	"grognard/rules"
)

// TestKeepBestByOnePlyScore: the root keeps the best candidates by their
// one-ply score (ties by priority), and the end of the phase whenever it
// was scanned, so the search may still choose to stop moving.
func TestKeepBestByOnePlyScore(t *testing.T) {
	mk := func(kind, unit string, pri float64) candidate {
		a := rules.Action{Kind: kind, Unit: unit}
		return candidate{steps: []rules.Action{a}, pri: pri, key: a.Key()}
	}
	cs := []candidate{mk("move", "a", 2), mk("fire", "b", 3), mk("move", "c", 1), mk("end", "", 0), mk("move", "d", 1.5)}
	score := []float64{0.40, 0.55, 0.55, 0.10, 0.30}
	got, sc := keepBest(cs, score, 3)
	if len(got) != 3 || got[0].steps[0].Unit != "b" || got[1].steps[0].Unit != "c" || got[2].steps[0].Kind != "end" {
		t.Fatalf("kept %v", got)
	}
	if sc[0] != 0.55 || sc[2] != 0.10 {
		t.Fatalf("scores %v", sc)
	}
}

// TestPairedDiffOnCommonRounds: a candidate is compared with the one-ply
// best only on the rounds both played (the same samples), with the
// standard error of the paired difference.
func TestPairedDiffOnCommonRounds(t *testing.T) {
	nan := math.NaN()
	a := []float64{0.6, 0.7, nan, 0.8, 0.5}
	b := []float64{0.5, 0.5, 0.9, 0.6, 0.5}
	m, se, n := pairedDiff(a, b)
	// Differences 0.1, 0.2, 0.2, 0: mean 0.125, sd 0.0957, se 0.0479.
	if n != 4 || math.Abs(m-0.125) > 1e-9 || math.Abs(se-0.0478714) > 1e-6 {
		t.Fatalf("mean %v se %v n %d", m, se, n)
	}
	if !flatRounds([][]float64{{0.5, 0.5}, {0.5, 0.5}}, []int{0, 1}) || flatRounds([][]float64{{0.5, 0.5}, {0.5, 0.6}}, []int{0, 1}) {
		t.Fatal("flatRounds")
	}
}
