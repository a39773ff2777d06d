package main

// hunk is a run of lines where the two outputs differ: the oracle's lines
// and kubeloop's between two lines they share.
type hunk struct {
	oracle, ours []string
}

// align matches the two outputs' lines in order (a longest common
// subsequence) and returns how many lines matched and the hunks between.
func align(oracle, ours []string) (matched int, hunks []hunk) {
	n, m := len(oracle), len(ours)
	// lcs[i][j] is the LCS length of oracle[i:] and ours[j:].
	lcs := make([][]int, n+1)
	for i := range lcs {
		lcs[i] = make([]int, m+1)
	}
	for i := n - 1; i >= 0; i-- {
		for j := m - 1; j >= 0; j-- {
			if oracle[i] == ours[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	var cur hunk
	flush := func() {
		if len(cur.oracle)+len(cur.ours) > 0 {
			hunks = append(hunks, cur)
			cur = hunk{}
		}
	}
	i, j := 0, 0
	for i < n || j < m {
		switch {
		case i < n && j < m && oracle[i] == ours[j]:
			flush()
			matched++
			i, j = i+1, j+1
		case j == m || (i < n && lcs[i+1][j] >= lcs[i][j+1]):
			cur.oracle = append(cur.oracle, oracle[i])
			i++
		default:
			cur.ours = append(cur.ours, ours[j])
			j++
		}
	}
	flush()
	return matched, hunks
}
