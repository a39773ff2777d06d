package browser_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const webStatefulSet = `apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: web
spec:
  replicas: 2
  serviceName: web
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: nginx
        image: nginx:1.27
`

// sharedMoment is what kubeloop.share() gives, with the cluster as it
// was when the link was made.
type sharedMoment struct {
	Link     string `json:"link"`
	State    string `json:"state"`
	Revision int64  `json:"revision"`
}

func shareNow(p *page) sharedMoment {
	p.t.Helper()
	return eval[sharedMoment](p, `kubeloop.share().then(async (link) => ({link, state: JSON.stringify(await kubeloop.state()), revision: kubeloop.revision().revision}))`)
}

// TestShareLinkReplaysTheSession: a link made after an apply, a scale and
// a set image (from the page's API and from the terminal, spelled with and
// without kubectl, or as k), time advanced
// by the API, the terminal and the playing clock's frames, opens in a
// fresh page at the same store revision with the same state.
func TestShareLinkReplaysTheSession(t *testing.T) {
	t.Parallel()
	p := openPage(t)
	res := eval[map[string]any](p, `kubeloop.apply(`+jsQuote(webStatefulSet)+`)`)
	require.Equal(t, true, res["ok"], "%v", res)
	time.Sleep(700 * time.Millisecond) // the clock plays: frames advance it
	// The alias replays as kubectl.
	p.typeInTerminal("k scale statefulset web --replicas=3\n")
	time.Sleep(300 * time.Millisecond)
	p.typeInTerminal("ls\n") // not a command: nothing to replay
	out := eval[map[string]any](p, `kubeloop.kubectl("set image statefulset/web nginx=nginx:1.28")`)
	require.EqualValues(t, 0, out["exitCode"], "%v", out)
	eval[map[string]any](p, `kubeloop.advance(12.5)`)
	p.typeInTerminal("sim advance 5s\n")
	time.Sleep(500 * time.Millisecond)
	p.click("#play") // pause: the link is the moment
	want := shareNow(p)
	assert.True(t, strings.HasPrefix(want.Link, "https://kubeloop.netlify.app/#share="),
		"a page served on this machine links to the public site: %s", want.Link[:min(60, len(want.Link))])
	frag := want.Link[strings.Index(want.Link, "#"):]
	record(t, "session share link: %d characters (revision %d)", len(frag), want.Revision)

	q := openURL(t, frag, "")
	got := eval[sharedMoment](q, `({state: JSON.stringify(await kubeloop.state()), revision: kubeloop.revision().revision})`)
	assert.Equal(t, want.Revision, got.Revision, "the same store revision")
	assert.Equal(t, want.State, got.State, "the same state")
	assert.Contains(t, want.State, `"web-2"`, "the scale is in it")
	assert.Contains(t, q.text("#term-out"), "kubectl scale statefulset web --replicas=3", "the terminal shows what was replayed")
	assert.Equal(t, "false", eval[string](q, `document.getElementById("play").getAttribute("aria-pressed")`), "paused at the shared moment")

	// Shared again from there, the link replays to the same moment.
	again := shareNow(q)
	assert.Equal(t, want.Revision, again.Revision)
	assert.Equal(t, want.State, again.State)
	p.noConsoleErrors()
	q.noConsoleErrors()
}

// TestShareDialogShowsTheLinkAndItsQRCode, in English and Chinese.
func TestShareDialogShowsTheLinkAndItsQRCode(t *testing.T) {
	t.Parallel()
	p := openPage(t)
	p.viewport(1366, 768)
	p.applyAndSettle()
	p.typeInTerminal("kubectl scale deployment nginx-deployment --replicas=5\n")
	for _, lang := range []string{"en", "zh-CN"} {
		p.setLang(lang)
		p.click("#share")
		p.waitFor("the dialog", `document.querySelector("#share-dialog[open] .share-qr svg") !== null`)
		link := eval[string](p, `document.querySelector("#share-dialog .share-url").value`)
		assert.True(t, strings.HasPrefix(link, "https://kubeloop.netlify.app/#share="), link)
		assert.Equal(t, link, eval[string](p, `kubeloop.shareLink()`))
		title := p.text("#share-dialog h2")
		if lang == "en" {
			assert.Equal(t, "Share this session", title)
		} else {
			assert.Equal(t, "分享这次会话", title)
		}
		p.picture("share-dialog-1366-" + lang)
		p.click("#share-dialog .share-close")
		p.waitFor("the dialog closed", `document.getElementById("share-dialog") === null`)
	}
	p.noConsoleErrors()
}

// TestTooLongASessionOffersTheFile: past the link's limit the dialog says
// so and offers kubeloop-session.txt; kubeloop.share() rejects, saying why.
func TestTooLongASessionOffersTheFile(t *testing.T) {
	t.Parallel()
	p := openPage(t)
	p.viewport(1366, 768)
	// Data that does not compress: 24 KB of a pseudo-random alphabet soup.
	var b strings.Builder
	x := uint32(12345)
	for b.Len() < 24<<10 {
		x = x*1664525 + 1013904223
		b.WriteByte("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"[(x>>24)%62])
	}
	cm := fmt.Sprintf("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: big\ndata:\n  blob: %s\n", b.String())
	res := eval[map[string]any](p, `kubeloop.apply(`+jsQuote(cm)+`)`)
	require.Equal(t, true, res["ok"], "%v", res)
	msg := eval[string](p, `kubeloop.share().then(() => "resolved", (e) => e.message)`)
	assert.Contains(t, msg, "too long for a link")
	for _, lang := range []string{"en", "zh-CN"} {
		p.setLang(lang)
		p.click("#share")
		p.waitFor("the dialog", `document.querySelector("#share-dialog[open] .share-download") !== null`)
		assert.Regexp(t, regexp.MustCompile(`too long|太长`), p.text("#share-dialog .share-problem"))
		p.picture("share-toolong-1366-" + lang)
		p.click("#share-dialog .share-close")
		p.waitFor("the dialog closed", `document.getElementById("share-dialog") === null`)
	}
	p.noConsoleErrors()
}

// TestSingleFileLinksPointAtTheSite: from dist/kubeloop.html (file://) a
// share link starts with the SITE_URL the build wrote, not file://.
func TestSingleFileLinksPointAtTheSite(t *testing.T) {
	t.Parallel()
	index, err := os.ReadFile(filepath.Join(dist(t), "index.html"))
	require.NoError(t, err)
	m := regexp.MustCompile(`<meta name="kubeloop-site-url" content="([^"]+)">`).FindStringSubmatch(string(index))
	require.NotNil(t, m, "the build wrote the site's address")
	file, err := filepath.Abs(filepath.Join(dist(t), "kubeloop.html"))
	require.NoError(t, err)
	p := openURL(t, "", "file://"+file)
	link := eval[string](p, `kubeloop.share()`)
	assert.True(t, strings.HasPrefix(link, m[1]+"#share="), "%s starts with %s", link[:min(60, len(link))], m[1])
	p.noConsoleErrors()
}

// jsQuote is s as a JavaScript string literal.
func jsQuote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
