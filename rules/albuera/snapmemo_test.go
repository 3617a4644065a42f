package albuera

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"testing"

	"grognard/rules"
)

// TestSnapshotMemoSameAsEncodingJSON checks Snapshot with its memo of
// each unit's JSON (snapmemo.go) against encoding/json after every action
// of a random game, and after fields of units written directly (no Apply,
// no version: the memo must see them by the unit's bytes), a string field
// set to an equal string of another pointer among them.
func TestSnapshotMemoSameAsEncodingJSON(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 9))
	st := newGameWith(t, nil)
	check := func(n int, what string) {
		t.Helper()
		got, err := st.Snapshot()
		if err != nil {
			t.Fatal(err)
		}
		want, err := json.Marshal(st)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Fatalf("action %d (%s): the snapshot differs from encoding/json's", n, what)
		}
	}
	hits := 0
	for n := 0; n < 600 && !st.Over; n++ {
		check(n, "after Apply")
		if n%10 == 5 {
			// a field of a unit written directly, then put back
			st.own()
			i := r.IntN(len(st.U))
			v := reflect.ValueOf(&st.U[i]).Elem()
			f := v.Field(r.IntN(v.NumField()))
			old := reflect.New(f.Type()).Elem()
			old.Set(f)
			switch f.Kind() {
			case reflect.Int:
				f.SetInt(f.Int() + 1)
			case reflect.Bool:
				f.SetBool(!f.Bool())
			case reflect.String:
				f.SetString(f.String() + "x")
			default:
				f.FieldByName("Q").SetInt(f.FieldByName("Q").Int() + 1)
			}
			check(n, "a field written directly: "+v.Type().Field(0).Name)
			if f.Kind() == reflect.String {
				f.SetString(string([]byte(old.String()))) // equal, another pointer
			} else {
				f.Set(old)
			}
			check(n, "the field put back")
		}
		// the memo is used: a unit's bytes as written
		if m := &st.ix.snap; len(m.u) == len(st.U) && sameUnitBytes(m.u, st.U) {
			hits++
		}
		a, _ := rules.RandomAction(st, r)
		if _, err := st.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	if hits == 0 {
		t.Fatal("the memo never matched all units: is it used?")
	}
}
