// Command grognard plays historical board wargames with every rule
// enforced. Without arguments it opens the game window; with a command it
// runs that command (see 'grognard help').
package main

import (
	"fmt"
	"os"

	"grognard/cli"
	"grognard/game"
	_ "grognard/rules/systems" // every game system registers itself
)

func main() {
	cli.RegisterExternal("screenshot", "render one frame of a scenario or save to a PNG (needs a display)", game.Screenshot)
	if len(os.Args) > 1 {
		os.Exit(cli.Main(os.Args[1:], os.Stdout, os.Stderr))
	}
	if err := game.Run(); err != nil {
		fmt.Fprintln(os.Stderr, "grognard:", err)
		os.Exit(1)
	}
}
