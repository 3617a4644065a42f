//go:build linux && cgo

package game

/*
#include <malloc.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define GROGNARD_ARENA_MAX 2
#define GROGNARD_MMAP_THRESHOLD (128 << 10)

// Set by grognard_memtune: whether each knob was applied.
static int grognard_arena_max_set, grognard_mmap_threshold_set;

// grognard_memtune runs when the program is loaded, before the Go runtime
// and the packages' init functions start threads: glibc gives every new
// thread that mallocs its own arena until M_ARENA_MAX is set, and arenas
// made before that stay (package init is too late: four were there).
__attribute__((constructor)) static void grognard_memtune(void) {
	const char *off = getenv("GROGNARD_MEMTUNE");
	if (off != NULL && strcmp(off, "0") == 0) return;
	if (getenv("MALLOC_ARENA_MAX") == NULL)
		grognard_arena_max_set = mallopt(M_ARENA_MAX, GROGNARD_ARENA_MAX) == 1;
	if (getenv("MALLOC_MMAP_THRESHOLD_") == NULL)
		grognard_mmap_threshold_set = mallopt(M_MMAP_THRESHOLD, GROGNARD_MMAP_THRESHOLD) == 1;
}
static int grognard_arena_max_applied(void) { return grognard_arena_max_set; }
static int grognard_mmap_threshold_applied(void) { return grognard_mmap_threshold_set; }

// grognard_mmapped_after_big_free frees an 8 MiB block (which, under glibc's
// default dynamic threshold, raises the mmap threshold to 8 MiB) and then
// reports whether a fresh 1 MiB block is served by mmap (1) or from the
// heap (0). It reads the block's own chunk header (glibc's IS_MMAPPED bit,
// 0x2 of the size word before the block) rather than comparing
// mallinfo2's process-wide hblkhd before and after: other threads (the
// GL driver's, under a test window) map and unmap blocks meanwhile, which
// made that comparison flaky.
static int grognard_mmapped_after_big_free(void) {
	void *big = malloc(8 << 20);
	if (big == NULL) return -1;
	memset(big, 1, 4096);
	free(big);
	void *p = malloc(1 << 20);
	if (p == NULL) return -1;
	size_t head = ((size_t *)p)[-1];
	free(p);
	return (head & 0x2) != 0;
}

static void *grognard_arena_worker(void *arg) {
	(void)arg;
	void *p = malloc(256);
	free(p);
	return NULL;
}

// grognard_arena_count starts n threads that each malloc (a thread's first
// malloc takes a new arena while the count is under M_ARENA_MAX) and then
// counts the arenas malloc_info lists.
static int grognard_arena_count(int n) {
	pthread_t t[64];
	if (n > 64) n = 64;
	for (int i = 0; i < n; i++) pthread_create(&t[i], NULL, grognard_arena_worker, NULL);
	for (int i = 0; i < n; i++) pthread_join(t[i], NULL);
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	if (f == NULL) return -1;
	malloc_info(0, f);
	fclose(f);
	int count = 0;
	for (char *s = buf; (s = strstr(s, "<heap nr=")) != NULL; s++) count++;
	free(buf);
	return count;
}
*/
import "C"

// Native memory knobs (issue #11 item 15: resident memory of a soak).
//
// Under Mesa's llvmpipe (the software OpenGL of a machine without a GPU,
// and of Xvfb) every Ebitengine texture and vertex buffer is C memory that
// llvmpipe takes from glibc's malloc, outside the Go heap. Measured
// (docs/PERFORMANCE.md, "Native memory"; one minute of xdotool
// pan/zoom/hover on Almansa, Mesa 22.3.6):
//
//   - The native share (911-966 MB at the end) is live texture and buffer
//     storage, not malloc fragmentation: heaptrack finds 869 MB still
//     allocated by llvmpipe, 713 MB of it textures (Ebitengine rounds every
//     texture up to a power of two: a 513x513 map tile takes 4 MB) and
//     143 MB vertex/index buffers grown to one flush's size. No allocator
//     or Mesa setting makes live memory smaller; fewer and smaller
//     textures and flushes do (render/).
//   - M_ARENA_MAX=2: glibc gives every thread that mallocs its own arena
//     (64 MB reserved apiece, up to 8 per core); llvmpipe's rasterizer
//     threads would each take one.
//   - M_MMAP_THRESHOLD=128 KiB, fixed: glibc's default threshold is
//     dynamic and rises to the size of the largest mapped block freed (up
//     to 32 MB), so after the first texture or vertex buffer is freed the
//     next ones come from the heap and stay there when freed. Fixed, every
//     block of 128 KiB or more is its own mapping and goes back to the
//     system when Mesa frees it (a deallocated tile, a vertex buffer
//     replaced by a bigger one).
//   - The two together: 857-897 MB native at the end against 911-966 MB
//     without (about 60 MB, at the edge of the runs' spread of about
//     30 MB); the same at start (~160 MB native). Frame time unchanged
//     (BenchmarkFrame, see the docs).
//
// Not applied, measured no better: MALLOC_ARENA_MAX=1, a trim threshold
// or top pad, LP_NUM_THREADS=0/1/2 (887-970 MB), mesa_glthread=false,
// MESA_GLSL_CACHE_DISABLE. GALLIUM_DRIVER=softpipe used far less memory
// only because it drew far fewer frames. Were a Mesa variable wanted,
// os.Setenv before the window opens would do: llvmpipe reads
// LP_NUM_THREADS when the GL context's screen is made, not at load.
// Session 23 measured LP_NUM_THREADS=0 again: 50 MB off an Almansa game's
// peak and 8-14 MB off the menu after it, but games drew about 40% slower
// in wall time under software OpenGL, so it is not set: a player short of
// memory may set it (docs/PERFORMANCE.md, "Session 23: memory").
//
// A variable the user has set (MALLOC_ARENA_MAX, MALLOC_MMAP_THRESHOLD_,
// which glibc itself reads at start-up) wins over these defaults, and
// GROGNARD_MEMTUNE=0 turns them both off (for comparing).
const (
	memArenaMax      = C.GROGNARD_ARENA_MAX
	memMmapThreshold = C.GROGNARD_MMAP_THRESHOLD
)

// EnvMemTune, set to 0, leaves glibc's malloc at its defaults.
const EnvMemTune = "GROGNARD_MEMTUNE"

// memTuned records which knobs were applied (by the C constructor
// grognard_memtune above, at program load), for tests.
var memTuned = struct{ arenaMax, mmapThreshold bool }{
	arenaMax:      C.grognard_arena_max_applied() == 1,
	mmapThreshold: C.grognard_mmap_threshold_applied() == 1,
}

// mallocArenas starts n threads that each allocate and returns how many
// malloc arenas the process then has (tests).
func mallocArenas(n int) int { return int(C.grognard_arena_count(C.int(n))) }

// mmappedAfterBigFree reports whether a 1 MiB malloc is served by mmap
// right after an 8 MiB block was freed (tests): true only when the mmap
// threshold is fixed, false under glibc's dynamic default.
func mmappedAfterBigFree() bool { return C.grognard_mmapped_after_big_free() == 1 }
