package saves

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"time"

	"grognard/rules"
)

// Write saves a game to path atomically: the file is written to a temporary
// file in the same directory, flushed to disk, and renamed over path, and
// the directory is flushed too. If anything fails, the old file at path is
// left as it was.
func Write(path string, g *rules.Game) error {
	data, err := Encode(g)
	if err != nil {
		return err
	}
	return WriteFileAtomic(path, data)
}

// Read loads a save file. It never changes anything on disk. A file
// larger than MaxFileSize is refused before it is read.
func Read(path string) (*rules.Game, error) {
	data, err := ReadBytes(path)
	if err != nil {
		return nil, err
	}
	return Decode(path, data)
}

// ReadBytes reads a save file's bytes, refusing (with a *LoadError of kind
// ErrTooLarge) a file larger than MaxFileSize without reading it all.
func ReadBytes(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err // *fs.PathError already names the file
	}
	defer f.Close()
	size := int64(0)
	if st, err := f.Stat(); err == nil {
		if st.IsDir() {
			return nil, &LoadError{File: path, Kind: ErrNotASave, Msg: "a directory, not a Grognard save"}
		}
		size = st.Size()
	}
	tooLarge := &LoadError{File: path, Kind: ErrTooLarge, Msg: fmt.Sprintf("too large to be a Grognard save (the limit is %d MiB)", MaxFileSize>>20)}
	if size > MaxFileSize {
		return nil, tooLarge
	}
	buf := make([]byte, 0, size+1)
	for {
		n, err := f.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if len(buf) > MaxFileSize {
			return nil, tooLarge
		}
		if err == io.EOF {
			return buf, nil
		}
		if err != nil {
			return nil, fmt.Errorf("reading %s: %w", path, err)
		}
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
	}
}

// beforeRename, when set by a test, runs after the temporary file is
// complete and before it replaces the target; an error aborts the write.
var beforeRename func(tmp string) error

// WriteFileAtomic replaces path with data, atomically. A read-only file is
// not replaced (an error says so); a symbolic link is written through: the
// file it points to is replaced and the link stays a link. Temporary files
// older than a minute, left in the folder by a killed writer, are
// removed the first time the process writes there.
func WriteFileAtomic(path string, data []byte) error {
	path, err := resolveTarget(path)
	if err != nil {
		return err
	}
	tmp, err := writeTemp(path, data)
	if err != nil {
		return err
	}
	if err := renameSync(tmp, path); err != nil {
		os.Remove(tmp)
		return err
	}
	return nil
}

// writeTemp writes data to a new temporary file next to path and flushes
// it to disk. It returns the temporary file's name.
func writeTemp(path string, data []byte) (string, error) {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	mode := fs.FileMode(0o644)
	if st, err := os.Stat(path); err == nil {
		if !st.Mode().IsRegular() {
			return "", fmt.Errorf("%s: not a regular file; not overwriting it", path)
		}
		if st.Mode().Perm()&0o200 == 0 {
			return "", fmt.Errorf("%s is read-only: not overwriting it (make it writable to save over it, or save under another name)", path)
		}
		mode = st.Mode().Perm()
	}
	cleanOnce(filepath.Clean(dir)) // temporary files of saves killed mid-write
	f, err := os.CreateTemp(dir, "."+base+".*.tmp")
	if err != nil {
		return "", fmt.Errorf("saving %s: %w", path, err)
	}
	tmp := f.Name()
	_, err = f.Write(data)
	if err == nil {
		err = f.Sync()
	}
	if err1 := f.Close(); err == nil {
		err = err1
	}
	if err == nil {
		err = os.Chmod(tmp, mode)
	}
	if err != nil {
		os.Remove(tmp)
		return "", fmt.Errorf("saving %s: %w", path, err)
	}
	return tmp, nil
}

// renameSync moves the complete temporary file into place and flushes the
// directory entry.
func renameSync(tmp, path string) error {
	if beforeRename != nil {
		if err := beforeRename(tmp); err != nil {
			return fmt.Errorf("saving %s: %w", path, err)
		}
	}
	if err := os.Rename(tmp, path); err != nil {
		return fmt.Errorf("saving %s: %w", path, err)
	}
	return syncDir(filepath.Dir(path))
}

// syncDir flushes a directory so a rename survives a crash. Windows cannot
// open a directory for syncing; there the rename is already durable enough.
func syncDir(dir string) error {
	if runtime.GOOS == "windows" {
		return nil
	}
	d, err := os.Open(dir)
	if err != nil {
		return fmt.Errorf("flushing %s: %w", dir, err)
	}
	defer d.Close()
	if err := d.Sync(); err != nil && !errors.Is(err, errors.ErrUnsupported) {
		return fmt.Errorf("flushing %s: %w", dir, err)
	}
	return nil
}

// resolveTarget follows symbolic links to the file a save should replace,
// so that saving over a link writes through to its target.
func resolveTarget(path string) (string, error) {
	for range 40 {
		st, err := os.Lstat(path)
		if err != nil || st.Mode()&fs.ModeSymlink == 0 {
			return path, nil
		}
		to, err := os.Readlink(path)
		if err != nil {
			return "", fmt.Errorf("saving %s: %w", path, err)
		}
		if !filepath.IsAbs(to) {
			to = filepath.Join(filepath.Dir(path), to)
		}
		path = to
	}
	return "", fmt.Errorf("saving %s: too many levels of symbolic links", path)
}

// StaleAge is how old a temporary save file must be for CleanStale to
// remove it: a writer finishes in well under a second, so an older one was
// left by a crash or a kill.
const StaleAge = time.Minute

// isTemp reports whether a file name is one of writeTemp's temporary files
// (".NAME.DIGITS.tmp", the pattern os.CreateTemp fills in).
func isTemp(name string) bool {
	rest, ok := strings.CutSuffix(name, ".tmp")
	if !ok || !strings.HasPrefix(rest, ".") {
		return false
	}
	dot := strings.LastIndexByte(rest, '.')
	digits := rest[dot+1:]
	if dot <= 1 || digits == "" {
		return false
	}
	for _, c := range digits {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// tempPrefix is how every save this build writes begins.
const tempPrefix = "{\n  \"format\": "

// holdsSave reports whether a temporary file is empty or begins as a save
// does, so that CleanStale never removes a file of another program.
func holdsSave(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	buf := make([]byte, len(tempPrefix))
	n, _ := io.ReadFull(f, buf)
	return n == 0 || string(buf[:n]) == tempPrefix[:n]
}

// CleanStale removes, from dir, the temporary files of interrupted saves
// (".NAME.DIGITS.tmp", empty or beginning as a save does) last changed
// more than age ago, and returns the names it removed. Nothing else is
// touched; errors are ignored (a file
// that cannot be removed now is tried again next time).
func CleanStale(dir string, age time.Duration) []string {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var gone []string
	now := time.Now()
	for _, e := range ents {
		if !e.Type().IsRegular() || !isTemp(e.Name()) {
			continue
		}
		info, err := e.Info()
		if err != nil || now.Sub(info.ModTime()) < age || !holdsSave(filepath.Join(dir, e.Name())) {
			continue
		}
		if os.Remove(filepath.Join(dir, e.Name())) == nil {
			gone = append(gone, e.Name())
		}
	}
	return gone
}

// cleaned remembers the directories CleanStale ran on at start.
var cleaned sync.Map

// cleanOnce runs CleanStale on dir the first time this process uses it.
func cleanOnce(dir string) {
	if _, done := cleaned.LoadOrStore(dir, true); !done {
		CleanStale(dir, StaleAge)
	}
}
