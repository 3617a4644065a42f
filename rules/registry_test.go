package rules_test

import (
	"strings"
	"testing"

	"grognard/rules"
	"grognard/rules/rulestest"
)

func TestRegistry(t *testing.T) {
	rulestest.Register()
	rulestest.Register() // guarded: a second call must not panic

	info, ok := rules.SystemByID(rulestest.SystemID)
	if !ok || info.Name != "Toy race" || !info.Hidden {
		t.Fatalf("SystemByID(toy) = %+v, %v", info, ok)
	}
	found := false
	for _, s := range rules.Systems() {
		found = found || s.ID == rulestest.SystemID
	}
	if !found {
		t.Fatalf("Systems() does not list the toy")
	}
	ids := rules.Systems()
	for i := 1; i < len(ids); i++ {
		if ids[i-1].ID >= ids[i].ID {
			t.Errorf("Systems() not sorted: %q before %q", ids[i-1].ID, ids[i].ID)
		}
	}

	scs := rules.Scenarios(rulestest.SystemID)
	if len(scs) != 1 || scs[0].ID != rulestest.ScenarioID {
		t.Fatalf("Scenarios(toy) = %+v", scs)
	}
	// Register fills in the system of each scenario.
	if scs[0].System != rulestest.SystemID {
		t.Errorf("scenario system = %q, want toy", scs[0].System)
	}
	if sc, ok := rules.ScenarioByID(rulestest.ScenarioID); !ok || sc.Turns != rulestest.Turns || len(sc.Sides) != 2 {
		t.Errorf("ScenarioByID = %+v, %v", sc, ok)
	}
	if _, ok := rules.ScenarioByID("no-such-scenario"); ok {
		t.Errorf("ScenarioByID found a scenario that does not exist")
	}
	if got := rules.Scenarios("no-such-system"); len(got) != 0 {
		t.Errorf("Scenarios(unknown) = %v", got)
	}

	// NewState: unknown scenario and unknown option are refused by name.
	if _, err := rules.NewState("no-such-scenario", nil); err == nil || !strings.Contains(err.Error(), "no-such-scenario") {
		t.Errorf("NewState(unknown) error = %v", err)
	}
	if _, err := rules.NewState(rulestest.ScenarioID, rules.Options{"fog": true}); err == nil || !strings.Contains(err.Error(), `"fog"`) {
		t.Errorf("NewState with unknown option: error = %v", err)
	}
	st, err := rules.NewState(rulestest.ScenarioID, rules.Options{"sprint": true})
	if err != nil {
		t.Fatal(err)
	}
	if st.System() != rulestest.SystemID || st.Scenario() != rulestest.ScenarioID {
		t.Errorf("state says %s/%s", st.System(), st.Scenario())
	}

	// Options.On falls back to the scenario default.
	sc, _ := rules.ScenarioByID(rulestest.ScenarioID)
	if (rules.Options{}).On(sc, "sprint") {
		t.Errorf("sprint defaults to off")
	}
	if !(rules.Options{"sprint": true}).On(sc, "sprint") {
		t.Errorf("sprint set on reads off")
	}
	if (rules.Options{}).On(sc, "unknown") {
		t.Errorf("an unknown option reads on")
	}

	// Registering the same system twice is a programming error.
	defer func() {
		if recover() == nil {
			t.Errorf("registering toy twice did not panic")
		}
	}()
	rules.Register(rules.SystemInfo{ID: rulestest.SystemID}, nil, rulestest.New)
}
