// Package examples holds the manifests the course starts from, shared by
// the page (the editor's first text), the deployment controller's card and
// the tests, so that they all mean the same object.
package examples

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
