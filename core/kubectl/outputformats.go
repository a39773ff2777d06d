package kubectl

import (
	"fmt"
	"slices"
	"strings"
)

// The formats real kubectl v1.32 names when -o is not one of them: every
// printer its flags know, whether kubeloop prints it or not, so the list a
// learner reads is the one a real cluster's kubectl gives.
var (
	realGetOutputFormats = []string{"custom-columns", "custom-columns-file", "go-template", "go-template-file",
		"json", "jsonpath", "jsonpath-as-json", "jsonpath-file", "name", "template", "templatefile", "wide", "yaml"}
	realGeneratorOutputFormats = []string{"go-template", "go-template-file", "json", "jsonpath", "jsonpath-as-json",
		"jsonpath-file", "name", "template", "templatefile", "yaml"}
)

// checkOutputFormat refuses an -o format: unknown to kubectl, with kubectl's
// own message and list; known to kubectl but not printed here, saying so and
// naming what is. format is the whole -o value (jsonpath=… included);
// printed are the formats this command prints.
func checkOutputFormat(format string, known, printed []string) error {
	name, _, _ := strings.Cut(format, "=")
	if format == "" || slices.Contains(printed, name) {
		return nil
	}
	if !slices.Contains(known, name) {
		return fmt.Errorf("unable to match a printer suitable for the output format %q, allowed formats are: %s", format, strings.Join(known, ","))
	}
	return fmt.Errorf("-o %s is not simulated by kubeloop's kubectl; it prints -o %s", name, strings.Join(printed, ", -o "))
}
