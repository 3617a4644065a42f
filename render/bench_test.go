package render

import (
	"fmt"
	"image"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"grognard/rules"
	"grognard/rules/hex"
)

// benchBoard is a 40x30 flat map with mixed terrain, a river and a road.
func benchBoard() *rules.Board {
	m := hex.NewMap("bench", hex.Layout{Flat: true, ShoveOdd: true})
	terrains := []string{"clear", "clear", "clear", "woods", "hill", "village", "olive", "marsh", "forest", "town"}
	for _, t := range terrains {
		m.Terrains[t] = t
	}
	for col := 1; col <= 40; col++ {
		for row := 1; row <= 30; row++ {
			c := m.Layout.FromOffset(col, row)
			t := terrains[(col*7+row*13+col*row)%len(terrains)]
			lv := 0
			if t == "hill" {
				lv = 1 + (col+row)%3
			}
			m.Set(c, &hex.Cell{Terrain: t, Level: lv})
		}
	}
	for row := 1; row <= 30; row++ {
		a := m.Layout.FromOffset(20, row)
		_ = m.AddSide(a, a.Neighbor(2), hex.River)
		_ = m.AddSide(a, a.Neighbor(1), hex.River)
	}
	for col := 1; col < 40; col++ {
		a := m.Layout.FromOffset(col, 15)
		_ = m.AddSide(a, a.Neighbor(2), hex.Road)
	}
	return &rules.Board{Kind: "hex", Hex: m}
}

// benchView has 120 counters: singles, stacks of three and markers.
func benchView(rb *rules.Board) *rules.View {
	v := &rules.View{Sides: []string{"A", "B"}, Board: rb}
	types := []string{"infantry", "cavalry", "artillery", "dragoons", "leader"}
	for i := range 120 {
		col, row := 2+(i%20)*2, 2+(i/20)*4
		if i%6 >= 4 { // make stacks
			col, row = 2+((i-2)%20)*2, 2+((i-2)/20)*4
		}
		u := rules.UnitView{ID: fmt.Sprint("u", i), Short: fmt.Sprint(i), Side: rules.Side(i % 2), Type: types[i%len(types)],
			Color: []string{"#3b5ba0", "#b03a2e", "#6a8c3a"}[i%3], At: fmt.Sprintf("%02d%02d", col, row), Facing: i % 6,
			Values: "4-3-4", Strength: 1 + i%3, MaxStr: 3}
		if i%5 == 0 {
			u.Markers = []string{"disorganised"}
		}
		v.Units = append(v.Units, u)
	}
	return v
}

func benchDraw(b *testing.B, withUnits bool) {
	needLoop(b)
	rb := benchBoard()
	r := NewBoard(rb)
	dst := ebiten.NewImage(1280, 720)
	cam := Camera{Zoom: 1, X: 200, Y: 150, Rect: image.Rect(0, 0, 1280, 720)}
	var v *rules.View
	o := Overlay{}
	if withUnits {
		v = benchView(rb)
		o = Overlay{Selected: "u7", Highlights: []Highlight{{At: "0505", Kind: HLMove, Text: "1 MP"}, {At: "0605", Kind: HLFire, Text: "2:1"}},
			Facings: []int{0, 1}, Path: []string{"0404", "0505"}, Hover: "0606"}
	}
	r.Warm()
	r.Draw(dst, cam, v, o) // warm the counter faces
	_ = dst.At(0, 0)
	b.ReportAllocs()
	b.ResetTimer()
	var cpu time.Duration
	n := 0
	for i := 0; b.Loop(); i++ {
		t0 := time.Now()
		r.Draw(dst, cam, v, o)
		cpu += time.Since(t0)
		n++
		if i%16 == 15 {
			_ = dst.At(0, 0) // flush the command queue, as a frame would
		}
	}
	// ns/op includes the GPU work of the flushes (Mesa's software renderer
	// under Xvfb); draw-ns/op is the time spent in Board.Draw itself.
	b.ReportMetric(float64(cpu.Nanoseconds())/float64(max(n, 1)), "draw-ns/op")
}

// BenchmarkDrawBoard draws a 40x30 map with 120 counters at 1280x720.
func BenchmarkDrawBoard(b *testing.B) { benchDraw(b, true) }

// BenchmarkDrawEmpty draws the same map with no units.
func BenchmarkDrawEmpty(b *testing.B) { benchDraw(b, false) }

// TestDrawAllocatesNoImagesAfterWarmUp checks that the faces, stamps and
// tiles made by the first frame are reused by later ones.
func TestDrawAllocatesNoImagesAfterWarmUp(t *testing.T) {
	needLoop(t)
	rb := benchBoard()
	r := NewBoard(rb)
	v := benchView(rb)
	dst := ebiten.NewImage(1280, 720)
	cam := Camera{Zoom: 1.3, X: 100, Y: 80, Rect: image.Rect(0, 0, 1280, 720)}
	o := Overlay{Selected: "u7", Highlights: []Highlight{{At: "0505", Kind: HLShock, Text: "3:1"}}, Facings: []int{2}}
	r.Draw(dst, cam, v, o)
	count := func() int {
		n, _, _ := images.stats()
		return n + len(r.tiles) + len(r.stampCache)
	}
	before := count()
	for range 5 {
		r.Draw(dst, cam, v, o)
	}
	if after := count(); after != before {
		t.Errorf("cached images grew from %d to %d on repeated frames", before, after)
	}
	// Ebitengine's command queue allocates a little per batch; 120 units
	// must not add allocations of their own.
	allocs := testing.AllocsPerRun(5, func() { r.Draw(dst, cam, v, o) })
	if allocs > 150 {
		t.Errorf("Draw allocates %.0f times per frame", allocs)
	}
}
