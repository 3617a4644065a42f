package render

// FlushImageCache disposes of every cached face, chip, badge, front marker
// and label image (their textures are freed at once), for when the board
// they were drawn for is left: the next board draws its own (#22 item 8).
func FlushImageCache() {
	c := &images
	c.mu.Lock()
	defer c.mu.Unlock()
	for el := c.lru.Front(); el != nil; el = el.Next() {
		el.Value.(*imgEntry).img.Deallocate()
	}
	c.m = nil
	c.lru.Init()
	c.bytes = 0
	// the hand-over cover's pattern: a texture of the window's size (2048x1024
	// at 1280x720, 8 MB), drawn again at the next cover
	coverMu.Lock()
	if coverPattern != nil {
		coverPattern.Deallocate()
		coverPattern = nil
	}
	coverMu.Unlock()
}
