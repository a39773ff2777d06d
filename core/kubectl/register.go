package kubectl

import "sync"

// register fills kubectl's tables — its commands, their subcommands and
// places in `kubectl`'s command list (their help pages are data the Env
// holds: help.go), printers, describers, rollout viewers — when the first
// command runs, not when the program starts: in the page, that work (and
// the browser compiling its code) came before the cluster could be drawn.
// The tables first, then the files' registrations in file order, as
// package initialisation ran them.
var register = sync.OnceFunc(func() {
	fillPrinters()
	fillImageShells()
	fillSubcommands()
	fillHistoryViewers()
	fillRolloutAnnotationsToKeep()
	fillRollbackers()
	fillStatusViewers()
	registerAPIResources()
	registerAutoscale()
	registerBatch()
	registerCertificate()
	registerCreateConfig()
	registerCreatePolicy()
	registerCreateDeployment()
	registerCreateService()
	registerColumnsAutoscaling()
	registerColumnsConfig()
	registerColumnsNetwork()
	registerColumnsRBAC()
	registerColumnsStorage()
	registerColumnsStorageVersion()
	registerDaemonSet()
	registerDescribeAutoscaling()
	registerDescribePolicy()
	registerDescribeSecret()
	registerDescribeRBAC()
	registerDescribeWorkloads()
	registerExec()
	registerExplain()
	registerLogs()
	registerHelpNodes()
	registerNamespace()
	registerNamespace2()
	registerNodes()
	registerRollout()
	registerRolloutStatefulSet()
	registerRun()
	registerWait()
})
