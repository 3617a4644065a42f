package albuera

import (
	"strings"
	"testing"

	"grognard/rules"
)

// clashText fights the Clash of I/51 (French, attacking) against the
// units of ids at 0505 with the die d and returns the result's event text.
func clashText(t *testing.T, d int, ids ...string) string {
	t.Helper()
	st := newFixture(t)
	only(st, append([]string{"I/51"}, ids...)...)
	put(t, st, "I/51", "0505", 4, Column)
	for _, id := range ids {
		arr := Column
		if strings.HasPrefix(id, "sk/") {
			arr = Skirmish
		}
		put(t, st, id, "0505", 1, arr)
	}
	st.Side, st.Phase, st.Tasks = French, phClash, nil
	st.ver++
	st.cache = nil
	mustApply(t, st, rules.Action{Kind: "melee", To: "0505"})
	l, ok := rules.FindLegal(st, roll(d))
	if !ok {
		t.Fatalf("die %d: no roll", d)
	}
	evs, err := st.Apply(l)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range evs {
		if e.Rule == "15.8" && strings.HasPrefix(e.Text, "Clash at ") {
			return e.Text
		}
	}
	t.Fatalf("die %d: no Clash result in %v", d, evs)
	return ""
}

// TestRule15_8_ClashResultSaysEachSidesLosses (newcomer issue #18): the
// Clash result read "D+1 - Allied lose", saying neither whose Losses were
// whose nor what they meant. The engine's own event now says it: the
// defeated side's two Losses and rout with its delay on the Turn track,
// the victors' one Loss [15.8]; against companies in Skirmish Order no
// Loss [8.10]; a lone victor of Manpower 1 checks Morale instead [15.9].
func TestRule15_8_ClashResultSaysEachSidesLosses(t *testing.T) {
	got := clashText(t, 9, "1/23")
	if !strings.Contains(got, ": D+") || !strings.Contains(got, " - Allied lose the Clash: 2 Losses and rout to the Turn track, back in 2 turns; the French (victors) take 1 Loss") {
		t.Errorf("an Allied defeat reads %q", got)
	}
	lostAny, wonAny := false, false
	for d := 0; d <= 9; d++ {
		got := clashText(t, d, "sk/1/57")
		switch {
		case strings.Contains(got, "French lose the Clash: no Losses (they fought only companies in Skirmish Order [8.10]) but rout to the Turn track, back in "):
			lostAny = true
			if !strings.Contains(got, "; the Allied (victors): ") || !strings.Contains(got, "alone with Manpower 1, checks Morale instead of a Loss [15.9]") {
				t.Errorf("die %d: the lone company's check is not said: %q", d, got)
			}
		case strings.Contains(got, "Allied lose the Clash: 2 Losses and rout"):
			wonAny = true
			if !strings.HasSuffix(got, "; the French (victors) take no Loss: they fought only companies in Skirmish Order [8.10]") {
				t.Errorf("die %d: the victors' spared Loss is not said: %q", d, got)
			}
		default:
			t.Errorf("die %d: the result does not say what it costs: %q", d, got)
		}
	}
	if !lostAny || !wonAny {
		t.Fatalf("the dice saw only one outcome (lost %v won %v)", lostAny, wonAny)
	}
}

// TestRule15_7_EveryShiftHasWords: every Clash Combat Shift of the table
// [15.7b] has the words its Clash's log line gives it, so no table id
// ("odds15") reaches a player.
func TestRule15_7_EveryShiftHasWords(t *testing.T) {
	st := newGameWith(t, nil)
	if len(st.sc.Shifts) == 0 {
		t.Fatal("no shifts read")
	}
	for _, sh := range st.sc.Shifts {
		if w, ok := shiftWords[sh.ID]; !ok || w == "" {
			t.Errorf("shift %q has no words", sh.ID)
		}
	}
}
