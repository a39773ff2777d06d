package apiserver

import (
	"encoding/base64"
	"encoding/json"
	"strconv"
)

func decimal(n int64) string { return strconv.FormatInt(n, 10) }

func quote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

func base64URL(s string) ([]byte, error) { return base64.RawURLEncoding.DecodeString(s) }
