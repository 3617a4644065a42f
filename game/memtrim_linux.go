//go:build linux && cgo

package game

/*
#include <malloc.h>
*/
import "C"

// trimNative gives the free memory at the top of glibc's heaps and in its
// arenas back to the system (malloc_trim), as the app does when a game is
// left for the menu (#22 item 8): the board's textures and buffers that
// Mesa freed in small blocks would otherwise stay resident.
func trimNative() { C.malloc_trim(0) }

// nativeInUse returns the bytes glibc's malloc has handed out and not had
// back (mallinfo2: in the arenas, and in blocks mapped apiece), for the
// soak's report of what is outside the Go heap: under llvmpipe, the
// textures and vertex buffers.
func nativeInUse() (arena, mapped uint64) {
	mi := C.mallinfo2()
	return uint64(mi.uordblks), uint64(mi.hblkhd)
}
