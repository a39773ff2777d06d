// The peer's side of `make bench`: @ngrok/webernetes (the npm package, no
// code of its own here) runs kubeloop's benchmark scenario, as
// /work/shared/peers/webernetes/bench.mjs does, with the end conditions
// made the same as kubeloop's (tests/bench/scenario.go):
//   scale-up: N pods of bench:1.0 Running with Ready=True;
//   rollout:  N pods of bench:2.0 Running+Ready and no bench:1.0 pod left
//             in the API at all (bench.mjs's rollout_ms stops when the old
//             pods are only marked for deletion; this waits until they are
//             gone, its old_pods_gone_ms, and measures CPU up to there).
// Stepped mode only: the cluster clock is paused and stepped 10 ms per
// event-loop turn, as fast as the CPU allows (simulated time, as kubeloop).
// One N per process; one JSON line per phase, with process.cpuUsage().
//
//   node phases.mjs --n=1000 --cap=900
// cap: seconds of process CPU for the phases together (the machine may be
// shared, so CPU, not wall time, is the fair limit); wall time is bounded
// at four times that. A phase past either prints ok:false ("timeout").
import { register } from "node:module";

register("./resolve-hook.mjs", import.meta.url);
const { BaseImage, Cluster } = await import("@ngrok/webernetes");

const flag = (name, dflt) => {
	const hit = process.argv.slice(2).find((a) => a.startsWith(`--${name}=`));
	return hit ? hit.slice(name.length + 3) : dflt;
};
const N = Number(flag("n", "10"));
const CAP_MS = Number(flag("cap", "900")) * 1000; // CPU
const STEP_MS = 10;
const NODES = Math.max(3, Math.ceil(N / 110));

class BenchV1 extends BaseImage {
	static imageName = "bench";
	static imageVersion = "1.0";
	defaultCommand = ["serve"];
	async exec(ctx, argv) {
		if (argv[0] !== "serve") return await super.exec(ctx, argv);
		return await ctx.waitUntilKilled();
	}
}
class BenchV2 extends BenchV1 {
	static imageVersion = "2.0";
}

const deployment = (image) => ({
	apiVersion: "apps/v1",
	kind: "Deployment",
	metadata: { name: "bench", namespace: "default" },
	spec: {
		replicas: N,
		selector: { matchLabels: { app: "bench" } },
		template: { metadata: { labels: { app: "bench" } }, spec: { containers: [{ name: "bench", image }] } },
	},
});
const isReady = (p) =>
	p.status?.phase === "Running" && !p.metadata?.deletionTimestamp &&
	p.status?.conditions?.some((c) => c.type === "Ready" && c.status === "True") === true;

const cpuMs = () => {
	const u = process.cpuUsage();
	return (u.user + u.system) / 1000;
};
const emit = (o) => process.stdout.write(`${JSON.stringify({ n: N, nodes: NODES, ...o })}\n`);

const c0 = cpuMs();
const cluster = new Cluster({ nodes: NODES });
cluster.registerImage(BenchV1);
cluster.registerImage(BenchV2);
cluster.pause();
let stepping = true;
const step = () => {
	if (!stepping) return;
	cluster.clock.step(STEP_MS);
	setImmediate(step);
};
setImmediate(step);
await cluster.init();

// The pods, as an informer sees them (what the peer's examples do).
const pods = new Map();
let check = () => {};
const inf = cluster.informer(
	"pods",
	(type, pod) => {
		if (type === "delete") pods.delete(pod.metadata.name);
		else pods.set(pod.metadata.name, pod);
		check();
	},
	{ namespace: "default", labelSelector: "app=bench" },
);
const count = (image) => {
	let ready = 0, other = 0;
	for (const p of pods.values()) {
		if (p.spec.containers[0].image === image) ready += isReady(p) ? 1 : 0;
		else other++;
	}
	return { ready, other };
};
emit({ phase: "setup", wall_ms: 0, cpu_ms: cpuMs() - c0, sim_ms: 0, ok: true, ready: 0 });

const deadline = performance.now() + 4 * CAP_MS;
const cpuStart = cpuMs();
async function phase(name, image, done) {
	// Start from a fresh macrotask (see the peer README's stepped-mode quirk).
	await new Promise((r) => setImmediate(r));
	const t0 = performance.now(), s0 = cluster.clock.nowMs(), cpu0 = cpuMs();
	let ok = true;
	await cluster.apply([deployment(image)]);
	await new Promise((resolve) => {
		const stop = () => { clearTimeout(timer); clearInterval(cpuWatch); check = () => {}; resolve(); };
		const timer = setTimeout(() => { ok = false; stop(); }, Math.max(0, deadline - performance.now()));
		const cpuWatch = setInterval(() => { if (cpuMs() - cpuStart > CAP_MS) { ok = false; stop(); } }, 500);
		check = () => {
			if (done(count(image))) stop();
		};
		check();
	});
	emit({ phase: name, wall_ms: performance.now() - t0, cpu_ms: cpuMs() - cpu0,
		sim_ms: cluster.clock.nowMs() - s0, ok, ready: count(image).ready });
	return ok;
}
if (await phase("scale-up", "bench:1.0", (c) => c.ready >= N)) {
	await phase("rollout", "bench:2.0", (c) => c.ready >= N && c.other === 0);
}
stepping = false;
process.exit(0); // close() can hang while pods terminate; the figures are out
