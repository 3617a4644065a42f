package game

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"grognard/rules"
	_ "grognard/rules/marshals"
	"grognard/saves"
)

// TestMarshalsMidgameSaves writes, with GROGNARD_MARSHALS_SAVES=<dir> set,
// mid-game saves of The Marshals for screenshots (`grognard screenshot
// --save`): random games played to a French operation choice of a later
// turn. It checks that the saves load back as the same position.
func TestMarshalsMidgameSaves(t *testing.T) {
	dir := os.Getenv("GROGNARD_MARSHALS_SAVES")
	if dir == "" {
		t.Skip("set GROGNARD_MARSHALS_SAVES=<dir> to write the mid-game saves")
	}
	for _, c := range []struct {
		sc   string
		turn int
	}{{"marshals-talavera", 3}, {"marshals-three-armies", 8}} {
		g, err := rules.NewGame(c.sc, 3, nil)
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(3, 1))
		for n := 0; ; n++ {
			st := g.State.Status()
			if g.State.Result().Over || n > 200000 {
				t.Fatalf("%s: no French operation choice at turn %d (%+v)", c.sc, c.turn, st)
			}
			if st.Turn >= c.turn && st.Decider == 0 && strings.HasPrefix(st.SubPhase, "choose an operation") {
				break
			}
			legal := g.State.Legal()
			if _, err := g.Apply(legal[r.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
		path := filepath.Join(dir, c.sc+".grognard")
		if err := saves.Write(path, g); err != nil {
			t.Fatal(err)
		}
		back, err := saves.Read(path)
		if err != nil {
			t.Fatal(err)
		}
		if back.State.Status() != g.State.Status() {
			t.Fatalf("%s: loaded %+v, saved %+v", c.sc, back.State.Status(), g.State.Status())
		}
		t.Logf("%s: %s at turn %d, %d steps", c.sc, path, g.State.Status().Turn, len(g.Steps))
	}
}
