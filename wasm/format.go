//go:build js && wasm

package main

import (
	"strconv"
	"strings"
	"time"

	"github.com/kubeloop/kubeloop/wasm/internal/engine"
)

// formatElapsed prints simulated time for people, as the clock shows it
// (engine.ClockShown): "0s", "1.25s", "12.3s", "1m23s", "1h2m3s".
func formatElapsed(d time.Duration) string { return engine.ClockShown(d).String() }

// statusClass maps kubectl's STATUS of a pod to the colour of its card.
func statusClass(status string, deleting bool) string {
	switch {
	case deleting || status == "Terminating":
		return "st-terminating"
	case status == "Running":
		return "st-running"
	case status == "Pending":
		return "st-pending"
	case status == "ContainerCreating" || status == "PodInitializing" || strings.HasPrefix(status, "Init:"):
		return "st-creating"
	case status == "Completed" || status == "Succeeded":
		return "st-done"
	}
	return "st-error" // ErrImagePull, ImagePullBackOff, CrashLoopBackOff, Error, Failed, Unknown, …
}

// splitPodName cuts a generated pod name after its owner's prefix, so the
// page can stress the random part: "nginx-deployment-5bf87f5f59-x7k2p" with
// owner "nginx-deployment-5bf87f5f59" → ("nginx-deployment-5bf87f5f59-", "x7k2p").
// A StatefulSet's pods keep their whole name: "web-0" is an identity, not
// a random suffix.
func splitPodName(name, owner string) (prefix, suffix string) {
	if owner != "" && strings.HasPrefix(name, owner+"-") {
		rest := name[len(owner)+1:]
		if strings.Trim(rest, "0123456789") == "" {
			return "", name
		}
		return owner + "-", rest
	}
	return "", name
}

// imageTag is the part of an image reference a learner compares: the tag
// ("nginx:1.7.9" → "nginx:1.7.9", "registry.k8s.io/pause:3.9" → "pause:3.9").
func imageTag(image string) string {
	if i := strings.LastIndexByte(image, '/'); i >= 0 {
		return image[i+1:]
	}
	return image
}

func itoa64(n int64) string { return strconv.FormatInt(n, 10) }
