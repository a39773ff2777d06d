package job

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/kubeloop/kubeloop/core/api"
)

// Indexed Jobs: completion indexes 0 … completions−1, one success each.

const noIndex = -1

func isIndexed(j *api.Job) bool {
	return api.Deref(j.Spec.CompletionMode, api.NonIndexedCompletion) == api.IndexedCompletion
}

// completionIndex reads a pod's batch.kubernetes.io/job-completion-index
// annotation; noIndex when missing or not a number.
func completionIndex(p *api.Pod) int {
	v, ok := p.Annotations[api.JobCompletionIndexKey]
	if !ok {
		return noIndex
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 0 {
		return noIndex
	}
	return n
}

// indexSet is a set of completion indexes.
type indexSet map[int]bool

// parseIndexes reads status.completedIndexes ("0-2,4"), ignoring indexes
// at or past completions.
func parseIndexes(s string, completions int) indexSet {
	out := indexSet{}
	for _, part := range strings.Split(s, ",") {
		if part == "" {
			continue
		}
		first, last, isRange := strings.Cut(part, "-")
		a, err := strconv.Atoi(first)
		if err != nil {
			continue
		}
		b := a
		if isRange {
			if b, err = strconv.Atoi(last); err != nil {
				continue
			}
		}
		for i := a; i <= b && i < completions; i++ {
			out[i] = true
		}
	}
	return out
}

// String writes the set as status.completedIndexes does: ascending,
// consecutive runs as "first-last".
func (s indexSet) String() string {
	ix := make([]int, 0, len(s))
	for i := range s {
		ix = append(ix, i)
	}
	sort.Ints(ix)
	var parts []string
	for i := 0; i < len(ix); {
		j := i
		for j+1 < len(ix) && ix[j+1] == ix[j]+1 {
			j++
		}
		if i == j {
			parts = append(parts, strconv.Itoa(ix[i]))
		} else {
			parts = append(parts, fmt.Sprintf("%d-%d", ix[i], ix[j]))
		}
		i = j + 1
	}
	return strings.Join(parts, ",")
}

// pendingIndexes are the lowest n indexes neither succeeded nor held by a
// pod in the way (active, or terminating when only failed pods are
// replaced).
func pendingIndexes(succeeded indexSet, busy []*api.Pod, completions, n int) []int {
	taken := indexSet{}
	for _, p := range busy {
		taken[completionIndex(p)] = true
	}
	var out []int
	for i := 0; i < completions && len(out) < n; i++ {
		if !succeeded[i] && !taken[i] {
			out = append(out, i)
		}
	}
	return out
}

// addIndex makes pod a pod of index ix: annotation and label, hostname
// <job>-<ix>, and JOB_COMPLETION_INDEX in every container.
func addIndex(p *api.Pod, jobName string, ix int) {
	v := strconv.Itoa(ix)
	if p.Annotations == nil {
		p.Annotations = map[string]string{}
	}
	if p.Labels == nil {
		p.Labels = map[string]string{}
	}
	p.Annotations[api.JobCompletionIndexKey] = v
	p.Labels[api.JobCompletionIndexKey] = v
	p.Spec.Hostname = fmt.Sprintf("%s-%d", jobName, ix)
	env := api.EnvVar{Name: "JOB_COMPLETION_INDEX", ValueFrom: &api.EnvVarSource{FieldRef: &api.ObjectFieldSelector{
		FieldPath: "metadata.annotations['" + api.JobCompletionIndexKey + "']"}}}
	for _, cs := range [][]api.Container{p.Spec.InitContainers, p.Spec.Containers} {
		for i := range cs {
			has := false
			for _, e := range cs[i].Env {
				has = has || e.Name == env.Name
			}
			if !has {
				cs[i].Env = append(cs[i].Env, env)
			}
		}
	}
}
