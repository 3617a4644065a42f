package albuera

import (
	"bytes"
	"unsafe"
)

// viewBlock is how many units View compares in one move with the units
// its entries were last made from (speed, issue #20: a 2.2 step changes
// one to six units of 279; the rest are skipped a block at a time).
const viewBlock = 16

// sameUnitBytes reports whether a and b hold the same bytes. Equal bytes
// are equal units (a string with the same pointer and length is the same
// string); unequal bytes may still be equal units (padding, a string
// made again), which the caller then compares with ==, so the answer is
// never wrong, only sometimes slower.
func sameUnitBytes(a, b []Unit) bool {
	if len(a) != len(b) {
		return false
	}
	if len(a) == 0 {
		return true
	}
	n := len(a) * int(unsafe.Sizeof(Unit{}))
	return bytes.Equal(unsafe.Slice((*byte)(unsafe.Pointer(&a[0])), n), unsafe.Slice((*byte)(unsafe.Pointer(&b[0])), n))
}
