package game

import (
	"runtime/debug"
	"time"

	"grognard/render"
)

// releaseAfterGame gives back what the board just left held (#22 item 8):
// the cached counter faces and labels are disposed of at once, and a moment
// later, once the menu has drawn and the textures are really freed, the Go
// heap is collected and returned to the system and glibc's free memory
// trimmed. A long evening of game after game then comes back to the menu
// near a fresh app's level (docs/PERFORMANCE.md).
func releaseAfterGame() {
	render.FlushImageCache()
	time.AfterFunc(500*time.Millisecond, func() {
		debug.FreeOSMemory()
		trimNative()
	})
}
