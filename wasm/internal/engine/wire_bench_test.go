package engine

import (
	"strings"
	"testing"

	"github.com/kubeloop/kubeloop/core/examples"
)

// A frame of a 1,000-pod scale-up's pods, as the page reads it.
func BenchmarkFrameDecode(b *testing.B) {
	e := New(1)
	e.Start()
	e.Frame()
	e.Do(Request{Op: "apply", Text: strings.Replace(examples.NginxDeployment, "replicas: 3", "replicas: 1000", 1)})
	e.Do(Request{Op: "settle", Seconds: 600})
	e.sent = sentState{} // the next frame carries every pod
	f := e.Frame()
	text, err := (&Post{Frame: &f}).Encode()
	if err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(float64(len(text)), "bytes")
	b.ResetTimer()
	for b.Loop() {
		if _, err := DecodePost(text); err != nil {
			b.Fatal(err)
		}
	}
}
