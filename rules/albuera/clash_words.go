package albuera

// shiftWords names a Clash Combat Shift [15.7b] as a player reads it in
// the Clash's log line ("defender Manpower 3:2 +1", not "defender odds15
// +1": the table row's id). The window rewrote the ids since session 20;
// the command line printed them. An id without words is printed as it is.
var shiftWords = map[string]string{
	"odds15": "Manpower 3:2", "odds2": "Manpower 2:1", "odds3": "Manpower 3:1",
	"square_inf": "infantry against a square", "higher": "on higher ground", "morale": "better Morale",
	"skirmishers": "against skirmishers", "commander": "commander present", "village": "in a village",
	"cover": "in olive grove or forest", "river": "behind the stream", "column": "in column",
	"flank": "flank attack", "rear": "rear attack", "charge": "charge",
}

// shiftWord is the words of shift id (shiftWords).
func shiftWord(id string) string {
	if w, ok := shiftWords[id]; ok {
		return w
	}
	return id
}
