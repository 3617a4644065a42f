package napoleonics

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"grognard/scenarios"
)

// The rules reference (F1) restates the data files (cards.txt, units.txt,
// terrain.txt, dice.txt, nations.txt) in Markdown tables and lists. These
// tests read the reference as the player sees it and hold every number it
// states against the data the engine plays, so the two cannot drift apart.

// mdTable is one Markdown table of the reference (scenarios reads them).
type mdTable = scenarios.MarkdownTable

var mdTables = scenarios.MarkdownTables

// stripMarks removes the reference's **(authored)**-style marks from a cell.
var marks = regexp.MustCompile(`\s*\*\*\([^)]*\)\*\*`)

func stripMarks(s string) string { return strings.TrimSpace(marks.ReplaceAllString(s, "")) }

func reference(t *testing.T) (string, *System) {
	t.Helper()
	text, err := scenarios.Text(dataDir + "/reference.md")
	if err != nil {
		t.Fatal(err)
	}
	sys, err := LoadSystem()
	if err != nil {
		t.Fatal(err)
	}
	return text, sys
}

func refTable(t *testing.T, text string, head ...string) mdTable {
	t.Helper()
	for _, tb := range mdTables(text) {
		if len(tb.Head) >= len(head) && slices.Equal(tb.Head[:len(head)], head) {
			for _, r := range tb.Rows {
				if len(r) != len(tb.Head) {
					t.Fatalf("reference.md:%d: row %v has %d cells, header %d", tb.Line, r, len(r), len(tb.Head))
				}
			}
			return tb
		}
	}
	t.Fatalf("reference.md has no table headed %v", head)
	return mdTable{}
}

var wordNum = map[string]int{"one": 1, "two": 2, "three": 3, "four": 4}

func atoi(s string) int {
	if n, ok := wordNum[strings.ToLower(s)]; ok {
		return n
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		panic(fmt.Sprintf("%q is not a number", s))
	}
	return n
}

// unitByName finds a unit card by its name, case-insensitively.
func unitByName(sys *System, name string) *UnitCard {
	for _, u := range sys.Units {
		if strings.EqualFold(u.Name, name) {
			return u
		}
	}
	return nil
}

// TestReference_CommandCardTableMatchesTheDeck: every card the reference's
// card table names has the copies it states, and every number and
// restriction of its effect (units ordered, which arm, cards drawn, per
// section limit, extra dice, extra hexes, hexes moved before battle, no
// move/fire/battle) is the data's; every card of cards.txt is in the table,
// and the deck size the text gives is the sum of the copies.
func TestReference_CommandCardTableMatchesTheDeck(t *testing.T) {
	text, sys := reference(t)
	tb := refTable(t, text, "card", "copies", "effect")
	byName := map[string]*CardDef{}
	for _, c := range sys.Cards {
		byName[c.Name] = c
	}
	seen := map[string]bool{}
	for _, row := range tb.Rows {
		// "Scout Left / Centre / Right": later parts replace the last word.
		parts := strings.Split(stripMarks(row[0]), " / ")
		base := parts[0]
		if i := strings.LastIndex(parts[0], " "); i >= 0 {
			base = parts[0][:i]
		}
		names := []string{parts[0]}
		for _, p := range parts[1:] {
			names = append(names, base+" "+p)
		}
		var copies []int
		switch cs := strings.Split(row[1], " / "); {
		case strings.HasSuffix(row[1], " each"):
			for range names {
				copies = append(copies, atoi(strings.TrimSuffix(row[1], " each")))
			}
		case len(cs) == len(names):
			for _, c := range cs {
				copies = append(copies, atoi(c))
			}
		default:
			t.Fatalf("reference.md:%d: card %q: copies %q do not match its %d cards", tb.Line, row[0], row[1], len(names))
		}
		for i, name := range names {
			c := byName[name]
			if c == nil {
				t.Errorf("reference card %q is not in cards.txt", name)
				continue
			}
			seen[c.ID] = true
			if c.Copies != copies[i] {
				t.Errorf("%s: reference says %d copies, cards.txt %d", name, copies[i], c.Copies)
			}
			checkEffect(t, sys, c, row[2])
		}
	}
	total := 0
	for _, c := range sys.Cards {
		total += c.Copies
		if !seen[c.ID] {
			t.Errorf("card %s of cards.txt is missing from the reference table", c.ID)
		}
	}
	m := regexp.MustCompile(`We use (\d+) cards`).FindStringSubmatch(text)
	if m == nil {
		t.Fatal("reference.md no longer gives the deck size")
	}
	if atoi(m[1]) != total {
		t.Errorf("reference says the deck has %s cards, cards.txt has %d", m[1], total)
	}
}

// checkEffect holds the effect cell of card c against its definition. Every
// digit or number word of the cell must be explained by one of the patterns.
func checkEffect(t *testing.T, sys *System, c *CardDef, effect string) {
	t.Helper()
	rest := effect
	match := func(pattern string) []string {
		re := regexp.MustCompile(pattern)
		m := re.FindStringSubmatch(rest)
		if m != nil {
			rest = strings.Replace(rest, m[0], " ", 1)
		}
		return m
	}
	wrong := func(format string, args ...any) {
		t.Helper()
		t.Errorf("%s (%q): %s", c.Name, effect, fmt.Sprintf(format, args...))
	}
	classes := strings.Join(append(slices.Clone(c.Class), c.Types...), ",")
	if m := match(`^order (\d+) units? or leaders? in the section`); m != nil {
		if c.Order != atoi(m[1]) || c.OrderCommand || classes != "" {
			wrong("orders %d units or leaders (command=%v, classes %q)", c.Order, c.OrderCommand, classes)
		}
	}
	if m := match(`^order as many units or leaders in the section as the cards held`); m != nil && !c.OrderCommand {
		wrong("data does not order one unit a card held")
	}
	if m := match(`^up to (\d+) (infantry or artillery|infantry|cavalry or horse artillery|units or leaders)`); m != nil {
		want := map[string]string{"infantry": "infantry", "infantry or artillery": "infantry,artillery",
			"cavalry or horse artillery": "cavalry,horse-artillery", "units or leaders": ""}[m[2]]
		if c.Order != atoi(m[1]) || c.OrderCommand || classes != want {
			wrong("data orders %d of %q", c.Order, classes)
		}
	}
	if m := match(`^any number of leaders, each with the unit it is attached to`); m != nil {
		if c.Order != 0 || c.OrderCommand || classes != "leader" || !c.WithUnit {
			wrong("data orders %d of %q, with unit %v", c.Order, classes, c.WithUnit)
		}
	}
	if m := match(`^roll as many battle dice as the cards held`); m != nil {
		if !c.OrderCommand || !c.Rally || classes != "" {
			wrong("data rolls no dice for the cards held (command=%v rally=%v classes %q)", c.OrderCommand, c.Rally, classes)
		}
	}
	if m := match(`draw (\w+) cards, keep one`); m != nil {
		if c.Draw != atoi(m[1]) {
			wrong("data draws %d", c.Draw)
		}
	} else if c.Draw > 1 {
		wrong("data draws %d cards; the reference does not say so", c.Draw)
	}
	if m := match(`no more than (\d+) in one section`); m != nil {
		if c.PerSection != atoi(m[1]) {
			wrong("data allows %d a section", c.PerSection)
		}
	} else if c.PerSection != 0 {
		wrong("data allows %d a section; the reference does not say so", c.PerSection)
	}
	if m := match(`cavalry \+(\d+) die in melee`); m != nil {
		if c.MeleeBonus != atoi(m[1]) || !slices.Equal(c.MeleeClass, []string{"cavalry"}) {
			wrong("data adds %d melee dice for %v", c.MeleeBonus, c.MeleeClass)
		}
	} else if c.MeleeBonus != 0 {
		wrong("data adds %d melee dice; the reference does not say so", c.MeleeBonus)
	}
	if m := match(`\+(\d+) die in ranged combat`); m != nil {
		if c.FireBonus != atoi(m[1]) {
			wrong("data adds %d fire dice", c.FireBonus)
		}
	} else if c.FireBonus != 0 {
		wrong("data adds %d fire dice; the reference does not say so", c.FireBonus)
	}
	// Hexes moved and still battling: the unit card's battle move plus the
	// card's bonus, for each unit type the phrase names.
	battleMove := func(types []string, n int) {
		t.Helper()
		for _, ty := range types {
			u := sys.Units[ty]
			bonus := 0
			if len(c.MoveTypes) == 0 || slices.Contains(c.MoveTypes, ty) {
				bonus = c.BattleMoveBonus
			}
			if got := u.BattleMove + bonus; got != n {
				wrong("%s may move %d hexes and still battle, not %d", ty, got, n)
			}
		}
	}
	moveChecked := false
	if m := match(`may move (\d+) hexes and still melee`); m != nil {
		battleMove([]string{"infantry", "light-infantry"}, atoi(m[1]))
		moveChecked = true
	}
	if m := match(`heavy cavalry may move (\d+) and still battle`); m != nil {
		battleMove([]string{"heavy-cavalry"}, atoi(m[1]))
		if !slices.Equal(c.MoveTypes, []string{"heavy-cavalry"}) || c.MoveBonus != 1 {
			wrong("the move bonus is %d for %v, not heavy cavalry's alone", c.MoveBonus, c.MoveTypes)
		}
		moveChecked = true
	}
	if !moveChecked && c.BattleMoveBonus != 0 {
		wrong("data lets units move %d more and battle; the reference does not say so", c.BattleMoveBonus)
	}
	if m := match(`(\w+) extra hex of movement|(\w+) extra hex`); m != nil {
		n := m[1] + m[2]
		if c.MoveBonus != atoi(n) || len(c.MoveTypes) != 0 {
			wrong("data moves %d extra for %v", c.MoveBonus, c.MoveTypes)
		}
	} else if !moveChecked && c.MoveBonus != 0 {
		wrong("data moves %d extra; the reference does not say so", c.MoveBonus)
	}
	for _, f := range []struct {
		phrase string
		data   bool
	}{{"no battle", c.NoBattle}, {"no fire", c.NoFire}, {"no move", c.NoMove},
		{"copy of the opponent's last card", c.Counter}, {"battle dice as the cards held", c.Rally}} {
		if strings.Contains(effect, f.phrase) != f.data {
			wrong("%q: data says %v", f.phrase, f.data)
		}
	}
	if left := regexp.MustCompile(`\d|\b(one|two|three|four)\b`).FindString(strings.ReplaceAll(rest, "keep one", "")); left != "" {
		t.Errorf("%s: the reference's effect %q states %q that no check covers (left: %q)", c.Name, effect, left, rest)
	}
}

// TestReference_MovementTableMatchesTheUnitCards: for every unit type the
// reference's movement table gives the unit card's hexes of movement and
// whether (and after how many hexes) it may still battle; every unit card is
// in the table.
func TestReference_MovementTableMatchesTheUnitCards(t *testing.T) {
	text, sys := reference(t)
	tb := refTable(t, text, "unit", "moves", "battle after moving")
	seen := map[string]bool{}
	movesRe := regexp.MustCompile(`^(\d+)(?:(?:-| or )(\d+))?( hexes)?$`)
	for _, row := range tb.Rows {
		name := stripMarks(row[0])
		u := unitByName(sys, name)
		if u == nil {
			t.Errorf("reference unit %q is not a unit card of units.txt", name)
			continue
		}
		seen[u.ID] = true
		m := movesRe.FindStringSubmatch(row[1])
		if m == nil {
			t.Errorf("%s: moves %q: want N, N-M or N or M", name, row[1])
			continue
		}
		hi := atoi(m[1])
		if m[2] != "" {
			hi = atoi(m[2])
		}
		if atoi(m[1]) != 1 || hi != u.Move {
			t.Errorf("%s: reference says it moves %s, units.txt move=%d", name, row[1], u.Move)
		}
		battle := row[2]
		switch {
		case battle == "never battles":
			if u.Melee != 0 || u.MeleeBlocks || u.Range != 0 {
				t.Errorf("%s: reference says it never battles, units.txt gives melee %d (blocks %v) range %d", name, u.Melee, u.MeleeBlocks, u.Range)
			}
		case battle == "yes":
			if u.BattleMove != u.Move {
				t.Errorf("%s: reference says it battles after any move, units.txt battle_move=%d move=%d", name, u.BattleMove, u.Move)
			}
		case battle == "only if it did not move":
			if u.BattleMove != 0 {
				t.Errorf("%s: reference says it battles only unmoved, units.txt battle_move=%d", name, u.BattleMove)
			}
		case strings.HasPrefix(battle, "only after "):
			m := regexp.MustCompile(`^only after (\d+) hex(?:es)?(?:; with (\d+) block, move or battle, not both)?$`).FindStringSubmatch(battle)
			if m == nil {
				t.Errorf("%s: battle after moving %q: not understood", name, battle)
				continue
			}
			if atoi(m[1]) != u.BattleMove {
				t.Errorf("%s: reference says it battles after %s hex, units.txt battle_move=%d", name, m[1], u.BattleMove)
			}
			if (m[2] != "") != u.OneBlockMoveOrBattle || (m[2] != "" && atoi(m[2]) != 1) {
				t.Errorf("%s: reference %q, units.txt one_block_move_or_battle=%v", name, battle, u.OneBlockMoveOrBattle)
			}
		default:
			t.Errorf("%s: battle after moving %q: not understood", name, battle)
		}
		if !strings.Contains(battle, "move or battle") && u.OneBlockMoveOrBattle {
			t.Errorf("%s: units.txt says one block moves or battles; the reference does not", name)
		}
	}
	for id := range sys.Units {
		if !seen[id] {
			t.Errorf("unit card %s of units.txt is missing from the movement table", id)
		}
	}
}

// TestReference_TerrainDiceTableMatchesTheData: every die the reference's
// terrain table takes is terrain.txt's modifier for that terrain and
// column, its "combat" column says whether the card counts in melee too,
// and every terrain that takes dice is in the table [Terrain cards].
func TestReference_TerrainDiceTableMatchesTheData(t *testing.T) {
	text, sys := reference(t)
	tb := refTable(t, text, "terrain", "into inf")
	colKey := map[string]string{"into inf": "into-infantry", "into cav": "into-cavalry", "into art": "into-artillery",
		"from inf": "from-infantry", "from cav": "from-cavalry", "from art": "from-artillery"}
	seen := map[string]bool{}
	for _, row := range tb.Rows {
		for _, part := range strings.Split(row[0], " / ") {
			var tc *TerrainCard
			for _, c := range sys.Terrain {
				if c.ID == part || strings.EqualFold(c.Name, part) {
					tc = c
				}
			}
			if tc == nil {
				t.Errorf("reference terrain %q is not a terrain card of terrain.txt", part)
				continue
			}
			seen[tc.ID] = true
			for c := 1; c < len(tb.Head); c++ {
				if tb.Head[c] == "combat" {
					if want := map[bool]string{true: "ranged", false: "all"}[tc.RangedOnly]; row[c] != want {
						t.Errorf("terrain %s: reference says combat %q, terrain.txt %q", part, row[c], want)
					}
					continue
				}
				key, ok := colKey[tb.Head[c]]
				if !ok {
					t.Fatalf("reference.md:%d: unknown column %q", tb.Line, tb.Head[c])
				}
				want, err := strconv.Atoi(row[c])
				if err != nil {
					t.Errorf("%s/%s: %q is not a number", part, tb.Head[c], row[c])
					continue
				}
				if got := tc.Mods[key]; got != want {
					t.Errorf("terrain %s, %s: reference says %d, terrain.txt %d", part, tb.Head[c], want, got)
				}
			}
		}
	}
	for id, c := range sys.Terrain {
		if seen[id] {
			continue
		}
		for k, v := range c.Mods {
			if v != 0 {
				t.Errorf("terrain %s takes %d dice (%s) but is missing from the reference table", id, v, k)
			}
		}
	}
}

// TestReference_StatedDiceMatchTheData: the die faces, the fire and melee
// dice of the unit cards, the rounding of half dice, the hands and the
// victory numbers that the reference states in its lists are the data's.
func TestReference_StatedDiceMatchTheData(t *testing.T) {
	text, sys := reference(t)
	flat := stripMarks(strings.Join(strings.Fields(text), " "))
	find := func(what, pattern string) []string {
		t.Helper()
		m := regexp.MustCompile(pattern).FindStringSubmatch(flat)
		if m == nil {
			t.Fatalf("reference.md no longer states %s (/%s/)", what, pattern)
		}
		return m
	}
	ints := func(s string) []int {
		var out []int
		for _, p := range strings.Split(s, ", ") {
			out = append(out, atoi(p))
		}
		return out
	}
	faces := map[string]int{}
	for _, s := range sys.Symbols {
		faces[s.ID] = s.Faces
	}
	m := find("the die faces", `Six faces: infantry on (\w+), cavalry, artillery, flag and sabre on (\w+) each`)
	if faces["infantry"] != atoi(m[1]) {
		t.Errorf("die: reference says infantry on %s faces, dice.txt %d", m[1], faces["infantry"])
	}
	for _, s := range []string{"cavalry", "artillery", "flag", "sabre"} {
		if faces[s] != atoi(m[2]) {
			t.Errorf("die: reference says %s on %s face, dice.txt %d", s, m[2], faces[s])
		}
	}

	horse, foot := sys.Units["horse-artillery"], sys.Units["artillery"]
	m = find("the horse artillery's fire", `horse ((?:\d, )*\d) \(range (\d+); (\d+) after moving\); foot ((?:\d, )*\d);`)
	if !slices.Equal(ints(m[1]), horse.FireTable) || atoi(m[2]) != horse.Range || atoi(m[3]) != horse.MovedRange {
		t.Errorf("horse artillery fire: reference %s range %s (%s moved), units.txt %v range %d (%d moved)", m[1], m[2], m[3], horse.FireTable, horse.Range, horse.MovedRange)
	}
	if !slices.Equal(ints(m[4]), foot.FireTable) || len(foot.FireTable) != foot.Range {
		t.Errorf("foot artillery fire: reference %s, units.txt %v range %d", m[4], foot.FireTable, foot.Range)
	}
	m = find("the one-block artillery fire", `with one block, horse ((?:\d, )*\d) and foot ((?:\d, )*\d)`)
	if !slices.Equal(ints(m[1]), horse.OneBlock) || !slices.Equal(ints(m[2]), foot.OneBlock) {
		t.Errorf("one block: reference horse %s foot %s, units.txt %v and %v", m[1], m[2], horse.OneBlock, foot.OneBlock)
	}

	li, line := sys.Units["light-infantry"], sys.Units["infantry"]
	find("infantry fire", `Dice: infantry 1 a block standing; after moving, half its blocks`)
	for _, u := range []*UnitCard{li, line} {
		if !u.FireBlocks || !u.MovingHalf {
			t.Errorf("%s: reference says 1 die a block, half after moving; units.txt fire blocks %v half %v", u.ID, u.FireBlocks, u.MovingHalf)
		}
	}
	m = find("light infantry rounding", `light infantry rounds (up|down)`)
	if li.Round != m[1] {
		t.Errorf("light infantry: reference rounds %s, units.txt %s", m[1], li.Round)
	}
	m = find("line infantry rounding", `British and KGL round (up|down), French round (up|down)`)
	if line.Round != "nation" {
		t.Errorf("line infantry: reference rounds by nationality, units.txt round=%s", line.Round)
	}
	for id, want := range map[string]string{"british": m[1], "kgl": m[1], "french": m[2]} {
		if got := sys.Nations[id].Round; got != want {
			t.Errorf("%s: reference rounds %s, nations.txt %s", id, want, got)
		}
	}
	m = find("the light infantry fire bonus", `Light infantry adds (\d+)\.`)
	if li.FireBonus != atoi(m[1]) {
		t.Errorf("light infantry: reference adds %s, units.txt fire_bonus=%d", m[1], li.FireBonus)
	}

	m = find("the melee dice", `Dice: (\d+) a block even after moving; heavy cavalry \+(\d+); horse artillery (\d+); foot artillery (\d+) a block`)
	for _, id := range []string{"light-infantry", "infantry", "light-cavalry", "heavy-cavalry", "artillery"} {
		if u := sys.Units[id]; !u.MeleeBlocks || atoi(m[1]) != 1 || atoi(m[4]) != 1 {
			t.Errorf("%s: reference melees with a die a block, units.txt melee blocks=%v", id, u.MeleeBlocks)
		}
	}
	for id, want := range map[string]int{"heavy-cavalry": atoi(m[2])} {
		if got := sys.Units[id].MeleeBonus; got != want {
			t.Errorf("%s: reference melee bonus %d, units.txt %d", id, want, got)
		}
	}
	if horse.MeleeBlocks || horse.Melee != atoi(m[3]) {
		t.Errorf("horse artillery: reference melees with %s dice, units.txt %d (blocks %v)", m[3], horse.Melee, horse.MeleeBlocks)
	}
	for id, u := range sys.Units {
		if id != "heavy-cavalry" && u.MeleeBonus != 0 {
			t.Errorf("%s: units.txt melee_bonus=%d; the reference gives none", id, u.MeleeBonus)
		}
	}

	sc, err := LoadScenario(ScenarioID)
	if err != nil {
		t.Fatal(err)
	}
	m = find("the hands", `Hands: the French hold (\d+) cards, the British (\d+)\.`)
	for i, sd := range sc.Sides {
		want := map[string]string{"French": m[1], "British": m[2]}[sd.Name]
		if want == "" || sd.Hand != atoi(want) {
			t.Errorf("%s: reference hand %q, scenario.txt hand=%d", sd.Name, want, sc.Sides[i].Hand)
		}
	}
	m = find("the banners to win", `The first to (\d+) wins at once`)
	if sc.Banners != atoi(m[1]) {
		t.Errorf("victory: reference says %s banners, scenario.txt banners=%d", m[1], sc.Banners)
	}
	m = find("the turn cap", `after (\d+) turns \((\d+) each\)`)
	if sc.TurnCap != atoi(m[1]) || atoi(m[2])*2 != atoi(m[1]) {
		t.Errorf("turn cap: reference says %s (%s each), scenario.txt turn_cap=%d", m[1], m[2], sc.TurnCap)
	}
}
