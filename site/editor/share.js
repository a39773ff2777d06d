// Share links: text ⇄ deflate-raw ⇄ base64url, with the browser's own
// CompressionStream (no library, nothing in the wasm). The Go program decides
// what goes in and checks what comes out: a link is untrusted input.

function toBase64url(bytes) {
  let bin = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    bin += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
  }
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64url(s) {
  if (!/^[A-Za-z0-9_-]*$/.test(s)) throw new Error("the link is not base64url");
  const b64 = s.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((s.length + 3) % 4);
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

// readAll reads a byte stream, failing past max bytes (a decompression bomb
// in a link must not eat the tab's memory).
async function readAll(stream, max) {
  const reader = stream.getReader();
  const chunks = [];
  let n = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    n += value.length;
    if (n > max) {
      reader.cancel();
      throw new Error("the link's content is larger than " + max + " bytes");
    }
    chunks.push(value);
  }
  const out = new Uint8Array(n);
  let off = 0;
  for (const c of chunks) { out.set(c, off); off += c.length; }
  return out;
}

// deflate compresses text to base64url.
export async function deflate(text) {
  const input = new Blob([new TextEncoder().encode(text)]).stream();
  const bytes = await readAll(input.pipeThrough(new CompressionStream("deflate-raw")), 1 << 26);
  return toBase64url(bytes);
}

// inflate reverses deflate; it rejects with a readable message.
export async function inflate(s, max) {
  const bytes = fromBase64url(s);
  const input = new Blob([bytes]).stream();
  let out;
  try {
    out = await readAll(input.pipeThrough(new DecompressionStream("deflate-raw")), max || 1 << 20);
  } catch (e) {
    throw new Error(e && /larger than/.test(e.message) ? e.message : "the link is damaged (it does not decompress)");
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(out);
  } catch (e) {
    throw new Error("the link is damaged (not UTF-8 text)");
  }
}

// link makes a share link: base, then #share= and the compressed payload.
// With max > 0 it rejects a link whose fragment is longer, saying so.
export async function link(payload, base, max) {
  const frag = "#share=" + (await deflate(payload));
  if (max > 0 && frag.length > max) {
    throw new Error("the session is too long for a link (" + Math.ceil(frag.length / 1024) + " KB, at most " + Math.floor(max / 1024) + " KB): download it as a file instead");
  }
  return base + frag;
}
