// The weight cache: shards kept in the Cache API under their sha256 (web/shards.js fills it while a
// model loads, with shards Python has verified; Python verifies every shard it reads, kept or not).

export const CACHE = "pyrite-weights-v1";

/** The name a shard is kept under: a URL of the site that is never fetched. */
export function cacheKey(base, sha256) {
  return new URL(`__pyrite-cache__/sha256/${sha256}`, base).href;
}

/** {shards, bytes} kept in the weight cache (0 where there is no Cache API). */
export async function cacheUsage() {
  if (!globalThis.caches) return { shards: 0, bytes: 0 };
  const cache = await caches.open(CACHE);
  let bytes = 0;
  const keys = await cache.keys();
  for (const key of keys) {
    const kept = await cache.match(key);
    bytes += Number(kept?.headers.get("Content-Length") ?? 0);
  }
  return { shards: keys.length, bytes };
}

/** Forget every kept shard: the next load downloads again. */
export async function clearCache() {
  if (globalThis.caches) await caches.delete(CACHE);
}
