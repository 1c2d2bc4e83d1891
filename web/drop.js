// Drops on the page (web/app.js): dropped files as they are, and a dropped folder's files (one level: an
// HF checkpoint folder is flat), each named by its path like a picked folder's webkitRelativePath, so
// the worker mounts them under the folder's name. The page is outlined (body.dropping) while dragged over.

function entries(dir) {
  const reader = dir.createReader();
  const all = [];
  return new Promise((resolve, reject) => {
    const more = () => reader.readEntries((batch) => {
      if (!batch.length) return resolve(all);
      all.push(...batch);
      more();
    }, reject);
    more();
  });
}

function fileOf(entry) {
  return new Promise((resolve, reject) => entry.file(resolve, reject));
}

/** [File] of a drop's DataTransfer: a folder's files carry webkitRelativePath "<folder>/<name>". */
export async function droppedFiles(dataTransfer) {
  const items = [...(dataTransfer?.items ?? [])].filter((i) => i.kind === "file");
  const dirs = items.map((i) => i.webkitGetAsEntry?.()).filter((e) => e?.isDirectory);
  if (dirs.length !== 1) return [...(dataTransfer?.files ?? [])];
  const files = [];
  for (const entry of await entries(dirs[0])) {
    if (!entry.isFile) continue;
    const file = await fileOf(entry);
    Object.defineProperty(file, "webkitRelativePath", { value: `${dirs[0].name}/${file.name}` });
    files.push(file);
  }
  return files;
}

/** Take file drops anywhere on the page: onFiles([File]) for each, onError(err) if a folder can't be read. */
export function acceptDrops(onFiles, onError) {
  document.addEventListener("dragover", (e) => {
    if (![...(e.dataTransfer?.types ?? [])].includes("Files")) return;
    e.preventDefault();
    document.body.classList.add("dropping");
  });
  document.addEventListener("dragleave", (e) => e.relatedTarget || document.body.classList.remove("dropping"));
  document.addEventListener("drop", (e) => {
    document.body.classList.remove("dropping");
    if (!e.dataTransfer?.files?.length) return;
    e.preventDefault();
    droppedFiles(e.dataTransfer).then(onFiles, onError);
  });
}
