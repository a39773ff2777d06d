package kubectl

// createCommands holds `kubectl create KIND NAME …` generators (job,
// cronjob, …) by the word after "create". A kind's file registers its own
// in its register function (register.go); runCreate dispatches to them
// before parsing -f.
var createCommands = map[string]func(c *invocation, args []string){}
