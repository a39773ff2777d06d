package kubectl

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/kubeloop/kubeloop/core/api"
)

// storageEnv is a StatefulSet web (partition 1) with one pod web-0, its
// Bound claim www-web-0 and volume, the default StorageClass, the
// headless Service nginx and its Endpoints — as a cluster leaves them.
func storageEnv(t *testing.T) *fakeEnv {
	e := newEnv(t)
	labels := map[string]string{"app": "nginx"}
	sts := e.create(&api.StatefulSet{ObjectMeta: api.ObjectMeta{Name: "web", Namespace: "default"},
		Spec: api.StatefulSetSpec{Replicas: api.Ptr[int32](2), ServiceName: "nginx",
			Selector: &api.LabelSelector{MatchLabels: labels},
			Template: api.PodTemplateSpec{ObjectMeta: api.ObjectMeta{Labels: labels}, Spec: api.PodSpec{Containers: []api.Container{{
				Name: "nginx", Image: "nginx:1.9.1", VolumeMounts: []api.VolumeMount{{Name: "www", MountPath: "/usr/share/nginx/html"}}}}}},
			VolumeClaimTemplates: []api.PersistentVolumeClaim{{ObjectMeta: api.ObjectMeta{Name: "www"},
				Spec: api.PersistentVolumeClaimSpec{AccessModes: []string{"ReadWriteOnce"},
					Resources: api.ResourceRequirements{Requests: api.ResourceList{"storage": api.MustParseQuantity("1Gi")}}}}},
			UpdateStrategy: api.StatefulSetUpdateStrategy{Type: api.RollingUpdateStatefulSetStrategyType,
				RollingUpdate: &api.RollingUpdateStatefulSetStrategy{Partition: api.Ptr[int32](1)}}},
		Status: api.StatefulSetStatus{Replicas: 1}})
	api.SetKind(sts)
	e.create(&api.Pod{ObjectMeta: api.ObjectMeta{Name: "web-0", Namespace: "default", Labels: labels,
		OwnerReferences: []api.OwnerReference{api.NewControllerRef(sts)}},
		Spec: api.PodSpec{Containers: []api.Container{{Name: "nginx", Image: "nginx:1.9.1"}},
			Volumes: []api.Volume{{Name: "www", PersistentVolumeClaim: &api.PersistentVolumeClaimVolumeSource{ClaimName: "www-web-0"}}}},
		Status: api.PodStatus{Phase: api.PodRunning}})
	class, mode := "standard", "Filesystem"
	e.create(&api.PersistentVolumeClaim{ObjectMeta: api.ObjectMeta{Name: "www-web-0", Namespace: "default", Labels: labels,
		Finalizers: []string{"kubernetes.io/pvc-protection"}},
		Spec: api.PersistentVolumeClaimSpec{AccessModes: []string{"ReadWriteOnce"}, StorageClassName: &class, VolumeMode: &mode, VolumeName: "pvc-1",
			Resources: api.ResourceRequirements{Requests: api.ResourceList{"storage": api.MustParseQuantity("1Gi")}}},
		Status: api.PersistentVolumeClaimStatus{Phase: "Bound", AccessModes: []string{"ReadWriteOnce"}, Capacity: api.ResourceList{"storage": api.MustParseQuantity("1Gi")}}})
	e.create(&api.PersistentVolume{ObjectMeta: api.ObjectMeta{Name: "pvc-1", Finalizers: []string{"kubernetes.io/pv-protection"}},
		Spec: api.PersistentVolumeSpec{Capacity: api.ResourceList{"storage": api.MustParseQuantity("1Gi")}, AccessModes: []string{"ReadWriteOnce"},
			ClaimRef: &api.ObjectReference{Kind: "PersistentVolumeClaim", Namespace: "default", Name: "www-web-0"}, PersistentVolumeReclaimPolicy: "Delete",
			StorageClassName: "standard", VolumeMode: &mode, HostPath: &api.HostPathVolumeSource{Path: "/var/pv/1", Type: "DirectoryOrCreate"},
			NodeAffinity: &api.VolumeNodeAffinity{Required: &api.NodeSelector{NodeSelectorTerms: []api.NodeSelectorTerm{{MatchExpressions: []api.NodeSelectorRequirement{
				{Key: "kubernetes.io/hostname", Operator: "In", Values: []string{"node-3"}}}}}}}},
		Status: api.PersistentVolumeStatus{Phase: "Bound"}})
	reclaim, binding := "Delete", "WaitForFirstConsumer"
	e.create(&api.StorageClass{ObjectMeta: api.ObjectMeta{Name: "standard", Annotations: map[string]string{api.IsDefaultClassAnnotation: "true"}},
		Provisioner: "rancher.io/local-path", ReclaimPolicy: &reclaim, VolumeBindingMode: &binding})
	single, cluster := "SingleStack", "Cluster"
	e.create(&api.Service{ObjectMeta: api.ObjectMeta{Name: "nginx", Namespace: "default", Labels: labels},
		Spec: api.ServiceSpec{Type: "ClusterIP", Selector: labels, ClusterIP: "None", ClusterIPs: []string{"None"}, IPFamilies: []string{"IPv4"},
			IPFamilyPolicy: &single, InternalTrafficPolicy: &cluster, SessionAffinity: "None",
			Ports: []api.ServicePort{{Name: "web", Port: 80, Protocol: "TCP", TargetPort: api.FromInt(80)}}}})
	addrs := []api.EndpointAddress{{IP: "10.244.1.2"}, {IP: "10.244.2.2"}, {IP: "10.244.3.2"}, {IP: "10.244.3.3"}}
	e.create(&api.Endpoints{ObjectMeta: api.ObjectMeta{Name: "nginx", Namespace: "default", Labels: labels},
		Subsets: []api.EndpointSubset{{Addresses: addrs, NotReadyAddresses: []api.EndpointAddress{{IP: "10.244.1.9"}},
			Ports: []api.EndpointPort{{Name: "web", Port: 80, Protocol: "TCP"}}}}})
	return e
}

// Each describer's page, as kubectl v1.31 lays it out.
func TestDescribeStatefulSetStorageAndNetworkKinds(t *testing.T) {
	tests := []struct{ cmd, want string }{
		{"kubectl describe statefulset web", lines(
			"Name:               web",
			"Namespace:          default",
			"CreationTimestamp:  Thu, 01 Jan 2026 00:00:00 +0000",
			"Selector:           app=nginx",
			"Labels:             <none>",
			"Annotations:        <none>",
			"Replicas:           2 desired | 1 total",
			"Update Strategy:    RollingUpdate",
			"  Partition:        1",
			"Pods Status:        1 Running / 0 Waiting / 0 Succeeded / 0 Failed",
			"Pod Template:",
			"  Labels:  app=nginx",
			"  Containers:",
			"   nginx:",
			"    Image:        nginx:1.9.1",
			"    Port:         <none>",
			"    Host Port:    <none>",
			"    Environment:  <none>",
			"    Mounts:",
			"      /usr/share/nginx/html from www (rw)",
			"  Volumes:         <none>",
			"  Node-Selectors:  <none>",
			"  Tolerations:     <none>",
			"Volume Claims:",
			"  Name:          www",
			"  StorageClass:  ",
			"  Labels:        <none>",
			"  Annotations:   <none>",
			"  Capacity:      1Gi",
			"  Access Modes:  [ReadWriteOnce]",
			"Events:          <none>")},
		{"kubectl describe pvc www-web-0", lines(
			"Name:          www-web-0",
			"Namespace:     default",
			"StorageClass:  standard",
			"Status:        Bound",
			"Volume:        pvc-1",
			"Labels:        app=nginx",
			"Annotations:   <none>",
			"Finalizers:    [kubernetes.io/pvc-protection]",
			"Capacity:      1Gi",
			"Access Modes:  RWO",
			"VolumeMode:    Filesystem",
			"Used By:       web-0",
			"Events:        <none>")},
		{"kubectl describe pv pvc-1", lines(
			"Name:              pvc-1",
			"Labels:            <none>",
			"Annotations:       <none>",
			"Finalizers:        [kubernetes.io/pv-protection]",
			"StorageClass:      standard",
			"Status:            Bound",
			"Claim:             default/www-web-0",
			"Reclaim Policy:    Delete",
			"Access Modes:      RWO",
			"VolumeMode:        Filesystem",
			"Capacity:          1Gi",
			"Node Affinity:     ",
			"  Required Terms:  ",
			"    Term 0:        kubernetes.io/hostname in [node-3]",
			"Message:           ",
			"Source:",
			"    Type:          HostPath (bare host directory volume)",
			"    Path:          /var/pv/1",
			"    HostPathType:  DirectoryOrCreate",
			"Events:            <none>")},
		{"kubectl describe storageclass standard", lines(
			"Name:                  standard",
			"IsDefaultClass:        Yes",
			"Annotations:           storageclass.kubernetes.io/is-default-class=true",
			"Provisioner:           rancher.io/local-path",
			"Parameters:            <none>",
			"AllowVolumeExpansion:  <unset>",
			"MountOptions:          <none>",
			"ReclaimPolicy:         Delete",
			"VolumeBindingMode:     WaitForFirstConsumer",
			"Events:                <none>")},
		{"kubectl describe svc nginx", lines(
			"Name:                     nginx",
			"Namespace:                default",
			"Labels:                   app=nginx",
			"Annotations:              <none>",
			"Selector:                 app=nginx",
			"Type:                     ClusterIP",
			"IP Family Policy:         SingleStack",
			"IP Families:              IPv4",
			"IP:                       None",
			"IPs:                      None",
			"Port:                     web  80/TCP",
			"TargetPort:               80/TCP",
			"Endpoints:                10.244.1.2:80,10.244.2.2:80,10.244.3.2:80 + 1 more...",
			"Session Affinity:         None",
			"Internal Traffic Policy:  Cluster",
			"Events:                   <none>")},
		{"kubectl describe endpoints nginx", lines(
			"Name:         nginx",
			"Namespace:    default",
			"Labels:       app=nginx",
			"Annotations:  <none>",
			"Subsets:",
			"  Addresses:          10.244.1.2,10.244.2.2,10.244.3.2,10.244.3.3",
			"  NotReadyAddresses:  10.244.1.9",
			"  Ports:",
			"    Name  Port  Protocol",
			"    ----  ----  --------",
			"    web   80    TCP",
			"",
			"Events:  <none>")},
	}
	for _, tt := range tests {
		t.Run(tt.cmd, func(t *testing.T) {
			e := storageEnv(t)
			r := e.run(tt.cmd)
			assert.Empty(t, r.Stderr)
			assert.Equal(t, tt.want, r.Stdout)
		})
	}
}

func TestDescribeServiceWithoutEndpointsAndClassWithOptions(t *testing.T) {
	e := newEnv(t)
	e.create(&api.Service{ObjectMeta: api.ObjectMeta{Name: "lonely", Namespace: "default"},
		Spec: api.ServiceSpec{Type: "NodePort", ClusterIP: "10.96.0.9", SessionAffinity: "None", ExternalTrafficPolicy: "Cluster",
			Ports: []api.ServicePort{{Port: 80, Protocol: "TCP", TargetPort: api.FromString("http"), NodePort: 30080}}}})
	r := e.run("kubectl describe svc lonely")
	assert.Contains(t, r.Stdout, "Selector:                 <none>\n")
	assert.Contains(t, r.Stdout, "IP Families:              IPv4\n", "defaulted by the API server")
	assert.Contains(t, r.Stdout, "Port:                     <unset>  80/TCP\n")
	assert.Contains(t, r.Stdout, "TargetPort:               http/TCP\n")
	assert.Contains(t, r.Stdout, "NodePort:                 <unset>  30080/TCP\n")
	assert.Contains(t, r.Stdout, "Endpoints:                <none>\n")
	assert.Contains(t, r.Stdout, "External Traffic Policy:  Cluster\n")

	yes := true
	e.create(&api.StorageClass{ObjectMeta: api.ObjectMeta{Name: "fast"}, Provisioner: "example.com/ssd",
		Parameters: map[string]string{"type": "ssd", "iops": "10"}, AllowVolumeExpansion: &yes, MountOptions: []string{"debug", "noatime"}})
	r = e.run("kubectl describe sc fast")
	assert.Equal(t, lines(
		"Name:                  fast",
		"IsDefaultClass:        No",
		"Annotations:           <none>",
		"Provisioner:           example.com/ssd",
		"Parameters:            iops=10,type=ssd",
		"AllowVolumeExpansion:  True",
		"MountOptions:",
		"  debug",
		"  noatime",
		"ReclaimPolicy:      Delete",
		"VolumeBindingMode:  Immediate",
		"Events:             <none>"), r.Stdout, "the API server defaults the policy and the mode")
}
