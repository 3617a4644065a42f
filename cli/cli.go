// Package cli is Grognard's command line: subcommands that make the rules
// scriptable for tests, bug reports and benchmarks. Main runs one command
// line and returns the process exit status; it holds no game logic of its
// own, only reading arguments, calling rules and saves, and printing.
//
// Exit status: 0 success, 1 the command failed (an illegal action, a save
// that does not load), 2 the command line itself is wrong.
package cli

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"sort"
	"strings"

	"grognard/saves"
)

// command is one subcommand.
type command struct {
	name    string
	args    string // synopsis after the name
	summary string
	detail  string
	// flags declares the command's flags on fs; run does the work with the
	// positional arguments.
	setup func(fs *flag.FlagSet) func(env *env, pos []string) error
	// minArgs and maxArgs bound the positional arguments (-1: no bound).
	minArgs, maxArgs int
}

// env is what a running command writes to.
type env struct {
	out, err io.Writer
	json     bool
}

// usageError is a wrong command line (exit status 2).
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

func usagef(format string, args ...any) error {
	return &usageError{fmt.Sprintf(format, args...)}
}

var commands []*command

func lookup(name string) *command {
	for _, c := range commands {
		if c.name == name {
			return c
		}
	}
	return nil
}

func init() {
	commands = []*command{
		listCmd, newCmd, legalCmd, applyCmd, showCmd, branchCmd, playoutCmd, versionCmd, helpCmd,
	}
}

// Main runs the command line args (without the program name), writing
// results to stdout and errors to stderr, and returns the exit status.
func Main(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, overview())
		return 2
	}
	name := args[0]
	switch name {
	case "-h", "-help", "--help":
		name = "help"
	case "-version", "--version", "-v":
		name = "version"
	}
	if x, ok := external[name]; ok {
		return x.run(args[1:], stdout, stderr)
	}
	c := lookup(name)
	if c == nil {
		fmt.Fprintf(stderr, "grognard: unknown command %q (see 'grognard help')\n", name)
		return 2
	}
	return c.exec(args[1:], stdout, stderr)
}

// externalCommand is a command that lives outside this package (the
// window's screenshot command, which needs Ebitengine).
type externalCommand struct {
	summary string
	run     func(args []string, stdout, stderr io.Writer) int
}

var external = map[string]externalCommand{}

// RegisterExternal adds a command implemented elsewhere; main.go uses it for
// 'screenshot', which needs the window and so cannot live in this package.
func RegisterExternal(name, summary string, run func(args []string, stdout, stderr io.Writer) int) {
	external[name] = externalCommand{summary: summary, run: run}
}

func (c *command) usageLine() string {
	return "usage: grognard " + c.name + " " + c.args
}

// usage is the command's full help text.
func (c *command) usage() string {
	fs := c.flagSet()
	var b strings.Builder
	b.WriteString(c.usageLine() + "\n\n" + c.summary + "\n")
	if c.detail != "" {
		b.WriteString("\n" + c.detail + "\n")
	}
	var flags bytes.Buffer
	fs.SetOutput(&flags)
	fs.PrintDefaults()
	if flags.Len() > 0 {
		b.WriteString("\nflags (one or two dashes):\n")
		b.Write(flags.Bytes())
	}
	return b.String()
}

func (c *command) flagSet() *flag.FlagSet {
	fs := flag.NewFlagSet(c.name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	fs.Bool("json", false, "machine-readable JSON output")
	c.setup(fs)
	return fs
}

func (c *command) exec(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet(c.name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	jsonOut := fs.Bool("json", false, "machine-readable JSON output")
	run := c.setup(fs)
	pos, err := parseInterspersed(fs, args)
	if errors.Is(err, flag.ErrHelp) {
		fmt.Fprint(stdout, c.usage())
		return 0
	}
	if err == nil {
		switch {
		case len(pos) < c.minArgs:
			err = usagef("missing arguments")
		case c.maxArgs >= 0 && len(pos) > c.maxArgs:
			err = usagef("unexpected argument %q", pos[c.maxArgs])
		}
	}
	if err != nil {
		fmt.Fprintf(stderr, "grognard %s: %v\n%s\n(see 'grognard %s --help')\n", c.name, err, c.usageLine(), c.name)
		return 2
	}
	e := &env{out: stdout, err: stderr, json: *jsonOut}
	if err := run(e, pos); err != nil {
		fmt.Fprintf(stderr, "grognard %s: %v\n", c.name, err)
		var ue *usageError
		if errors.As(err, &ue) {
			fmt.Fprintf(stderr, "%s\n", c.usageLine())
			return 2
		}
		return 1
	}
	return 0
}

// parseInterspersed parses flags placed before, between or after the
// positional arguments; everything after "--" is positional.
func parseInterspersed(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos, rest []string
	for i, a := range args {
		if a == "--" {
			rest = args[i+1:]
			args = args[:i]
			break
		}
	}
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		args = fs.Args()
		if len(args) == 0 {
			break
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
	return append(pos, rest...), nil
}

func overview() string {
	var b strings.Builder
	b.WriteString("Grognard " + saves.AppVersion + ": historical wargames with every rule enforced.\n\n")
	b.WriteString("usage: grognard                 open the game window\n")
	b.WriteString("       grognard COMMAND [ARGS]  run a command:\n\n")
	for _, c := range commands {
		fmt.Fprintf(&b, "  %-8s %s\n", c.name, c.summary)
	}
	names := make([]string, 0, len(external))
	for n := range external {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(&b, "  %-8s %s\n", n, external[n].summary)
	}
	b.WriteString("\nEvery command takes --json for machine-readable output and --help for its usage.\n")
	b.WriteString("On a machine without a display, run the same commands with grognard-cli.\n")
	return b.String()
}

// writeJSON prints v as indented JSON.
func (e *env) writeJSON(v any) error {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	_, err = e.out.Write(append(b, '\n'))
	return err
}

func (e *env) printf(format string, args ...any) { fmt.Fprintf(e.out, format, args...) }

var versionCmd = &command{
	name:    "version",
	args:    "[--json]",
	summary: "Print the version of Grognard and of its save format.",
	maxArgs: 0,
	setup: func(fs *flag.FlagSet) func(*env, []string) error {
		return func(e *env, _ []string) error {
			if e.json {
				return e.writeJSON(map[string]any{"app": "grognard", "version": saves.AppVersion, "save_format": saves.FormatVersion})
			}
			e.printf("grognard %s (save format %d)\n", saves.AppVersion, saves.FormatVersion)
			return nil
		}
	},
}

var helpCmd = &command{
	name:    "help",
	args:    "[COMMAND]",
	summary: "Show the commands, or the usage of one command.",
	maxArgs: 1,
	setup: func(fs *flag.FlagSet) func(*env, []string) error {
		return func(e *env, pos []string) error {
			if len(pos) == 0 {
				if e.json {
					var cs []map[string]string
					for _, c := range commands {
						cs = append(cs, map[string]string{"name": c.name, "usage": c.usageLine(), "summary": c.summary})
					}
					return e.writeJSON(map[string]any{"commands": cs})
				}
				e.printf("%s", overview())
				return nil
			}
			c := lookup(pos[0])
			if c == nil {
				return usagef("unknown command %q", pos[0])
			}
			if e.json {
				return e.writeJSON(map[string]string{"name": c.name, "usage": c.usageLine(), "summary": c.summary, "help": c.usage()})
			}
			e.printf("%s", c.usage())
			return nil
		}
	},
}
