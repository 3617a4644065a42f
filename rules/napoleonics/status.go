package napoleonics

import (
	"fmt"
	"strconv"

	"grognard/rules"
)

// SystemID and ScenarioID identify the system and its scenario.
const (
	SystemID   = "napoleonics"
	ScenarioID = "venta-del-pozo"
)

func init() {
	rules.Register(rules.SystemInfo{
		ID:          SystemID,
		Name:        "Command cards and battle dice (Napoleonics)",
		Description: "Hex board in three sections, units of blocks ordered by command cards, battle dice with troop symbols, flags and sabres, victory banners.",
		Hidden:      true,
	}, []rules.ScenarioInfo{{
		ID:   ScenarioID,
		Name: "Bloody Ambush at Venta del Pozo, 23 October 1812",
		Description: "Wellington's rearguard after the siege of Burgos: Anson's light dragoons, Bock's KGL heavy dragoons, " +
			"Halkett's two KGL light battalions and Ramsay's guns try to ambush the French advanced guard at the bridge " +
			"of Venta del Pozo. First to 5 banners; British units may escape by the road for a banner each.",
		Turns: 0,
		Sides: []string{"French", "British"},
	}}, New)
}

func (s *State) Status() rules.Status {
	ph := machine.Get(s.Phase)
	st := rules.Status{Turn: s.Turn, Turns: 0, Phase: ph.Name, PhaseRule: ph.Rule, Active: rules.Side(s.Active), Decider: rules.Side(s.Active)}
	name := s.sideName(s.Active)
	switch s.Phase {
	case PhOver:
		st.Active, st.Decider = rules.NoSide, rules.NoSide
		st.Prompt = s.Reason
	case PhDeal, PhDraw:
		st.Active = rules.Side(s.Draw.Side)
		if s.Draw.Left > 0 {
			st.Decider = rules.Chance
			st.Prompt = s.tables().drawPrompt[s.Draw.Side]
		} else {
			st.Decider = rules.Side(s.Draw.Side)
			st.SubPhase = "keep"
			st.Prompt = "Keep one of the cards drawn (Scout)"
		}
	case PhCommand:
		st.Prompt = s.tables().cmdPrompt[s.Active]
	case PhOrder:
		switch {
		case s.RallyDice > 0:
			st.Decider = rules.Chance
			st.Prompt = fmt.Sprintf("Rolling %s for Rally", plural(s.RallyDice, "die", "dice"))
		case s.SupplyLeft > 0 && s.Supply == "":
			st.Prompt = name + ": choose an enemy unit to fall back (Short Supply)"
		case s.SupplyLeft > 0:
			st.Prompt = fmt.Sprintf("%s: move %s back toward its own edge (%s left)", name, s.name(s.unit(s.Supply)), plural(s.SupplyLeft, "hex", "hexes"))
		case s.rallying():
			st.Prompt = fmt.Sprintf("%s: give back the blocks rolled (Rally: %s left)", name, plural(len(s.Rally), "symbol", "symbols"))
		default:
			st.Prompt = name + ": order units (" + s.orderLimit() + ")"
		}
	case PhMove:
		st.Prompt = s.tables().movePrompt[s.Active]
	case PhCombat:
		if s.Pend == nil {
			st.Prompt = s.tables().fightPrompt[s.Active]
			break
		}
		p := s.Pend
		st.SubPhase = p.Stage
		switch p.Stage {
		case "roll", "lcheck":
			st.Decider = rules.Chance
			st.Prompt = "Rolling battle dice"
		case "square":
			st.Decider = rules.Side(s.unit(p.Def).Side)
			st.Prompt = s.name(s.unit(p.Def)) + ": form square against the charge?"
		case "retire":
			st.Decider = rules.Side(s.unit(p.Def).Side)
			st.Prompt = s.name(s.unit(p.Def)) + ": retire and reform, or stand?"
		case "flags":
			st.Decider = rules.Side(s.unit(p.Def).Side)
			st.Prompt = fmt.Sprintf("%s: disregard flags (%s rolled)?", s.name(s.unit(p.Def)), plural(p.Flags, "flag", "flags"))
		case "retreat":
			st.Decider = rules.Side(s.unit(p.Def).Side)
			st.Prompt = fmt.Sprintf("%s: retreat (%s left)", s.name(s.unit(p.Def)), plural(p.Flags, "hex", "hexes"))
		case "lretreat":
			st.Decider = rules.Side(s.unit(p.Leader).Side)
			st.Prompt = s.name(s.unit(p.Leader)) + ": the leader retreats 1 to 3 hexes"
		case "battleback":
			st.Decider = rules.Side(s.unit(p.Def).Side)
			st.Prompt = s.name(s.unit(p.Def)) + ": battle back?"
		case "advance":
			st.Prompt = s.name(s.unit(p.Att)) + ": advance into the vacated hex?"
		case "extra":
			st.Prompt = s.name(s.unit(p.Att)) + ": breakthrough, move one more hex?"
		case "bonus":
			st.Prompt = s.name(s.unit(p.Att)) + ": melee a second time?"
		}
	}
	return st
}

// orderLimit describes what the card played allows.
func (s *State) orderLimit() string {
	e := s.effCard()
	if e == nil {
		return "no card"
	}
	n := s.orderLimitN()
	name := e.Name
	if s.Fallback {
		name += ", 1 unit of choice"
	}
	if n == 0 && !e.OrderCommand {
		return name + ": no limit"
	}
	return name + ": " + strconv.Itoa(len(s.Orders)) + " of " + strconv.Itoa(n)
}
