package clusterroleaggregation

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/kubeloop/kubeloop/core/api"
)

// TestRuleKeyAgreesWithDeepEqual: over random rules whose lists are nil,
// empty or hold strings that look like the key's own marks, two rules have
// the same key exactly when reflect.DeepEqual calls them equal — the test
// upstream's aggregation makes of each rule against those collected.
func TestRuleKeyAgreesWithDeepEqual(t *testing.T) {
	words := []string{"", "get", "pods", "-", "[", "[1", " 3:get", "1:a", "a 1:b", "*"}
	r := rand.New(rand.NewPCG(1, 2))
	list := func() []string {
		switch n := r.IntN(4); n {
		case 0:
			return nil
		default:
			l := make([]string, n-1)
			for i := range l {
				l[i] = words[r.IntN(len(words))]
			}
			return l
		}
	}
	rules := make([]api.PolicyRule, 400)
	for i := range rules {
		rules[i] = api.PolicyRule{Verbs: list(), APIGroups: list(), Resources: list(), ResourceNames: list(), NonResourceURLs: list()}
	}
	rules = append(rules, rules[7], api.PolicyRule{}, api.PolicyRule{Verbs: []string{}}, api.PolicyRule{Verbs: []string{""}})
	equal := 0
	for i := range rules {
		for j := range rules {
			same := reflect.DeepEqual(rules[i], rules[j])
			if same && i != j {
				equal++
			}
			if got := ruleKey(rules[i]) == ruleKey(rules[j]); got != same {
				t.Fatalf("rules %d and %d: same key %v, DeepEqual %v\n%#v\n%#v", i, j, got, same, rules[i], rules[j])
			}
		}
	}
	if equal == 0 {
		t.Fatal("no two distinct rules were equal: the test compared nothing but differences")
	}
}
