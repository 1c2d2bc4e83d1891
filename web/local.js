// Local models: the models a user gave the page (a GGUF file, converted in the worker), kept in the
// origin private file system (OPFS) under pyrite-models/<key>/: model.json and its weights-NNNNN.bin.
//
// The worker registers the writer half as pyrite_local (py/pyrite/models/local.py drives it):
//   estimate()                     -> {usage, quota} of the origin's storage
//   create(name)                   -> key: a fresh directory, held under a Web Lock while it is written
//   write(key, file, bytes)        queues bytes (copied) for a shard; close(key, file) queues its close
//   drain(key)                     every write queued so far settled; rejects with the first that failed
//   commit(key, modelJson)         model.json last: from here on the model is listed; the lock goes
//   discard(key)                   the directory and everything in it go (a failure, a stop)
//   readText(key, file), read(key, file) -> text / ArrayBuffer (a local model loads: "local:<key>")
// The page (web/app.js) lists and deletes: listLocal(), removeLocal(key). A directory without model.json
// that no conversion holds (a tab closed half way) is removed by listLocal, so it is never listed.
const ROOT = "pyrite-models";
const LOCK = "pyrite-convert:";

const jobs = new Map();  // key -> {dir, files: Map name -> writable promise, chain, error, release}

async function root() {
  if (!navigator.storage?.getDirectory) {
    throw new Error("this browser has no origin private file system (navigator.storage.getDirectory)");
  }
  return (await navigator.storage.getDirectory()).getDirectoryHandle(ROOT, { create: true });
}

async function dirOf(key) {
  return (await root()).getDirectoryHandle(key);
}

export async function estimate() {
  const { usage = 0, quota = 0 } = (await navigator.storage?.estimate?.()) ?? {};
  return { usage, quota };
}

function slug(name) {
  return String(name).toLowerCase().replace(/[^a-z0-9._-]+/g, "-").replace(/^[-.]+|-+$/g, "").slice(0, 48) || "model";
}

export async function create(name) {
  const key = `${slug(name)}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  let release;
  const held = new Promise((resolve) => {
    navigator.locks.request(LOCK + key, () => new Promise((r) => { release = r; resolve(); }));
  });
  await held;
  const dir = await (await root()).getDirectoryHandle(key, { create: true });
  jobs.set(key, { dir, files: new Map(), chain: Promise.resolve(), error: null, release });
  return key;
}

function queue(key, task) {
  const job = jobs.get(key);
  job.chain = job.chain.then(() => (job.error ? undefined : task(job))).catch((err) => { job.error ??= err; });
}

export function write(key, file, bytes) {
  const copy = new Uint8Array(bytes);  // Python's buffer is gone once the call returns
  queue(key, async (job) => {
    if (!job.files.has(file)) {
      const handle = await job.dir.getFileHandle(file, { create: true });
      job.files.set(file, await handle.createWritable());
    }
    await job.files.get(file).write(copy);
  });
}

export function close(key, file) {
  queue(key, async (job) => {
    await job.files.get(file)?.close();
    job.files.delete(file);
  });
}

export async function drain(key) {
  const job = jobs.get(key);
  await job.chain;
  if (job.error) throw job.error;
}

export async function commit(key, modelJson) {
  const job = jobs.get(key);
  await drain(key);
  const writable = await (await job.dir.getFileHandle("model.json", { create: true })).createWritable();
  await writable.write(modelJson);
  await writable.close();
  jobs.delete(key);
  job.release();
}

export async function discard(key) {
  const job = jobs.get(key);
  if (!job) return;
  await job.chain;
  for (const writable of job.files.values()) await writable.abort().catch(() => {});
  await (await root()).removeEntry(key, { recursive: true }).catch(() => {});
  jobs.delete(key);
  job.release();
}

async function fileOf(key, file) {
  return (await (await dirOf(key)).getFileHandle(file)).getFile();
}

export async function readText(key, file) {
  return (await fileOf(key, file)).text();
}

export async function read(key, file) {
  return (await fileOf(key, file)).arrayBuffer();
}

/** [{key, name, arch, recipe, bytes, source}] of every finished local model, by key; a directory a
 * closed tab left half written is removed on the way. */
export async function listLocal() {
  if (!navigator.storage?.getDirectory) return [];
  const dir = await root();
  const held = new Set(((await navigator.locks.query()).held ?? []).map((l) => l.name));
  const models = [];
  for await (const [key, handle] of dir.entries()) {
    if (handle.kind !== "directory") continue;
    let index = null;
    try {
      index = JSON.parse(await (await (await handle.getFileHandle("model.json")).getFile()).text());
    } catch {
      if (!held.has(LOCK + key)) await dir.removeEntry(key, { recursive: true }).catch(() => {});
      continue;
    }
    models.push({ key, name: index.name, arch: index.config?.arch, recipe: index.recipe,
                  bytes: (index.shards ?? []).reduce((n, s) => n + s.bytes, 0), source: index.source?.file });
  }
  return models.sort((a, b) => a.key.localeCompare(b.key));
}

/** Delete a local model and free its storage. */
export async function removeLocal(key) {
  await (await root()).removeEntry(key, { recursive: true });
}

export const store = { estimate, create, write, close, drain, commit, discard, readText, read };
