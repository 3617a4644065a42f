package marshals

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"testing"

	"grognard/rules"
)

// TestSameUnitViewsAgreesWithJSON: Determinize's comparison of two lists
// of counters (sameUnitViews) says what comparing their JSON said, on the
// views of consecutive states of a game and on a view changed one field at
// a time; a new field of rules.UnitView must be added to it [issue 20].
func TestSameUnitViewsAgreesWithJSON(t *testing.T) {
	if n := reflect.TypeOf(rules.UnitView{}).NumField(); n != 18 {
		t.Fatalf("rules.UnitView has %d fields, sameUnitViews compares 18", n)
	}
	eqJSON := func(a, b []rules.UnitView) bool {
		x, _ := json.Marshal(a)
		y, _ := json.Marshal(b)
		return bytes.Equal(x, y)
	}
	st, err := rules.NewState("marshals-talavera", nil)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	r := rand.New(rand.NewPCG(5, 6))
	var prev [2][]rules.UnitView
	differ := 0
	for n := 0; n < 400 && !s.Over; n++ {
		for side := 0; side < 2; side++ {
			cur := s.viewOf(rules.Side(side), false).Units
			if got, want := sameUnitViews(cur, prev[side]), eqJSON(cur, prev[side]); got != want {
				t.Fatalf("step %d side %d: sameUnitViews %v, JSON %v", n, side, got, want)
			} else if !got {
				differ++
			}
			prev[side] = cur
		}
		var a rules.Action
		if s.decider() == rules.Chance {
			a, _ = rules.Sample(s.Chances(), r)
		} else {
			l := s.Legal()
			a = l[r.IntN(len(l))]
		}
		if _, err := s.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	if differ == 0 {
		t.Fatal("no two views differed")
	}
	base := s.viewOf(rules.Side(French), false).Units
	for f := 0; f < reflect.TypeOf(rules.UnitView{}).NumField(); f++ {
		alt := append([]rules.UnitView(nil), base...)
		v := reflect.ValueOf(&alt[0]).Elem().Field(f)
		switch v.Kind() {
		case reflect.String:
			v.SetString(v.String() + "x")
		case reflect.Int:
			v.SetInt(v.Int() + 1)
		case reflect.Bool:
			v.SetBool(!v.Bool())
		case reflect.Slice:
			v.Set(reflect.Append(v, reflect.ValueOf("x")))
		}
		if sameUnitViews(alt, base) || eqJSON(alt, base) {
			t.Errorf("field %s changed: sameUnitViews %v, JSON equal %v", reflect.TypeOf(rules.UnitView{}).Field(f).Name, sameUnitViews(alt, base), eqJSON(alt, base))
		}
	}
	empty := append([]rules.UnitView(nil), base...)
	empty[0].Markers, empty[0].Detail = []string{}, []string{}
	none := append([]rules.UnitView(nil), base...)
	none[0].Markers, none[0].Detail = nil, nil
	if sameUnitViews(empty, none) != eqJSON(empty, none) {
		t.Error("an empty list and none: sameUnitViews and JSON disagree")
	}
}

// BenchmarkDeterminize: Determinize for the side to decide, at positions
// every 25 actions along a game of each scenario (the computer player
// samples one per search iteration); CPU per sample.
func BenchmarkDeterminize(b *testing.B) {
	for _, d := range ScenarioList {
		b.Run(d.ID, func(b *testing.B) {
			st, err := rules.NewState(d.ID, nil)
			if err != nil {
				b.Fatal(err)
			}
			r := rand.New(rand.NewPCG(3, 4))
			var pos []*State
			for n := 0; n < 3000 && !st.Result().Over; n++ {
				if n%25 == 0 && st.Status().Decider >= 0 {
					pos = append(pos, st.Clone().(*State))
				}
				var a rules.Action
				if st.Status().Decider == rules.Chance {
					a, _ = rules.Sample(st.Chances(), r)
				} else {
					l := st.Legal()
					a = l[r.IntN(len(l))]
				}
				if _, err := st.Apply(a); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportAllocs()
			cpu0 := cpuTime()
			b.ResetTimer()
			for n := 0; n < b.N; n++ {
				p := pos[n%len(pos)]
				p.Determinize(p.Status().Decider, r)
			}
			b.StopTimer()
			b.ReportMetric(float64((cpuTime()-cpu0).Microseconds())/float64(b.N), "cpu-us/sample")
		})
	}
}
