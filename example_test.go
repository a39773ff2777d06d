package kubeloop_test

import (
	"fmt"
	"maps"
	"strconv"
	"time"

	"github.com/kubeloop/kubeloop"
	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/controller"
	"github.com/kubeloop/kubeloop/core/store"
)

const webDeployment = `
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 4
  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: web}
    spec:
      containers:
      - name: nginx
        image: nginx:1.26
`

// Apply a Deployment, let the controllers and the kubelets work until the
// cluster is quiet, and read the pods they made.
func Example() {
	c := kubeloop.New(kubeloop.Options{Seed: 1})
	out, err := c.Apply(webDeployment)
	if err != nil {
		panic(err)
	}
	fmt.Print(out)
	if err := c.Settle(); err != nil {
		panic(err)
	}
	pods, err := kubeloop.List[*api.Pod](c, "default", "app=web")
	if err != nil {
		panic(err)
	}
	for _, p := range pods {
		fmt.Println(p.Name, p.Spec.NodeName, p.Status.Phase, api.IsPodReady(p))
	}
	// Output:
	// deployment.apps/web created
	// web-569696d9f6-f4pgz node-3 Running true
	// web-569696d9f6-gxkql node-1 Running true
	// web-569696d9f6-k55f8 node-2 Running true
	// web-569696d9f6-spmcl node-1 Running true
}

// A rolling update, checked after every step the cluster takes: with four
// replicas, maxUnavailable 25% keeps at least three pods ready and
// maxSurge 25% lets at most five run.
func ExampleCluster_Steps() {
	c := kubeloop.New(kubeloop.Options{Seed: 1})
	if _, err := c.Apply(webDeployment); err != nil {
		panic(err)
	}
	if err := c.Settle(); err != nil {
		panic(err)
	}
	out, err := c.Kubectl("kubectl set image deployment/web nginx=nginx:1.27")
	if err != nil {
		panic(err)
	}
	fmt.Print(out)

	fewestReady, mostPods := 4, 4
	for step := range c.Steps(0) {
		ready, pods := webPods(c)
		if ready < 3 {
			fmt.Println("only", ready, "pods ready at", step.Time)
			break
		}
		fewestReady, mostPods = min(fewestReady, ready), max(mostPods, pods)
	}
	fmt.Println("fewest ready:", fewestReady, "most pods:", mostPods)
	out, _ = c.Kubectl("get deployment web -o wide")
	fmt.Print(out)
	// Output:
	// deployment.apps/web image updated
	// fewest ready: 3 most pods: 5
	// NAME   READY   UP-TO-DATE   AVAILABLE   AGE   CONTAINERS   IMAGES       SELECTOR
	// web    4/4     4            4           9s    nginx        nginx:1.27   app=web
}

// webPods counts the pods of the Deployment web that are ready, and that
// run or are about to (not being deleted, not finished).
func webPods(c *kubeloop.Cluster) (ready, active int) {
	pods, err := kubeloop.List[*api.Pod](c, "default", "app=web")
	if err != nil {
		panic(err)
	}
	for _, p := range pods {
		if api.IsPodActive(p) {
			active++
			if api.IsPodReady(p) {
				ready++
			}
		}
	}
	return ready, active
}

const webStatefulSet = `
apiVersion: v1
kind: Service
metadata:
  name: nginx
spec:
  clusterIP: None
  selector: {app: nginx}
  ports:
  - port: 80
---
apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: web
spec:
  serviceName: nginx
  replicas: 3
  selector:
    matchLabels: {app: nginx}
  template:
    metadata:
      labels: {app: nginx}
    spec:
      containers:
      - name: nginx
        image: nginx:1.26
`

// A StatefulSet starts its pods in order: web-1 is created only once web-0
// is Running and Ready, web-2 once web-1 is. Watching every step shows the
// order the controller kept, as a test would assert it.
func ExampleCluster_Steps_statefulSetOrder() {
	c := kubeloop.New(kubeloop.Options{Seed: 1})
	out, err := c.Apply(webStatefulSet)
	if err != nil {
		panic(err)
	}
	fmt.Print(out)

	start := c.Now()
	seen := map[string]string{} // pod name → what the last step showed: created, ready
	for step := range c.Steps(0) {
		pods, err := kubeloop.List[*api.Pod](c, "default", "app=nginx")
		if err != nil {
			panic(err)
		}
		for _, p := range pods {
			now := "created"
			if api.IsPodReady(p) {
				now = "ready"
			}
			if seen[p.Name] != now {
				fmt.Println(step.Time.Sub(start), p.Name, now)
				seen[p.Name] = now
			}
		}
	}
	// Output:
	// service/nginx created
	// statefulset.apps/web created
	// 0s web-0 created
	// 3s web-0 ready
	// 3s web-1 created
	// 6s web-1 ready
	// 6s web-2 created
	// 9s web-2 ready
}

// A controller of your own, beside the built-in ones: for every Deployment
// it keeps a ConfigMap NAME-summary holding the Deployment's image and
// replicas. It compares, then writes only the difference; the ConfigMap's
// owner reference lets the garbage collector delete it with its
// Deployment.
func ExampleControllerFor() {
	summaries := kubeloop.ControllerFor("deployment-summary", summarize)
	c := kubeloop.New(kubeloop.Options{Seed: 1, Controllers: []kubeloop.Register{summaries}})
	if _, err := c.Apply(webDeployment); err != nil {
		panic(err)
	}
	if err := c.Settle(); err != nil {
		panic(err)
	}
	out, _ := c.Kubectl("get configmap web-summary -o jsonpath={.data}")
	fmt.Println(out)

	if _, err := c.Kubectl("scale deployment web --replicas=2"); err != nil {
		panic(err)
	}
	for step := range c.Steps(0) {
		if r := step.Reconcile; r != nil && r.Controller == "deployment-summary" && len(r.Actions) > 0 {
			a := r.Actions[0]
			fmt.Printf("%s: %s → %s %s %s\n", r.Key, r.Diff[0], a.Verb, a.Kind, a.Name)
		}
	}

	if _, err := c.Kubectl("delete deployment web"); err != nil {
		panic(err)
	}
	if err := c.Settle(); err != nil {
		panic(err)
	}
	_, err := c.Kubectl("get configmap web-summary")
	fmt.Println(err)
	// Output:
	// {"image":"nginx:1.26","replicas":"4"}
	// default/web: web-summary holds map[image:nginx:1.26 replicas:4], not map[image:nginx:1.26 replicas:2] → update ConfigMap web-summary
	// Error from server (NotFound): configmaps "web-summary" not found
}

// summarize makes the Deployment's summary ConfigMap match the Deployment.
func summarize(ctx *controller.Context, d *api.Deployment) (controller.Result, error) {
	name := d.Name + "-summary"
	want := map[string]string{
		"image":    d.Spec.Template.Spec.Containers[0].Image,
		"replicas": strconv.Itoa(int(*d.Spec.Replicas)),
	}
	o, err := ctx.Store().Get(api.ConfigMaps, d.Namespace, name)
	if api.IsNotFound(err) {
		ctx.Diff("no ConfigMap %s", name)
		cm := &api.ConfigMap{Data: want, ObjectMeta: api.ObjectMeta{Name: name, Namespace: d.Namespace,
			OwnerReferences: []api.OwnerReference{api.NewControllerRef(d)}}}
		_, err := ctx.Create(cm, "the summary of "+d.Name)
		return controller.Result{}, err
	}
	if err != nil {
		return controller.Result{}, err
	}
	cm := o.(*api.ConfigMap)
	if maps.Equal(cm.Data, want) {
		return controller.Result{}, nil
	}
	ctx.Diff("%s holds %v, not %v", name, cm.Data, want)
	cm = api.DeepCopy(cm) // never change what the API server or a cache handed out
	cm.Data = want
	_, err = ctx.Update(cm, "the summary of "+d.Name)
	return controller.Result{}, err
}

// What the cluster did while time passed, read from the batch Advance
// returns: each pod the API server created, and which controllers
// reconciled how often — the batches the page draws from.
func ExampleCluster_Advance() {
	c := kubeloop.New(kubeloop.Options{Seed: 1})
	if _, err := c.Apply(webDeployment); err != nil {
		panic(err)
	}
	changes := c.Advance(time.Minute)
	for _, w := range changes.Writes {
		if w.Type == store.Added && w.Kind == api.Pods {
			fmt.Println("created", w.Object.GetObjectMeta().Name)
		}
	}
	reconciles := map[string]int{}
	for _, e := range changes.Reconciles {
		reconciles[e.Controller]++
	}
	fmt.Println("deployment:", reconciles["deployment"], "replicaset:", reconciles["replicaset"])
	// Output:
	// created web-569696d9f6-k55f8
	// created web-569696d9f6-gxkql
	// created web-569696d9f6-f4pgz
	// created web-569696d9f6-spmcl
	// deployment: 7 replicaset: 6
}
