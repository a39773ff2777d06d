// Package kubectl is kubectl's command line over the simulated cluster: the
// same commands, flags, tables, messages and exit codes a learner meets on
// a real cluster, so that what they type here works unchanged there.
//
// Contract:
//   - Run never panics and never touches the OS: files come from Env.ReadFile,
//     time from the store's simulated clock, and waiting (rollout status,
//     delete --wait) is Env.RunUntil on simulated time. Text kept as data
//     comes from the Env too: the help pages (HelpSource) and explain's
//     descriptions (FieldDocser).
//   - Output goes to Result.Stdout and Result.Stderr exactly as a terminal
//     would show them; every failure is an exit code 1 and a kubectl-worded
//     message on Stderr, never a Go error.
//   - Only a subset of kubectl is here: get (-w too), describe, apply,
//     create -f, delete, scale, set image, label, annotate, patch, rollout
//     status|history|undo|pause|resume|restart, version and help. Anything
//     else is refused in kubectl's own words ("unknown command", "unknown
//     flag"), never silently ignored.
//   - What kubectl does on the client side is done here the same way:
//     rollout history and undo read the ReplicaSets' revision annotations,
//     patches are applied to the object's JSON (strategic merge, JSON merge
//     or JSON patch) and decoded strictly, --record and an existing
//     kubernetes.io/change-cause are kept up to date as kubectl's recorder
//     does.
//   - `get -w` returns a Watch in the Result instead of blocking: the caller
//     polls it for the rows that follow as simulated time moves.
//
// Not for: talking to a real API server. There is no client, no discovery,
// no kubeconfig; the Env is the cluster.
package kubectl
