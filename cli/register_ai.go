package cli

import "flag"

// The computer player's command line (ai.go): 'duel' joins the command
// list before 'version', and 'apply' learns --ai [LEVEL]. This file's init
// runs after cli.go's (Go runs a package's init functions in the order of
// its file names), which builds the list; registering here keeps cli.go
// and commands.go untouched.
func init() {
	for i, c := range commands {
		if c == versionCmd {
			commands = append(commands[:i:i], append([]*command{duelCmd}, commands[i:]...)...)
			break
		}
	}
	if lookup("duel") == nil {
		commands = append(commands, duelCmd)
	}
	orig := applyCmd.setup
	applyCmd.args += " | FILE --ai [LEVEL] [--as SIDE]"
	applyCmd.detail += "\n--ai [LEVEL] plays the decider's move chosen by the computer (easy, normal or hard; normal by\n" +
		"default), from the decider's view only, and prints it with its reason; a unit's move is its whole\n" +
		"route, step by step while the rules let it go on. In a game with hidden\n" +
		"information the move and its reason are printed only with --as naming the decider (else the\n" +
		"public text only)."
	applyCmd.minArgs = 1
	applyCmd.setup = func(fs *flag.FlagSet) func(*env, []string) error {
		useAI := fs.Bool("ai", false, "play the decider's move chosen by the computer (LEVEL: easy, normal, hard)")
		run := orig(fs)
		return func(e *env, pos []string) error {
			if *useAI {
				as := ""
				if f := fs.Lookup("as"); f != nil {
					as = f.Value.String()
				}
				return applyAI(e, pos[0], pos[1:], as)
			}
			if len(pos) < 2 {
				return usagef("missing arguments")
			}
			return run(e, pos)
		}
	}
}
