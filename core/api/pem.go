package api

import (
	"bytes"
	"encoding/base64"
	"sort"
	"strings"
)

// PEMBlock is one PEM block: what CertificateSigningRequests carry and the
// simulated signer issues. encoding/pem does the same job; this is the
// part kubeloop uses (~35 KB less WebAssembly), held to encoding/pem by
// FuzzPEMAgreesWithEncodingPEM.
type PEMBlock struct {
	Type    string
	Headers map[string]string
	Bytes   []byte
}

// EncodePEM writes b as encoding/pem's EncodeToMemory does: the BEGIN
// line, the headers (Proc-Type first, the others sorted) and a blank line
// when there are any, base64 in lines of 64, the END line.
func EncodePEM(b *PEMBlock) []byte {
	var out bytes.Buffer
	out.WriteString("-----BEGIN " + b.Type + "-----\n")
	if len(b.Headers) > 0 {
		keys := make([]string, 0, len(b.Headers))
		for k := range b.Headers {
			if k != "Proc-Type" {
				keys = append(keys, k)
			}
		}
		sort.Strings(keys)
		if v, ok := b.Headers["Proc-Type"]; ok {
			out.WriteString("Proc-Type: " + v + "\n")
		}
		for _, k := range keys {
			out.WriteString(k + ": " + b.Headers[k] + "\n")
		}
		out.WriteString("\n")
	}
	text := base64.StdEncoding.EncodeToString(b.Bytes)
	for len(text) > 64 {
		out.WriteString(text[:64] + "\n")
		text = text[64:]
	}
	if text != "" {
		out.WriteString(text + "\n")
	}
	out.WriteString("-----END " + b.Type + "-----\n")
	return out.Bytes()
}

// DecodePEM finds the first well-formed PEM block in data, as encoding/pem's
// Decode does, and returns it and the rest of data (nil and data when there
// is none).
func DecodePEM(data []byte) (*PEMBlock, []byte) {
	rest := data
	for {
		i := bytes.Index(rest, []byte("-----BEGIN "))
		if i < 0 {
			return nil, data
		}
		if i > 0 && rest[i-1] != '\n' {
			rest = rest[i+len("-----BEGIN "):]
			continue
		}
		if b, after, ok := decodeBlock(rest[i:]); ok {
			return b, after
		}
		rest = rest[i+len("-----BEGIN "):]
	}
}

// decodeBlock reads the block data starts with.
func decodeBlock(data []byte) (*PEMBlock, []byte, bool) {
	line, rest := nextLine(data)
	typ, ok := strings.CutPrefix(string(line), "-----BEGIN ")
	if typ, ok = strings.CutSuffix(typ, "-----"); !ok {
		return nil, nil, false
	}
	b := &PEMBlock{Type: typ, Headers: map[string]string{}}
	// Headers: "Key: value" lines up to a blank line; none when the first
	// line has no colon.
	for {
		if len(rest) == 0 {
			return nil, nil, false
		}
		line, next := nextLine(rest)
		key, value, ok := strings.Cut(string(line), ":")
		if !ok {
			break
		}
		b.Headers[strings.TrimSpace(key)] = strings.TrimSpace(value)
		rest = next
	}
	if line, next := nextLine(rest); len(bytes.TrimSpace(line)) == 0 && len(b.Headers) > 0 {
		rest = next
	}
	end := "-----END " + typ + "-----"
	var body []byte
	for len(rest) > 0 {
		line, next := nextLine(rest)
		if t := bytes.TrimRight(line, " \t\r"); string(t) == end {
			text := string(removeSpace(body))
			decoded, err := base64.StdEncoding.DecodeString(text)
			if err != nil {
				return nil, nil, false
			}
			b.Bytes = decoded
			return b, next, true
		}
		body = append(body, line...)
		rest = next
	}
	return nil, nil, false
}

// nextLine splits off the first line, without its \n or \r\n.
func nextLine(data []byte) (line, rest []byte) {
	i := bytes.IndexByte(data, '\n')
	if i < 0 {
		return bytes.TrimRight(data, "\r"), nil
	}
	return bytes.TrimRight(data[:i], "\r"), data[i+1:]
}

func removeSpace(b []byte) []byte {
	out := make([]byte, 0, len(b))
	for _, c := range b {
		if c != ' ' && c != '\t' && c != '\r' && c != '\n' {
			out = append(out, c)
		}
	}
	return out
}
