package game

// The Learn screen (issue #19): every system with its lessons in the
// book's order, their rule numbers, and which ones this player completed.
// The completed lessons are kept in one small file next to the saves
// (saves.Dir()/lessons-completed.txt, one lesson id a line); a lesson
// never writes a game, a save or an autosave.

import (
	"image"
	"image/color"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"grognard/render"
	"grognard/rules"
	"grognard/rules/lesson"
	"grognard/saves"
)

// lessonsDoneFile is the file of completed lessons in the data folder.
const lessonsDoneFile = "lessons-completed.txt"

func lessonsDonePath() (string, error) {
	dir, err := saves.Dir()
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, lessonsDoneFile), nil
}

// lessonsDone reads the completed lessons (none when the file is missing).
func lessonsDone() map[string]bool {
	done := map[string]bool{}
	p, err := lessonsDonePath()
	if err != nil {
		return done
	}
	b, err := os.ReadFile(p)
	if err != nil {
		return done
	}
	for _, l := range strings.Split(string(b), "\n") {
		if l = strings.TrimSpace(l); l != "" {
			done[l] = true
		}
	}
	return done
}

// markLessonDone adds a lesson to the completed ones.
func markLessonDone(id string) error {
	done := lessonsDone()
	if done[id] {
		return nil
	}
	p, err := lessonsDonePath()
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	done[id] = true
	var ids []string
	for k := range done {
		ids = append(ids, k)
	}
	sort.Strings(ids)
	return os.WriteFile(p, []byte(strings.Join(ids, "\n")+"\n"), 0o644)
}

// learnScene lists the lessons by system: the systems on the left (with
// how many lessons each has and how many were completed), the chosen
// system's lessons on the right in the book's order, in as many columns as
// they need.
type learnScene struct {
	systems []rules.SystemInfo
	lessons map[string][]*lesson.Lesson
	done    map[string]bool
	sys     string // the system shown
	buttons []menuButton
	ids     []string // the lesson of each button ("system:ID" for a system, "" for Back)
	mx, my  int
	msg     string
}

// learn opens the Learn screen from the menu.
func (m *menuScene) learn(a *App) { openLearn(a, "") }

// openLearn opens the Learn screen on the first system with lessons.
func openLearn(a *App, msg string) { openLearnAt(a, "", msg) }

// openLearnAt opens the Learn screen on system sys (its lessons shown).
func openLearnAt(a *App, sys, msg string) {
	l := &learnScene{lessons: map[string][]*lesson.Lesson{}, done: lessonsDone(), msg: msg}
	ls, err := lesson.Unchecked()
	if err != nil {
		l.msg = "The lessons cannot be read: " + err.Error()
	}
	for _, x := range ls {
		l.lessons[x.System] = append(l.lessons[x.System], x)
	}
	for _, s := range rules.Systems() {
		if s.ID == "almansa" || s.ID == "napoleonics" || s.ID == "albuera" || s.ID == "marshals" {
			l.systems = append(l.systems, s)
		}
		sort.SliceStable(l.lessons[s.ID], func(i, j int) bool { return l.lessons[s.ID][i].Order < l.lessons[s.ID][j].Order })
	}
	l.sys = sys
	if len(l.lessons[l.sys]) == 0 {
		l.sys = ""
		for _, s := range l.systems {
			if len(l.lessons[s.ID]) > 0 && l.sys == "" {
				l.sys = s.ID
			}
		}
	}
	a.releaseScene()
	a.scene = l
	a.dirty = true
}

// learnBackRect is the Back button of the Learn screen.
func learnBackRect(a *App) image.Rectangle { return image.Rect(40, a.h-60, 240, a.h-16) }

// learnSysWidth is the width of the systems' column.
const learnSysWidth = 260

// learnListRect is where the chosen system's lessons stand.
func learnListRect(a *App) image.Rectangle {
	return image.Rect(40+learnSysWidth+24, 150, a.w-40, a.h-72)
}

func (l *learnScene) layout(a *App) {
	l.buttons, l.ids = l.buttons[:0], l.ids[:0]
	// The systems.
	y := 150
	for _, s := range l.systems {
		s := s
		n, done := len(l.lessons[s.ID]), 0
		for _, x := range l.lessons[s.ID] {
			if l.done[x.ID] {
				done++
			}
		}
		sub := "no lesson yet"
		if n > 0 {
			sub = strconv.Itoa(n) + " lessons"
			if n == 1 {
				sub = "1 lesson"
			}
			if done > 0 {
				sub += ", " + strconv.Itoa(done) + " completed"
			}
		}
		lines := render.Wrap(s.Name, optFace(), float64(learnSysWidth-16))
		lines = append(lines, "~"+sub)
		r := image.Rect(40, y, 40+learnSysWidth, y+10+17*len(lines))
		l.buttons = append(l.buttons, menuButton{b: render.Button{Rect: r, Enabled: true, Active: s.ID == l.sys}, lines: lines,
			do: func(a *App) { l.sys = s.ID }})
		l.ids = append(l.ids, "system:"+s.ID)
		y = r.Max.Y + 8
	}
	// The chosen system's lessons, column after column.
	lr := learnListRect(a)
	ls := l.lessons[l.sys]
	ncol := 1
	for ; ncol < 4; ncol++ {
		if l.listHeight(ls, ncol, learnColW(lr, ncol)) <= lr.Dy() {
			break
		}
	}
	col := learnColW(lr, ncol)
	per := (len(ls) + ncol - 1) / max(1, ncol)
	for i, x2 := range ls {
		x2 := x2
		c, k := i/max(1, per), i%max(1, per)
		if k == 0 {
			y = lr.Min.Y
		}
		x := lr.Min.X + c*(col+12)
		lines := l.lessonLines(x2, col)
		r := image.Rect(x, y, x+col, y+10+17*len(lines))
		l.buttons = append(l.buttons, menuButton{b: render.Button{Rect: r, Enabled: true, Active: l.done[x2.ID]}, lines: lines,
			do: func(a *App) { l.open(a, x2) }})
		l.ids = append(l.ids, x2.ID)
		y = r.Max.Y + 6
	}
	l.buttons = append(l.buttons, menuButton{b: render.Button{Label: "Back to the menu", Sub: "Esc", Rect: learnBackRect(a), Enabled: true}, do: func(a *App) { a.ToMenu("") }})
	l.ids = append(l.ids, "")
	for i := range l.buttons {
		l.buttons[i].b.Hot = image.Pt(l.mx, l.my).In(l.buttons[i].b.Rect)
	}
}

// learnColW is the width of a lesson column when the list has n columns.
func learnColW(lr image.Rectangle, n int) int { return (lr.Dx() - (n-1)*12) / n }

// lessonLines are a lesson button's lines: its title (at most two lines)
// and its rules, completed or not.
func (l *learnScene) lessonLines(x *lesson.Lesson, col int) []string {
	sub := "[" + strings.Join(x.Rules, ", ") + "]"
	if l.done[x.ID] {
		sub = "completed  " + sub
	}
	lines := render.Wrap(x.Title, optFace(), float64(col-16))
	if len(lines) > 2 {
		lines = append(lines[:1], fitText(strings.Join(lines[1:], " "), optFace(), col-16))
	}
	return append(lines, "~"+fitText(sub, render.Face(12), col-16))
}

// listHeight is the height of the tallest of n columns of lessons.
func (l *learnScene) listHeight(ls []*lesson.Lesson, n, col int) int {
	per := (len(ls) + n - 1) / max(1, n)
	h, best := 0, 0
	for i, x := range ls {
		if i%max(1, per) == 0 {
			h = 0
		}
		h += 10 + 17*len(l.lessonLines(x, col)) + 6
		best = max(best, h)
	}
	return best
}

// fitText shortens s with an ellipsis to fit w pixels (the full title is
// in the lesson itself).
func fitText(s string, f text.Face, w int) string {
	if tw, _ := render.Measure(s, f); tw <= float64(w) {
		return s
	}
	r := []rune(s)
	for len(r) > 1 {
		r = r[:len(r)-1]
		if tw, _ := render.Measure(string(r)+"…", f); tw <= float64(w) {
			break
		}
	}
	return strings.TrimSpace(string(r)) + "…"
}

func (l *learnScene) open(a *App, x *lesson.Lesson) {
	if err := openLesson(a, x); err != nil {
		l.msg = "Cannot open the lesson: " + err.Error()
	}
}

func (l *learnScene) update(a *App, evs []Event) error {
	for _, e := range evs {
		switch e.Kind {
		case EvMove:
			if e.X != l.mx || e.Y != l.my {
				l.mx, l.my = e.X, e.Y
				a.Redraw()
			}
		case EvUp:
			if e.Button != ebiten.MouseButtonLeft {
				continue
			}
			l.mx, l.my = e.X, e.Y
			l.layout(a)
			if b := buttonAt(l.buttons, e.X, e.Y); b != nil { // menu.go
				l.msg = ""
				b.do(a)
				a.Redraw()
			}
		case EvKey:
			if e.Key == ebiten.KeyEscape {
				a.ToMenu("")
			}
		}
	}
	return nil
}

func (l *learnScene) draw(a *App, dst *ebiten.Image) {
	l.layout(a)
	render.DrawText(dst, "Learn", render.Bold(40), 40, 20, textColor)
	render.DrawText(dst, "The rulebooks' worked examples on the real board, with the book's dice: click a lesson", render.Face(16), 44, 70, dimColor)
	lr := learnListRect(a)
	if len(l.lessons[l.sys]) == 0 {
		for j, line := range render.Wrap("No lesson yet: docs/LESSONS.md lists the book's examples still to do.", render.Face(14), float64(lr.Dx())) {
			render.DrawText(dst, line, render.Face(14), float64(lr.Min.X), float64(lr.Min.Y+18*j), dimColor)
		}
	}
	render.DrawText(dst, "System", render.Bold(18), 40, 114, dimColor)
	for _, s := range l.systems {
		if s.ID == l.sys {
			render.DrawText(dst, s.Name+": lessons in the book's order", render.Bold(18), float64(lr.Min.X), 114, dimColor)
		}
	}
	for _, b := range l.buttons {
		render.DrawButton(dst, b.b)
		for i, line := range b.lines {
			f, c := optFace(), textColor
			if b.b.Active {
				c = color.RGBA{0x2a, 0x1e, 0x0c, 0xff}
			}
			if strings.HasPrefix(line, "~") {
				f, line = render.Face(12), line[1:]
				if !b.b.Active {
					c = dimColor
				}
			}
			render.DrawText(dst, line, f, float64(b.b.Rect.Min.X+8), float64(b.b.Rect.Min.Y+5+17*i), c)
		}
	}
	if l.msg != "" {
		for i, line := range render.Wrap(l.msg, render.Face(15), float64(a.w-320)) {
			render.DrawText(dst, line, render.Face(15), 270, float64(a.h-58+i*18), errorColor)
		}
	}
}
