// Package albuera implements Albuera 1811: Beresford vs. Soult
// (Strategemata, 2023): battalions, squadrons and batteries on a hex map,
// chits drawn from an Activation Pool, infantry in column, two-hex lines,
// squares and skirmish order, reactions to enemy movement, musket and
// artillery fire, clashes, routs to the Turn track and victory points.
// Rule numbers in comments, labels and events are the book's [1.0]-[16.4].
package albuera

import (
	"fmt"
	"sync"

	"grognard/rules"
)

// SystemID and ScenarioID are the registry ids.
const (
	SystemID   = "albuera"
	ScenarioID = "albuera-1811"
)

var (
	loadOnce sync.Once
	loaded   *Scenario
	loadErr  error
)

// Load returns the scenario data, read once.
func Load() (*Scenario, error) {
	loadOnce.Do(func() { loaded, loadErr = LoadScenario(SystemID, ScenarioID) })
	return loaded, loadErr
}

// Info is the scenario as the registry lists it.
var Info = rules.ScenarioInfo{ID: ScenarioID, Name: "Albuera 1811: Beresford vs. Soult",
	Description: "16 May 1811: Soult's Army of the South turns Beresford's right at La Albuera. 16 turns of 15 minutes; chits drawn from an Activation Pool; the French win at 8 VP, the Allies at 6 [16.4].",
	Turns:       16, Sides: []string{"French", "Allied"}, Options: autoWinOptions}

// autoWinOptions are the automatic-victory leads the players may agree
// before the game instead of the book's 8 / 6 [16.4]; each names a row of
// table autowin (scenarios/albuera/tables.txt), at most one may be on.
var autoWinOptions = []rules.OptionInfo{
	{ID: "autowin_low", Name: "Agreed automatic victory at lower leads: French 6, Allied 4 VP (table autowin)", Rule: "16.4"},
	{ID: "autowin_high", Name: "Agreed automatic victory at higher leads: French 10, Allied 8 VP (table autowin)", Rule: "16.4"},
	{ID: "autowin_none", Name: "Agreed: no automatic victory, the battle is fought to turn 16", Rule: "16.4"},
}

// SysInfo describes the system.
var SysInfo = rules.SystemInfo{ID: SystemID, Name: "Albuera 1811",
	Description: "Tactical hex game: activation chits, column, two-hex lines, squares and skirmishers, reaction to movement, fire and clash (d10)."}

func newGame(scenario string, opts rules.Options) (rules.State, error) {
	if scenario != ScenarioID {
		return nil, fmt.Errorf("albuera: unknown scenario %q", scenario)
	}
	sc, err := Load()
	if err != nil {
		return nil, err
	}
	s, err := New(sc)
	if err != nil {
		return nil, err
	}
	if err := s.agree(opts); err != nil {
		return nil, err
	}
	return s, nil
}

// agree applies the options chosen before play [16.4].
func (s *State) agree(opts rules.Options) error {
	for _, o := range autoWinOptions {
		if !opts.On(Info, o.ID) {
			continue
		}
		row := o.ID[len("autowin_"):]
		if _, ok := s.sc.AutoWin[row]; !ok {
			return fmt.Errorf("albuera: option %s: no row %s in table autowin [16.4]", o.ID, row)
		}
		if s.AutoWin != "" {
			return fmt.Errorf("albuera: options autowin_%s and %s: agree on one set of automatic-victory leads [16.4]", s.AutoWin, o.ID)
		}
		s.AutoWin = row
	}
	return nil
}

// New starts a game on scenario data.
func New(sc *Scenario) (*State, error) { return newState(sc) }

func init() {
	rules.Register(SysInfo, []rules.ScenarioInfo{Info}, newGame)
}
