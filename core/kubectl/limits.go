package kubectl

import "fmt"

// MaxCommandLine is the longest command line Run accepts (64 KiB): far
// beyond anything typed, short enough that a runaway paste into the
// terminal is refused at once. Manifests belong in stdin (-f -), which the
// YAML decoder bounds on its own.
const MaxCommandLine = 64 << 10

// checkCommandLine refuses a line over MaxCommandLine before splitting it.
func checkCommandLine(line string) error {
	if len(line) <= MaxCommandLine {
		return nil
	}
	return CommandLineError(len(line))
}

// CommandLineError is Run's refusal of a line of n bytes, over
// MaxCommandLine, for a caller that knows the size before it holds the
// line; Run prints it as "error: …".
func CommandLineError(n int) error {
	return fmt.Errorf("the command line is %.1f KiB; kubeloop's terminal accepts at most 64 KiB per command (put long input in a manifest and use -f -)",
		float64(n)/1024)
}
