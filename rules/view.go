package rules

import (
	"grognard/rules/hex"
	"grognard/rules/zone"
)

// Board is the static map of a scenario: a hex map or a zone graph. It is
// public information and shared, never modified after load.
type Board struct {
	Kind  string      `json:"kind"` // "hex" or "zone"
	Hex   *hex.Map    `json:"-"`
	Zones *zone.Graph `json:"-"`
}

// View is what one side may see of the game. Rendering, the log, odds
// previews and the command line read views, never the full state. A system
// must put nothing in a side's view that the side may not know.
type View struct {
	Side   Side       `json:"side"`
	Sides  []string   `json:"sides"`
	Status Status     `json:"status"`
	Result Result     `json:"result"`
	Board  *Board     `json:"-"`
	Units  []UnitView `json:"units"`
	// Hand is the viewer's own cards; HandCounts the number of cards each
	// side holds (public).
	Hand       []Card   `json:"hand,omitempty"`
	HandCounts []int    `json:"hand_counts,omitempty"`
	Score      []string `json:"score,omitempty"`   // lines for the HUD ("Allied steps lost: 7 of 20 [5]")
	Notes      []string `json:"notes,omitempty"`   // current situation ("Card played: Assault Left")
	Markers    []Marker `json:"markers,omitempty"` // markers on hexes/zones, not on units
	Legal      []Action `json:"legal,omitempty"`   // only when the viewer is the decider
	Hidden     bool     `json:"hidden,omitempty"`  // the system has hidden information (hand-over screens needed)
	// PublicDecision marks a decision that needs nothing private of the
	// decider (every fact it rests on is known to both sides: a revealed
	// combat, a marker on the map): the app may take it without a
	// hand-over screen even when the seat passes.
	PublicDecision bool     `json:"public_decision,omitempty"`
	Extra          []KV     `json:"extra,omitempty"` // system-specific public values
	Log            []string `json:"-"`
	Tracks         []Track  `json:"tracks,omitempty"` // turn track, chit pool etc.
	Cards          []Card   `json:"cards,omitempty"`  // face-up cards (played, discard top)
	// Style says how units are drawn: "counter" (the default when empty) or
	// "block" (wooden blocks seen edge-on by the enemy).
	Style string `json:"style,omitempty"`
}

// KV is a labelled value.
type KV struct {
	Key   string `json:"key"`
	Value string `json:"value"`
}

// Track is a small public list the HUD can show (activation pool, turn track).
type Track struct {
	Name  string   `json:"name"`
	Items []string `json:"items"`
}

// Marker is a marker standing on a hex or zone rather than on a unit.
type Marker struct {
	At   string `json:"at"`
	Kind string `json:"kind"`
	Text string `json:"text,omitempty"`
	// To is the neighbouring location the marker points to, when it lies
	// on a connection of a zone map (a retreat axis, a destroyed bridge).
	To string `json:"to,omitempty"`
}

// UnitView is one counter or block as the viewer may see it.
type UnitView struct {
	ID         string   `json:"id"`
	Name       string   `json:"name"`
	Short      string   `json:"short"` // identifier printed on the counter
	Side       Side     `json:"side"`
	Type       string   `json:"type"` // infantry, cavalry, dragoons, artillery, leader, commander, train, ...
	Size       string   `json:"size,omitempty"`
	Formation  string   `json:"formation,omitempty"`
	Color      string   `json:"color,omitempty"` // formation colour, "#rrggbb"
	At         string   `json:"at,omitempty"`    // hex or zone id; "" when off the map
	At2        string   `json:"at2,omitempty"`   // second hex of a two-hex counter
	Facing     int      `json:"facing"`          // 0-5, or -1 when the system has no facing
	Values     string   `json:"values,omitempty"`
	Strength   int      `json:"strength"`
	MaxStr     int      `json:"max_strength"`
	Markers    []string `json:"markers,omitempty"`
	Hidden     bool     `json:"hidden,omitempty"` // an enemy unit the viewer cannot identify
	Detail     []string `json:"detail,omitempty"` // lines of the unit's full card
	Eliminated bool     `json:"eliminated,omitempty"`
}

// Card is a command card, event or chit as its holder sees it.
type Card struct {
	ID      string `json:"id"`
	Name    string `json:"name"`
	Text    string `json:"text"`
	Section string `json:"section,omitempty"`
	Rule    string `json:"rule,omitempty"`
}
