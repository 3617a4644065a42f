package marshals

import (
	"fmt"
	"strings"

	"grognard/scenarios"
)

// EventsSection is the F1 reference's section on the event markers
// (scenarios/marshals/events.txt, the 28 of the six scenarios), each
// under its own citation ("### Foy [EV Foy]"), so that F1 and a lesson's
// rule button find the event the log or the lesson cites; "" when the
// file cannot be read. The window appends it to the system's reference.md.
func EventsSection() string {
	recs, err := scenarios.Load("marshals/events.txt")
	if err != nil {
		return ""
	}
	var b strings.Builder
	b.WriteString("\n\n## The event markers [4.0]\n\nEach marker as events.txt gives it: who may hold it, when it is played, and what it does.\n")
	owner := map[string]string{"french": "French", "allied": "Allied", "both": "either side"}
	phase := map[string]string{"A": "phase A", "B": "phase B", "C": "phase C"}
	for i := range recs {
		r := &recs[i]
		if r.Kind != "event" {
			continue
		}
		id := ""
		if len(r.Args) > 0 {
			id = r.Args[0]
		}
		name, rule := r.Opt("name", id), r.Opt("rule", "")
		if rule == "" {
			continue
		}
		who := owner[r.Opt("owner", "both")]
		if who == "" {
			who = r.Opt("owner", "both")
		}
		when := phase[r.Opt("timing", "")]
		if w := r.Opt("when", ""); w != "" {
			when = strings.TrimSpace(when + ": " + w)
		}
		fmt.Fprintf(&b, "\n### %s [%s]\n\nHeld by %s; played in %s", name, rule, who, strings.TrimPrefix(when, ": "))
		if r.Opt("immediate", "no") == "yes" {
			b.WriteString("; immediate: played when drawn unless returned for 2 VP [4.0]")
		}
		fmt.Fprintf(&b, ". %s\n", r.Opt("text", ""))
	}
	return b.String()
}
