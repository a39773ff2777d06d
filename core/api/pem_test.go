package api_test

import (
	"encoding/pem"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/api"
)

// A CSR as openssl writes it, with text around it and CRLF line ends.
const opensslCSR = "subject=CN=jane\r\n-----BEGIN CERTIFICATE REQUEST-----\r\nMIICVjCCAT4CAQAwETEPMA0GA1UEAwwGamFuZQ==\r\n-----END CERTIFICATE REQUEST-----\r\ntrailer\r\n"

func TestPEMAgainstEncodingPEM(t *testing.T) {
	for _, text := range []string{
		opensslCSR,
		"-----BEGIN CERTIFICATE-----\nNot-After: 2027-01-01T00:00:00Z\nProc-Type: 4,ENCRYPTED\n\naGVsbG8=\n-----END CERTIFICATE-----\n",
		"-----BEGIN X-----\n-----END X-----\n",
		"no block here",
		"-----BEGIN X-----\naGVsbG8=\n-----END Y-----\n",
		"-----BEGIN X-----\n!!!\n-----END X-----\n",
		"x-----BEGIN X-----\naGVsbG8=\n-----END X-----\n",
	} {
		want, wantRest := pem.Decode([]byte(text))
		got, gotRest := api.DecodePEM([]byte(text))
		if want == nil {
			assert.Nil(t, got, "%q", text)
			continue
		}
		require.NotNil(t, got, "%q", text)
		assert.Equal(t, want.Type, got.Type, "%q", text)
		assert.Equal(t, want.Bytes, got.Bytes, "%q", text)
		assert.Equal(t, want.Headers, got.Headers, "%q", text)
		assert.Equal(t, string(wantRest), string(gotRest), "%q", text)
	}
}

// FuzzPEMAgreesWithEncodingPEM: encoding is byte for byte encoding/pem's,
// decoding what was encoded gives the block back as encoding/pem does, and
// on any input DecodePEM finds the block encoding/pem finds, or none when
// it finds none, and leaves the same rest.
func FuzzPEMAgreesWithEncodingPEM(f *testing.F) {
	f.Add("CERTIFICATE", "Not-After", "2027-01-01T00:00:00Z", []byte("kubeloop simulated certificate"), []byte(opensslCSR))
	f.Add("X", "", "", []byte{}, []byte("-----BEGIN X-----\n-----END X-----\n"))
	f.Add("X", "", "", []byte{}, []byte("-----BEGIN A-----\n-----BEGIN X-----\nAQ==\n-----END X-----\nafter"))
	f.Add("X", "", "", []byte{}, []byte("-----BEGIN X-----\nK: v\n\nAQ==\n-----END X-----  \r\n-----BEGIN Y-----\n-----END Y-----"))
	f.Fuzz(func(t *testing.T, typ, key, value string, body, junk []byte) {
		if strings.ContainsAny(typ+key+value, "\r\n:-") || strings.TrimSpace(key) != key || strings.TrimSpace(value) != value {
			return // what encoding/pem itself cannot round-trip
		}
		b := &pem.Block{Type: typ, Bytes: body}
		ours := &api.PEMBlock{Type: typ, Bytes: body}
		if key != "" {
			b.Headers = map[string]string{key: value}
			ours.Headers = map[string]string{key: value}
		}
		want := pem.EncodeToMemory(b)
		if want == nil {
			return
		}
		got := api.EncodePEM(ours)
		require.Equal(t, string(want), string(got))
		wb, _ := pem.Decode(want)
		gb, _ := api.DecodePEM(got)
		if wb == nil {
			require.Nil(t, gb)
		} else {
			require.NotNil(t, gb)
			require.Equal(t, wb.Type, gb.Type)
			require.Equal(t, string(wb.Bytes), string(gb.Bytes))
		}
		gj, grest := api.DecodePEM(junk)
		wj, wrest := pem.Decode(junk)
		if wj == nil {
			require.Nil(t, gj, "found a block encoding/pem does not: %q", junk)
			return
		}
		require.NotNil(t, gj, "missed the block encoding/pem finds: %q", junk)
		require.Equal(t, wj.Type, gj.Type)
		require.Equal(t, wj.Headers, gj.Headers)
		require.Equal(t, string(wj.Bytes), string(gj.Bytes))
		require.Equal(t, string(wrest), string(grest), "the rest after the block")
	})
}
