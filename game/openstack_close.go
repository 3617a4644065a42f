package game

// fanOpened notes what the game was when a stack was fanned open for
// picking (a click on a stack): its step and the selected unit.
type fanOpened struct {
	steps    int
	selected string
}

// openFan fans the stack at loc open for picking.
func (b *BoardScene) openFan(loc string) {
	b.openStack = loc
	b.fanAt = fanOpened{steps: len(b.S.Game.Steps), selected: b.S.Selected}
}

// closeStaleFan closes a stack fanned open once the game has moved on or
// another unit was selected by other means than a pick in the fan (Tab, a
// panel choice, the computer, Undo): the fan stayed open over the map and
// covered the next lit places (a Marshals loss allotted after Tab selected
// the unit left Torrijos fanned over Maqueda's lit zone, session 22).
func (b *BoardScene) closeStaleFan() {
	if b.openStack == "" {
		return
	}
	if len(b.S.Game.Steps) != b.fanAt.steps || b.S.Selected != b.fanAt.selected {
		b.openStack = ""
	}
}
