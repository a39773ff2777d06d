package textcat

import (
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func catalog(t *testing.T, formats map[string]string) *Catalog {
	t.Helper()
	c, err := New(formats)
	require.NoError(t, err)
	return c
}

func TestTranslateMatchesVerbsAndLiterals(t *testing.T) {
	c := catalog(t, map[string]string{
		"spec.replicas=%d, pods=%d (%d Pending)": "spec.replicas=%d，Pod=%d（%d 个 Pending）",
		"requeue after %s":                       "%s 后重新入队",
		"schedule %q: nothing due":               "计划 %q：没有到期的运行",
		"ratio %.2f":                             "比值 %.2f",
	})
	for in, want := range map[string]string{
		"spec.replicas=3, pods=2 (1 Pending)": "spec.replicas=3，Pod=2（1 个 Pending）",
		"requeue after 5s":                    "5s 后重新入队",
		`schedule "*/1 * * * *": nothing due`: `计划 "*/1 * * * *"：没有到期的运行`,
		"ratio 1.25":                          "比值 1.25",
	} {
		got, ok := c.Translate(in)
		assert.True(t, ok, in)
		assert.Equal(t, want, got)
	}
	for _, in := range []string{"spec.replicas=x, pods=2 (1 Pending)", "requeue after", "ratio -", "done"} {
		got, ok := c.Translate(in)
		assert.False(t, ok, in)
		assert.Equal(t, in, got, "a line no format matches is kept")
	}
}

func TestTranslateReordersAndTranslatesArguments(t *testing.T) {
	c := catalog(t, map[string]string{
		"%s has the fewest pods among %d feasible node(s)": "在 %[2]d 个可行节点中，%[1]s 上的 Pod 最少",
		"new ReplicaSet %s: %s":                            "新 ReplicaSet %s：%s",
		"replicas %d → %d":                                 "副本数 %d → %d",
		"error, retry %d in %s: %v":                        "出错，%[2]s 后第 %[1]d 次重试：%[3]#v",
		"%s is %s":                                         "%s 为 %s",
	})
	got, _ := c.Translate("node-2 has the fewest pods among 3 feasible node(s)")
	assert.Equal(t, "在 3 个可行节点中，node-2 上的 Pod 最少", got)
	got, _ = c.Translate("new ReplicaSet web-1: replicas 1 → 3")
	assert.Equal(t, "新 ReplicaSet web-1：副本数 1 → 3", got, "an argument that is a line of the catalog is translated")
	got, _ = c.Translate(`error, retry 2 in 10ms: pods "x" is forbidden`)
	assert.Equal(t, `出错，10ms 后第 2 次重试：pods "x" is forbidden`, got, "%#v keeps an API error as it is")
}

func TestTranslatePrefersTheMostLiteralFormat(t *testing.T) {
	c := catalog(t, map[string]string{
		"pod %s is %s":            "Pod %s 为 %s",
		"pod %s is being deleted": "Pod %s 正在删除",
		"%s":                      "%s",
	})
	got, _ := c.Translate("pod web-1 is being deleted")
	assert.Equal(t, "Pod web-1 正在删除", got)
	got, ok := c.Translate("anything at all")
	assert.False(t, ok, "a format without letters matches nothing by itself")
	assert.Equal(t, "anything at all", got)
	assert.Equal(t, 3, c.Len())
}

func TestNewRefusesBadFormats(t *testing.T) {
	_, err := New(map[string]string{"%x": "%x"})
	assert.Error(t, err, "an unmatched verb")
	_, err = New(map[string]string{"a %s": "%[2]s"})
	assert.Error(t, err, "an argument the format lacks")
	_, err = Parse([]byte("{"))
	assert.Error(t, err)
}

func TestUntranslated(t *testing.T) {
	assert.Equal(t, "", Untranslated("Pod web-1 在 node-2 上：阶段 Running"))
	assert.Equal(t, "the pod cannot", Untranslated("PVC x：the pod cannot use it"))
}

func BenchmarkTranslate(b *testing.B) {
	c, _ := New(map[string]string{
		"pod %s on %s: phase %s, containers: %s": "Pod %s 在 %s 上：阶段 %s，容器：%s",
		"%s running (ready, %d restarts)":        "%s 运行中（就绪，重启 %d 次）",
	})
	for b.Loop() {
		c.Translate("pod web-7d9f-abcde on node-2: phase Running, containers: nginx running (ready, 0 restarts)")
	}
}

// TestFindVerbIsTheVerbPattern holds the hand-written scanner to the
// pattern it stands for (the page's binary leaves regexp out).
func TestFindVerbIsTheVerbPattern(t *testing.T) {
	verb := regexp.MustCompile(`%(?:%|[-+# 0-9.]*(?:\[(\d+)\])?[-+# 0-9.]*([a-zA-Z]))`)
	for _, s := range []string{
		"", "no verb", "%", "100%", "%%", "a %s b", "%d/%d", "%[2]s then %[1]s", "%-10s|", "%5.2f",
		"% d", "%#v", "%[x]s", "%[12]d", "%[3", "50% of %d", "%%d", "%.1f%%", "%!", "%[1]#v", "x%",
	} {
		want := verb.FindStringSubmatchIndex(s)
		assert.Equal(t, want, findVerb(s), "%q", s)
	}
}

// TestUntranslatedIsThreeWordsInARow holds Untranslated to the pattern
// it stands for, \b[a-z]{2,} [a-z]{2,} [a-z]{2,}\b.
func TestUntranslatedIsThreeWordsInARow(t *testing.T) {
	words := regexp.MustCompile(`\b[a-z]{2,} [a-z]{2,} [a-z]{2,}\b`)
	for _, line := range []string{
		"the pod cannot", "Pod x：its kubelet stopped posting", "a pod is here", "Three Words here",
		"two  spaces here", "snake_case word here", "x1 ab cd", "ab cd ef9", "节点 node-1 已宕机",
		"ab cd ef", "ab cd e fg hi jk", "(run the job)", "é ab cd ef", "ab cd efG hi jk lm",
	} {
		assert.Equal(t, words.FindString(line), Untranslated(line), "%q", line)
	}
}
