package kubectl

// The group of the node maintenance verbs (nodes.go) in `kubectl`'s command
// list, where kubectl puts it.

func registerHelpNodes() {
	group := struct {
		title string
		verbs []string
	}{"Cluster Management Commands", []string{"certificate", "cordon", "uncordon", "drain", "taint"}}
	for i, g := range helpGroups {
		if g.title == "Troubleshooting and Debugging Commands" {
			helpGroups = append(helpGroups[:i], append([]struct {
				title string
				verbs []string
			}{group}, helpGroups[i:]...)...)
			break
		}
	}
}
