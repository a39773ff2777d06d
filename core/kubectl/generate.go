package kubectl

import (
	"fmt"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/apijson"
	"github.com/kubeloop/kubeloop/core/yaml"
)

// This file holds what kubectl's generators share — `create job|cronjob|
// deployment|namespace|serviceaccount` and `run`: --dry-run and -o. A
// learner writes YAML with them (kubectl run web --image=nginx
// --dry-run=client -o yaml), so a dry run must create nothing.

// dryRun is kubectl's --dry-run strategy.
type dryRun int

const (
	dryRunNone   dryRun = iota // create it
	dryRunClient               // print what would be sent; send nothing
)

// generatorFlags are the flags every generator takes. A bare --dry-run is
// the deprecated spelling of --dry-run=client.
var generatorFlags = []flagDef{
	{long: "dry-run", def: "none", noOptDef: "unchanged"},
	{long: "output", short: "o"},
	{long: "save-config", boolean: true},
}

// generatorOutputFormats are the -o values the generators print (real
// kubectl names more: realGeneratorOutputFormats).
var generatorOutputFormats = []string{"json", "name", "yaml"}

// withGeneratorFlags is defs and the generators' flags.
func withGeneratorFlags(defs ...flagDef) []flagDef {
	return append(defs, generatorFlags...)
}

// dryRunOf reads --dry-run as kubectl does: none, client or server, or the
// deprecated bare flag or boolean.
func (c *invocation) dryRunOf(f *flags) (dryRun, bool) {
	switch v := f.str("dry-run"); v {
	case "", "none", "false":
		return dryRunNone, true
	case "client", "unchanged", "true":
		return dryRunClient, true
	case "server":
		// A server-side dry run goes through admission, which here allocates
		// (cluster IPs, quota) as it admits: without a dry-run path through
		// every plugin it would change the cluster. Say so rather than
		// pretend.
		c.fail("--dry-run=server is not simulated by kubeloop's API server; use --dry-run=client to see the object without creating it")
		return dryRunNone, false
	default:
		c.fail("Invalid dry-run value (%s). Must be \"none\", \"server\", or \"client\".", v)
		return dryRunNone, false
	}
}

// parseGenerator parses the words of a `kubectl create KIND NAME`
// generator (path is "create KIND"): its own flags and the generators',
// --dry-run and -o checked, then exactly one NAME.
func (c *invocation) parseGenerator(args []string, path string, defs ...flagDef) (name string, f *flags, mode dryRun, ok bool) {
	pos, f, ok := c.parse(args, withGeneratorFlags(defs...)...)
	if !ok {
		return "", f, mode, false
	}
	if mode, ok = c.generated(f); !ok {
		return "", f, mode, false
	}
	if len(pos) != 1 {
		c.fail("exactly one NAME is required, got %d\nSee 'kubectl %s -h' for help and examples", len(pos), path)
		return "", f, mode, false
	}
	return pos[0], f, mode, true
}

// generated checks what a generator was asked for before it builds the
// object: the --dry-run value and the -o format.
func (c *invocation) generated(f *flags) (dryRun, bool) {
	if err := checkOutputFormat(f.str("output"), realGeneratorOutputFormats, generatorOutputFormats); err != nil {
		c.fail("%v", err)
		return dryRunNone, false
	}
	return c.dryRunOf(f)
}

// createGenerated creates o as a generator does, honouring --dry-run and
// -o, and returns what the API server stored (nil when nothing was).
func (c *invocation) createGenerated(o api.Object, f *flags, mode dryRun) api.Object {
	return c.createGeneratedAs(o, f, mode, "created")
}

// createGeneratedAs is createGenerated for a command that says verb
// ("exposed") where the generators say "created".
func (c *invocation) createGeneratedAs(o api.Object, f *flags, mode dryRun, verb string) api.Object {
	if f.boolean("save-config") {
		if b, ok := builtJSON(asBuilt(o, f)); ok {
			m := o.GetObjectMeta()
			m.Annotations = setKey(m.Annotations, LastAppliedAnnotation, b+"\n")
		}
	}
	if mode == dryRunClient {
		c.printGenerated(asBuilt(o, f), f.str("output"), verb+" (dry run)")
		return nil
	}
	created, err := c.env.Store().Create(o)
	if err != nil {
		if what, ok := createdWhat(o); ok && c.words[0] == "create" && api.ReasonOf(err) != api.ReasonInvalid {
			c.fail("failed to create %s%v", what, err)
			return nil
		}
		c.apiError(err, "", "")
		return nil
	}
	c.printGenerated(created, f.str("output"), verb)
	return created
}

// createdWhat is how `kubectl create KIND` names what it failed to create
// when the API server refuses it ("failed to create job: …"); the
// generators of namespaces, and kubectl run and expose, print the server's
// error as it is.
func createdWhat(o api.Object) (string, bool) {
	switch o := o.(type) {
	case *api.Job:
		return "job: ", true
	case *api.CronJob:
		return "cronjob: ", true
	case *api.ConfigMap:
		return "configmap: ", true
	case *api.Secret:
		return "secret ", true // upstream writes no colon here
	case *api.Deployment:
		return "deployment: ", true
	case *api.PodDisruptionBudget:
		return "poddisruptionbudgets: ", true
	case *api.ResourceQuota:
		return "quota: ", true
	case *api.Service:
		return string(o.Spec.Type) + " service: ", true
	case *api.ServiceAccount:
		return "serviceaccount: ", true
	}
	return "", false
}

// asBuilt is o as kubectl builds it, before the API server's defaults:
// with a namespace only when one was asked for.
func asBuilt(o api.Object, f *flags) api.Object {
	built := api.DeepCopyObject(o)
	if !f.has("namespace") {
		built.GetObjectMeta().Namespace = ""
	}
	return built
}

// builtJSON is what --save-config records: the object as kubectl built it,
// encoded from its Go type — so in field order, kind first, as upstream's
// TypeMeta declares it.
func builtJSON(built api.Object) (string, bool) {
	k := api.KindOf(built)
	*built.GetTypeMeta() = api.TypeMeta{}
	b, err := apijson.Marshal(built)
	if err != nil || len(b) < 2 {
		return "", false
	}
	head := fmt.Sprintf(`{"kind":%s,"apiVersion":%s,`, apijson.Quote(k.Kind), apijson.Quote(k.APIVersion()))
	return head + string(b[1:]), true
}

// printGenerated prints a generated object as -o asks: "kind/name " and
// what was done ("created (dry run)"), its name, or the object.
func (c *invocation) printGenerated(o api.Object, format, done string) {
	name := qualifiedName(api.KindOf(o), o.GetObjectMeta().Name)
	switch format {
	case "yaml", "json":
		// kubectl built o as a typed object and prints it so: -o json
		// in its type's field order, kind first.
		c.printEncoded(o, format, yaml.EncodeTypedJSON)
	case "name":
		c.printf("%s\n", name)
	default:
		c.printf("%s %s\n", name, done)
	}
}
