package api

import (
	"bytes"
	"encoding/base64"
	"sort"
)

// PEMBlock is one PEM block: what CertificateSigningRequests carry and the
// simulated signer issues. encoding/pem does the same job; this is the
// part kubeloop uses, held to encoding/pem by FuzzPEMAgreesWithEncodingPEM,
// so that the rest stays out of the page's WebAssembly.
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
// is none). Like encoding/pem it looks for the first END line and then the
// last BEGIN line before it, so that BEGIN lines without an END are
// skipped, and a block that is not well-formed sends it on past that END.
func DecodePEM(data []byte) (*PEMBlock, []byte) {
	const begin, end, dashes = "-----BEGIN ", "\n-----END ", "-----"
	rest := data
	next := 0 // where the search resumes: past the END line last tried
	for {
		if next < 0 || next > len(rest) {
			return nil, data
		}
		rest = rest[next:]
		endAt := bytes.Index(rest, []byte(end))
		if endAt < 0 {
			return nil, data
		}
		next = endAt + len(end)
		beginAt := bytes.LastIndex(rest[:endAt], []byte(begin))
		if beginAt < 0 || beginAt > 0 && rest[beginAt-1] != '\n' {
			continue
		}
		// From here on, endAt and next count from the start of rest.
		skip := beginAt + len(begin)
		rest, endAt, next = rest[skip:], endAt-skip, next-skip
		typeLine, after, n := pemLine(rest)
		rest, endAt, next = after, endAt-n, next-n
		typ, ok := bytes.CutSuffix(typeLine, []byte(dashes))
		if !ok {
			continue
		}
		b := &PEMBlock{Type: string(typ), Headers: map[string]string{}}
		for {
			if len(rest) == 0 {
				return nil, data
			}
			line, after, n := pemLine(rest)
			key, value, ok := bytes.Cut(line, []byte(":"))
			if !ok {
				break
			}
			b.Headers[string(bytes.TrimSpace(key))] = string(bytes.TrimSpace(value))
			rest, endAt, next = after, endAt-n, next-n
		}
		if len(b.Headers) > 0 && endAt < 0 {
			continue // headers ran into the END line
		}
		// The END line: the type, five dashes, then only spaces.
		trailer := rest[next:]
		if len(trailer) < len(typ)+len(dashes) {
			continue
		}
		if !bytes.HasPrefix(trailer, typ) || !bytes.HasPrefix(trailer[len(typ):], []byte(dashes)) {
			continue
		}
		if s, _, _ := pemLine(trailer[len(typ)+len(dashes):]); len(s) != 0 {
			continue
		}
		b.Bytes = []byte{}
		if endAt > 0 {
			decoded, err := base64.StdEncoding.DecodeString(string(withoutSpacesAndTabs(rest[:endAt])))
			if err != nil {
				continue
			}
			b.Bytes = decoded
		}
		// endAt is the END line's newline, or just before the END line when
		// the block is empty and that newline ended the BEGIN line.
		_, rest, _ = pemLine(rest[endAt+len(end)-1:])
		return b, rest
	}
}

// pemLine splits off the first line: without its \n (or \r\n) and
// trailing spaces and tabs, the rest, and how many bytes it took.
func pemLine(data []byte) (line, rest []byte, consumed int) {
	i := bytes.IndexByte(data, '\n')
	j := i + 1
	if i < 0 {
		i, j = len(data), len(data)
	} else if i > 0 && data[i-1] == '\r' {
		i--
	}
	return bytes.TrimRight(data[:i], " \t"), data[j:], j
}

// withoutSpacesAndTabs drops what base64 would refuse between the lines;
// it skips \r and \n itself.
func withoutSpacesAndTabs(b []byte) []byte {
	out := make([]byte, 0, len(b))
	for _, c := range b {
		if c != ' ' && c != '\t' {
			out = append(out, c)
		}
	}
	return out
}
