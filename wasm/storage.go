//go:build js && wasm

package main

import (
	"strconv"
	"strings"

	"github.com/hack-pad/safejs"

	"github.com/kubeloop/kubeloop/core/apijson"
)

// What the page keeps in localStorage, and how it refuses to lose it.
//
// Every key starts with "kubeloop.". At start-up checkStorage reads each
// one and checks its form; a value this page cannot read (corrupted, or
// written by another version or another program) is never overwritten: it
// is copied to "kubeloop.aside.NAME.N" and removed from its key, and the
// page starts clean and says so. The learner (or a teacher) can still find
// the old value in the browser's storage.

const (
	keyPrefix    = "kubeloop."
	keyAside     = "kubeloop.aside."
	keyFormat    = "kubeloop.format"
	keyYAML      = "kubeloop.yaml"
	keyLang      = "kubeloop.lang"
	keyAutoApply = "kubeloop.autoApply"
	keySpeed     = "kubeloop.speed"
	keyHistory   = "kubeloop.history"
	keySeed      = "kubeloop.seed"
	keyLessons   = "kubeloop.lessons"
	keyTheme     = "kubeloop.theme"
	keyLessonUI  = "kubeloop.lessonOpen"
)

// storageFormat is the version of what this page writes. A different
// kubeloop.format means another page wrote everything: all of it is set aside.
const storageFormat = "1"

// maxStoredYAML bounds the editor text kept (localStorage holds ~5 MB).
const maxStoredYAML = 1 << 20

// validators say whether a stored value has the form the page writes.
var validators = map[string]func(string) bool{
	keyYAML:      func(s string) bool { return len(s) <= maxStoredYAML && !strings.ContainsRune(s, 0) },
	keyLang:      func(s string) bool { return s == langEN || s == langZH },
	keyAutoApply: func(s string) bool { return s == "0" || s == "1" },
	keySpeed: func(s string) bool {
		v, err := strconv.ParseFloat(s, 64)
		return err == nil && v > 0 && v <= 1000
	},
	keyHistory: func(s string) bool {
		var h []string
		return apijson.Unmarshal([]byte(s), &h) == nil
	},
	keySeed: func(s string) bool {
		_, err := strconv.ParseUint(s, 10, 64)
		return err == nil
	},
	keyLessons: func(s string) bool {
		var p lessonProgress
		return apijson.Unmarshal([]byte(s), &p) == nil && p.valid()
	},
	keyTheme:    func(s string) bool { return s == "light" || s == "dark" },
	keyLessonUI: func(s string) bool { return s == "0" || s == "1" },
	keyFormat:   func(s string) bool { return s == storageFormat },
}

// localStorage returns window.localStorage, or false where it is missing
// or forbidden (private modes, file:// in some browsers).
func (a *app) localStorage() (safejs.Value, bool) {
	ls, err := a.global.Get("localStorage")
	if err != nil || ls.IsNull() || ls.IsUndefined() {
		return safejs.Undefined(), false
	}
	return ls, true
}

// storedKeys lists the page's keys in localStorage.
func (a *app) storedKeys() []string {
	ls, ok := a.localStorage()
	if !ok {
		return nil
	}
	n := jsFloat(prop2(ls, "length"), 0)
	var keys []string
	for i := 0; i < int(n); i++ {
		k, err := ls.Call("key", i)
		if err != nil {
			continue
		}
		if s := jsString(k); strings.HasPrefix(s, keyPrefix) {
			keys = append(keys, s)
		}
	}
	return keys
}

func prop2(v safejs.Value, name string) safejs.Value {
	p, err := v.Get(name)
	if err != nil {
		return safejs.Undefined()
	}
	return p
}

// checkStorage sets aside what the page cannot read and returns the keys
// it moved (for the notice).
func (a *app) checkStorage() []string {
	keys := a.storedKeys()
	if len(keys) == 0 {
		a.store(keyFormat, storageFormat)
		return nil
	}
	var moved []string
	format, hasFormat := a.load(keyFormat)
	foreign := hasFormat && format != storageFormat
	for _, k := range keys {
		if strings.HasPrefix(k, keyAside) {
			continue
		}
		v, _ := a.load(k)
		valid, known := validators[k]
		if foreign || !known || !valid(v) {
			if a.setAside(k, v) {
				moved = append(moved, k)
			}
		}
	}
	a.store(keyFormat, storageFormat)
	return moved
}

// setAside copies key's value to the first free kubeloop.aside.NAME.N and
// removes key. It reports false (and leaves key alone) if the copy failed.
func (a *app) setAside(key, value string) bool {
	ls, ok := a.localStorage()
	if !ok {
		return false
	}
	name := strings.TrimPrefix(key, keyPrefix)
	for n := 1; n < 1000; n++ {
		aside := keyAside + name + "." + strconv.Itoa(n)
		if _, taken := a.load(aside); taken {
			continue
		}
		if _, err := ls.Call("setItem", aside, value); err != nil {
			return false // quota: keep the original where it is
		}
		if got, _ := a.load(aside); got != value {
			return false
		}
		ls.Call("removeItem", key)
		return true
	}
	return false
}
