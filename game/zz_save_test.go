package game

import "testing"

func TestZZSaveShots(t *testing.T) {
	s := bargasActivated(t, 1, true)
	if err := s.Save("/tmp/hv/marshals.json"); err != nil {
		t.Fatal(err)
	}
	v := ventaSession(t)
	for range 40 {
		if actingUnit(v) == "" {
			break
		}
		break
	}
	if err := v.Save("/tmp/hv/venta.json"); err != nil {
		t.Fatal(err)
	}
}
