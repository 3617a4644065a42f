package albuera

import (
	"bytes"
	"encoding/json"
	"strconv"
)

// Snapshot is canonical JSON of the whole state (rules.State): the bytes
// of json.Marshal(s). The units (most of it: 279 of them) are written by
// hand, the same bytes as encoding/json's (speed, issue #20: the checked
// playout takes a snapshot twice every 25 actions and at every replay;
// reflection took 350 us a snapshot). TestSnapshotSameAsEncodingJSON
// compares the two for units with every field set at random (a field
// added to Unit and not here fails it) and along a game.
func (s *State) Snapshot() ([]byte, error) {
	if s.U == nil {
		return json.Marshal(s)
	}
	c := *s
	c.U = nil
	b, err := json.Marshal(&c)
	if err != nil {
		return nil, err
	}
	const mark = `,"units":null`
	at := bytes.Index(b, []byte(mark))
	if at < 0 { // cannot happen (units come third); the slow way
		return json.Marshal(s)
	}
	js := s.unitsMemo() // each unit's JSON after a comma (nil: none kept)
	size := len(b) + 16 + len(js)
	if js == nil {
		size += len(s.U) * 200
	}
	out := make([]byte, 0, size)
	out = append(out, b[:at]...)
	out = append(out, `,"units":`...)
	if js != nil {
		out = append(out, '[')
		out = append(out, js[1:]...)
		out = append(out, ']')
	} else {
		out = appendUnitsJSON(out, s.U)
	}
	out = append(out, b[at+len(mark):]...)
	return out, nil
}

// appendUnitsJSON appends us as encoding/json writes them (field order,
// omitempty).
func appendUnitsJSON(b []byte, us []Unit) []byte {
	b = append(b, '[')
	for k := range us {
		if k > 0 {
			b = append(b, ',')
		}
		b = appendUnitJSON(b, &us[k])
	}
	return append(b, ']')
}

// appendUnitJSON appends one unit as encoding/json writes it.
func appendUnitJSON(b []byte, u *Unit) []byte {
	{
		b = append(b, `{"at":{"q":`...)
		b = strconv.AppendInt(b, int64(u.At.Q), 10)
		b = append(b, `,"r":`...)
		b = strconv.AppendInt(b, int64(u.At.R), 10)
		b = append(b, `},"at2":{"q":`...)
		b = strconv.AppendInt(b, int64(u.At2.Q), 10)
		b = append(b, `,"r":`...)
		b = strconv.AppendInt(b, int64(u.At2.R), 10)
		b = append(b, '}')
		b = jsonBool(b, "two", u.Two)
		b = jsonInt(b, "facing", u.Facing, false)
		if u.Array != "" {
			b = append(b, `,"array":`...)
			b = jsonString(b, u.Array)
		}
		b = jsonInt(b, "mp", u.MP, false)
		b = jsonInt(b, "where", u.Where, false)
		b = jsonInt(b, "box", u.Box, true)
		b = jsonInt(b, "ord", u.Ord, false)
		b = jsonInt(b, "fires", u.Fires, true)
		b = jsonInt(b, "spent", u.Spent, true)
		b = jsonBool(b, "started", u.Started)
		b = jsonBool(b, "done", u.Done)
		b = jsonBool(b, "double", u.Double)
		b = jsonBool(b, "art_fired", u.ArtFired)
		b = jsonBool(b, "tech", u.Tech)
		b = jsonBool(b, "captured", u.Captured)
		b = jsonBool(b, "retaken", u.Retaken)
		b = jsonBool(b, "no_fire", u.NoFire)
		b = jsonInt(b, "straight", u.Straight, true)
		b = jsonBool(b, "spoiled", u.Spoiled)
		b = jsonBool(b, "passing", u.Passing)
		b = jsonBool(b, "clashed", u.Clashed)
		b = jsonBool(b, "detached", u.Detached)
		b = append(b, `,"from":{"q":`...)
		b = strconv.AppendInt(b, int64(u.From.Q), 10)
		b = append(b, `,"r":`...)
		b = strconv.AppendInt(b, int64(u.From.R), 10)
		b = append(b, `},"start":{"q":`...)
		b = strconv.AppendInt(b, int64(u.Start.Q), 10)
		b = append(b, `,"r":`...)
		b = strconv.AppendInt(b, int64(u.Start.R), 10)
		b = append(b, '}')
		b = jsonBool(b, "charge", u.Charge)
		b = jsonInt(b, "turns", u.Turns, true)
		b = jsonBool(b, "hit", u.Hit)
		b = jsonInt(b, "group", u.Group, true)
		b = jsonBool(b, "activated", u.Activated)
		b = jsonBool(b, "wounded", u.Wounded)
		b = jsonInt(b, "moved", u.Moved, true)
		b = append(b, '}')
	}
	return b
}

// jsonInt appends ,"name":v (omitted when zero and omit).
func jsonInt(b []byte, name string, v int, omit bool) []byte {
	if omit && v == 0 {
		return b
	}
	b = append(b, ',', '"')
	b = append(b, name...)
	b = append(b, '"', ':')
	return strconv.AppendInt(b, int64(v), 10)
}

// jsonBool appends ,"name":true when v (every bool of Unit is omitempty).
func jsonBool(b []byte, name string, v bool) []byte {
	if !v {
		return b
	}
	b = append(b, ',', '"')
	b = append(b, name...)
	return append(b, `":true`...)
}

// jsonString appends s quoted as encoding/json quotes it: plain ASCII as
// it is, anything else through encoding/json itself.
func jsonString(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c > 0x7e || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			q, _ := json.Marshal(s)
			return append(b, q...)
		}
	}
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
}
