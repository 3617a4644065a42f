// Package systems links every game system into the binary: importing it
// runs each system's rules.Register.
package systems

import (
	_ "grognard/rules/albuera"     // Albuera 1811
	_ "grognard/rules/almansa"     // Almansa 1707
	_ "grognard/rules/napoleonics" // command cards and battle dice: Venta del Pozo 1812
)
