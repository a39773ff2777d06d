package clientgo

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	discoveryv1 "k8s.io/api/discovery/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/apimachinery/pkg/util/intstr"
	"k8s.io/client-go/informers"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	metricsserver "sigs.k8s.io/controller-runtime/pkg/metrics/server"
)

// exposeAnnotation asks the test's controller for a Service.
const exposeAnnotation = "example.com/expose"

// exposer is a controller a learner might write with controller-runtime:
// a Deployment annotated example.com/expose gets a Service selecting its
// pods, owned by it.
type exposer struct{ client.Client }

func (e *exposer) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var d appsv1.Deployment
	if err := e.Get(ctx, req.NamespacedName, &d); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if d.Annotations[exposeAnnotation] != "true" {
		return ctrl.Result{}, nil
	}
	svc := &corev1.Service{ObjectMeta: metav1.ObjectMeta{Name: d.Name, Namespace: d.Namespace}}
	_, err := controllerutil.CreateOrUpdate(ctx, e.Client, svc, func() error {
		svc.Spec.Selector = d.Spec.Selector.MatchLabels
		svc.Spec.Ports = []corev1.ServicePort{{Port: 80, TargetPort: intstr.FromInt32(80)}}
		return controllerutil.SetControllerReference(&d, svc, e.Scheme())
	})
	return ctrl.Result{}, err
}

// The test's own controller runs beside the sandbox's: it answers the
// Deployment with a Service, the sandbox's endpoint controllers fill the
// Service's EndpointSlice with the Deployment's pods, and deleting the
// Deployment lets the garbage collector take the Service it owns.
func TestAControllerOfYourOwnRunsBesideTheSandboxs(t *testing.T) {
	s := start(t)
	s.settle(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	mgr, err := ctrl.NewManager(s.config, ctrl.Options{Metrics: metricsserver.Options{BindAddress: "0"}, HealthProbeBindAddress: "0"})
	require.NoError(t, err)
	require.NoError(t, ctrl.NewControllerManagedBy(mgr).For(&appsv1.Deployment{}).Owns(&corev1.Service{}).Complete(&exposer{mgr.GetClient()}))
	stopped := make(chan error, 1)
	go func() { stopped <- mgr.Start(ctx) }()
	defer func() { cancel(); <-stopped }()

	d := deployment("shop", "nginx:1.25", 3)
	d.Annotations = map[string]string{exposeAnnotation: "true"}
	_, err = s.client.AppsV1().Deployments("default").Create(ctx, d, metav1.CreateOptions{})
	require.NoError(t, err)
	eventually(t, "the controller creates the Service", func() bool {
		_, err := s.client.CoreV1().Services("default").Get(ctx, "shop", metav1.GetOptions{})
		return err == nil
	})
	s.settle(t)
	slices, err := s.client.DiscoveryV1().EndpointSlices("default").List(ctx, metav1.ListOptions{LabelSelector: discoveryv1.LabelServiceName + "=shop"})
	require.NoError(t, err)
	require.Len(t, slices.Items, 1)
	ready := 0
	for _, ep := range slices.Items[0].Endpoints {
		if ep.Conditions.Ready != nil && *ep.Conditions.Ready {
			ready++
		}
	}
	assert.Equal(t, 3, ready, "the Service's slice lists the three ready pods")

	require.NoError(t, s.client.AppsV1().Deployments("default").Delete(ctx, "shop", metav1.DeleteOptions{}))
	// The test's controller runs on the wall clock, the sandbox only while
	// it settles: a reconcile that read the Deployment from its cache just
	// before the delete may write the Service again after a settle, as a
	// real controller's stale cache may; the next settle's garbage
	// collection takes that one too.
	eventually(t, "the garbage collector deletes the owned Service", func() bool {
		s.settle(t)
		_, err := s.client.CoreV1().Services("default").Get(ctx, "shop", metav1.GetOptions{})
		return apierrors.IsNotFound(err)
	})
}

// A client-go informer lists and watches the sandbox: its cache follows
// the pods the ReplicaSet controller creates and the ones scaling down
// deletes.
func TestAnInformerFollowsTheSandbox(t *testing.T) {
	s := start(t)
	s.settle(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	factory := informers.NewSharedInformerFactoryWithOptions(s.client, 0, informers.WithNamespace("default"))
	pods := factory.Core().V1().Pods()
	lister := pods.Lister()
	pods.Informer()
	factory.Start(ctx.Done())
	defer func() { cancel(); factory.Shutdown() }() // Shutdown waits for the informers, which stop on ctx
	for typ, synced := range factory.WaitForCacheSync(ctx.Done()) {
		require.True(t, synced, "%v synced", typ)
	}
	webPods := func() int {
		list, err := lister.List(labels.SelectorFromSet(labels.Set{"app": "web"}))
		require.NoError(t, err)
		return len(list)
	}

	deploys := s.client.AppsV1().Deployments("default")
	_, err := deploys.Create(ctx, deployment("web", "nginx:1.25", 4), metav1.CreateOptions{})
	require.NoError(t, err)
	s.settle(t)
	eventually(t, "the informer sees four pods", func() bool { return webPods() == 4 })

	_, err = deploys.UpdateScale(ctx, "web", scaleTo(t, s, "web", 1), metav1.UpdateOptions{})
	require.NoError(t, err)
	s.settle(t)
	eventually(t, "the informer sees the scale-down", func() bool { return webPods() == 1 })
}
