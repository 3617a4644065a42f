package albuera_test

import (
	"io/fs"
	"regexp"
	"strings"
	"testing"

	"grognard/rules/albuera"
	"grognard/scenarios"
)

// build loads the real data files, with file 'edit' changed by replacing old
// with new (the old text must be there), and assembles the scenario.
func build(t *testing.T, edit, old, new string) error {
	t.Helper()
	files := []string{system + "/tables.txt", system + "/" + scenario + "/map.txt", system + "/" + scenario + "/oob.txt",
		system + "/" + scenario + "/pool.txt", system + "/" + scenario + "/setup.txt"}
	var sets [][]scenarios.Record
	for _, f := range files {
		data, err := fs.ReadFile(scenarios.FS, f)
		if err != nil {
			t.Fatal(err)
		}
		text := string(data)
		if f == edit {
			if !strings.Contains(text, old) {
				t.Fatalf("%s does not contain %q", f, old)
			}
			text = strings.Replace(text, old, new, 1)
		}
		recs, err := scenarios.Parse(f, []byte(text))
		if err != nil {
			return err
		}
		sets = append(sets, recs)
	}
	_, err := albuera.BuildScenario(scenario, sets...)
	return err
}

// TestLoader_RefusesBrokenCopies: a broken copy of each data file is refused
// with the file and line of the fault.
func TestLoader_RefusesBrokenCopies(t *testing.T) {
	if err := build(t, "", "", ""); err != nil {
		t.Fatalf("the data itself: %v", err)
	}
	cases := []struct{ name, file, old, new, want string }{
		{"a hole in the Clash Table", "tables.txt", "row 5 A+2 A+1 A+1 A+1 D+1", "row 5 A+2 A+1 A+1 D+1", `tables\.txt:\d+: table clash: row 5 has 9 cells`},
		{"an unknown clash shift", "tables.txt", "row morale both 1 3.4", "row elan both 1 3.4", `tables\.txt:\d+: table clash_shifts: unknown shift "elan"`},
		{"a cost that is not a cost", "tables.txt", "row olive 2 2.5 P", "row olive 2 2.7 P", `tables\.txt:\d+: terrain olive/line`},
		{"a battalion under nobody", "oob.txt", "commander=brayer mp=5 morale=6 morale2=5 fp_line=2/3 fp_column=1/3 company=sk/II/34", "commander=ney mp=5 morale=6 morale2=5 fp_line=2/3 fp_column=1/3 company=sk/II/34", `oob\.txt:\d+: II/34: commander="ney" is not a commander`},
		{"Manpower out of range", "oob.txt", "unit I/51 name=\"1er bataillon, 51e Ligne\" side=french nation=french commander=godinot mp=8", "unit I/51 name=\"1er bataillon, 51e Ligne\" side=french nation=french commander=godinot mp=11", `oob\.txt:\d+: I/51: mp=11`},
		{"a battery of an unknown calibre", "oob.txt", "calibre=9pdr guns=6 stars=2 book=\"10.8", "calibre=10pdr guns=6 stars=2 book=\"10.8", `oob\.txt:\d+: artillery Sympher: calibre="10pdr"`},
		{"a unit placed off the map", "setup.txt", "place II/34 2414", "place II/34 4130", `setup\.txt:\d+: II/34: `},
		{"a rectangle without its second hex", "setup.txt", "place 1/7 0710 array=line facing=1 with=0711", "place 1/7 0710 array=line facing=1", `setup\.txt:\d+: 1/7: Manpower 7 in Line is a rectangle`},
		{"a rectangle on hexes not side by side", "setup.txt", "place 1/7 0710 array=line facing=1 with=0711", "place 1/7 0710 array=line facing=1 with=0810", `setup\.txt:\d+: 1/7: a line counter facing corner 1`},
		{"a chit of nobody", "pool.txt", "row 5 09:00 soult,", "row 5 09:00 massena,", `pool\.txt:\d+: table pool turn 5: "massena"`},
		{"a turn missing from the pool", "pool.txt", "row 16 11:45", "row 17 11:45", `pool\.txt:\d+: table pool: no row for turn 16`},
		{"an unknown terrain on the map", "map.txt", "hexes 1307 1407 1408 terrain=village", "hexes 1307 1407 1408 terrain=town", `map\.txt:\d+: unknown terrain "town"`},
		{"a river between hexes that do not touch", "map.txt", "side 1508 1608 river,bridge", "side 1508 1610 river,bridge", `map\.txt:\d+: hexes 1508 and 1610 are not adjacent`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			file := system + "/" + c.file
			if c.file != "tables.txt" {
				file = system + "/" + scenario + "/" + c.file
			}
			err := build(t, file, c.old, c.new)
			if err == nil {
				t.Fatalf("accepted")
			}
			if !regexp.MustCompile(c.want).MatchString(err.Error()) {
				t.Fatalf("error %q does not match %q", err, c.want)
			}
		})
	}
}
