package albuera

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"testing"

	"grognard/rules"
	"grognard/rules/hex"
)

// TestSnapshotSameAsEncodingJSON checks the hand-written units of
// Snapshot (snapshot.go) against encoding/json: units with every field
// set at random, found by reflection (a field added to Unit and not to
// appendUnitsJSON fails here), and the whole snapshot along a game.
func TestSnapshotSameAsEncodingJSON(t *testing.T) {
	r := rand.New(rand.NewPCG(4, 4))
	strs := []string{"", Line, Square, "column", `a"b\c`, "<&>", "é", "\x01", "\u2028"}
	for n := 0; n < 3000; n++ {
		us := make([]Unit, 1+r.IntN(3))
		for k := range us {
			v := reflect.ValueOf(&us[k]).Elem()
			for f := 0; f < v.NumField(); f++ {
				fv := v.Field(f)
				switch fv.Kind() {
				case reflect.Int:
					fv.SetInt(int64(r.IntN(5) - 1))
					if r.IntN(3) == 0 {
						fv.SetInt(0)
					}
				case reflect.Bool:
					fv.SetBool(r.IntN(2) == 0)
				case reflect.String:
					fv.SetString(strs[r.IntN(len(strs))])
				case reflect.Struct:
					fv.Set(reflect.ValueOf(hex.Coord{Q: r.IntN(40) - 3, R: r.IntN(40) - 3}))
				default:
					t.Fatalf("Unit field %s of kind %s: teach appendUnitsJSON and this test", v.Type().Field(f).Name, fv.Kind())
				}
			}
		}
		want, err := json.Marshal(us)
		if err != nil {
			t.Fatal(err)
		}
		if got := appendUnitsJSON(nil, us); !bytes.Equal(got, want) {
			t.Fatalf("units\n%s\nencoding/json\n%s", got, want)
		}
	}
	st := newGameWith(t, nil)
	for n := 0; n < 1200 && !st.Over; n++ {
		if n%7 == 0 {
			got, err := st.Snapshot()
			if err != nil {
				t.Fatal(err)
			}
			want, err := json.Marshal(st)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Fatalf("action %d: the snapshot differs from encoding/json's", n)
			}
		}
		a, _ := rules.RandomAction(st, r)
		if _, err := st.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
}
