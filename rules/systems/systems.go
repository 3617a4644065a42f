// Package systems links every game system into the binary: importing it
// runs each system's rules.Register.
package systems
