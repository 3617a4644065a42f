package scenarios

import (
	"flag"
	"fmt"
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
)

var updateGolden = flag.Bool("update", false, "rewrite the golden files")

// marshalsScenarios are the six scenario folders of The Marshals (spec §5).
var marshalsScenarios = []string{"marshals-advance", "marshals-retreat", "marshals-three-armies",
	"marshals-talavera", "marshals-almonacid", "marshals-ocana"}

type marshalsOOB struct {
	units map[string]Record // unit and commander records by id
	pool  map[[2]string]int // detachment counters by nationality and arm [6.6]
	decoy map[string]int    // decoy counters by nationality
	track map[string][]int  // generated morale tracks
}

func mTrack(n, b, m int) []int {
	if n == 1 {
		return []int{m}
	}
	t := make([]int, n)
	for i := range t {
		t[i] = (2*b*(n-1) + 2*(m-b)*i + (n - 1)) / (2 * (n - 1))
	}
	return t
}

func loadMarshalsOOB(t *testing.T, season string) marshalsOOB {
	t.Helper()
	recs, err := Load("marshals/oob-" + season + ".txt")
	if err != nil {
		t.Fatal(err)
	}
	o := marshalsOOB{units: map[string]Record{}, pool: map[[2]string]int{}, decoy: map[string]int{}, track: map[string][]int{}}
	for _, r := range recs {
		switch r.Kind {
		case "unit", "commander":
			if _, dup := o.units[r.Args[0]]; dup {
				t.Errorf("%s:%d: %s twice", r.File, r.Line, r.Args[0])
			}
			o.units[r.Args[0]] = r
			if r.Fields["authored"] == "" && r.Fields["book"] == "" {
				t.Errorf("%s:%d: %s carries neither authored= nor book=", r.File, r.Line, r.Args[0])
			}
			if r.Kind == "unit" && r.Fields["kind"] != "baggage" {
				n, _ := strconv.Atoi(r.Fields["n"])
				b, _ := strconv.Atoi(r.Fields["b"])
				m, _ := strconv.Atoi(r.Fields["m"])
				if n < 1 || b < 1 || m < b || m > 5 {
					t.Errorf("%s:%d: bad track n=%d b=%d m=%d", r.File, r.Line, n, b, m)
				}
				o.track[r.Args[0]] = mTrack(n, b, m)
			}
		case "detachment":
			n, _ := strconv.Atoi(r.Fields["count"])
			o.pool[[2]string{r.Args[0], r.Args[1]}] = n
		case "decoy":
			n, _ := strconv.Atoi(r.Fields["count"])
			o.decoy[r.Args[0]] = n
		}
	}
	return o
}

// TestMarshalsOOBBookTracks: spec §6.5.1 — the generated morale tracks give
// back every track the book shows: the S6 sheet [OOB] (Zayas 1 2 2 3 3 4,
// Bernuy 2 3 3, Osoño and Rivas 1 2 3) and the examples of [1.3] (Delaborde:
// 5 SS left morale 4, 4 left morale 3; Leval 5 SS morale 4).
func TestMarshalsOOBBookTracks(t *testing.T) {
	au := loadMarshalsOOB(t, "autumn")
	su := loadMarshalsOOB(t, "summer")
	for id, want := range map[string][]int{"sp-zayas-lm": {1, 2, 2, 3, 3, 4}, "sp-bernuy": {2, 3, 3}, "sp-osono": {1, 2, 3}, "sp-rivas": {1, 2, 3}} {
		if got := au.track[id]; !slices.Equal(got, want) {
			t.Errorf("%s track %v, want %v [OOB]", id, got, want)
		}
	}
	if d := su.track["fr-delaborde"]; len(d) != 6 || d[4] != 4 || d[3] != 3 {
		t.Errorf("Delaborde %v: after one loss morale 4, after two morale 3 [1.3]", d)
	}
	if l := su.track["fr-leval"]; len(l) != 5 || l[4] != 4 {
		t.Errorf("Leval %v: 5 SS, morale 4 [1.3]", l)
	}
	// Totals of spec §6.5.2: French 87 infantry and 30 cavalry boxes.
	inf, cav := 0, 0
	for id, r := range su.units {
		if strings.HasPrefix(id, "fr-") && r.Kind == "unit" {
			if r.Fields["arm"] == "cavalry" {
				cav += len(su.track[id])
			} else {
				inf += len(su.track[id])
			}
		}
	}
	if inf != 87 || cav != 30 {
		t.Errorf("French summer boxes: %d infantry, %d cavalry", inf, cav)
	}
}

// TestMarshalsEventsFile: [4.0] the 28 markers, each with an owner, a timing,
// a rule and a text; the reconstructed texts are marked (spec §6.7).
func TestMarshalsEventsFile(t *testing.T) {
	recs, err := Load("marshals/events.txt")
	if err != nil {
		t.Fatal(err)
	}
	ids := map[string]Record{}
	for _, r := range recs {
		if r.Kind != "event" {
			t.Fatalf("%s:%d: unknown record %s", r.File, r.Line, r.Kind)
		}
		ids[r.Args[0]] = r
		for _, k := range []string{"name", "owner", "timing", "immediate", "rule", "when", "text"} {
			if r.Fields[k] == "" {
				t.Errorf("%s:%d: %s has no %s=", r.File, r.Line, r.Args[0], k)
			}
		}
		if o := r.Fields["owner"]; o != "french" && o != "allied" && o != "both" {
			t.Errorf("%s: owner %q", r.Args[0], o)
		}
	}
	if len(ids) != 28 {
		t.Errorf("%d events, want 28", len(ids))
	}
	var imm []string
	for id, r := range ids {
		if r.Fields["immediate"] == "yes" {
			imm = append(imm, id)
		}
	}
	sort.Strings(imm)
	want := []string{"canicule", "foy", "hesitations", "inactivite", "madrid", "mesentente", "non-ravitaille", "orage", "pluie"}
	if !slices.Equal(imm, want) {
		t.Errorf("immediate events %v, want %v (spec §4)", imm, want)
	}
	has := func(id, k string) bool { _, ok := ids[id].Fields[k]; return ok }
	if !has("canicule", "authored") || !has("gue", "interpretation") || !has("madrid", "interpretation") || !has("mitraille", "interpretation") {
		t.Error("the reconstructed texts of Canicule, Gué, Madrid and Mitraille must be marked")
	}
}

// TestMarshalsSetupsGolden: spec §5.10 — every counter of each scenario, its
// zone, losses, detachments and demoralised flag; every container and hand;
// decoys; VP zones; reinforcements. Checked against the map and the order of
// battle, then against a golden file (go test -run Golden -update rewrites).
func TestMarshalsSetupsGolden(t *testing.T) {
	m := loadMarshalsMap(t)
	events, err := Load("marshals/events.txt")
	if err != nil {
		t.Fatal(err)
	}
	known := map[string]bool{}
	for _, r := range events {
		known[r.Args[0]] = true
	}
	for _, id := range marshalsScenarios {
		recs, err := Load("marshals/" + id + "/setup.txt")
		if err != nil {
			t.Fatal(err)
		}
		season := "summer"
		for _, r := range recs {
			if r.Kind == "scenario" {
				season = r.Fields["oob"]
				if r.Args[0] != id {
					t.Errorf("%s: scenario record names %s", id, r.Args[0])
				}
			}
		}
		o := loadMarshalsOOB(t, season)
		var out []string
		placed := map[string]bool{}
		used := map[[2]string]int{}
		marks := map[[2]string]int{}
		containers := [2]int{}
		for _, r := range recs {
			where := fmt.Sprintf("%s:%d", r.File, r.Line)
			onMap := func(z string) {
				if _, ok := m.Graph.Zone(z); !ok || m.Offmap[z] {
					t.Errorf("%s: unknown zone %q", where, z)
				}
			}
			switch r.Kind {
			case "place":
				u := r.Args[0]
				ur, ok := o.units[u]
				if !ok {
					t.Errorf("%s: unknown counter %s", where, u)
					continue
				}
				if placed[u] {
					t.Errorf("%s: %s placed twice", where, u)
				}
				placed[u] = true
				onMap(r.Fields["at"])
				losses, _ := strconv.Atoi(r.Fields["losses"])
				det, _ := strconv.Atoi(r.Fields["detached"])
				if ur.Kind == "unit" && ur.Fields["kind"] != "baggage" && losses+det >= len(o.track[u]) {
					t.Errorf("%s: %s cannot start with %d losses and %d detached", where, u, losses, det)
				}
				if det > 0 {
					arm := ur.Fields["arm"]
					marks[[2]string{ur.Fields["nat"], arm}] += det
				}
				out = append(out, fmt.Sprintf("place %s %s losses=%d artlost=%s detached=%d demoral=%s", u, r.Fields["at"], losses, or0(r.Fields["artlost"]), det, orNo(r.Fields["demoral"])))
			case "detach":
				onMap(r.Fields["at"])
				n, _ := strconv.Atoi(or1(r.Fields["count"]))
				k := [2]string{r.Args[0], r.Args[1]}
				used[k] += n
				out = append(out, fmt.Sprintf("detach %s %s %s x%d demoral=%s", k[0], k[1], r.Fields["at"], n, orNo(r.Fields["demoral"])))
			case "decoys":
				n, _ := strconv.Atoi(r.Fields["count"])
				if n > o.decoy[r.Args[0]] {
					t.Errorf("%s: %d %s decoys, %d counters", where, n, r.Args[0], o.decoy[r.Args[0]])
				}
				out = append(out, fmt.Sprintf("decoys %s %d", r.Args[0], n))
			case "events":
				keys := make([]string, 0)
				for k := range r.Fields {
					if k != "where" {
						if !known[k] {
							t.Errorf("%s: unknown event %s", where, k)
						}
						keys = append(keys, k)
					}
				}
				sort.Strings(keys)
				line := "events " + r.Args[0] + " " + r.Fields["where"]
				for _, k := range keys {
					n, _ := strconv.Atoi(r.Fields[k])
					line += fmt.Sprintf(" %s=%d", k, n)
					if r.Fields["where"] == "container" {
						containers[sideIndex(r.Args[0])] += n
					}
				}
				out = append(out, line)
			case "vp":
				for z := range r.Fields {
					onMap(z)
				}
				out = append(out, "vp "+joinFields(r))
			case "renfort":
				for _, u := range r.List("units") {
					if _, ok := o.units[u]; !ok || placed[u] {
						t.Errorf("%s: reinforcement %s unknown or already on the map", where, u)
					}
				}
				out = append(out, "renfort "+r.Args[0]+" "+joinFields(r))
			case "cinc":
				out = append(out, "cinc "+joinFields(r))
			case "scenario":
				out = append(out, "scenario "+r.Args[0]+" "+joinFields(r))
			default:
				t.Errorf("%s: unknown record %s", where, r.Kind)
			}
		}
		for k, n := range used {
			if n > o.pool[k] {
				t.Errorf("%s: %d %s %s detachments, the mix has %d [6.6]", id, n, k[0], k[1], o.pool[k])
			}
			// [DEP] *n marks: where the parents carry marks, they account for
			// every detachment of that nation and arm; detachments with no
			// parent marked are garrisons (reference.md).
			if marks[k] > 0 && marks[k] != n {
				t.Errorf("%s: %d %s %s detachments but the parents' marks say %d", id, n, k[0], k[1], marks[k])
			}
		}
		for k, n := range marks {
			if used[k] != n {
				t.Errorf("%s: parents marked with %d %s %s detachments, %d placed", id, n, k[0], k[1], used[k])
			}
		}
		got := strings.Join(out, "\n") + "\n" + fmt.Sprintf("containers french=%d allied=%d\n", containers[0], containers[1])
		path := "marshals/testdata/" + id + ".golden"
		if *updateGolden {
			if err := os.MkdirAll("marshals/testdata", 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (run go test -run Golden -update)", err)
		}
		if string(want) != got {
			t.Errorf("%s: set-up differs from %s:\n%s", id, path, diffLines(string(want), got))
		}
	}
}

func sideIndex(s string) int {
	if s == "allied" {
		return 1
	}
	return 0
}

func joinFields(r Record) string {
	keys := make([]string, 0, len(r.Fields))
	for k := range r.Fields {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var sb []string
	for _, k := range keys {
		sb = append(sb, k+"="+r.Fields[k])
	}
	return strings.Join(sb, " ")
}

func or0(s string) string {
	if s == "" {
		return "0"
	}
	return s
}

func or1(s string) string {
	if s == "" {
		return "1"
	}
	return s
}

func orNo(s string) string {
	if s == "" {
		return "no"
	}
	return s
}

func diffLines(a, b string) string {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	var d []string
	for i := 0; i < len(al) || i < len(bl); i++ {
		var x, y string
		if i < len(al) {
			x = al[i]
		}
		if i < len(bl) {
			y = bl[i]
		}
		if x != y {
			d = append(d, fmt.Sprintf("line %d: want %q got %q", i+1, x, y))
		}
	}
	return strings.Join(d, "\n")
}
