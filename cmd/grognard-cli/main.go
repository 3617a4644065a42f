// Command grognard-cli is Grognard's command line without the desktop app:
// the same subcommands as 'grognard COMMAND', in a binary that does not
// link Ebitengine. Ebitengine initialises GLFW when the program starts
// (before main runs) and panics where there is no display, so on a headless
// machine (CI, a server, a script over ssh) use this binary, or
// 'go run ./cmd/grognard-cli ...'.
package main

import (
	"os"

	"grognard/cli"
	_ "grognard/rules/systems" // every game system registers itself
)

func main() {
	os.Exit(cli.Main(os.Args[1:], os.Stdout, os.Stderr))
}
