"""`python build.py pack`: the npm package pyrite-webgpu, made from the built site (dist/) by following what a
bundler follows from its entry modules: static and dynamic imports of "./" paths and literal
`new URL("./file", import.meta.url)` (runtime.js names Pyodide's files and the wheels that way). So the
package holds the same modules as the site, the worker with them, and no weights; `npm pack` writes it."""
from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

from make.shell import run, say

NAME = "pyrite-webgpu"
ENTRIES = ("pyrite.js", "pyrite-chat.js")  # the package's modules: the engine, and the <pyrite-chat> element
TYPES = {"pyrite.js": "pyrite.d.ts", "pyrite-chat.js": "pyrite-chat.d.ts"}
LIMIT_BYTES = 60_000_000  # the tarball's ceiling (Pyodide's runtime is most of it)
# What a bundler follows: import ... from "./x", import "./x", import("./x"), new URL("./x", import.meta.url).
REFERENCE = re.compile(r"""(?:\bfrom\s*|\bimport\s*\(?\s*|\bnew\s+URL\s*\(\s*)["'](\./[^"']+)["']""")
COMMENT = re.compile(r"(?s:/\*.*?\*/)|^\s*//.*$", re.MULTILINE)  # whole-line and block comments


# Pyodide's modules import Node's built-ins (and ws) where they run under Node. Vite leaves those imports be;
# webpack 5 tries to bundle them and stops ("node:vm" is not handled). The package marks them as ignored.
NODE_IMPORT = re.compile(r"""\bimport\((["'])(node:[\w/]+|ws)\1\)""")


def bundler_safe(text: str) -> str:
    """A Pyodide module with its Node-only imports marked for webpack to leave alone (Vite ignores the mark)."""
    return NODE_IMPORT.sub(r"import(/* webpackIgnore: true */ \1\2\1)", text)


class PackError(Exception):
    """The package cannot be made as promised (a referenced file missing, over the size limit)."""


def references(text: str) -> list[str]:
    """The "./" paths a module's text refers to (without a query or fragment), in order, once each."""
    return list(dict.fromkeys(re.split(r"[?#]", ref)[0] for ref in REFERENCE.findall(COMMENT.sub("", text))))


def closure(site: Path, entries: tuple[str, ...]) -> list[str]:
    """Every file the entries reach (paths relative to site, sorted); .js and .mjs files are read for
    references of their own, relative to their folder."""
    seen: set[str] = set()
    todo = list(entries)
    while todo:
        rel = todo.pop()
        if rel in seen:
            continue
        path = site / rel
        if not path.is_file():
            raise PackError(f"{path}: referenced by the package's modules but not in the built site")
        seen.add(rel)
        if path.suffix in (".js", ".mjs"):
            folder = Path(rel).parent
            todo += [(folder / ref).as_posix().removeprefix("./") for ref in references(path.read_text())]
    return sorted(str(Path(p)) for p in seen)


def manifest(version: str, files: list[str]) -> dict:
    """package.json: an ES module package whose exports and types point at files inside it."""
    exports = {f"./{entry}": {"types": f"./{TYPES[entry]}", "default": f"./{entry}"} for entry in ENTRIES}
    exports["."] = exports.pop("./pyrite.js")
    exports["./pyrite-chat.css"] = "./pyrite-chat.css"  # for a page that links it itself
    return {
        "name": NAME, "version": version, "type": "module",
        "description": "Small Llama- and Qwen-family language models in the browser on WebGPU, driven by Python "
                       "(Pyodide in a Web Worker) with pyrite's own WGSL kernels; an OpenAI-shaped API.",
        "keywords": ["webgpu", "llm", "pyodide", "wgsl", "browser"],
        "main": "./pyrite.js", "types": "./pyrite.d.ts", "exports": exports,
        "sideEffects": ["./pyrite-chat.js", "*.css"],  # the element registers itself on import
        "files": sorted({f.split("/")[0] for f in files} | {"README.md"}),
    }


def pack(site: Path, out: Path, version: str) -> Path:
    """out/pyrite-webgpu-<version>.tgz from the built site; out/pyrite-webgpu/ is the staged package."""
    files = closure(site, ENTRIES)
    files += [TYPES[e] for e in ENTRIES]
    stage = out / NAME
    shutil.rmtree(stage, ignore_errors=True)
    for rel in files:
        (stage / rel).parent.mkdir(parents=True, exist_ok=True)
        if rel.startswith("pyodide/") and rel.endswith(".mjs"):
            (stage / rel).write_text(bundler_safe((site / rel).read_text()))
        else:
            shutil.copy2(site / rel, stage / rel)
    shutil.copy2(Path(__file__).parent / "package" / "README.md", stage / "README.md")
    (stage / "package.json").write_text(json.dumps(manifest(version, files), indent=2) + "\n")
    tarball = out / f"{NAME}-{version}.tgz"
    tarball.unlink(missing_ok=True)
    run(["npm", "pack", "--silent", "--pack-destination", str(out), str(stage)], stdout=subprocess.DEVNULL)
    size = tarball.stat().st_size
    if size > LIMIT_BYTES:
        raise PackError(f"{tarball}: {size / 1e6:.1f} MB, over the package's {LIMIT_BYTES / 1e6:.0f} MB limit")
    say(f"package ready: {tarball} ({size / 1e6:.1f} MB, {len(files) + 2} files)")
    return tarball
