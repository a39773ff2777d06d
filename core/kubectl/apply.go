package kubectl

import (
	"errors"
	"fmt"
	"io/fs"
	"reflect"
	"slices"
	"strings"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/apijson"
	"github.com/kubeloop/kubeloop/core/patch"
	"github.com/kubeloop/kubeloop/core/store"
	"github.com/kubeloop/kubeloop/core/yaml"
)

// LastAppliedAnnotation holds the manifest kubectl apply last applied, as
// compact JSON; the next apply deletes what it no longer mentions.
const LastAppliedAnnotation = "kubectl.kubernetes.io/last-applied-configuration"

// Apply is client-side `kubectl apply` of decoded manifests: create what is
// missing, otherwise merge the manifest onto the live object. It returns
// kubectl's lines ("deployment.apps/x created|configured|unchanged") for the
// objects that succeeded and, if any failed, an error with one kubectl-
// worded line per failure. Objects without a namespace go to "default".
//
// The merge is a three-way JSON merge (what kubectl apply does for kinds
// without a strategic-merge schema): fields the manifest sets replace the
// live ones, maps merge recursively, lists are replaced whole, and fields
// the previous manifest (the last-applied annotation) had but this one
// drops are removed. Fields nobody applied — status, uid, what controllers
// or `kubectl scale` set outside the manifest — are kept.
func Apply(s *store.Store, objs []api.Object) (lines []string, err error) {
	var errs []error
	for _, r := range applyAll(s, objs, "") {
		if r.err != nil {
			errs = append(errs, errors.New(strings.TrimSuffix(formatError(r.err, r.verb, r.source), "\n")))
			continue
		}
		lines = append(lines, r.line)
	}
	return lines, errors.Join(errs...)
}

// applyResult is the outcome for one object.
type applyResult struct {
	line    string // deployment.apps/x configured
	warning string // printed on stderr before the line
	err     error
	verb    string // "creating" or "patching", for "error when ..."
	source  string
}

func applyAll(s *store.Store, objs []api.Object, source string) []applyResult {
	out := make([]applyResult, 0, len(objs))
	for _, o := range objs {
		r := applyOne(s, o)
		r.source = source
		out = append(out, r)
	}
	return out
}

func applyOne(s *store.Store, in api.Object) (r applyResult) {
	defer func() {
		if p := recover(); p != nil {
			r = applyResult{err: fmt.Errorf("internal error applying %s: %v", in.GetObjectMeta().Name, p)}
		}
	}()
	o := api.DeepCopyObject(in)
	k := api.KindOf(o)
	if k == nil {
		return applyResult{err: fmt.Errorf("no matches for kind %q in version %q", o.GetTypeMeta().Kind, o.GetTypeMeta().APIVersion)}
	}
	api.SetKind(o)
	m := o.GetObjectMeta()
	if k.Namespaced && m.Namespace == "" {
		m.Namespace = "default"
	}
	name := qualifiedName(k, m.Name)
	manifest, err := manifestMap(o)
	if err != nil {
		return applyResult{err: err}
	}
	applied, err := apijson.Marshal(manifest)
	if err != nil {
		return applyResult{err: err}
	}
	lastApplied := string(applied) + "\n"

	live, err := s.Get(k, m.Namespace, m.Name)
	if api.IsNotFound(err) {
		m.Annotations = setKey(m.Annotations, LastAppliedAnnotation, lastApplied)
		if _, err := s.Create(o); err != nil {
			return applyResult{err: err, verb: "creating"}
		}
		return applyResult{line: name + " created"}
	}
	if err != nil {
		return applyResult{err: err, verb: "retrieving current configuration of"}
	}

	var warning string
	var original map[string]any
	if prev, ok := live.GetObjectMeta().Annotations[LastAppliedAnnotation]; ok {
		_ = apijson.Unmarshal([]byte(prev), &original) // a mangled annotation deletes nothing
	} else {
		warning = fmt.Sprintf("Warning: resource %s/%s is missing the %s annotation which is required by kubectl apply. "+
			"kubectl apply should only be used on resources created declaratively by either kubectl create --save-config or kubectl apply. "+
			"The missing annotation will be patched automatically.\n", k.Resource, m.Name, LastAppliedAnnotation)
	}
	liveMap, err := toMap(live)
	if err != nil {
		return applyResult{err: err}
	}
	delete(manifest, "status")
	delete(original, "status")
	merged := merge3(liveMap, original, manifest)
	setPath(merged, lastApplied, "metadata", "annotations", LastAppliedAnnotation)
	next := k.New()
	b, err := apijson.Marshal(merged)
	if err == nil {
		err = apijson.Unmarshal(b, next)
	}
	if err != nil {
		return applyResult{err: err, verb: "patching"}
	}
	api.SetKind(next)
	// Unchanged when the result, defaulted as the server would, is the live object.
	cand := api.DeepCopyObject(next)
	api.Default(cand)
	if sameJSON(cand, live) {
		return applyResult{line: name + " unchanged", warning: warning}
	}
	if _, err := s.Update(next); err != nil {
		return applyResult{err: err, verb: "patching", warning: warning}
	}
	return applyResult{line: name + " configured", warning: warning}
}

// merge3 applies to live what changed from original (the last applied
// manifest) to modified (this one), as a JSON merge patch.
func merge3(live, original, modified map[string]any) map[string]any {
	out := make(map[string]any, len(live))
	for k, v := range live {
		out[k] = v
	}
	for k, mv := range modified {
		mm, mIsMap := mv.(map[string]any)
		lm, lIsMap := out[k].(map[string]any)
		if mIsMap && lIsMap {
			om, _ := original[k].(map[string]any)
			out[k] = merge3(lm, om, mm)
			continue
		}
		out[k] = mv
	}
	for k := range original {
		if _, kept := modified[k]; !kept {
			delete(out, k)
		}
	}
	return out
}

func setPath(m map[string]any, v any, path ...string) {
	for _, p := range path[:len(path)-1] {
		next, ok := m[p].(map[string]any)
		if !ok {
			next = map[string]any{}
			m[p] = next
		}
		m = next
	}
	m[path[len(path)-1]] = v
}

func toMap(o api.Object) (map[string]any, error) {
	b, err := apijson.Marshal(o)
	if err != nil {
		return nil, err
	}
	var m map[string]any
	err = apijson.Unmarshal(b, &m)
	return m, err
}

func sameJSON(a, b api.Object) bool {
	x, err1 := apijson.Marshal(a)
	y, err2 := apijson.Marshal(b)
	return err1 == nil && err2 == nil && string(x) == string(y)
}

// manifestMap is the object as its manifest wrote it, as nearly as a typed
// object can say: zero values are left out unless behind a pointer (so
// `replicas: 0` and `emptyDir: {}` stay, `status: {}` and
// `creationTimestamp: null` go). metadata.annotations is always present,
// without the last-applied annotation, as kubectl writes it.
func manifestMap(o api.Object) (map[string]any, error) {
	v, keep, err := manifestValue(reflect.ValueOf(o), false)
	if err != nil {
		return nil, err
	}
	m, _ := v.(map[string]any)
	if !keep || m == nil {
		m = map[string]any{}
	}
	meta, _ := m["metadata"].(map[string]any)
	if meta == nil {
		meta = map[string]any{}
		m["metadata"] = meta
	}
	ann, _ := meta["annotations"].(map[string]any)
	if ann == nil {
		ann = map[string]any{}
	}
	delete(ann, LastAppliedAnnotation)
	meta["annotations"] = ann
	return m, nil
}

var marshalerType = reflect.TypeFor[apijson.Marshaler]()

// manifestValue converts v to JSON-shaped data; keep reports whether it
// should appear at all. inPointer keeps zero values a pointer points at.
func manifestValue(v reflect.Value, inPointer bool) (any, bool, error) {
	if v.Kind() == reflect.Pointer || v.Kind() == reflect.Interface {
		if v.IsNil() {
			return nil, false, nil
		}
		return manifestValue(v.Elem(), true)
	}
	if v.Type().Implements(marshalerType) {
		if !inPointer && v.IsZero() {
			return nil, false, nil
		}
		b, err := v.Interface().(apijson.Marshaler).MarshalJSON()
		if err != nil {
			return nil, false, err
		}
		var out any
		if err := apijson.Unmarshal(b, &out); err != nil {
			return nil, false, err
		}
		return out, out != nil, nil
	}
	switch v.Kind() {
	case reflect.Struct:
		m := map[string]any{}
		if err := structFields(v, m); err != nil {
			return nil, false, err
		}
		return m, len(m) > 0 || inPointer, nil
	case reflect.Slice:
		if v.Len() == 0 {
			return nil, false, nil
		}
		list := make([]any, v.Len())
		for i := range list {
			x, _, err := manifestValue(v.Index(i), true)
			if err != nil {
				return nil, false, err
			}
			list[i] = x
		}
		return list, true, nil
	case reflect.Map:
		if v.Len() == 0 {
			return nil, false, nil
		}
		m := map[string]any{}
		it := v.MapRange()
		for it.Next() {
			x, _, err := manifestValue(it.Value(), true)
			if err != nil {
				return nil, false, err
			}
			m[fmt.Sprint(it.Key().Interface())] = x
		}
		return m, true, nil
	}
	if !inPointer && v.IsZero() {
		return nil, false, nil
	}
	return v.Interface(), true, nil
}

func structFields(v reflect.Value, m map[string]any) error {
	t := v.Type()
	for i := 0; i < t.NumField(); i++ {
		sf := t.Field(i)
		if !sf.IsExported() {
			continue
		}
		tag := sf.Tag.Get("json")
		name, _, _ := strings.Cut(tag, ",")
		if name == "-" {
			continue
		}
		if sf.Anonymous && name == "" && sf.Type.Kind() == reflect.Struct {
			if err := structFields(v.Field(i), m); err != nil {
				return err
			}
			continue
		}
		if name == "" {
			name = sf.Name
		}
		x, keep, err := manifestValue(v.Field(i), false)
		if err != nil {
			return err
		}
		if keep {
			m[name] = x
		}
	}
	return nil
}

// readManifests reads and decodes every -f, printing kubectl's errors.
// It returns the objects with their source names and, for each, its
// unknown fields (nil when it has none).
//
// kubectl reads manifests loosely and leaves unknown fields to the API
// server's strict field validation, which refuses the object when it is
// sent — after the objects before it were written. So a document whose
// only problems are unknown fields is returned with them, and the caller
// answers for it as the server does (strictDecodingError); any other
// problem is kubectl's own "error parsing" and stops everything. The
// editor decodes through yaml.Decode and keeps its line and column.
func (c *invocation) readManifests(files []string, f *flags) (objs []api.Object, sources []string, refused []*refusedManifest, ok bool) {
	for _, file := range files {
		var text string
		source := file
		if file == "-" {
			text, source = c.stdin, "STDIN"
		} else {
			b, err := c.env.ReadFile(file)
			if errors.Is(err, fs.ErrNotExist) {
				c.fail("the path %q does not exist", file)
				return nil, nil, nil, false
			}
			if err != nil {
				c.fail("%v", err) // a file kubeloop refuses to read whole, say
				return nil, nil, nil, false
			}
			text = string(b)
		}
		docs := yaml.DecodeDocuments(text)
		var errs yaml.Errors
		for _, d := range docs {
			if !d.ForTheServer() {
				errs = append(errs, d.Errors...)
			}
		}
		if len(errs) > 0 {
			if c.unmappedKinds(errs, source) {
				return nil, nil, nil, false
			}
			if errs[0].KubectlMessage != "" {
				// kubectl's reader stops at the first error.
				c.fail("error parsing %s: error converting YAML to JSON: %s", source, errs[0].KubectlMessage)
				return nil, nil, nil, false
			}
			c.fail("error parsing %s: %v", source, errs)
			return nil, nil, nil, false
		}
		for _, d := range docs {
			if !c.placeNamespace(d.Object, f) {
				return nil, nil, nil, false
			}
			objs = append(objs, d.Object)
			sources = append(sources, source)
			var r *refusedManifest
			if d.ForTheServer() {
				r = &refusedManifest{unknown: d.UnknownFields(), manifest: d.JSON, errs: d.Errors}
			}
			refused = append(refused, r)
		}
	}
	return objs, sources, refused, true
}

// unmappedKinds prints kubectl's error for documents whose kind the API
// server does not serve, when those are the only problems: kubectl reads
// them, then finds no resource mapping for them (the editor says more:
// the kinds there are, a near miss).
func (c *invocation) unmappedKinds(errs yaml.Errors, source string) bool {
	for _, e := range errs {
		if e.UnknownKind == nil {
			return false
		}
	}
	for _, e := range errs {
		k := e.UnknownKind
		c.fail("resource mapping not found for name: %q namespace: %q from %q: no matches for kind %q in version %q",
			k.Name, k.Namespace, source, k.Kind, k.APIVersion)
	}
	c.err.WriteString("ensure CRDs are installed first\n")
	return true
}

// refusedManifest is a manifest kubectl sends as it is and the API server
// refuses: the manifest as written (JSON), and the paths of its unknown
// fields, if any.
type refusedManifest struct {
	unknown  []string
	manifest []byte
	errs     yaml.Errors // as the editor words them
}

// createRefusal is the API server's answer to creating the manifest
// (k8s.io/apiserver's transformDecodeError): its JSON decoder's first
// type error, else, under kubectl's default --validate=strict, a 400
// naming each unknown field.
func (r *refusedManifest) createRefusal(o api.Object) error {
	tm := o.GetTypeMeta()
	_, version, found := strings.Cut(tm.APIVersion, "/")
	if !found {
		version = tm.APIVersion
	}
	cause := patch.StrictDecodingError(r.unknown)
	if err := apijson.Unmarshal(r.manifest, api.KindOf(o).New()); err != nil {
		cause = err.Error()
	}
	return api.NewBadRequest(fmt.Sprintf("%s in version %q cannot be handled as a %s: %s", tm.Kind, version, tm.Kind, cause))
}

// patchRefusal is the API server's answer to a strategic merge patch, p, of
// the manifest onto an existing object, which its patch handler refuses
// as an invalid "patch" whose value is the patch (k8s.io/apiserver's
// applyPatchToObject): the typed conversion's error first, then the
// strict decoding error. "" when the patch converts and has no unknown
// fields.
func (r *refusedManifest) patchRefusal(o api.Object, p map[string]any) string {
	cause := patch.ConversionError(patch.GoValue(p), reflect.TypeOf(o).Elem())
	if cause == "" {
		if len(r.unknown) == 0 {
			return ""
		}
		cause = patch.StrictDecodingError(r.unknown)
	}
	return fmt.Sprintf("The request is invalid: patch: Invalid value: %q: %s\n", fmt.Sprintf("%v", patch.GoValue(p)), cause)
}

// placeNamespace puts a namespaced object without one into -n (or
// default), and refuses a manifest whose namespace contradicts -n.
func (c *invocation) placeNamespace(o api.Object, f *flags) bool {
	k := api.KindOf(o)
	m := o.GetObjectMeta()
	if k == nil || !k.Namespaced {
		return true
	}
	ns := namespaceOf(f)
	if m.Namespace == "" {
		m.Namespace = ns
		return true
	}
	if f.has("namespace") && m.Namespace != ns {
		c.fail("the namespace from the provided object %q does not match the namespace %q. You must pass '--namespace=%s' to perform this operation.", m.Namespace, ns, m.Namespace)
		return false
	}
	return true
}

// filenames are every -f given, in order.
func (f *flags) all(name string) []string {
	var out []string
	for _, u := range f.uses {
		if u.name == name {
			out = append(out, u.value)
		}
	}
	return out
}

func runApply(c *invocation, args []string) {
	_, f, ok := c.parse(args, flagDef{long: "filename", short: "f"}, recordFlag,
		flagDef{long: "server-side", boolean: true}, flagDef{long: "force-conflicts", boolean: true}, flagDef{long: "field-manager"})
	if !ok {
		return
	}
	if f.boolean("server-side") {
		c.fail("\"kubectl apply --server-side\" is not simulated here: this terminal applies client-side, keeping the last-applied-configuration annotation; the real kubectl against kubeloop serve --api applies server-side, with field managers")
		return
	}
	files := f.all("filename")
	if len(files) == 0 {
		c.fail("must specify one of -f and -k")
		return
	}
	objs, sources, refused, ok := c.readManifests(files, f)
	if !ok {
		return
	}
	cause := changeCause([]string{"apply"}, nil, f)
	var errs []string
	for i, o := range objs {
		if refused[i] != nil {
			errs = append(errs, c.refusedApply(o, refused[i], sources[i]))
			continue
		}
		recordChange(o.GetObjectMeta(), f, cause)
		r := applyAll(c.env.Store(), []api.Object{o}, sources[i])[0]
		c.err.WriteString(r.warning)
		if r.err != nil {
			errs = append(errs, formatError(r.err, r.verb, r.source))
			continue
		}
		c.printf("%s\n", r.line)
	}
	for _, e := range errs {
		c.err.WriteString(e)
		c.code = 1
	}
}

// createValueFlags are the flags of kubectl create and its generators that
// take their value as the next argument when written without "=".
var createValueFlags = map[string]bool{
	"-n": true, "--namespace": true, "-o": true, "--output": true, "-f": true, "--filename": true,
	"--image": true, "--replicas": true, "--port": true, "--schedule": true, "--restart": true,
	"--from-literal": true, "--from-file": true, "--type": true, "--field-manager": true,
}

// createSubcommand finds the generator named in args, as cobra finds a
// subcommand: past the flags before it, so that `kubectl create -n dev
// deployment web --image=nginx` is create deployment. -1 when there is
// none (create -f).
func createSubcommand(args []string) int {
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			return -1
		case strings.HasPrefix(a, "-"):
			if createValueFlags[a] {
				i++
			}
		case createCommands[a] != nil:
			return i
		default:
			return -1
		}
	}
	return -1
}

func runCreate(c *invocation, args []string) {
	if i := createSubcommand(args); i >= 0 {
		c.path = "create " + args[i]
		createCommands[args[i]](c, append(slices.Clip(args[:i]), args[i+1:]...))
		return
	}
	pos, f, ok := c.parse(args,
		flagDef{long: "filename", short: "f"},
		recordFlag,
		flagDef{long: "save-config", boolean: true},
	)
	if !ok {
		return
	}
	files := f.all("filename")
	if len(pos) > 0 {
		c.fail("unknown command %q for \"kubectl create\"", strings.Join(pos, " "))
		return
	}
	if len(files) == 0 {
		c.fail("must specify one of -f and -k")
		return
	}
	objs, sources, refused, ok := c.readManifests(files, f)
	if !ok {
		return
	}
	cause := changeCause([]string{"create"}, nil, f)
	var errs []string
	for i, o := range objs {
		if refused[i] != nil {
			errs = append(errs, formatError(refused[i].createRefusal(o), "creating", sources[i]))
			continue
		}
		recordChange(o.GetObjectMeta(), f, cause)
		if f.boolean("save-config") {
			if mm, err := manifestMap(o); err == nil {
				if b, err := apijson.Marshal(mm); err == nil {
					m := o.GetObjectMeta()
					m.Annotations = setKey(m.Annotations, LastAppliedAnnotation, string(b)+"\n")
				}
			}
		}
		if e := c.createObject(o, "creating", sources[i]); e != "" {
			errs = append(errs, e)
		}
	}
	for _, e := range errs {
		c.err.WriteString(e)
		c.code = 1
	}
}

// createObject creates o and prints "kind/x created"; it returns the error
// text to print (after the successes) or "".
func (c *invocation) createObject(o api.Object, verb, source string) string {
	got, err := c.env.Store().Create(o)
	if err != nil {
		if source == "" {
			c.apiError(err, "", "")
			return ""
		}
		return formatError(err, verb, source)
	}
	c.printGenerated(got, "", "created")
	return ""
}

// refusedApply is the API server's answer to `kubectl apply` of a manifest
// it refuses. A new object is a create, refused as create -f's is. An
// existing one is a strategic merge patch, and the server's patch handler
// refuses it as an invalid "patch" (patchRefusal). A patch the server
// would take although the manifest is wrong (a whole number written 3.0)
// gets the manifest's own errors, with their lines.
func (c *invocation) refusedApply(o api.Object, r *refusedManifest, source string) string {
	k := api.KindOf(o)
	m := o.GetObjectMeta()
	live, err := c.env.Store().Get(k, m.Namespace, m.Name)
	if err != nil {
		return formatError(r.createRefusal(o), "creating", source)
	}
	p, err := applyPatchOf(live, r.manifest, m.Namespace)
	if err != nil {
		return formatError(r.createRefusal(o), "patching", source)
	}
	if msg := r.patchRefusal(o, p); msg != "" {
		return msg
	}
	return fmt.Sprintf("error: error parsing %s: %v\n", source, r.errs)
}
