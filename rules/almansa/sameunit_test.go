package almansa

import (
	"reflect"
	"testing"

	"grognard/rules/hex"
)

// TestSameUnitComparesEveryField: sameUnit (the movement memo's comparison
// of a unit with its record, #20) tells apart two counters that differ in
// any one field of UnitState, and knows the fields there are.
func TestSameUnitComparesEveryField(t *testing.T) {
	base := UnitState{At: hex.Coord{Q: 3, R: 4}, On: true, Facing: 2, Steps: 2, Form: "berwick", Spent: 1}
	if !sameUnit(&base, &base) {
		t.Fatal("a counter differs from itself")
	}
	typ := reflect.TypeOf(base)
	if typ.NumField() != 15 {
		t.Fatalf("UnitState has %d fields, sameUnit compares 15: compare the new ones", typ.NumField())
	}
	for k := range typ.NumField() {
		other := base
		f := reflect.ValueOf(&other).Elem().Field(k)
		switch f.Kind() {
		case reflect.Bool:
			f.SetBool(!f.Bool())
		case reflect.Int:
			f.SetInt(f.Int() + 1)
		case reflect.String:
			f.SetString(f.String() + "x")
		case reflect.Struct:
			other.At.R++
		default:
			t.Fatalf("field %s of kind %s", typ.Field(k).Name, f.Kind())
		}
		if sameUnit(&base, &other) || sameUnit(&other, &base) {
			t.Fatalf("counters differing in %s compare equal", typ.Field(k).Name)
		}
		if base == other {
			t.Fatalf("field %s not changed", typ.Field(k).Name)
		}
	}
}
