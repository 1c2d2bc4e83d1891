"""make/pack.py and make/runtime.py with no build: what the package follows from its entry modules (as a
bundler does), what it refuses, its package.json, and the runtime module's literal URLs."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # make/ lives beside build.py
from make.pack import PackError, bundler_safe, closure, manifest, references  # noqa: E402
from make.runtime import runtime_module, snapshot_key  # noqa: E402


def test_references_are_what_a_bundler_follows_and_comments_are_not():
    text = """// import { x } from "./commented.js";
    /* new URL("./block.css", import.meta.url) */
    import { a } from "./a.js";
    export { b } from './b.js';
    const c = await import("./c.mjs");
    const d = new URL("./d.wasm", import.meta.url);
    const d2 = new URL("./d.wasm?no-inline", import.meta.url);
    import e from "bare-package";
    const f = new URL("https://other.host/f.js");"""
    assert references(text) == ["./a.js", "./b.js", "./c.mjs", "./d.wasm"]


def test_closure_follows_modules_in_their_folders_and_names_a_missing_file(tmp_path):
    (tmp_path / "lib").mkdir()
    (tmp_path / "entry.js").write_text('import "./lib/mod.js";')
    (tmp_path / "lib" / "mod.js").write_text('const w = new URL("./data.bin", import.meta.url); import "./mod.js";')
    (tmp_path / "lib" / "data.bin").write_bytes(b"x" * 8)
    (tmp_path / "unreached.js").write_text("")
    assert closure(tmp_path, ("entry.js",)) == ["entry.js", "lib/data.bin", "lib/mod.js"]
    (tmp_path / "lib" / "data.bin").unlink()
    with pytest.raises(PackError, match=r"lib/data.bin: referenced by the package's modules but not in the built"):
        closure(tmp_path, ("entry.js",))


def test_node_only_imports_are_marked_for_webpack_and_nothing_else_changes():
    text = 'a=import("node:fs/promises");b=import("ws");c=import(url);d=e.pyimport("functools");f=import("./x.js")'
    assert bundler_safe(text) == ('a=import(/* webpackIgnore: true */ "node:fs/promises");'
                                  'b=import(/* webpackIgnore: true */ "ws");'
                                  'c=import(url);d=e.pyimport("functools");f=import("./x.js")')


def test_the_manifest_points_exports_and_types_at_its_own_files():
    files = ["pyrite.js", "pyrite-chat.js", "pyrite.d.ts", "pyrite-chat.d.ts", "pyrite-chat.css", "pyodide/x.wasm"]
    m = manifest("1.2.3", files)
    assert (m["name"], m["version"], m["type"]) == ("pyrite-webgpu", "1.2.3", "module")
    assert m["exports"]["."] == {"types": "./pyrite.d.ts", "default": "./pyrite.js"}
    targets = [m["types"], m["main"], *(t for e in m["exports"].values() for t in
                                        (e.values() if isinstance(e, dict) else [e]))]
    assert all(t.removeprefix("./") in files for t in targets)
    assert set(m["files"]) == {"pyrite.js", "pyrite-chat.js", "pyrite.d.ts", "pyrite-chat.d.ts", "pyrite-chat.css",
                               "pyodide", "README.md"}


def test_the_runtime_module_names_each_file_as_a_literal_url_and_holds_the_lock():
    text = runtime_module(["wheels/pyrite-9-py3-none-any.whl"], {"python": "3.14.2"}, "ab12", "python.snapshot",
                          "cd34")
    assert references(text) == ["./wheels/pyrite-9-py3-none-any.whl", "./pyodide/pyodide.asm.wasm",
                                "./pyodide/python_stdlib.zip", "./python.snapshot"]
    lock = next(line for line in text.splitlines() if line.strip().startswith("lock:"))
    assert json.loads(lock.split(":", 1)[1].strip().rstrip(",")) == {"info": {"python": "3.14.2"}, "packages": {}}
    assert '  snapshot: "ab12",' in text.splitlines()
    assert '  shipped: { url: new URL("./python.snapshot", import.meta.url).href, sha256: "cd34" },' in text


def test_the_snapshot_key_changes_with_any_wheel_or_pyodide(tmp_path):
    a, b = tmp_path / "pyrite-1-py3-none-any.whl", tmp_path / "jinja2-3-py3-none-any.whl"
    a.write_bytes(b"one")
    b.write_bytes(b"two")
    key = snapshot_key("314.0.7", [a, b])
    assert len(key) == 64 and key == snapshot_key("314.0.7", [a, b])
    assert key != snapshot_key("314.0.8", [a, b]) and key != snapshot_key("314.0.7", [b, a])
    b.write_bytes(b"two!")
    assert key != snapshot_key("314.0.7", [a, b])
