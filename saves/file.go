package saves

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"

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

// Read loads a save file. It never changes anything on disk.
func Read(path string) (*rules.Game, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err // *fs.PathError already names the file
	}
	return Decode(path, data)
}

// beforeRename, when set by a test, runs after the temporary file is
// complete and before it replaces the target; an error aborts the write.
var beforeRename func(tmp string) error

// WriteFileAtomic replaces path with data, atomically.
func WriteFileAtomic(path string, data []byte) error {
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
		mode = st.Mode().Perm()
	}
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
