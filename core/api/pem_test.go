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
// no input makes DecodePEM panic or find a block encoding/pem does not.
func FuzzPEMAgreesWithEncodingPEM(f *testing.F) {
	f.Add("CERTIFICATE", "Not-After", "2027-01-01T00:00:00Z", []byte("kubeloop simulated certificate"), []byte(opensslCSR))
	f.Add("X", "", "", []byte{}, []byte("-----BEGIN X-----\n-----END X-----\n"))
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
		if gj, _ := api.DecodePEM(junk); gj != nil {
			wj, _ := pem.Decode(junk)
			require.NotNil(t, wj, "found a block encoding/pem does not: %q", junk)
			require.Equal(t, wj.Type, gj.Type)
			require.Equal(t, string(wj.Bytes), string(gj.Bytes))
		}
	})
}
