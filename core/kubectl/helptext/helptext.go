// Package helptext is kubectl's help pages as data: what `kubectl COMMAND
// --help` says about each command, read from site/data/kubectl-help.json.
// The text stays out of the page's binary: a host reads the file (native
// hosts through package site/data, the page when it has loaded it) and
// hands the Pages to its cluster, where kubectl asks for them
// (kubectl.HelpSource). Package kubectl lays a page out as kubectl does;
// which commands exist, their groups and subcommands, is kubectl's code.
//
// It is a package of its own so that site/data can parse the file without
// importing kubectl.
package helptext

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/kubeloop/kubeloop/core/apijson"
)

// Pages are the help pages by command path: "get", "rollout undo",
// "create service clusterip". Hosts share one Pages between clusters:
// nothing writes to it once parsed.
type Pages map[string]Page

// Page is one command's help, in kubectl's wording for the part of the
// command kubeloop runs.
type Page struct {
	// Short is the command's line in its parent's list of commands.
	Short string `json:"short"`
	// Long opens the page: paragraphs separated by a blank line, each
	// after the first starting with a space, as kubectl's templates leave
	// them.
	Long string `json:"long"`
	// Example is the Examples section, each line indented by two spaces.
	Example string `json:"example,omitempty"`
	// Options are the flags kubeloop supports, in the order kubectl
	// lists them.
	Options []Option `json:"options,omitempty"`
	// Usage follows "Usage:".
	Usage string `json:"usage"`
}

// Option is one flag of a page: the flag as kubectl lists it, with its
// short form and default ("-r, --replicas=1"), and what it does. In the
// file it is a pair: ["--overwrite=false", "If true, …"].
type Option struct {
	Flag, Text string
}

// UnmarshalJSON reads the pair.
func (o *Option) UnmarshalJSON(b []byte) error {
	var pair []string
	if err := apijson.Unmarshal(b, &pair); err != nil {
		return err
	}
	if len(pair) != 2 {
		return fmt.Errorf("an option is a pair [flag, text], not %d strings", len(pair))
	}
	o.Flag, o.Text = pair[0], pair[1]
	return nil
}

// Parse reads the data file, which people edit by hand: a field it does not
// know is an error, and so is a page without its short line, text or usage,
// or with an option that is not a flag and its text (that error names the
// page).
func Parse(text []byte) (Pages, error) {
	var p Pages
	if err := apijson.Decode(text, &p, apijson.Options{DisallowUnknownFields: true}); err != nil {
		return nil, err
	}
	if len(p) == 0 {
		return nil, errors.New("no help pages")
	}
	for _, path := range slices.Sorted(maps.Keys(p)) {
		if err := p[path].check(); err != nil {
			return nil, fmt.Errorf("%q: %w", path, err)
		}
	}
	return p, nil
}

func (pg Page) check() error {
	for _, f := range [...]struct{ name, text string }{{"short", pg.Short}, {"long", pg.Long}, {"usage", pg.Usage}} {
		if f.text == "" {
			return fmt.Errorf("%q is missing", f.name)
		}
	}
	for _, o := range pg.Options {
		if !strings.HasPrefix(o.Flag, "-") || o.Text == "" {
			return fmt.Errorf("option %q: a flag (-x, --name=default) and its text", o.Flag)
		}
	}
	return nil
}
