package saves

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
)

// firstDifference names the first place where two JSON documents differ,
// as a path into the saved snapshot with both values ("pos[1]: saved 7,
// replayed 9"), so a player or developer can see what diverged.
func firstDifference(saved, replayed []byte) string {
	var a, b any
	if err := decodeNumbers(saved, &a); err != nil {
		return "the saved snapshot is not valid JSON"
	}
	if err := decodeNumbers(replayed, &b); err != nil {
		return "the replayed snapshot is not valid JSON"
	}
	if p, ok := diff("", a, b); ok {
		return p
	}
	return "none found (the snapshots differ only in form)"
}

func decodeNumbers(data []byte, v *any) error {
	d := json.NewDecoder(bytes.NewReader(data))
	d.UseNumber()
	return d.Decode(v)
}

func show(v any) string {
	if v == nil {
		return "null"
	}
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	if len(b) > 60 {
		return string(b[:57]) + "..."
	}
	return string(b)
}

func diff(path string, a, b any) (string, bool) {
	at := path
	if at == "" {
		at = "(top)"
	}
	switch x := a.(type) {
	case map[string]any:
		y, ok := b.(map[string]any)
		if !ok {
			return fmt.Sprintf("%s: saved %s, replayed %s", at, show(a), show(b)), true
		}
		keys := map[string]bool{}
		for k := range x {
			keys[k] = true
		}
		for k := range y {
			keys[k] = true
		}
		sorted := make([]string, 0, len(keys))
		for k := range keys {
			sorted = append(sorted, k)
		}
		sort.Strings(sorted)
		for _, k := range sorted {
			p := k
			if path != "" {
				p = path + "." + k
			}
			va, ina := x[k]
			vb, inb := y[k]
			switch {
			case !ina:
				return fmt.Sprintf("%s: not saved, replayed %s", p, show(vb)), true
			case !inb:
				return fmt.Sprintf("%s: saved %s, not in the replay", p, show(va)), true
			}
			if d, ok := diff(p, va, vb); ok {
				return d, true
			}
		}
		return "", false
	case []any:
		y, ok := b.([]any)
		if !ok {
			return fmt.Sprintf("%s: saved %s, replayed %s", at, show(a), show(b)), true
		}
		for i := 0; i < len(x) && i < len(y); i++ {
			if d, ok := diff(path+"["+strconv.Itoa(i)+"]", x[i], y[i]); ok {
				return d, true
			}
		}
		if len(x) != len(y) {
			return fmt.Sprintf("%s: saved %d items, replayed %d", at, len(x), len(y)), true
		}
		return "", false
	}
	if show(a) != show(b) {
		return fmt.Sprintf("%s: saved %s, replayed %s", at, show(a), show(b)), true
	}
	return "", false
}
