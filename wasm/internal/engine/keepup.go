package engine

import "github.com/kubeloop/kubeloop/core/store"

// feedLag is how far, in revisions, the frames' feed may fall behind the
// store between two frames. The store compacts what is older than its
// window (store.HistoryWindow); a feed that had not read it yet must read
// the whole store again, and its next frames carry every pod, for the page
// to look at each anew. A big scale-up can write that many revisions
// between two frames while the page takes long over one.
const feedLag = store.HistoryWindow / 4

// keepUp syncs the feed, keeping what changed for the next frame, once it
// has fallen feedLag revisions behind the store. The clock calls it after
// every task (build: AfterEachTask), whatever runs the tasks: the worker's
// play, a settle, an advance, a script. It only reads the store's log.
func (e *Engine) keepUp() {
	s := &e.sent
	if s.feed == nil || e.c.Store().Revision()-s.feed.Revision() < feedLag {
		return
	}
	s.synced = s.synced.Then(s.feed.Sync())
}
