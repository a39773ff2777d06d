package kubectl

// The help pages of the node maintenance verbs (nodes.go), and their group
// in `kubectl`'s command list, where kubectl puts them.

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
	helpTexts["cordon"] = helpText{
		short:   "Mark node as unschedulable",
		long:    "Mark node as unschedulable.",
		example: "  # Mark node \"foo\" as unschedulable\n  kubectl cordon foo",
		usage:   "kubectl cordon NODE [options]",
	}
	helpTexts["uncordon"] = helpText{
		short:   "Mark node as schedulable",
		long:    "Mark node as schedulable.",
		example: "  # Mark node \"foo\" as schedulable\n  kubectl uncordon foo",
		usage:   "kubectl uncordon NODE [options]",
	}
	helpTexts["drain"] = helpText{
		short: "Drain node in preparation for maintenance",
		long: "Drain node in preparation for maintenance.\n\n The given node will be marked unschedulable to prevent new pods from arriving. 'drain' evicts the pods if the API server supports https://kubernetes.io/docs/concepts/workloads/pods/disruptions/ eviction. " +
			"Otherwise, it will use normal DELETE to delete the pods. The 'drain' evicts or deletes all pods except mirror pods (which cannot be deleted through the API server). " +
			"If there are daemon set-managed pods, drain will not proceed without --ignore-daemonsets, and regardless it will not delete any daemon set-managed pods, because those pods would be immediately replaced by the daemon set controller, which ignores unschedulable markings.",
		example: "  # Drain node \"foo\", even if there are pods not managed by a replication controller, replica set, job, daemon set, or stateful set on it\n  kubectl drain foo --force",
		options: opt("--delete-emptydir-data=false", "Continue even if there are pods using emptyDir (local data that will be deleted when the node is drained).") +
			opt("--force=false", "Continue even if there are pods that do not declare a controller.") +
			opt("--grace-period=-1", "Period of time in seconds given to each pod to terminate gracefully. If negative, the default value specified in the pod will be used.") +
			opt("--ignore-daemonsets=false", "Ignore DaemonSet-managed pods.") +
			opt("--timeout=0s", "The length of time to wait before giving up, zero means infinite"),
		usage: "kubectl drain NODE [options]",
	}
	helpTexts["taint"] = helpText{
		short: "Update the taints on one or more nodes",
		long: "Update the taints on one or more nodes.\n\n  *  A taint consists of a key, value, and effect. As an argument here, it is expressed as key=value:effect.\n" +
			"  *  The key must begin with a letter or number, and may contain letters, numbers, hyphens, dots, and underscores, up to 253 characters.\n" +
			"  *  The effect must be NoSchedule, PreferNoSchedule or NoExecute.",
		example: "  # Update node 'foo' with a taint with key 'dedicated' and value 'special-user' and effect 'NoSchedule'\n" +
			"  # If a taint with that key and effect already exists, its value is replaced as specified\n" +
			"  kubectl taint nodes foo dedicated=special-user:NoSchedule\n  \n" +
			"  # Remove from node 'foo' the taint with key 'dedicated' and effect 'NoSchedule' if one exists\n" +
			"  kubectl taint nodes foo dedicated:NoSchedule-",
		options: opt("--overwrite=false", "If true, allow taints to be overwritten, otherwise reject taint updates that overwrite existing taints."),
		usage:   "kubectl taint NODE NAME KEY_1=VAL_1:TAINT_EFFECT_1 ... KEY_N=VAL_N:TAINT_EFFECT_N [options]",
	}
}
