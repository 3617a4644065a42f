package game

import (
	"flag"
	"fmt"
	"image"
	"image/png"
	"io"
	"os"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
)

// Screenshot implements `grognard screenshot SCENARIO --out FILE.png
// [--save FILE] [--select UNIT] [--size 1280x720] [--seed N]`: it opens the
// app on the scenario (or the save), selects the unit if asked so its
// highlights show, renders one frame into the PNG and exits. It needs a
// display (use xvfb-run on a headless machine). It returns the exit code.
func Screenshot(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("screenshot", flag.ContinueOnError)
	fs.SetOutput(stderr)
	out := fs.String("out", "", "PNG file to write (required)")
	save := fs.String("save", "", "open this save instead of a new game")
	sel := fs.String("select", "", "select this unit so its legal actions are highlighted")
	size := fs.String("size", "1280x720", "image size WIDTHxHEIGHT")
	seed := fs.Uint64("seed", 1, "seed of a new game")
	choose := fs.String("choose", "", "take every offered choice with this id first (\"historical\": the historical set-up)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: grognard screenshot SCENARIO --out FILE.png [--save FILE] [--select UNIT] [--size 1280x720] [--seed N] [--choose ID]")
		fs.PrintDefaults()
	}
	var pos []string
	rest := args
	for {
		if err := fs.Parse(rest); err != nil {
			return 2
		}
		rest = fs.Args()
		if len(rest) == 0 {
			break
		}
		pos = append(pos, rest[0])
		rest = rest[1:]
	}
	if *out == "" || (len(pos) == 0 && *save == "") || len(pos) > 1 {
		fs.Usage()
		return 2
	}
	var w, h int
	if _, err := fmt.Sscanf(strings.ToLower(*size), "%dx%d", &w, &h); err != nil || w < 320 || h < 240 || w > 8192 || h > 8192 {
		fmt.Fprintf(stderr, "screenshot: --size %q: want WIDTHxHEIGHT, at least 320x240\n", *size)
		return 2
	}
	a := NewApp()
	var s *Session
	var err error
	if *save != "" {
		s, err = LoadSession(*save)
	} else {
		s, err = NewSession(pos[0], *seed, nil)
	}
	if err != nil {
		fmt.Fprintln(stderr, "screenshot:", err)
		return 1
	}
	if len(pos) == 1 && *save != "" && pos[0] != s.Game.Scenario {
		fmt.Fprintf(stderr, "screenshot: the save is of scenario %s, not %s\n", s.Game.Scenario, pos[0])
		return 1
	}
	// visual: --choose takes the named choice while it is offered (the
	// gallery shows Almansa after its historical set-up).
	for range 8 {
		done := true
		s.TakeSeat()
		for _, act := range s.Legal() {
			if *choose != "" && act.Kind == "choose" && act.Choice == *choose {
				if _, err := s.Do(act); err != nil {
					fmt.Fprintln(stderr, "screenshot:", err)
					return 1
				}
				done = false
				break
			}
		}
		if done {
			break
		}
	}
	// The picture shows the board as the deciding player sees it.
	s.TakeSeat()
	if *sel != "" {
		if _, ok := s.Unit(*sel); !ok {
			fmt.Fprintf(stderr, "screenshot: no unit %q in %s\n", *sel, s.Game.Scenario)
			return 1
		}
		s.Select(*sel)
	}
	img, err := a.capture(s, w, h)
	if err != nil {
		fmt.Fprintln(stderr, "screenshot:", err)
		return 1
	}
	f, err := os.Create(*out)
	if err == nil {
		err = png.Encode(f, img)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		fmt.Fprintln(stderr, "screenshot:", err)
		return 1
	}
	fmt.Fprintf(stdout, "%s: %dx%d, %s, turn %d, %s\n", *out, w, h, s.Game.Scenario, s.View().Status.Turn, s.View().Status.Phase)
	return 0
}

// capture runs the app on s for a few frames and renders one frame of
// w x h offscreen.
func (a *App) capture(s *Session, w, h int) (*image.RGBA, error) {
	a.fixedW, a.fixedH = w, h
	a.input = noInput{}
	a.w, a.h = w, h
	a.OpenSession(s)
	var img *image.RGBA
	n := 0
	a.beforeUpdate = func() error {
		n++
		if n < 3 {
			return nil
		}
		off := ebiten.NewImage(w, h)
		off.Fill(background)
		a.scene.draw(a, off)
		img = image.NewRGBA(image.Rect(0, 0, w, h))
		off.ReadPixels(img.Pix)
		off.Deallocate()
		return ebiten.Termination
	}
	setupWindow(w, h)
	if err := ebiten.RunGame(a); err != nil {
		return nil, err
	}
	if img == nil {
		return nil, fmt.Errorf("no frame was drawn")
	}
	return img, nil
}
