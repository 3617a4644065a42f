package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestMain lets a test run this binary's main with arguments: the test
// binary re-executes itself with GROGNARD_TEST_MAIN=1.
func TestMain(m *testing.M) {
	if os.Getenv("GROGNARD_TEST_MAIN") == "1" {
		os.Args = append([]string{"grognard"}, strings.Fields(os.Getenv("GROGNARD_TEST_ARGS"))...)
		main()
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// TestCommandsRunWithoutADisplay [#22]: the window's binary runs its commands
// with no display at all (no DISPLAY, no WAYLAND_DISPLAY), so one binary does
// for a player; 'grognard help' says so and names grognard-cli only for
// machines without the graphics libraries.
func TestCommandsRunWithoutADisplay(t *testing.T) {
	dir := t.TempDir()
	save := filepath.Join(dir, "g.json")
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	run := func(args string) string {
		t.Helper()
		cmd := exec.Command(self, "-test.run=^$")
		var env []string
		for _, kv := range os.Environ() {
			if !strings.HasPrefix(kv, "DISPLAY=") && !strings.HasPrefix(kv, "WAYLAND_DISPLAY=") {
				env = append(env, kv)
			}
		}
		cmd.Env = append(env, "GROGNARD_TEST_MAIN=1", "GROGNARD_TEST_ARGS="+args, "GROGNARD_HOME="+dir)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("grognard %s without a display: %v\n%s", args, err, out)
		}
		return string(out)
	}
	if out := run("list"); !strings.Contains(out, "venta-del-pozo") {
		t.Errorf("list:\n%s", out)
	}
	run("new venta-del-pozo --out " + save)
	if out := run("show " + save); !strings.Contains(out, "public view") {
		t.Errorf("show:\n%s", out)
	}
	help := run("help")
	if strings.Contains(help, "On a machine without a display, run the same commands with grognard-cli") ||
		!strings.Contains(help, "These commands need no display") || !strings.Contains(help, "screenshot") {
		t.Errorf("help:\n%s", help)
	}
}
