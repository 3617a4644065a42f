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
