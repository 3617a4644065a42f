//go:build !linux || !cgo

package game

// trimNative does nothing where the allocator is not glibc's.
func trimNative() {}
