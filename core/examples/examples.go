// Package examples holds the manifests the course starts from, shared by
// the page (the editor's first text), the deployment controller's card and
// the tests, so that they all mean the same object.
package examples

import "fmt"

// NginxDeployment is the course's first Deployment: three nginx:1.7.9 pods
// labelled app=nginx.
const NginxDeployment = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: nginx-deployment
  labels:
    app: nginx
spec:
  replicas: 3
  selector:
    matchLabels:
      app: nginx
  template:
    metadata:
      labels:
        app: nginx
    spec:
      containers:
      - name: nginx
        image: nginx:1.7.9
        ports:
        - containerPort: 80
`

// BenchDeployment is the Deployment of the scale-up and rollout benchmarks
// (tests/bench and core/cluster's Go benchmarks): n replicas of image, no
// probes or resources, so the cost measured is the control loop's.
func BenchDeployment(n int, image string) string {
	return fmt.Sprintf(`apiVersion: apps/v1
kind: Deployment
metadata:
  name: bench
spec:
  replicas: %d
  selector:
    matchLabels:
      app: bench
  template:
    metadata:
      labels:
        app: bench
    spec:
      containers:
      - name: bench
        image: %s
`, n, image)
}
