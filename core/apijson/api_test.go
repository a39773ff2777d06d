package apijson_test

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/controllers"
	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/apijson"
	"github.com/kubeloop/kubeloop/core/cluster"
	"github.com/kubeloop/kubeloop/core/examples"
	"github.com/kubeloop/kubeloop/core/testtext"
)

// agreeObject holds everything kubeloop does with an object's JSON to
// encoding/json: Marshal (hashes, last-applied), MarshalIndent (-o json),
// the UseNumber tree (-o yaml) and Unmarshal back into its kind.
func agreeObject(t *testing.T, o api.Object) {
	t.Helper()
	want, err := json.Marshal(o)
	require.NoError(t, err)
	got, err := apijson.Marshal(o)
	require.NoError(t, err)
	if !assert.Equal(t, string(want), string(got)) {
		return
	}
	wantIndent, _ := json.MarshalIndent(o, "", "    ")
	gotIndent, _ := apijson.MarshalIndent(o, "", "    ")
	assert.Equal(t, string(wantIndent), string(gotIndent))

	d := json.NewDecoder(bytes.NewReader(want))
	d.UseNumber()
	var wantTree any
	require.NoError(t, d.Decode(&wantTree))
	gotTree, err := apijson.Generic(o)
	require.NoError(t, err)
	assert.Equal(t, withNumbers(wantTree), gotTree)

	k := api.KindOf(o)
	require.NotNil(t, k, "%T", o)
	wantObj, gotObj := k.New(), k.New()
	wantErr := json.Unmarshal(want, wantObj)
	gotErr := apijson.Unmarshal(want, gotObj)
	assert.Equal(t, wantErr, gotErr)
	assert.Equal(t, wantObj, gotObj)
}

func withNumbers(v any) any {
	switch x := v.(type) {
	case json.Number:
		return apijson.Number(x)
	case map[string]any:
		for k, e := range x {
			x[k] = withNumbers(e)
		}
	case []any:
		for i, e := range x {
			x[i] = withNumbers(e)
		}
	}
	return v
}

// TestTheCourseDeploymentAgrees applies the course's first manifest and
// compares every object while the rollout runs: its first 20 seconds, or
// under GOOS=js, which Node runs several times slower, its first 5.
func TestTheCourseDeploymentAgrees(t *testing.T) {
	c := cluster.New(cluster.Options{Seed: 7, Controllers: controllers.All()})
	_, err := c.Apply(examples.NginxDeployment)
	require.NoError(t, err)
	seconds := 20
	if runtime.GOOS == "js" {
		seconds = 5
	}
	for range seconds {
		c.Advance(time.Second)
		for _, k := range api.Kinds {
			for _, o := range c.Store().List(k, "") {
				agreeObject(t, o)
			}
		}
	}
}

// TestEveryKindFilledAgrees fills every field of every kind with seeded
// random values (strings with quotes, HTML, control characters and
// invalid UTF-8; empty and nil collections; zero and non-zero numbers) and
// compares.
func TestEveryKindFilledAgrees(t *testing.T) {
	strs := testtext.Strings(3, 500, 0, 10, "aZ09-. \"\\<>&\n\t\x01é\xff\u2028")
	for _, k := range api.Kinds {
		for seed := range uint64(20) {
			r := rand.New(rand.NewPCG(seed, uint64(len(k.Kind))))
			o := k.New()
			fill(reflect.ValueOf(o).Elem(), r, strs, 0)
			t.Run(k.Kind, func(t *testing.T) { agreeObject(t, o) })
		}
	}
}

var (
	quantityType = reflect.TypeFor[api.Quantity]()
	intstrType   = reflect.TypeFor[api.IntOrString]()
	timeType     = reflect.TypeFor[api.Time]()
	microType    = reflect.TypeFor[api.MicroTime]()
	rawType      = reflect.TypeFor[json.RawMessage]()
	apiRawType   = reflect.TypeFor[apijson.RawMessage]()
	rawExtension = reflect.TypeFor[api.RawExtension]()
)

func fill(v reflect.Value, r *rand.Rand, strs []string, depth int) {
	pick := func() string { return strs[r.IntN(len(strs))] }
	switch v.Type() {
	case quantityType:
		v.Set(reflect.ValueOf(api.MustParseQuantity([]string{"0", "100m", "1", "1.5", "2Gi", "500Mi", "3k", "1e3"}[r.IntN(8)])))
		return
	case intstrType:
		if r.IntN(2) == 0 {
			v.Set(reflect.ValueOf(api.FromInt(r.Int32N(200) - 100)))
		} else {
			v.Set(reflect.ValueOf(api.FromString(pick())))
		}
		return
	case timeType:
		v.Set(reflect.ValueOf(api.NewTime(time.Unix(r.Int64N(4e9), 0))))
		return
	case microType:
		v.Set(reflect.ValueOf(api.NewMicroTime(time.Unix(r.Int64N(4e9), r.Int64N(1e9)))))
		return
	case rawType, apiRawType, rawExtension:
		v.SetBytes([]byte(`{"spec": {"template": {"b": [1, 2.5, "<x>"], "a": null}}}`))
		return
	}
	if depth > 8 {
		return
	}
	switch v.Kind() {
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() && r.IntN(4) != 0 {
				fill(v.Field(i), r, strs, depth+1)
			}
		}
	case reflect.Pointer:
		if r.IntN(3) != 0 {
			v.Set(reflect.New(v.Type().Elem()))
			fill(v.Elem(), r, strs, depth+1)
		}
	case reflect.Slice:
		n := r.IntN(3)
		v.Set(reflect.MakeSlice(v.Type(), n, n))
		for i := range n {
			fill(v.Index(i), r, strs, depth+1)
		}
	case reflect.Map:
		v.Set(reflect.MakeMap(v.Type()))
		for range r.IntN(3) {
			k := reflect.New(v.Type().Key()).Elem()
			fill(k, r, strs, depth+1)
			e := reflect.New(v.Type().Elem()).Elem()
			fill(e, r, strs, depth+1)
			v.SetMapIndex(k, e)
		}
	case reflect.String:
		v.SetString(pick())
	case reflect.Bool:
		v.SetBool(r.IntN(2) == 0)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(r.Int64N(2000) - 1000)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		v.SetUint(r.Uint64N(256))
	case reflect.Float32, reflect.Float64:
		v.SetFloat([]float64{0, 0.5, 1e21, 1e-7, 3, -2.25}[r.IntN(6)])
	}
}

// FieldTypes gives, for every struct type of every kind, the names and
// field types the JSON tags spell out: a field's tag name or Go name,
// embedded untagged structs' fields as the parent's, `-` left out.
func TestFieldTypesOfEveryKind(t *testing.T) {
	var want func(t reflect.Type, into map[string]reflect.Type)
	want = func(t reflect.Type, into map[string]reflect.Type) {
		for i := range t.NumField() {
			f := t.Field(i)
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			switch {
			case name == "-":
			case f.Anonymous && name == "" && f.Type.Kind() == reflect.Struct:
				want(f.Type, into)
			case !f.IsExported():
			case name == "":
				into[f.Name] = f.Type
			default:
				into[name] = f.Type
			}
		}
	}
	seen := map[reflect.Type]bool{}
	var visit func(t reflect.Type)
	visit = func(typ reflect.Type) {
		for typ.Kind() == reflect.Pointer || typ.Kind() == reflect.Slice || typ.Kind() == reflect.Map || typ.Kind() == reflect.Array {
			typ = typ.Elem()
		}
		if typ.Kind() != reflect.Struct || seen[typ] {
			return
		}
		seen[typ] = true
		w := map[string]reflect.Type{}
		want(typ, w)
		assert.Equal(t, w, apijson.FieldTypes(typ), typ.String())
		for i := range typ.NumField() {
			visit(typ.Field(i).Type)
		}
	}
	for _, k := range api.Kinds {
		visit(reflect.TypeOf(k.New()))
	}
	assert.Greater(t, len(seen), 100, "struct types visited")
}
