package main

import (
	"regexp"
	"strings"
)

// What cannot agree between two clusters, and only that, is normalized
// away before lines are compared: each rule below names a value a cluster
// chooses for itself (time, randomness, addresses) or that the two set-ups
// differ in by construction. Names, columns, messages and their order are
// never touched — those are what the comparison measures. (A ReplicaSet's
// pod-template-hash is part of its name and is compared.)
var rules = []struct {
	why  string
	re   *regexp.Regexp
	with string
}{
	{"timestamps (RFC 3339, and describe's RFC 1123 form)",
		regexp.MustCompile(`\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z|[A-Z][a-z]{2}, \d\d [A-Z][a-z]{2} \d{4} \d\d:\d\d:\d\d [-+]\d{4}`), "<time>"},
	{"UIDs, and the leader identities and lease holders built from them",
		regexp.MustCompile(`[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}`), "<uid>"},
	{"IPv4 addresses (pod, service and node IPs are allocated)",
		regexp.MustCompile(`\b\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}\b`), "<ip>"},
	{"the API server's port: 16443 on the oracle (its ports must be 16000-16999), 6443 in kubeloop and kind",
		regexp.MustCompile(`\b16443\b`), "6443"},
	{"random name suffixes (pods of a ReplicaSet, Job, DaemonSet; generateName; the token volume)",
		regexp.MustCompile(`-[bcdfghjklmnpqrstvwxz2456789]{5}\b`), "-<sfx>"},
	{"ages and durations (AGE, LAST SEEN, 'in 2.1s', '(x3 over 40s)')",
		regexp.MustCompile(`\b\d+(\.\d+)?(ms|s|m|h|d)(\d+(\.\d+)?(ms|s|m|h))*\b|<invalid>`), "<age>"},
	{"resource versions",
		regexp.MustCompile(`(resourceVersion"?: ?"?)\d+`), "${1}<rv>"},
	{"runs of spaces: a column's width follows its widest cell, an age among them",
		regexp.MustCompile(` {2,}`), " "},
}

// normalize applies the rules to each line and drops trailing spaces.
func normalize(text string) []string {
	lines := strings.Split(strings.TrimRight(text, "\n"), "\n")
	for i, l := range lines {
		for _, r := range rules {
			l = r.re.ReplaceAllString(l, r.with)
		}
		lines[i] = strings.TrimRight(l, " ")
	}
	return lines
}
