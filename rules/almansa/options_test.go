package almansa

import (
	"strings"
	"testing"

	"grognard/rules"
)

func TestRule15_DragoonsFire(t *testing.T) {
	for _, on := range []bool{false, true} {
		s := board(t, map[string]bool{OptDragoons: on}, phaseBFire)
		s.put("as3", "0414", 1) // La Reine dragoons
		s.put("v1", "0514", 4)
		a := rules.Action{Kind: "fire", Unit: "as3", To: "0514"}
		if legal(s, a) != on {
			t.Fatalf("dragoons fire only with the optional rule (on=%v)", on)
		}
		if on && s.fireFactor(s.idx("as3")) != 3 {
			t.Fatal("dragoons fire with factor 3 [15]")
		}
	}
	s := board(t, map[string]bool{OptDragoons: true}, phaseBDFire)
	s.put("as3", "0414", 1)
	s.put("v1", "0514", 4)
	if legal(s, rules.Action{Kind: "fire", Unit: "as3", To: "0514"}) {
		t.Fatal("dragoons fire only in the offensive fire phase [15]")
	}
}

func TestRule15_AlliedArtilleryAmmunition(t *testing.T) {
	s := started(t, map[string]bool{OptAmmo: true})
	// The first command phase asks the Allied player.
	s2 := fresh(t, map[string]bool{OptAmmo: true})
	for range 3 {
		apply(t, s2, rules_choose("historical"))
	}
	if s2.Tasks == nil || s2.Tasks[0].Kind != "ammo" || s2.Status().Decider != rules.Side(Allied) {
		t.Fatalf("the Allied player declares each turn whether the guns fire [15]: %+v", s2.Tasks)
	}
	apply(t, s2, rules_choose("ammo:no"))
	s2.Phase = phaseADFire
	s2.put("aa1", "0414", 4)
	s2.put("lb1", "0314", 1)
	if why := s2.fireProblem(s2.idx("aa1")); !strings.Contains(why, "[15]") {
		t.Fatalf("guns silent this turn: %q", why)
	}
	_ = s
	s3 := board(t, map[string]bool{OptAmmo: true}, phaseCommand)
	s3.put("aa1", "2020", 4)
	s3.AmmoUsed = 8
	s3.commandPhase()
	for _, tk := range s3.Tasks {
		if tk.Kind == "ammo" {
			t.Fatal("after 8 turns of fire the Allied artillery is out of ammunition [15]")
		}
	}
	if v := s3.unitView(s3.idx("aa1")); !strings.Contains(strings.Join(v.Markers, ","), "ammo-out") {
		t.Fatalf("ammo-out marker: %v", v.Markers)
	}
}

func TestRule15_Galway(t *testing.T) {
	s := board(t, map[string]bool{OptGalway: true}, phaseCommand)
	s.put("galway", "2010", 4)
	s.Turn = 8
	s.commandPhase()
	if len(s.Tasks) != 0 {
		t.Fatal("no Galway roll before turn 9")
	}
	s.Turn = 9
	s.commandPhase()
	s.touch()
	if s.Tasks[0].Kind != "galway" {
		t.Fatalf("turn 9: Galway rolls [15]: %+v", s.Tasks)
	}
	roll(t, s, 4)
	if !s.Galway {
		t.Fatal("1-4: Galway must join a cavalry shock [15]")
	}
	// In the Allied shock phase he may not end while his cavalry can attack.
	s.Phase = phaseAShock
	s.Tasks = nil
	s.put("at1", "2010", 4)
	s.put("lb1", nb(s, "2010", 4), 1)
	if legal(s, rules.Action{Kind: "end"}) {
		t.Fatal("Galway's cavalry must attack before the shock phase ends [15]")
	}
	apply(t, s, rules.Action{Kind: "charge", Unit: "at1", To: nb(s, "2010", 4)})
	apply(t, s, rules.Action{Kind: "charge", Choice: "resolve"})
	if !s.GalwayOK {
		t.Fatal("Galway took part in the charge")
	}
}

func TestRule15_FormationMorale(t *testing.T) {
	s := board(t, map[string]bool{OptFormationMorale: true}, phaseCommand)
	s.put("berwick", "0910", 1)
	s.put("labadie", "1210", 1)
	for k, id := range []string{"lb1", "lb2", "lb3", "lb4", "lb5", "lb6"} {
		s.put(id, []string{"1207", "1208", "1209", "1210", "1108", "1109"}[k], 1)
	}
	for _, id := range []string{"lb1", "lb2", "lb3", "lb4"} {
		s.unit(id).DSG = true
	}
	s.commandPhase()
	s.touch()
	if s.Tasks[0].Kind != "fmorale" || s.Tasks[0].Units[0] != "Lb" {
		t.Fatalf("more than half disorganised: formation morale roll [15]: %+v", s.Tasks)
	}
	roll(t, s, 5) // 5 - 1 = 4: demoralised
	if !s.Demoral["Lb"] {
		t.Fatal("Labadie's formation is demoralised")
	}
	if s.Tasks[0].Kind != "withdraw" || s.Tasks[0].N != 2 {
		t.Fatalf("the demoralised formation withdraws 2 hexes [15]: %+v", s.Tasks[0])
	}
	tk, _ := s.mcTask(s.idx("lb1"), 0, nil, "x", "14")
	if tk.Mod != 1 {
		t.Fatal("demoralised units check morale at a penalty [15]")
	}
}

func TestRule15_BourbonCavalryReserve(t *testing.T) {
	s := fresh(t, map[string]bool{OptReserve: true})
	for _, a := range s.Legal() {
		if strings.HasPrefix(a.Choice, "attach:") {
			t.Fatal("with the reserve rule the two regiments are not attached at set-up")
		}
	}
	apply(t, s, rules_choose("historical"))
	if h := s.Units[s.idx("mahony")].At; hexDist(s, h, "berwick") > 2 {
		t.Fatal("the reserve deploys within 2 hexes of Berwick [15]")
	}
	apply(t, s, rules_choose("historical"))
	if s.Tasks[0].Kind != "reserve" {
		t.Fatalf("each turn the Bourbon player may assign the reserve [15]: %+v", s.Tasks)
	}
	apply(t, s, rules_choose("assign:none"))
	if why := s.cannotMove(s.idx("mahony")); !strings.Contains(why, "[15]") {
		t.Fatalf("unassigned reserve moving: %q", why)
	}
}

func TestRule15_RoutsAndCharges(t *testing.T) {
	// The shift itself is tested with the other shifts in TestRule13_ShockShifts;
	// here the option's absence keeps the book's +1.
	s := board(t, nil, phaseBShock)
	s.put("v1", "0514", 4)
	s.unit("v1").DSB = true
	s.put("p1", "0414", 1)
	_, _, _, shift, mods := s.shockOdds([]string{"p1"}, []hexC{coord(s, "0514")}, true)
	if shift != 3 || !strings.Contains(strings.Join(mods, ";"), "[13]") {
		t.Fatalf("routed +2 and charge +1 without the option: %d %v", shift, mods)
	}
}

func hexDist(s *State, h hexC, id string) int {
	return distance(h, s.Units[s.idx(id)].At)
}
