package api

// ToString is a taint as kubectl writes and takes it — key=value:Effect,
// or key:Effect without a value — as upstream's Taint.ToString. Not
// String: a trace line that formats taints with %v keeps its form.
func (t Taint) ToString() string {
	if t.Value == "" {
		return t.Key + ":" + t.Effect
	}
	return t.Key + "=" + t.Value + ":" + t.Effect
}
