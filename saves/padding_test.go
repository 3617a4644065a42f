package saves

import (
	"encoding/json"
	"testing"

	"grognard/rules"
	_ "grognard/rules/systems"
)

// TestSealedLengthSaysNothingOfTheHand [#22]: the sealed part of a save is
// padded to a bucket size, so over many new games of every scenario with
// hidden information (Venta del Pozo's opening hands, The Marshals' decoys
// and hidden set-up) the sealed length, and the file's, take at most two
// values, while the plain content's length varies with the hands.
func TestSealedLengthSaysNothingOfTheHand(t *testing.T) {
	for _, sc := range rules.Scenarios("") {
		info, _ := rules.SystemByID(sc.System)
		if !info.Hidden {
			continue
		}
		games := 40
		if sc.System == "napoleonics" {
			games = 300
		}
		sealed, files, plain := map[int]int{}, map[int]int{}, map[int]int{}
		for seed := uint64(1); seed <= uint64(games); seed++ {
			g, err := rules.NewGame(sc.ID, seed*7919, nil)
			if err != nil {
				t.Fatal(err)
			}
			f, err := NewFile(g, exampleTime)
			if err != nil {
				t.Fatal(err)
			}
			b, err := f.Marshal()
			if err != nil {
				t.Fatal(err)
			}
			sealed[len(f.Sealed)]++
			files[len(b)]++
			p, _ := json.Marshal(payload{Seed: f.Seed, Steps: f.Steps, Snapshot: f.Snapshot})
			plain[len(p)]++
			if _, err := Decode("padded.json", b); err != nil {
				t.Fatalf("%s seed %d: the padded save does not load: %v", sc.ID, seed, err)
			}
		}
		if len(sealed) > 2 || len(files) > 2 {
			t.Errorf("%s: %d games give %d sealed lengths and %d file lengths, want at most 2: %v", sc.ID, games, len(sealed), len(files), sealed)
		}
		if sc.System == "napoleonics" && len(plain) < 10 {
			t.Errorf("%s: the unpadded payload takes only %d lengths: the test shows nothing", sc.ID, len(plain))
		}
	}
}

// TestBucketSize: buckets grow by a quarter of a power of two, never shrink
// a payload and add at most a quarter.
func TestBucketSize(t *testing.T) {
	for _, c := range [][2]int{{0, 1024}, {1024, 1024}, {1025, 1280}, {3146, 3584}, {3584, 3584}, {4097, 5120}, {40961, 49152}} {
		if got := bucketSize(c[0]); got != c[1] {
			t.Errorf("bucketSize(%d) = %d, want %d", c[0], got, c[1])
		}
	}
	for n := 1025; n < 1<<20; n += 997 {
		b := bucketSize(n)
		if b < n || b > n+n/4+1 {
			t.Fatalf("bucketSize(%d) = %d", n, b)
		}
	}
}
