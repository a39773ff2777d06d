package api

import (
	"reflect"
	"testing"
)

// TestKindIndexesAreTheScans holds the maps made at init to the scans
// they replace: KindFor to kindFor for every apiVersion and kind name in
// Kinds, paired every way (so near misses are asked too), and kindOfType
// to kindOfTypeName for every kind's Go type and for a type of no kind.
func TestKindIndexesAreTheScans(t *testing.T) {
	var versions, names []string
	for _, k := range Kinds {
		versions = append(versions, k.APIVersion(), k.Version, k.Group)
		names = append(names, k.Kind, k.Resource)
	}
	for _, v := range append(versions, "", "apps/v2") {
		for _, n := range append(names, "", "Nope") {
			if got, want := KindFor(v, n), kindFor(v, n); got != want {
				t.Fatalf("KindFor(%q, %q) = %v, the scan says %v", v, n, got, want)
			}
		}
	}
	for _, k := range Kinds {
		o := k.New()
		if got, want := kindOfType(o), kindOfTypeName(o); got != want || got == nil {
			t.Fatalf("kindOfType(%T) = %v, the scan says %v", o, got, want)
		}
		if _, ok := kindsByType[reflect.TypeOf(o)]; !ok {
			t.Fatalf("%T is not in kindsByType", o)
		}
	}
	type notAKind struct{ Pod }
	if got := kindOfType(&notAKind{}); got != nil {
		t.Fatalf("kindOfType of a type no kind has = %v", got)
	}
}
