package browser_test

import (
	"context"
	"sync"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// A tab is kept for the next test when its test is done with it: the
// renderer process behind it keeps the wasm it compiled (the engine's
// module cache, keyed by the module's bytes), so the next page on the
// site compiles nothing and starts with the code already optimised, as a
// reload does for a learner. What a test can see of its page is new all
// the same: each test's server is a new origin (new storage), and the
// tab is on about:blank between tests, its page and worker gone.
//
// A test that times a first visit asks for a cold tab (openColdPage, and
// every file:// or given URL): a new tab, in a renderer that has compiled
// nothing, closed when the test is done.
type tab struct {
	ctx   context.Context    // chromedp's context of the tab
	close context.CancelFunc // closes the tab

	mu    sync.Mutex
	owner *page // the page the tab's events are reported to; nil between tests
}

var (
	idleMu   sync.Mutex
	idleTabs []*tab
)

// takeTab hands out an idle tab, or a new one if there is none or cold is
// set. The tab reports its events to p.
func takeTab(p *page, cold bool) (*tab, error) {
	var tb *tab
	if !cold {
		idleMu.Lock()
		if n := len(idleTabs); n > 0 {
			tb, idleTabs = idleTabs[n-1], idleTabs[:n-1]
		}
		idleMu.Unlock()
	}
	if tb == nil {
		var err error
		if tb, err = newTab(); err != nil {
			return nil, err
		}
	}
	tb.setOwner(p)
	return tb, nil
}

// newTab opens a tab. chromedp turns on DevTools' network recording in
// every tab; nothing here reads it, and it costs a learner's browser
// nothing but slows the wasm's download here (every chunk is reported),
// so the load timings would measure DevTools rather than the page: it is
// turned off.
func newTab() (*tab, error) {
	tb := &tab{}
	tb.ctx, tb.close = chromedp.NewContext(browserCtx, chromedp.WithListener(tb.onEvent))
	err := chromedp.Do(tb.ctx, func(ctx context.Context, tg *chromedp.Target) (chromedp.Void, error) {
		_, err := cdp.Call(ctx, tg, network.Disable, cdp.Empty{})
		return chromedp.Void{}, err
	})
	if err != nil {
		tb.close()
		return nil, err
	}
	return tb, nil
}

// giveBack ends the test's use of the tab: a tab whose test passed is
// emptied (about:blank) and kept for the next test; a cold one, one whose
// test failed (its page may be in any state), or one that does not empty
// in time is closed.
func (tb *tab) giveBack(keep bool) {
	tb.setOwner(nil)
	if keep {
		ctx, cancel := context.WithTimeout(tb.ctx, 10*time.Second)
		err := chromedp.Do(ctx, chromedp.Navigate("about:blank"))
		cancel()
		if err == nil {
			idleMu.Lock()
			idleTabs = append(idleTabs, tb)
			idleMu.Unlock()
			return
		}
	}
	tb.close()
}

func (tb *tab) setOwner(p *page) {
	tb.mu.Lock()
	tb.owner = p
	tb.mu.Unlock()
}

// onEvent passes the tab's events to the page that has it. It runs in
// chromedp's event loop: it must return fast and run no command.
func (tb *tab) onEvent(ev any) {
	tb.mu.Lock()
	p := tb.owner
	tb.mu.Unlock()
	if p != nil {
		p.onEvent(ev)
	}
}
