//go:build !linux || !cgo

package game

// Elsewhere than Linux with cgo (Windows, macOS, or a CGO_ENABLED=0
// build) the system's allocator is left alone: the knobs of
// memtune_linux.go are glibc's and Mesa llvmpipe's.

// EnvMemTune, set to 0, leaves glibc's malloc at its defaults (Linux only).
const EnvMemTune = "GROGNARD_MEMTUNE"

// memTuned records which knobs were applied: none here.
var memTuned struct{ arenaMax, mmapThreshold bool }
