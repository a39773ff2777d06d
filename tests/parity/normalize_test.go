package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestNormalizeKeepsNamesAndMessages(t *testing.T) {
	got := normalize(`NAME                     READY   STATUS    RESTARTS   AGE   IP           NODE
web-7b84c5f95f-x2k9q     1/1     Running   0          12s   10.244.1.2   node-1
  Normal  Pulled     3s (x2 over 40s)  kubelet  Successfully pulled image "nginx:1.25" in 1.234s (1.234s including waiting). Image size: 72080558 bytes.
  uid: 5f0c3c1e-2b6b-4a53-9d43-0c3f6f0f1a2b
  resourceVersion: "4711"
Start Time:       Sat, 05 Dec 2026 14:38:38 +0000
holder: control-plane-1_5f0c3c1e-2b6b-4a53-9d43-0c3f6f0f1a2b
`)
	assert.Equal(t, []string{
		"NAME READY STATUS RESTARTS AGE IP NODE",
		"web-7b84c5f95f-<sfx> 1/1 Running 0 <age> <ip> node-1",
		` Normal Pulled <age> (x2 over <age>) kubelet Successfully pulled image "nginx:1.25" in <age> (<age> including waiting). Image size: 72080558 bytes.`,
		" uid: <uid>",
		` resourceVersion: "<rv>"`,
		"Start Time: <time>",
		"holder: control-plane-1_<uid>",
	}, got)
}

func TestAgreementCountsLinesInOrder(t *testing.T) {
	oracle := []string{"a", "b", "c", "d"}
	ours := []string{"a", "x", "c", "d", "e"}
	matched, hunks := align(oracle, ours)
	assert.Equal(t, 3, matched)
	assert.Equal(t, []hunk{{oracle: []string{"b"}, ours: []string{"x"}}, {ours: []string{"e"}}}, hunks)
}
