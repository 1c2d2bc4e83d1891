// The worker's shard reader, registered into Pyodide as pyrite_shards: py/pyrite/models/loader.py
// (FetchShards) asks it for every shard of the model being loaded.
//
//   begin(total)                      a load starts: the bytes of all its shards (Python has read
//                                     model.json); opens the weight cache (web/cache.js)
//   read(url, sha256, bytes, reload)  -> ArrayBuffer: the kept copy (by sha256) unless reload, else the
//                                     network (reload: cache "reload", past the HTTP cache too). Its
//                                     bytes are counted as they stream: the one "weights" progress
//   keep(sha256, buffer)              keep a shard Python has verified (one read from the kept copy is
//                                     kept already: not written again); a failure (quota) is a notice,
//                                     and the rest of this load goes unkept
//
// A second visit reads no weights from the network, and a download that broke off resumes from the
// shards already kept. Python verifies every shard whatever its source; one kept copy that fails is
// read again with reload, which replaces it once verified. settled() is every keep still writing: a load
// answers once they settle, so a page that ends the worker after a failed load still keeps its shards.
import { CACHE, cacheKey } from "./cache.js";

const PROGRESS_MS = 100;  // a message per chunk would flood the page

export function shardReader(base, { progress, notice }) {
  // counted: url -> bytes so far; kept: the sha256 of the shards this load read from their kept copy
  let load = { total: 0, done: 0, cache: null, counted: new Map(), kept: new Set() };
  const keeping = new Set();

  function counted(body, url) {
    const state = load;
    state.done -= state.counted.get(url) ?? 0;  // a shard read again counts once
    state.counted.set(url, 0);
    let lastPost = 0;
    return body.pipeThrough(new TransformStream({
      transform(chunk, controller) {
        state.done += chunk.byteLength;
        state.counted.set(url, state.counted.get(url) + chunk.byteLength);
        const now = performance.now();
        if (now - lastPost > PROGRESS_MS || state.done >= state.total) {
          lastPost = now;
          progress(state.done, state.total);
        }
        controller.enqueue(chunk);
      },
    }));
  }

  async function openCache() {
    try {
      return await caches.open(CACHE);
    } catch (err) {  // no Cache API here (an insecure origin, a private mode): load without one
      notice(`weights are not cached: ${err.message || err}`);
      return null;
    }
  }

  async function begin(total) {
    load = { total, done: 0, cache: await openCache(), counted: new Map(), kept: new Set() };
  }

  async function read(url, sha256, bytes, reload) {
    const kept = load.cache && !reload ? await load.cache.match(cacheKey(base, sha256)) : undefined;
    // a kept entry of another length is damaged: not worth reading and hashing
    if (kept && Number(kept.headers.get("Content-Length")) === bytes) {
      load.kept.add(sha256);
      return new Response(counted(kept.body, url)).arrayBuffer();
    }
    load.kept.delete(sha256);  // read again (reload): its verified bytes replace the kept copy
    const resp = await fetch(url, { cache: reload ? "reload" : "default" });
    if (!resp.ok) throw new Error(`HTTP ${resp.status}`);
    return new Response(counted(resp.body, url)).arrayBuffer();
  }

  function keep(sha256, buffer) {
    const cache = load.cache;
    if (!cache || load.kept.has(sha256)) return;
    const headers = { "Content-Type": "application/octet-stream", "Content-Length": String(buffer.byteLength) };
    const put = cache.put(cacheKey(base, sha256), new Response(buffer, { headers })).catch((err) => {
      if (load.cache === cache) load.cache = null;  // quota (or any) failure: the rest of this load goes unkept
      notice(`weights are not cached (${err.name}: ${err.message})`);
    });
    keeping.add(put);
    put.finally(() => keeping.delete(put));
  }

  return { module: { begin, read, keep }, settled: () => Promise.allSettled([...keeping]) };
}
