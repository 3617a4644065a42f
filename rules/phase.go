package rules

import "fmt"

// Phase is one row of a system's phase table.
type Phase struct {
	ID   string // stable id stored in the state
	Name string // shown in the HUD
	Rule string // rule number of the phase
	Next string // id of the phase that follows ("" for the last)
}

// Machine is a system's phase table: one declared list of phases and their
// transitions, so the sequence of play lives in one place.
type Machine struct {
	phases []Phase
	index  map[string]int
}

// NewMachine validates a phase table: unique ids, every Next known.
func NewMachine(phases ...Phase) (*Machine, error) {
	m := &Machine{phases: phases, index: map[string]int{}}
	for i, p := range phases {
		if p.ID == "" {
			return nil, fmt.Errorf("phase %d has no id", i)
		}
		if _, dup := m.index[p.ID]; dup {
			return nil, fmt.Errorf("phase %q declared twice", p.ID)
		}
		m.index[p.ID] = i
	}
	for _, p := range phases {
		if p.Next != "" {
			if _, ok := m.index[p.Next]; !ok {
				return nil, fmt.Errorf("phase %q is followed by unknown phase %q", p.ID, p.Next)
			}
		}
	}
	return m, nil
}

// MustMachine is NewMachine for tables fixed at compile time.
func MustMachine(phases ...Phase) *Machine {
	m, err := NewMachine(phases...)
	if err != nil {
		panic(err)
	}
	return m
}

// Get returns a phase by id (the zero Phase if unknown).
func (m *Machine) Get(id string) Phase {
	if i, ok := m.index[id]; ok {
		return m.phases[i]
	}
	return Phase{}
}

// Next returns the phase after id and whether there is one.
func (m *Machine) Next(id string) (Phase, bool) {
	p := m.Get(id)
	if p.Next == "" {
		return Phase{}, false
	}
	return m.Get(p.Next), true
}

// First returns the first phase of the table.
func (m *Machine) First() Phase { return m.phases[0] }

// Phases returns the table, in order.
func (m *Machine) Phases() []Phase { return append([]Phase(nil), m.phases...) }

// MaxAuto caps automatic phase steps taken without a decision.
const MaxAuto = 1000

// RunAuto calls step until it reports that it did nothing automatic (a
// decision is needed or the game is over). It fails after MaxAuto steps,
// so a rules bug cannot loop forever.
func RunAuto(step func() (bool, error)) error {
	for n := 0; ; n++ {
		if n >= MaxAuto {
			return fmt.Errorf("more than %d automatic steps without a decision: rules loop", MaxAuto)
		}
		did, err := step()
		if err != nil {
			return err
		}
		if !did {
			return nil
		}
	}
}
