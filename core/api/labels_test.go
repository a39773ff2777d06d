package api_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/api"
)

func TestLabelSelectorMatches(t *testing.T) {
	web := map[string]string{"app": "web", "tier": "frontend"}
	db := map[string]string{"app": "db", "tier": "backend", "legacy": "true"}
	none := map[string]string{}
	for _, tc := range []struct {
		name     string
		selector api.LabelSelector
		matches  []map[string]string
		misses   []map[string]string
	}{
		{"matchLabels", api.LabelSelector{MatchLabels: map[string]string{"app": "web"}},
			[]map[string]string{web}, []map[string]string{db, none}},
		{"matchLabels all must hold", api.LabelSelector{MatchLabels: map[string]string{"app": "web", "tier": "backend"}},
			nil, []map[string]string{web, db}},
		{"In", api.LabelSelector{MatchExpressions: []api.LabelSelectorRequirement{{Key: "tier", Operator: api.OpIn, Values: []string{"frontend", "cache"}}}},
			[]map[string]string{web}, []map[string]string{db, none}},
		{"NotIn matches a missing key", api.LabelSelector{MatchExpressions: []api.LabelSelectorRequirement{{Key: "tier", Operator: api.OpNotIn, Values: []string{"frontend"}}}},
			[]map[string]string{db, none}, []map[string]string{web}},
		{"Exists", api.LabelSelector{MatchExpressions: []api.LabelSelectorRequirement{{Key: "legacy", Operator: api.OpExists}}},
			[]map[string]string{db}, []map[string]string{web, none}},
		{"DoesNotExist", api.LabelSelector{MatchExpressions: []api.LabelSelectorRequirement{{Key: "legacy", Operator: api.OpDoesNotExist}}},
			[]map[string]string{web, none}, []map[string]string{db}},
		{"labels and expressions together", api.LabelSelector{
			MatchLabels:      map[string]string{"app": "db"},
			MatchExpressions: []api.LabelSelectorRequirement{{Key: "tier", Operator: api.OpIn, Values: []string{"backend"}}}},
			[]map[string]string{db}, []map[string]string{web, none}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := tc.selector.AsSelector()
			require.NoError(t, err)
			for _, l := range tc.matches {
				assert.True(t, s.Matches(l), "%v should match %v", s, l)
			}
			for _, l := range tc.misses {
				assert.False(t, s.Matches(l), "%v should not match %v", s, l)
			}
		})
	}
}

// A nil selector selects nothing and an empty one everything, as
// metav1.LabelSelectorAsSelector does: a controller with no selector must
// not adopt every pod.
func TestNilSelectorMatchesNothingEmptyMatchesEverything(t *testing.T) {
	var nilSel *api.LabelSelector
	s, err := nilSel.AsSelector()
	require.NoError(t, err)
	assert.False(t, s.Matches(map[string]string{"app": "web"}))
	assert.False(t, s.Matches(nil))
	assert.False(t, s.Empty())

	s, err = (&api.LabelSelector{}).AsSelector()
	require.NoError(t, err)
	assert.True(t, s.Matches(map[string]string{"app": "web"}))
	assert.True(t, s.Matches(nil))
	assert.True(t, s.Empty())

	assert.True(t, api.Everything().Matches(nil))
	assert.False(t, api.Nothing().Matches(nil))
}

func TestLabelSelectorRejectsBadExpressions(t *testing.T) {
	for _, tc := range []struct {
		req  api.LabelSelectorRequirement
		want string
	}{
		{api.LabelSelectorRequirement{Key: "a", Operator: api.OpIn}, "values: Required value: must be specified when `operator` is 'In' or 'NotIn'"},
		{api.LabelSelectorRequirement{Key: "a", Operator: api.OpNotIn}, "values: Required value"},
		{api.LabelSelectorRequirement{Key: "a", Operator: api.OpExists, Values: []string{"x"}}, "values: Forbidden: may not be specified when `operator` is 'Exists' or 'DoesNotExist'"},
		{api.LabelSelectorRequirement{Key: "a", Operator: "Equals", Values: []string{"x"}}, `operator: Unsupported value: "Equals": supported values: "In", "NotIn", "Exists", "DoesNotExist"`},
	} {
		_, err := (&api.LabelSelector{MatchExpressions: []api.LabelSelectorRequirement{tc.req}}).AsSelector()
		if assert.Error(t, err, "%+v", tc.req) {
			assert.Contains(t, err.Error(), tc.want)
		}
	}
}

func TestParseSelectorReadsKubectlSyntax(t *testing.T) {
	labels := map[string]string{"app": "web", "tier": "frontend", "env": "prod"}
	for _, tc := range []struct {
		text    string
		matches bool
		str     string // String() of the parsed selector
	}{
		{"app=web", true, "app=web"},
		{"app==web", true, "app=web"},
		{"app = web", true, "app=web"},
		{"app!=web", false, "app!=web"},
		{"app!=db", true, "app!=db"},
		{"missing!=x", true, "missing!=x"},
		{"app=web,tier=frontend", true, "app=web,tier=frontend"},
		{"app=web, tier=backend", false, "app=web,tier=backend"},
		{"env in (prod,staging)", true, "env in (prod,staging)"},
		{"env in (staging, prod)", true, "env in (prod,staging)"}, // values sorted
		{"env notin (prod)", false, "env notin (prod)"},
		{"app=web,env notin (dev)", true, "app=web,env notin (dev)"},
		{"tier", true, "tier"},
		{"!tier", false, "!tier"},
		{"!missing", true, "!missing"},
		{"", true, ""},
	} {
		t.Run(tc.text, func(t *testing.T) {
			s, err := api.ParseSelector(tc.text)
			require.NoError(t, err)
			assert.Equal(t, tc.matches, s.Matches(labels))
			assert.Equal(t, tc.str, s.String())
		})
	}
}

func TestParseSelectorErrors(t *testing.T) {
	for _, text := range []string{"=web", "!", "app in prod", "app within (a)", "in (a)"} {
		_, err := api.ParseSelector(text)
		if assert.Error(t, err, "%q", text) {
			assert.Contains(t, err.Error(), "unable to parse requirement", "%q", text)
		}
	}
}

// String of a manifest selector is what `kubectl get -o wide` prints in its
// SELECTOR column.
func TestSelectorStringFromLabelSelector(t *testing.T) {
	// Keys chosen so that the order is the same whether requirements are
	// sorted by key (upstream) or matchLabels come first (see the report
	// on api.Selector ordering).
	s, err := (&api.LabelSelector{
		MatchLabels: map[string]string{"app": "web"},
		MatchExpressions: []api.LabelSelectorRequirement{
			{Key: "env", Operator: api.OpNotIn, Values: []string{"dev", "ci"}},
			{Key: "zone", Operator: api.OpDoesNotExist},
		},
	}).AsSelector()
	require.NoError(t, err)
	assert.Equal(t, "app=web,env notin (ci,dev),!zone", s.String())
	assert.Equal(t, "app=web", api.SelectorFromSet(map[string]string{"app": "web"}).String())
}

func TestSelectorMatchesTemplate(t *testing.T) {
	tmpl := map[string]string{"app": "nginx", "track": "stable"}
	assert.True(t, api.SelectorMatchesTemplate(&api.LabelSelector{MatchLabels: map[string]string{"app": "nginx"}}, tmpl))
	assert.False(t, api.SelectorMatchesTemplate(&api.LabelSelector{MatchLabels: map[string]string{"app": "web"}}, tmpl))
	assert.False(t, api.SelectorMatchesTemplate(&api.LabelSelector{}, tmpl), "an empty selector is invalid for a workload")
	assert.False(t, api.SelectorMatchesTemplate(nil, tmpl))
}

// TestSelectorImplies: a selector implies a label set when it requires
// each of its labels with that one value.
func TestSelectorImplies(t *testing.T) {
	sel := func(ls *api.LabelSelector) api.Selector {
		s, err := ls.AsSelector()
		require.NoError(t, err)
		return s
	}
	rs := sel(&api.LabelSelector{MatchLabels: map[string]string{"app": "web", "pod-template-hash": "abc"}})
	assert.True(t, rs.Implies(map[string]string{"app": "web", "pod-template-hash": "abc"}))
	assert.True(t, rs.Implies(map[string]string{"app": "web"}))
	assert.True(t, rs.Implies(nil))
	assert.False(t, rs.Implies(map[string]string{"app": "web", "tier": "front"}), "tier is not required")
	assert.False(t, rs.Implies(map[string]string{"app": "db"}))
	in := sel(&api.LabelSelector{MatchExpressions: []api.LabelSelectorRequirement{
		{Key: "app", Operator: api.OpIn, Values: []string{"web"}},
		{Key: "tier", Operator: api.OpIn, Values: []string{"a", "b"}},
		{Key: "env", Operator: api.OpExists}}})
	assert.True(t, in.Implies(map[string]string{"app": "web"}))
	assert.False(t, in.Implies(map[string]string{"tier": "a"}), "tier may be b")
	assert.False(t, in.Implies(map[string]string{"env": "prod"}), "env may have any value")
}
