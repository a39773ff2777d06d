package chaos

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"time"
)

// step is one command line (or an apply with its heredoc) of the
// transcript. A time step (advance, settle) is run task by task by the
// harness; any other is run by transcript.Run.
type step struct {
	text string        // the transcript lines, each ending in "\n"
	time time.Duration // advance by this much; 0: not a time step
	// settle marks `sim settle MAX` (time is MAX).
	settle bool
}

func cmd(line string) step { return step{text: line + "\n"} }

func advance(d time.Duration) step {
	return step{text: fmt.Sprintf("sim advance %s\n", d), time: d}
}

func settle(max time.Duration) step {
	return step{text: fmt.Sprintf("sim settle %s\n", max), time: max, settle: true}
}

func apply(manifest string) step {
	return step{text: "kubectl apply -f - <<EOF\n" + manifest + "EOF\n"}
}

// Images: good ones the simulated registry has, bad ones it has not (the
// pull fails and backs off forever).
var (
	goodImages = []string{"nginx:1.25", "nginx:1.26", "nginx:1.27", "nginx:1.25.3"}
	badImages  = []string{"nginx:1.91", "nginx:no-such-tag"}
)

func image(rng *rand.Rand) string {
	if rng.IntN(5) == 0 {
		return badImages[rng.IntN(len(badImages))]
	}
	return goodImages[rng.IntN(len(goodImages))]
}

func deployment(replicas int, img string) string {
	return fmt.Sprintf(`apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: %d
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: web
        image: %s
`, replicas, img)
}

func statefulSet(replicas int) string {
	return fmt.Sprintf(`apiVersion: v1
kind: Service
metadata:
  name: db
spec:
  clusterIP: None
  selector:
    app: db
  ports:
  - port: 80
---
apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: db
spec:
  serviceName: db
  replicas: %d
  selector:
    matchLabels:
      app: db
  template:
    metadata:
      labels:
        app: db
    spec:
      containers:
      - name: db
        image: nginx:1.25
        volumeMounts:
        - name: data
          mountPath: /data
  volumeClaimTemplates:
  - metadata:
      name: data
    spec:
      accessModes: [ReadWriteOnce]
      resources:
        requests:
          storage: 1Gi
`, replicas)
}

func daemonSet(img string) string {
	return fmt.Sprintf(`apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: agent
spec:
  selector:
    matchLabels:
      app: agent
  template:
    metadata:
      labels:
        app: agent
    spec:
      containers:
      - name: agent
        image: %s
`, img)
}

func job(name string, completions, parallelism, backoff int, script string) string {
	return fmt.Sprintf(`apiVersion: batch/v1
kind: Job
metadata:
  name: %s
spec:
  completions: %d
  parallelism: %d
  backoffLimit: %d
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: work
        image: busybox:1.36
        command: ["sh", "-c", %q]
`, name, completions, parallelism, backoff, script)
}

// generate writes seed's random steps: a few applies first, then about
// twenty random operations.
func generate(seed uint64) []step {
	rng := rand.New(rand.NewPCG(seed, 0xc4a05))
	var steps []step
	jobs := 0
	node := func() string { return fmt.Sprintf("node-%d", 1+rng.IntN(5)) }
	replica := func() string { return fmt.Sprintf("control-plane-%d", 1+rng.IntN(2)) }
	applyOne := func(kind int) step {
		switch kind {
		case 0:
			return apply(deployment(1+rng.IntN(4), image(rng)))
		case 1:
			return apply(statefulSet(1 + rng.IntN(3)))
		case 2:
			return apply(daemonSet(goodImages[rng.IntN(len(goodImages))]))
		}
		jobs++
		script := fmt.Sprintf("sleep %d; exit 0", 1+rng.IntN(20))
		if rng.IntN(3) == 0 {
			script = "sleep 2; exit 3"
		}
		return apply(job(fmt.Sprintf("job-%d", jobs), 1+rng.IntN(3), 1+rng.IntN(2), rng.IntN(3), script))
	}
	for _, kind := range rng.Perm(4)[:1+rng.IntN(3)] {
		steps = append(steps, applyOne(kind))
	}
	for n := 16 + rng.IntN(8); n > 0; n-- {
		var s step
		switch op := rng.IntN(20); op {
		case 0, 1:
			s = applyOne(rng.IntN(4))
		case 2:
			s = cmd(fmt.Sprintf("kubectl scale deployment web --replicas=%d", rng.IntN(5)))
		case 3:
			s = cmd(fmt.Sprintf("kubectl scale statefulset db --replicas=%d", rng.IntN(4)))
		case 4:
			s = cmd("kubectl set image deployment/web web=" + image(rng))
		case 5:
			s = cmd([]string{"kubectl delete pods -l app=web", "kubectl delete pods -l app=agent",
				fmt.Sprintf("kubectl delete pod db-%d", rng.IntN(3)), "kubectl delete pods --all"}[rng.IntN(4)])
		case 6:
			s = cmd("sim node fail " + node())
		case 7:
			s = cmd("sim node recover " + node())
		case 8:
			s = cmd("sim node add " + node())
		case 9:
			s = cmd("sim node delete " + node())
		case 10:
			s = cmd("sim controller-manager kill " + replica())
		case 11:
			s = cmd("sim controller-manager start " + replica())
		case 12:
			verb := []string{"pause", "resume"}[rng.IntN(2)]
			s = cmd("sim controller-manager " + verb + " " + replica())
		case 13:
			s = settle(time.Duration(1+rng.IntN(3)) * time.Minute)
		default:
			s = advance(time.Duration(1+rng.IntN(120)) * time.Second)
		}
		steps = append(steps, s)
	}
	return steps
}

// isApply reports whether a step applies a manifest (its text is a heredoc).
func (s step) isApply() bool { return strings.HasPrefix(s.text, "kubectl apply") }
