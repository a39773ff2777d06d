// Package testtext makes the random strings that tests hold a hand-written
// matcher to the regular expression or library function it replaces: the
// same seed gives the same strings on every run and host.
package testtext

import "math/rand/v2"

// Strings returns n strings of minLen to maxLen bytes drawn from alphabet.
func Strings(seed uint64, n, minLen, maxLen int, alphabet string) []string {
	r := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	out := make([]string, n)
	for k := range out {
		b := make([]byte, minLen+r.IntN(maxLen-minLen+1))
		for i := range b {
			b[i] = alphabet[r.IntN(len(alphabet))]
		}
		out[k] = string(b)
	}
	return out
}
