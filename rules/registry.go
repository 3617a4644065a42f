package rules

import (
	"fmt"
	"sort"
)

// SystemInfo describes a game system.
type SystemInfo struct {
	ID          string `json:"id"`
	Name        string `json:"name"`
	Description string `json:"description"`
	Hidden      bool   `json:"hidden_information"` // hand-over screens between players
}

// ScenarioInfo describes one scenario of a system.
type ScenarioInfo struct {
	ID          string       `json:"id"`
	System      string       `json:"system"`
	Name        string       `json:"name"`
	Description string       `json:"description"`
	Turns       int          `json:"turns"`
	Sides       []string     `json:"sides"`
	Options     []OptionInfo `json:"options,omitempty"`
}

// OptionInfo is an optional rule a player can switch on or off.
type OptionInfo struct {
	ID      string `json:"id"`
	Name    string `json:"name"`
	Rule    string `json:"rule"`
	Default bool   `json:"default"`
}

// Options are the optional rules chosen for a game (absent: the default).
type Options map[string]bool

// On reports whether option id is on, falling back to the scenario default.
func (o Options) On(info ScenarioInfo, id string) bool {
	if v, ok := o[id]; ok {
		return v
	}
	for _, oi := range info.Options {
		if oi.ID == id {
			return oi.Default
		}
	}
	return false
}

// Factory makes the initial state of a scenario.
type Factory func(scenario string, opts Options) (State, error)

type system struct {
	info      SystemInfo
	scenarios []ScenarioInfo
	factory   Factory
}

var registry = map[string]*system{}

// Register adds a system and its scenarios; systems call it from init.
func Register(info SystemInfo, scenarios []ScenarioInfo, f Factory) {
	if _, dup := registry[info.ID]; dup {
		panic("rules: system registered twice: " + info.ID)
	}
	for i := range scenarios {
		scenarios[i].System = info.ID
	}
	registry[info.ID] = &system{info: info, scenarios: scenarios, factory: f}
}

// Systems lists the registered systems, sorted by id.
func Systems() []SystemInfo {
	out := make([]SystemInfo, 0, len(registry))
	for _, s := range registry {
		out = append(out, s.info)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

// System returns a system's description.
func SystemByID(id string) (SystemInfo, bool) {
	s, ok := registry[id]
	if !ok {
		return SystemInfo{}, false
	}
	return s.info, true
}

// Scenarios lists every scenario of every system (of one system if id is
// not empty), in registration order within each system.
func Scenarios(systemID string) []ScenarioInfo {
	var out []ScenarioInfo
	for _, s := range Systems() {
		if systemID != "" && s.ID != systemID {
			continue
		}
		out = append(out, registry[s.ID].scenarios...)
	}
	return out
}

// ScenarioByID finds a scenario by id.
func ScenarioByID(id string) (ScenarioInfo, bool) {
	for _, s := range registry {
		for _, sc := range s.scenarios {
			if sc.ID == id {
				return sc, true
			}
		}
	}
	return ScenarioInfo{}, false
}

// NewState makes the initial state of a scenario.
func NewState(scenario string, opts Options) (State, error) {
	info, ok := ScenarioByID(scenario)
	if !ok {
		return nil, fmt.Errorf("unknown scenario %q (see 'grognard list')", scenario)
	}
	for k := range opts {
		found := false
		for _, o := range info.Options {
			found = found || o.ID == k
		}
		if !found {
			return nil, fmt.Errorf("scenario %s has no option %q", scenario, k)
		}
	}
	return registry[info.System].factory(scenario, opts)
}
