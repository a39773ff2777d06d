// Package kubectl is kubectl's command line over the simulated cluster: the
// same commands, flags, tables, messages and exit codes a learner meets on
// a real cluster, so that what they type here works unchanged there.
//
// Contract:
//   - Run never panics and never touches the OS: files come from Env.ReadFile,
//     time from the store's simulated clock, and waiting (rollout status,
//     delete --wait) is Env.RunUntil on simulated time.
//   - Output goes to Result.Stdout and Result.Stderr exactly as a terminal
//     would show them; every failure is an exit code 1 and a kubectl-worded
//     message on Stderr, never a Go error.
//   - Only a subset of kubectl is here (get, apply, create -f, delete, scale,
//     set image, rollout status, version). Anything else is refused with
//     kubectl's own "unknown command" wording.
//
// Not for: talking to a real API server. There is no client, no discovery,
// no kubeconfig; the Env is the cluster.
package kubectl
