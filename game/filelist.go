package game

import (
	"image"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/sqweek/dialog"

	"grognard/render"
	"grognard/saves"
)

// EnvFileDialog chooses the save and open dialogs: "native" (the desktop's
// own, sqweek/dialog) or "inapp" (the list drawn in the window,
// filelist.go). Unset, the app uses the native dialog only where a desktop
// runs to place it (see nativeDialogs).
const EnvFileDialog = "GROGNARD_FILE_DIALOG"

// nativeDialogs reports whether the native save and open dialogs can be
// shown properly. Under a plain X server with no window manager (Xvfb, a
// bare startx) the GTK dialog opens at the top-left with its buttons off
// the screen and the keys going to the game: there the window's own file
// list is used. A desktop session announces itself in the environment
// (XDG_CURRENT_DESKTOP, DESKTOP_SESSION, a Wayland display); macOS and
// Windows always have one.
func nativeDialogs(getenv func(string) string) bool {
	switch getenv(EnvFileDialog) {
	case "native":
		return true
	case "inapp":
		return false
	}
	if runtime.GOOS != "linux" && runtime.GOOS != "freebsd" && runtime.GOOS != "openbsd" && runtime.GOOS != "netbsd" {
		return true
	}
	for _, k := range []string{"XDG_CURRENT_DESKTOP", "DESKTOP_SESSION", "WAYLAND_DISPLAY", "GNOME_DESKTOP_SESSION_ID", "KDE_FULL_SESSION"} {
		if getenv(k) != "" {
			return true
		}
	}
	return false
}

// askLoad asks for a save to open and calls then with its path (or
// dialog.ErrCancelled): the native dialog where it works, else the list in
// the window.
func (a *App) askLoad(title string, then func(p string, err error)) {
	if a.loadPath != nil || nativeDialogs(os.Getenv) {
		then(a.askLoadPath())
		return
	}
	a.openFileList(title, "", then)
}

// askSave asks where to save, offering name, and calls then with the path
// (always ending in .json) or dialog.ErrCancelled.
func (a *App) askSave(name string, then func(p string, err error)) {
	if a.savePath != nil || nativeDialogs(os.Getenv) {
		then(a.askSavePath(name))
		return
	}
	a.openFileList("Save game", name, then)
}

// fileList is the window's own save and open dialog: the saves folder's
// games, newest first; for a save, a button that saves under the offered
// name (or click a listed save to replace it). Up/Down and Enter choose,
// Esc cancels; it covers the whole window, so no key reaches the game.
type fileList struct {
	back  scene
	title string
	save  string // the name offered when saving; "" when opening
	dir   string
	files []fileEntry
	sel   int
	then  func(p string, err error)
	msg   string
	mx    int
	my    int
	rows  []image.Rectangle
	ok    image.Rectangle
	no    image.Rectangle
	top   int // the first row shown
}

type fileEntry struct {
	name string
	mod  time.Time
}

// fileRows is how many saves the list shows at once.
const fileRows = 12

func (a *App) openFileList(title, save string, then func(p string, err error)) {
	f := &fileList{back: a.scene, title: title, save: save, then: then, sel: -1}
	dir, err := saves.Dir()
	if err != nil {
		then("", err)
		return
	}
	f.dir = dir
	f.files = listSaves(dir)
	if save == "" && len(f.files) > 0 {
		f.sel = 0
	}
	if save == "" && len(f.files) == 0 {
		f.msg = "No save in " + dir
	}
	a.scene = f
	a.dirty = true
}

// listSaves lists the .json files of dir, newest first.
func listSaves(dir string) []fileEntry {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var out []fileEntry
	for _, e := range ents {
		if e.IsDir() || !strings.EqualFold(filepath.Ext(e.Name()), ".json") {
			continue
		}
		info, err := e.Info()
		if err != nil {
			continue
		}
		out = append(out, fileEntry{name: e.Name(), mod: info.ModTime()})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].mod.After(out[j].mod) })
	return out
}

// finish closes the list and answers.
func (f *fileList) finish(a *App, p string, err error) {
	a.scene = f.back
	a.dirty = true
	if err == nil && f.save != "" {
		p = withJSON(p)
		a.lastAsked = p
	}
	f.then(p, err)
}

// choose answers with the selected save, or the offered name when saving.
func (f *fileList) choose(a *App) {
	switch {
	case f.sel >= 0 && f.sel < len(f.files):
		f.finish(a, filepath.Join(f.dir, f.files[f.sel].name), nil)
	case f.save != "":
		f.finish(a, filepath.Join(f.dir, f.save), nil)
	}
}

func (f *fileList) layout(a *App) {
	w, h := min(720, a.w-40), min(560, a.h-40)
	box := image.Rect((a.w-w)/2, (a.h-h)/2, (a.w+w)/2, (a.h+h)/2)
	f.rows = f.rows[:0]
	y := box.Min.Y + 80
	for i := f.top; i < len(f.files) && i < f.top+fileRows; i++ {
		r := image.Rect(box.Min.X+20, y, box.Max.X-20, y+30)
		if r.Max.Y > box.Max.Y-70 {
			break
		}
		f.rows = append(f.rows, r)
		y += 32
	}
	bw := (w - 60) / 2
	f.ok = image.Rect(box.Min.X+20, box.Max.Y-56, box.Min.X+20+bw, box.Max.Y-16)
	f.no = image.Rect(box.Max.X-20-bw, box.Max.Y-56, box.Max.X-20, box.Max.Y-16)
}

func (f *fileList) okLabel() string {
	switch {
	case f.save != "" && f.sel >= 0:
		return "Replace " + f.files[f.sel].name + " (Enter)"
	case f.save != "":
		return "Save as " + f.save + " (Enter)"
	case f.sel >= 0:
		return "Open " + f.files[f.sel].name + " (Enter)"
	}
	return "Open (Enter)"
}

func (f *fileList) update(a *App, evs []Event) error {
	f.layout(a)
	for _, e := range evs {
		switch e.Kind {
		case EvMove:
			f.mx, f.my = e.X, e.Y
			a.dirty = true
		case EvWheel:
			f.top = max(0, min(f.top-int(e.DY), len(f.files)-len(f.rows)))
			a.dirty = true
		case EvUp:
			if e.Button != ebiten.MouseButtonLeft {
				continue
			}
			p := image.Pt(e.X, e.Y)
			switch {
			case p.In(f.no):
				f.finish(a, "", dialog.ErrCancelled)
				return nil
			case p.In(f.ok):
				f.choose(a)
				return nil
			}
			for i, r := range f.rows {
				if p.In(r) {
					if f.sel == f.top+i {
						f.choose(a) // a second click on the same row
						return nil
					}
					f.sel = f.top + i
				}
			}
			a.dirty = true
		case EvKey:
			switch e.Key {
			case ebiten.KeyEscape:
				f.finish(a, "", dialog.ErrCancelled)
				return nil
			case ebiten.KeyEnter, ebiten.KeyNumpadEnter:
				f.choose(a)
				return nil
			case ebiten.KeyDown:
				f.sel = min(f.sel+1, len(f.files)-1)
			case ebiten.KeyUp:
				if f.sel > 0 || f.save == "" {
					f.sel = max(f.sel-1, 0)
				} else {
					f.sel = -1 // back to the offered name
				}
			}
			if f.sel >= 0 {
				f.top = max(0, min(f.top, f.sel))
				if n := len(f.rows); n > 0 && f.sel >= f.top+n {
					f.top = f.sel - n + 1
				}
			}
			a.dirty = true
		}
	}
	return nil
}

func (f *fileList) draw(a *App, dst *ebiten.Image) {
	f.layout(a)
	w, h := min(720, a.w-40), min(560, a.h-40)
	box := image.Rect((a.w-w)/2, (a.h-h)/2, (a.w+w)/2, (a.h+h)/2)
	render.DrawPanel(dst, box)
	render.DrawText(dst, f.title, render.Bold(20), float64(box.Min.X+20), float64(box.Min.Y+16), textColor)
	sub := "Saves in " + f.dir + ": click one, or Up/Down; Enter opens, Esc cancels"
	if f.save != "" {
		sub = "Saves in " + f.dir + ": Enter saves under the new name; click a save to replace it; Esc cancels"
	}
	for i, l := range render.Wrap(sub, render.Face(13), float64(w-40)) {
		if i < 2 {
			render.DrawText(dst, l, render.Face(13), float64(box.Min.X+20), float64(box.Min.Y+44+16*i), dimColor)
		}
	}
	for i, r := range f.rows {
		e := f.files[f.top+i]
		label := e.name
		render.DrawButton(dst, render.Button{Label: label, Sub: e.mod.Local().Format("2 Jan 2006, 15:04"), Rect: r, Enabled: true,
			Active: f.top+i == f.sel, Hot: image.Pt(f.mx, f.my).In(r)})
	}
	if f.msg != "" {
		render.DrawText(dst, f.msg, render.Face(15), float64(box.Min.X+20), float64(box.Min.Y+90), errorColor)
	}
	render.DrawButton(dst, render.Button{Label: f.okLabel(), Rect: f.ok, Enabled: f.sel >= 0 || f.save != "", Hot: image.Pt(f.mx, f.my).In(f.ok)})
	render.DrawButton(dst, render.Button{Label: "Cancel (Esc)", Rect: f.no, Enabled: true, Hot: image.Pt(f.mx, f.my).In(f.no)})
}
