// Command grognard-cli is Grognard's command line without the desktop app:
// the same subcommands as 'grognard COMMAND' (all but screenshot), in a
// binary that does not link Ebitengine. The main binary runs its commands
// without a display too, but it is linked against the X11 and GTK
// libraries (cgo), so it does not start where they are not installed; this
// one is built without cgo for such machines (CI, a server) and for
// cross-built packages ('./build.sh package'), or 'go run ./cmd/grognard-cli ...'.
package main

import (
	"os"

	"grognard/cli"
	_ "grognard/rules/systems" // every game system registers itself
)

func main() {
	os.Exit(cli.Main(os.Args[1:], os.Stdout, os.Stderr))
}
