//go:build !linux || !cgo

package game

// trimNative does nothing where the allocator is not glibc's.
func trimNative() {}

// nativeInUse is not known where the allocator is not glibc's.
func nativeInUse() (arena, mapped uint64) { return 0, 0 }
