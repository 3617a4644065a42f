package game

import (
	"os"
	"os/exec"
	"testing"
)

// TestMenuMemoryAfterGame is the long evening's check in small (#22 item
// 8), for CI: a fresh test binary of its own (the window tests before it
// would have grown this one) opens its window on the menu, plays 24
// frames of Almansa (hover, pan, zoom, three moves; at most 30 s), leaves
// for the menu, and must be back within 35% of its fresh level, under
// 400 MB at its peak (TestSoakEvening in the child). The bound is far
// above the 10%: a game that short comes back 6-11% over on a
// loaded machine (docs/PERFORMANCE.md) but 21% in a CI run (170 MB fresh,
// 205 MB after), too near any tight bound for a check that must not flake, and
// longer games come back further over (the goal is not met); what it
// catches is a board's textures kept after the game (before this issue's
// work: +48-54%). The 10% goal is TestSoakEvening's, run by hand.
func TestMenuMemoryAfterGame(t *testing.T) {
	if os.Getenv("DISPLAY") == "" || winApp == nil {
		t.Skip("no DISPLAY: run under xvfb-run")
	}
	if os.Getenv("GROGNARD_SOAK_EVENING") != "" {
		t.Skip("the child runs TestSoakEvening only")
	}
	cmd := exec.Command(os.Args[0], "-test.run", "^TestSoakEvening$", "-test.count=1", "-test.v")
	cmd.Env = append(os.Environ(), "GROGNARD_SOAK_EVENING=30s", "GROGNARD_SOAK_GAME_FRAMES=24",
		"GROGNARD_SOAK_SCENARIOS=almansa-1707", "GROGNARD_SOAK_MENU_LIMIT=35")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("back on the menu after a game (%v):\n%s", err, out)
	}
	t.Logf("%s", out)
}
