//go:build js && wasm

package main

import "github.com/hack-pad/safejs"

// loadData reads a data file of the site (site/data: text kept out of the
// wasm, such as translations and descriptions) through app.js's
// kubeloop._loadData, and runs done with its text, or with an error
// message when it cannot be had (a page served without it, a network
// failure: a later call tries again). done runs inside the guard, later:
// Go never waits for the file.
func (a *app) loadData(name string, done func(text, errMsg string)) {
	p, err := a.callLoader("_loadData", name)
	if err != nil {
		done("", err.Error())
		return
	}
	a.promise(p, "load "+name, func(v safejs.Value, errMsg string) {
		if errMsg != "" {
			done("", errMsg)
			return
		}
		done(jsString(v), "")
	})
}
