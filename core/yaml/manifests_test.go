package yaml

import "github.com/kubeloop/kubeloop/core/examples"

// Manifests shared by the decode tests, the benchmark and the fuzz seed
// corpus.

const deploymentYAML = examples.NginxDeployment

const replicaSetYAML = `apiVersion: apps/v1
kind: ReplicaSet
metadata:
  name: frontend
  labels:
    app: guestbook
    tier: frontend
spec:
  replicas: 3
  selector:
    matchLabels:
      tier: frontend
    matchExpressions:
    - {key: tier, operator: In, values: [frontend]}
  template:
    metadata:
      labels:
        tier: frontend
    spec:
      containers:
      - name: php-redis
        image: gcr.io/google_samples/gb-frontend:v3
`

const podYAML = `apiVersion: v1
kind: Pod
metadata:
  name: web
  namespace: default
  annotations:
    note: "100"
spec:
  restartPolicy: OnFailure
  containers:
  - name: web
    image: nginx:1.25
    args: ["--port", "8080"]
    env:
    - name: MODE
      value: "production"
    - name: POD_NAME
      valueFrom:
        fieldRef:
          fieldPath: metadata.name
    resources:
      requests:
        cpu: 100m
        memory: 200Mi
      limits:
        cpu: 1
        memory: 1Gi
    readinessProbe:
      httpGet:
        path: /healthz
        port: 8080
      initialDelaySeconds: 5
      periodSeconds: 10
    livenessProbe:
      tcpSocket:
        port: http
    volumeMounts:
    - name: data
      mountPath: /data
      readOnly: true
  volumes:
  - name: data
    emptyDir: {}
`

const namespaceYAML = `apiVersion: v1
kind: Namespace
metadata:
  name: lesson-1
`

// multiDocYAML starts with "---", has a comment-only document and a
// trailing separator; its two objects begin on lines 3 and 10.
const multiDocYAML = `---
# the namespace first
apiVersion: v1
kind: Namespace
metadata:
  name: shop
---
# just a comment
---
apiVersion: v1
kind: Pod
metadata:
  name: one   # trailing comment
  namespace: shop
spec:
  containers:
  - name: c
    image: busybox
---
`
