// size.mjs DIST FILE… — prints each file's size raw, gzip -9 and brotli -q 11,
// and what a first visit transfers (every file but the single-file page),
// compressed as a server would send it. Brotli comes from the brotli
// binary when it is installed, else from Node's zlib (the same encoder).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync, brotliCompressSync, constants } from "node:zlib";
import { execFileSync } from "node:child_process";

const [dist, ...files] = process.argv.slice(2);
let brotliBin = false;
try { execFileSync("brotli", ["--version"], { stdio: "ignore" }); brotliBin = true; } catch { /* use zlib */ }

function brotli(buf) {
  if (brotliBin) return execFileSync("brotli", ["-c", "-q", "11"], { input: buf, maxBuffer: 1 << 30 }).length;
  return brotliCompressSync(buf, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: buf.length },
  }).length;
}

const kb = (n) => (n / 1024).toFixed(1).padStart(9) + " KiB";
console.log("file".padEnd(16) + "raw".padStart(13) + "gzip".padStart(13) + "brotli".padStart(13));
const total = { raw: 0, gz: 0, br: 0 };
const js = { raw: 0, gz: 0, br: 0 };
let wasm = null;
for (const f of files) {
  let buf;
  try { buf = readFileSync(join(dist, f)); } catch { continue; }
  const row = { raw: buf.length, gz: gzipSync(buf, { level: 9 }).length, br: brotli(buf) };
  console.log(f.padEnd(16) + kb(row.raw) + kb(row.gz) + kb(row.br));
  if (f !== "kubeloop.html") for (const k of Object.keys(total)) total[k] += row[k];
  if (f.endsWith(".js")) for (const k of Object.keys(js)) js[k] += row[k];
  if (f.endsWith(".wasm")) wasm = row;
}
console.log("-".repeat(55));
if (wasm) console.log("wasm".padEnd(16) + kb(wasm.raw) + kb(wasm.gz) + kb(wasm.br));
console.log("JS (all)".padEnd(16) + kb(js.raw) + kb(js.gz) + kb(js.br));
console.log("first visit".padEnd(16) + kb(total.raw) + kb(total.gz) + kb(total.br));
console.log("(brotli from " + (brotliBin ? "the brotli binary" : "Node's zlib") + "; first visit: every file of the served page)");
