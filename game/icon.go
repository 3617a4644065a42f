package game

// setIcon sets the window icon when the assets package provides one.
func setIcon() {}
