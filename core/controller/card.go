package controller

// Card is what the page tells a learner about one controller of
// kube-controller-manager: what its loop watches and does, in both of the
// page's languages, and a ready example that makes the loop visibly work.
//
// Each controller package exports its card as `var Card = controller.Card{…}`;
// core/cluster gathers them into the catalog the page and the README's
// controller table are generated from, so the list cannot drift from the
// code.
type Card struct {
	// Name is the controller's name in kube-controller-manager's
	// --controllers flag, canonical since v1.28: "replicaset-controller",
	// "garbage-collector-controller" (core/cluster.UpstreamName also
	// accepts the old alias or the name without "-controller").
	Name string
	// Package is the Go package that implements it ("controllers/replicaset").
	Package string
	// Title is a short heading; Summary two or three sentences on what the
	// loop observes, what it compares and what it does.
	Title, Summary Text
	// Example is a manifest (or kubectl/sim commands, one per line, each
	// starting with "kubectl " or "sim ") that shows the loop converge.
	Example string
}

// Text is one piece of page text in English and Simplified Chinese.
type Text struct {
	En, Zh string
}
