package kubectl

import (
	"cmp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/kubeloop/kubeloop/core/api"
)

// This file is `kubectl api-resources`: every kind the store serves, from
// api.Kinds, so it cannot drift from what the sandbox accepts.

func registerAPIResources() {
	commands["api-resources"] = runAPIResources
	insertVerb("Other Commands", "api-resources", "version")
	commands["api-versions"] = runAPIVersions
	insertVerb("Other Commands", "api-versions", "version")
}

// apiResourcesOutputFormats are the -o values api-resources prints.
var apiResourcesOutputFormats = []string{"name", "wide"}

// runAPIResources lists the kinds sorted as kubectl does by default: by API
// group (the core group first), then by resource name.
func runAPIResources(c *invocation, args []string) {
	pos, f, ok := c.parse(args, flagDef{long: "namespaced"}, flagDef{long: "no-headers", boolean: true},
		flagDef{long: "output", short: "o"})
	if !ok {
		return
	}
	if len(pos) > 0 {
		c.fail("unexpected arguments: %v\nSee 'kubectl api-resources -h' for help and examples", pos)
		return
	}
	var only *bool
	if s := f.str("namespaced"); s != "" {
		b, err := strconv.ParseBool(s)
		if err != nil {
			c.fail("invalid argument %q for \"--namespaced\" flag: strconv.ParseBool: parsing %q: invalid syntax", s, s)
			return
		}
		only = &b
	}
	output := f.str("output")
	if output != "" && !slices.Contains(apiResourcesOutputFormats, output) {
		c.fail("--output %v is not available", output)
		return
	}
	kinds := slices.Clone(api.Kinds)
	// sort.SliceStable: the sort package's one stable sort serves every
	// element type, where slices' is a copy in the page's binary for each.
	sort.SliceStable(kinds, func(i, j int) bool {
		a, b := kinds[i], kinds[j]
		return cmp.Or(cmp.Compare(a.Group, b.Group), cmp.Compare(a.Resource, b.Resource)) < 0
	})
	var rows [][]string
	if !f.boolean("no-headers") && output != "name" {
		rows = append(rows, []string{"NAME", "SHORTNAMES", "APIVERSION", "NAMESPACED", "KIND"})
	}
	for _, k := range kinds {
		if only != nil && k.Namespaced != *only {
			continue
		}
		if output == "name" {
			name := k.Resource
			if k.Group != "" {
				name += "." + k.Group
			}
			c.printf("%s\n", name)
			continue
		}
		rows = append(rows, []string{k.Resource, strings.Join(k.ShortNames, ","), k.APIVersion(), strconv.FormatBool(k.Namespaced), k.Kind})
	}
	if output != "name" {
		c.out.WriteString(formatTable(rows))
	}
}

// runAPIVersions is `kubectl api-versions`: every group/version the store
// serves a kind of, sorted as kubectl prints them ("v1", the core group,
// last).
func runAPIVersions(c *invocation, args []string) {
	pos, _, ok := c.parse(args)
	if !ok {
		return
	}
	if len(pos) > 0 {
		c.fail("unexpected arguments: %v\nSee 'kubectl api-versions -h' for help and examples", pos)
		return
	}
	var versions []string
	for _, k := range api.Kinds {
		if v := k.APIVersion(); !slices.Contains(versions, v) {
			versions = append(versions, v)
		}
	}
	slices.Sort(versions)
	c.out.WriteString(strings.Join(versions, "\n") + "\n")
}
