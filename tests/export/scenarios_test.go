package export_test

// scenarios are what a learner does before pressing Export: transcripts
// of kubectl and sim lines, as the lessons are written.
var scenarios = []struct{ name, script string }{
	{"nginx deployment", nginxDeployment + "sim settle\n"},
	{"statefulset with claim templates and a headless service", headlessService + statefulSet + "sim settle\n"},
	{"service with ports", `kubectl apply -f - <<EOF
apiVersion: v1
kind: Service
metadata:
  name: web
spec:
  type: NodePort
  selector:
    app: web
  ports:
  - name: http
    port: 80
    targetPort: 8080
  - name: metrics
    port: 9090
    nodePort: 30090
EOF
sim settle
`},
	{"job", `kubectl apply -f - <<EOF
apiVersion: batch/v1
kind: Job
metadata:
  name: pi
spec:
  completions: 2
  template:
    spec:
      containers:
      - name: pi
        image: perl:5.34.0
        command: ["perl", "-Mbignum=bpi", "-wle", "print bpi(200)"]
      restartPolicy: Never
  backoffLimit: 4
EOF
sim settle
`},
	{"cronjob", `kubectl apply -f - <<EOF
apiVersion: batch/v1
kind: CronJob
metadata:
  name: hello
spec:
  schedule: "*/1 * * * *"
  jobTemplate:
    spec:
      template:
        spec:
          containers:
          - name: hello
            image: busybox:1.28
            command: ["sh", "-c", "date; echo Hello"]
          restartPolicy: OnFailure
EOF
sim advance 3m
`},
	{"daemonset in a namespace", `kubectl apply -f - <<EOF
apiVersion: v1
kind: Namespace
metadata:
  name: logging
---
apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: fluentd
  namespace: logging
spec:
  selector:
    matchLabels:
      name: fluentd
  template:
    metadata:
      labels:
        name: fluentd
    spec:
      tolerations:
      - key: node-role.kubernetes.io/control-plane
        operator: Exists
        effect: NoSchedule
      containers:
      - name: fluentd
        image: fluentd:v1.16
        resources:
          limits:
            memory: 200Mi
EOF
sim settle
`},
	{"after kubectl scale, set image, label and annotate", nginxDeployment + `sim settle
kubectl scale deployment nginx-deployment --replicas=5
kubectl set image deployment/nginx-deployment nginx=nginx:1.9.1
kubectl label deployment nginx-deployment tier=frontend
kubectl annotate deployment nginx-deployment owner=class-3
sim settle
`},
	{"scaled statefulset, labelled service", headlessService + statefulSet + `sim settle
kubectl scale statefulset web --replicas=3
kubectl label service nginx env=lab
kubectl annotate statefulset web note=three
sim settle
`},
	{"made imperatively", `kubectl create namespace shop
kubectl create deployment cart --image=nginx:1.25 --replicas=2 -n shop
kubectl expose deployment cart --port=80 --target-port=8080 -n shop
kubectl run one --image=busybox:1.36 --restart=Never -- sleep 3600
kubectl create configmap settings --from-literal=color=blue
sim settle
`},
}

const nginxDeployment = `kubectl apply -f - <<EOF
apiVersion: apps/v1
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
EOF
`

const headlessService = `kubectl apply -f - <<EOF
apiVersion: v1
kind: Service
metadata:
  name: nginx
  labels:
    app: nginx
spec:
  ports:
  - port: 80
    name: web
  clusterIP: None
  selector:
    app: nginx
EOF
`

const statefulSet = `kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: web
spec:
  serviceName: "nginx"
  replicas: 2
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
        image: nginx:1.9.1
        ports:
        - containerPort: 80
          name: web
        volumeMounts:
        - name: www
          mountPath: /usr/share/nginx/html
  volumeClaimTemplates:
  - metadata:
      name: www
    spec:
      accessModes:
      - ReadWriteOnce
      resources:
        requests:
          storage: 1Gi
EOF
`
