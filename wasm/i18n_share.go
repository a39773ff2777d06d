//go:build js && wasm

package main

// The share dialog's strings (sharedialog.go, share.go).
var _ = addMessages(map[string][2]string{
	"share.dialog.title":    {"Share this session", "分享这次会话"},
	"share.dialog.what":     {"Whoever opens this link gets your cluster as it is now: the same seed, everything you applied and ran, and the same time on the clock. Scan the code to open it on a phone.", "打开这个链接的人会看到你现在的集群：相同的种子、你应用和运行过的一切，以及相同的时钟时间。用手机扫描二维码即可打开。"},
	"share.dialog.link":     {"Share link", "分享链接"},
	"share.dialog.copy":     {"Copy link", "复制链接"},
	"share.dialog.copied":   {"Copied", "已复制"},
	"share.dialog.qr":       {"QR code of the share link", "分享链接的二维码"},
	"share.dialog.noqr":     {"This link is too long for a QR code: send the link itself.", "这个链接太长，无法生成二维码：请直接发送链接。"},
	"share.dialog.file":     {"Download the session instead: kubeloop run kubeloop-session.txt replays everything you did.", "可以改为下载会话文件：用 kubeloop run kubeloop-session.txt 即可重放你做过的一切。"},
	"share.dialog.download": {"Download kubeloop-session.txt", "下载 kubeloop-session.txt"},
	"share.dialog.close":    {"Close", "关闭"},
	"share.session.toolong": {"This session is too long for a link (%d KB; at most %d KB).", "这次会话太长，放不进链接（%d KB；最多 %d KB）。"},
	"share.link.copied":     {"Share link copied (%d characters).", "分享链接已复制（%d 个字符）。"},
	"share.opened.session":  {"Opened a shared session (seed %d): it was replayed to the moment it was shared. The clock is paused: press Play to go on.", "已打开分享的会话（种子 %d）：已重放到分享时的那一刻。时钟已暂停：按“播放”继续。"},
})
