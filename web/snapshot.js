// Pyodide's memory snapshot, kept in the Cache API: Python's heap just after pyrite, jinja2 and markupsafe
// were imported. A later page restores it (a few hundred ms) instead of starting Python and importing them
// (seconds). A page that finds none kept restores the one the site ships (made at build time under Node,
// make/snapshot.py; gzipped, checked against runtime.js's sha256) and keeps it; where that one does not
// serve either, web/worker.js makes one and keeps it.
//
// One entry, keyed by runtime.js's snapshot key (build.py: Pyodide's version and the sha256 of each wheel the
// worker unpacks) and checked against its own sha256 before use; Pyodide refuses one of another build too.
// A kept snapshot that does not serve (another key, corrupt, refused) is dropped with a console notice and
// Python comes up as on a page with none kept, then a new one is kept. Nothing else in the Cache API is
// touched: a write the quota refuses leaves the weights and pipelines as they were.
const CACHE = "pyrite-runtime-v1";
const KEY_HEADER = "x-pyrite-snapshot-key";
const SHA_HEADER = "x-pyrite-snapshot-sha256";

async function sha256(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The console notice for a shipped snapshot that does not serve; null. */
export function skipShipped(why) {
  console.warn(`pyrite: the shipped Python snapshot is not used (${why}); Python starts normally`);
  return null;
}

/** Bytes gzip made (magic 1f 8b), unpacked; others as they are (a server may have unpacked them already). */
async function gunzipped(bytes) {
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return bytes;
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** The snapshot the site ships (runtime.js `shipped`: {url, sha256}), unpacked and checked, or null with a
 * console notice saying why (not served, not gzip, another sha256). */
export async function shippedSnapshot(shipped) {
  try {
    const resp = await fetch(shipped.url);
    if (!resp.ok) return skipShipped(`${shipped.url}: HTTP ${resp.status}`);
    const bytes = await gunzipped(new Uint8Array(await resp.arrayBuffer()));
    return (await sha256(bytes)) === shipped.sha256 ? bytes : skipShipped("its bytes do not match their sha256");
  } catch (err) {
    return skipShipped(String(err.message ?? err));
  }
}

/** The snapshot store of the site at base: read(key) -> Uint8Array or null, write(key, bytes), drop(why). */
export function snapshotStore(base) {
  const url = new URL("pyrite-runtime/python.snapshot", base).href;
  const open = () => (globalThis.caches ? caches.open(CACHE) : Promise.resolve(null));  // none off a secure context

  async function drop(why) {
    console.warn(`pyrite: the kept Python snapshot is not used (${why}); Python comes up without it and keeps a new one`);
    await open().then((cache) => cache?.delete(url)).catch(() => {});
  }

  async function read(key) {
    try {
      const resp = await (await open())?.match(url);
      if (!resp) return null;
      if (resp.headers.get(KEY_HEADER) !== key) return await drop("it is of another build").then(() => null);
      const bytes = new Uint8Array(await resp.arrayBuffer());
      if ((await sha256(bytes)) !== resp.headers.get(SHA_HEADER)) return await drop("its bytes do not match their sha256").then(() => null);
      return bytes;
    } catch (err) {
      console.warn(`pyrite: the kept Python snapshot could not be read (${err}); Python starts normally`);
      return null;
    }
  }

  async function write(key, bytes) {
    try {
      const cache = await open();
      if (!cache) return;
      const headers = { "content-type": "application/octet-stream", [KEY_HEADER]: key, [SHA_HEADER]: await sha256(bytes) };
      await cache.put(url, new Response(bytes, { headers }));
    } catch (err) {  // QuotaExceededError among others: the next page starts normally again
      console.warn(`pyrite: the Python snapshot was not kept (${err.name ?? err}: ${err.message ?? ""})`);
    }
  }

  return { read, write, drop };
}
