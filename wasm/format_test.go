//go:build js && wasm

package main

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

func TestFormatElapsed(t *testing.T) {
	for d, want := range map[time.Duration]string{
		0:                                     "0s",
		1250 * time.Millisecond:               "1.25s",
		12345 * time.Millisecond:              "12.3s",
		83*time.Second + 900*time.Millisecond: "1m23s",
		time.Hour + 2*time.Minute + 3*time.Second: "1h2m3s",
	} {
		assert.Equal(t, want, formatElapsed(d), d.String())
	}
}

func TestStatusClass(t *testing.T) {
	for status, want := range map[string]string{
		"Pending": "st-pending", "ContainerCreating": "st-creating", "Init:0/1": "st-creating",
		"Running": "st-running", "Terminating": "st-terminating", "Completed": "st-done",
		"ErrImagePull": "st-error", "ImagePullBackOff": "st-error", "CrashLoopBackOff": "st-error",
	} {
		assert.Equal(t, want, statusClass(status, false), status)
	}
	assert.Equal(t, "st-terminating", statusClass("Running", true), "a pod being deleted is Terminating")
}

func TestSplitPodName(t *testing.T) {
	p, s := splitPodName("nginx-deployment-5bf87f5f59-x7k2p", "nginx-deployment-5bf87f5f59")
	assert.Equal(t, "nginx-deployment-5bf87f5f59-", p)
	assert.Equal(t, "x7k2p", s)
	p, s = splitPodName("web-0", "")
	assert.Equal(t, "", p)
	assert.Equal(t, "web-0", s)
	p, s = splitPodName("web-10", "web")
	assert.Equal(t, "", p, "a StatefulSet pod's ordinal is part of its identity")
	assert.Equal(t, "web-10", s)
}

func TestImageTag(t *testing.T) {
	assert.Equal(t, "nginx:1.7.9", imageTag("nginx:1.7.9"))
	assert.Equal(t, "pause:3.9", imageTag("registry.k8s.io/pause:3.9"))
}
