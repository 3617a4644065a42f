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

// learnScene lists the lessons by system.
type learnScene struct {
	systems []rules.SystemInfo
	lessons map[string][]*lesson.Lesson
	done    map[string]bool
	buttons []menuButton
	ids     []string // the lesson of each button ("" for Back)
	mx, my  int
	msg     string
}

// learn opens the Learn screen from the menu.
func (m *menuScene) learn(a *App) { openLearn(a, "") }

func openLearn(a *App, msg string) {
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
	a.releaseScene()
	a.scene = l
	a.dirty = true
}

// learnBackRect is the Back button of the Learn screen.
func learnBackRect(a *App) image.Rectangle { return image.Rect(40, a.h-60, 240, a.h-16) }

// learnCol is one column of the Learn screen: a system's lessons (Albuera's
// many take two columns).
type learnCol struct {
	sys     rules.SystemInfo
	head    bool
	lessons []*lesson.Lesson
}

func (l *learnScene) columns() []learnCol {
	var cols []learnCol
	for _, s := range l.systems {
		ls := l.lessons[s.ID]
		if len(ls) > 6 {
			h := (len(ls) + 1) / 2
			cols = append(cols, learnCol{s, true, ls[:h]}, learnCol{s, false, ls[h:]})
			continue
		}
		cols = append(cols, learnCol{s, true, ls})
	}
	return cols
}

func learnColWidth(a *App, n int) int { return (a.w - 80 - (max(1, n)-1)*12) / max(1, n) }

func (l *learnScene) layout(a *App) {
	l.buttons, l.ids = l.buttons[:0], l.ids[:0]
	cols := l.columns()
	col := learnColWidth(a, len(cols))
	for i, c := range cols {
		x := 40 + i*(col+12)
		y := l.top(cols, col)
		for _, x2 := range c.lessons {
			x2 := x2
			sub := "[" + strings.Join(x2.Rules, ", ") + "]"
			if l.done[x2.ID] {
				sub = "completed  " + sub
			}
			lines := render.Wrap(x2.Title, optFace(), float64(col-16))
			lines = append(lines, "~"+fitText(sub, render.Face(12), col-16))
			r := image.Rect(x, y, x+col, y+10+17*len(lines))
			l.buttons = append(l.buttons, menuButton{b: render.Button{Rect: r, Enabled: true, Active: l.done[x2.ID]}, lines: lines,
				do: func(a *App) { l.open(a, x2) }})
			l.ids = append(l.ids, x2.ID)
			y = r.Max.Y + 6
		}
	}
	l.buttons = append(l.buttons, menuButton{b: render.Button{Label: "Back to the menu", Sub: "Esc", Rect: learnBackRect(a), Enabled: true}, do: func(a *App) { a.ToMenu("") }})
	l.ids = append(l.ids, "")
	for i := range l.buttons {
		l.buttons[i].b.Hot = image.Pt(l.mx, l.my).In(l.buttons[i].b.Rect)
	}
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
	cols := l.columns()
	col := learnColWidth(a, len(cols))
	for i, c := range cols {
		x := float64(40 + i*(col+12))
		if !c.head {
			continue
		}
		for j, line := range render.Wrap(c.sys.Name, render.Bold(16), float64(l.headWidth(cols, i, col))) {
			render.DrawText(dst, line, render.Bold(16), x, float64(104+20*j), dimColor)
		}
		if len(c.lessons) == 0 {
			for j, line := range render.Wrap("No lesson yet: docs/LESSONS.md lists the book's examples still to do.", render.Face(14), float64(col)) {
				render.DrawText(dst, line, render.Face(14), x, float64(l.top(cols, col)+18*j), dimColor)
			}
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
