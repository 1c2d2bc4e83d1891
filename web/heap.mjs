// Python's heap as a memory snapshot, shared by the two places that make one: web/worker.js (a page where
// no kept or shipped snapshot serves) and make/snapshot.mjs (the one the site ships, under Node). An .mjs
// file, so Node imports it as a module whatever the package says.

/** The snapshot of a Python started with `_makeSnapshot`, its JS modules registered and its wheels
 * unpacked, once it has imported what pyrite.resume.prepare() imports. modules: {name: object} as it was
 * given them; the snapshot names each, for a restoring page's deserializer to hand over its own. */
export function heapSnapshot(python, modules) {
  const names = new Map(Object.entries(modules).map(([name, module]) => [module, name]));
  python.runPython("import pyrite.resume; pyrite.resume.prepare()");
  return python.makeMemorySnapshot({ serializer: (obj) => {
    if (!names.has(obj)) throw new Error(`Python holds a JS object that is none of its modules: ${obj}`);
    return { module: names.get(obj) };
  } });
}
