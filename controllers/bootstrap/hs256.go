package bootstrap

import "github.com/kubeloop/kubeloop/core/digest"

// hmacSHA256 is HMAC (RFC 2104) over SHA-256 (FIPS 180-4), written out
// here (over core/digest) because crypto/hmac brings Go's whole FIPS 140
// module into the page's wasm binary for the one signature this controller
// makes. hs256_test.go checks it against the standard library.
func hmacSHA256(key, msg []byte) [32]byte {
	const block = 64
	if len(key) > block {
		k := digest.SHA256(key)
		key = k[:]
	}
	var ipad, opad [block]byte
	copy(ipad[:], key)
	copy(opad[:], key)
	for i := range block {
		ipad[i] ^= 0x36
		opad[i] ^= 0x5c
	}
	inner := digest.SHA256(append(ipad[:], msg...))
	return digest.SHA256(append(opad[:], inner[:]...))
}
