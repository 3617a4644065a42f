package rules

import (
	"fmt"
	"math/rand/v2"
	"runtime"
)

// RawStats is the measure of raw random play (issue #20): how fast the
// engine plays with no checks at all.
type RawStats struct {
	Scenario string `json:"scenario"`
	Games    int    `json:"games"`   // games started (the last may be unfinished)
	Actions  int    `json:"actions"` // actions applied, chance outcomes included
	// Nanoseconds: the whole loop (clones excluded), and the sums of the
	// Legal (or Chances, at a chance point), Apply and Clone calls.
	TotalNs int64 `json:"total_ns"`
	LegalNs int64 `json:"legal_ns"`
	ApplyNs int64 `json:"apply_ns"`
	CloneNs int64 `json:"clone_ns"`
	Clones  int   `json:"clones"`
	// Heap allocations (count and bytes) of the loop, clones excluded, and
	// of the clones.
	Allocs      uint64 `json:"allocs"`
	Bytes       uint64 `json:"bytes"`
	CloneAllocs uint64 `json:"clone_allocs"`
}

// PerSecond is the raw actions per second.
func (r RawStats) PerSecond() float64 {
	if r.TotalNs <= 0 {
		return 0
	}
	return float64(r.Actions) * 1e9 / float64(r.TotalNs)
}

func per(n int64, d int) float64 {
	if d <= 0 {
		return 0
	}
	return float64(n) / float64(d)
}

// LegalMean, ApplyMean and CloneMean are mean times in nanoseconds.
func (r RawStats) LegalMean() float64 { return per(r.LegalNs, r.Actions) }

// ApplyMean is the mean time of an Apply in nanoseconds.
func (r RawStats) ApplyMean() float64 { return per(r.ApplyNs, r.Actions) }

// CloneMean is the mean time of a Clone in nanoseconds.
func (r RawStats) CloneMean() float64 { return per(r.CloneNs, r.Clones) }

// AllocsPerAction is the heap allocations per action (clones excluded).
func (r RawStats) AllocsPerAction() float64 { return per(int64(r.Allocs), r.Actions) }

// BytesPerAction is the heap bytes allocated per action (clones excluded).
func (r RawStats) BytesPerAction() float64 { return per(int64(r.Bytes), r.Actions) }

// RawCloneEvery is how often RawPlayout clones the state to time Clone.
const RawCloneEvery = 32

// RawPlayout plays random legal games of scenario back to back, starting
// from seed (the next game from seed+1, ...), until actions actions have
// been applied, with no check at all: Legal, pick one uniformly, Apply (the
// trusted ApplyListed: the action comes from Legal); at a chance point an
// outcome sampled from Chances. Every RawCloneEvery-th
// action it also times a Clone of the state (thrown away). now is the
// caller's clock in nanoseconds (the rules package has none).
func RawPlayout(scenario string, seed uint64, opts Options, actions int, now func() int64) (RawStats, error) {
	r := RawStats{Scenario: scenario}
	pick := rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))
	var st State
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	mallocs0, bytes0 := ms.Mallocs, ms.TotalAlloc
	var cloneMallocs, cloneBytes uint64
	var cloneSection int64
	start := now()
	for r.Actions < actions {
		if st == nil || st.Result().Over {
			var err error
			st, err = NewState(scenario, opts)
			if err != nil {
				return r, err
			}
			r.Games++
		}
		var a Action
		t0 := now()
		if st.Status().Decider == Chance {
			outs := st.Chances()
			var err error
			if a, err = Sample(outs, pick); err != nil {
				return r, fmt.Errorf("%s: action %d: %w", scenario, r.Actions+1, err)
			}
		} else {
			legal := st.Legal()
			if len(legal) == 0 {
				return r, fmt.Errorf("%s: action %d: the decider has no legal action", scenario, r.Actions+1)
			}
			a = legal[pick.IntN(len(legal))]
		}
		t1 := now()
		if _, err := ApplyListed(st, a); err != nil {
			return r, fmt.Errorf("%s: action %d (%s) refused: %w", scenario, r.Actions+1, a.Key(), err)
		}
		t2 := now()
		r.LegalNs += t1 - t0
		r.ApplyNs += t2 - t1
		r.Actions++
		if r.Actions%RawCloneEvery == 0 {
			s0 := now()
			runtime.ReadMemStats(&ms)
			m0, b0 := ms.Mallocs, ms.TotalAlloc
			c0 := now()
			_ = st.Clone()
			c1 := now()
			runtime.ReadMemStats(&ms)
			cloneMallocs += ms.Mallocs - m0
			cloneBytes += ms.TotalAlloc - b0
			r.CloneNs += c1 - c0
			r.Clones++
			cloneSection += now() - s0
		}
	}
	r.TotalNs = now() - start - cloneSection
	runtime.ReadMemStats(&ms)
	r.Allocs = ms.Mallocs - mallocs0 - cloneMallocs
	r.Bytes = ms.TotalAlloc - bytes0 - cloneBytes
	r.CloneAllocs = cloneMallocs
	return r, nil
}
