"""The page's Python snapshot, made at build time (make/snapshot.mjs under Node) and shipped beside
runtime.js, gzipped: a visit with none kept restores it instead of starting Python (seconds on a CPU).

Made once per snapshot key (Pyodide's version and the wheels' sha256, make/runtime.py snapshot_key): the
key and the sha256 of the uncompressed bytes are kept beside it, and runtime.js carries both, which the
worker checks before it restores the bytes."""
from __future__ import annotations

import gzip
import hashlib
import json
import tempfile
from dataclasses import dataclass
from pathlib import Path

from make.shell import run, say

FILE = "python.snapshot"  # gzip bytes; not *.gz, which some servers send with Content-Encoding: gzip


@dataclass(frozen=True)
class Snapshot:
    path: str      # relative to dist/
    key: str       # snapshot_key of the wheels and Pyodide it was made from
    sha256: str    # of the uncompressed heap


def shipped_snapshot(root: Path, dist: Path, key: str, wheels: list[Path]) -> Snapshot:
    """dist/FILE made from wheels (pyrite's first) under the Pyodide in node_modules, unless the one there
    was made for key already."""
    out, record = dist / FILE, dist / f"{FILE}.json"
    kept = _record(record) if out.exists() else {}
    if kept.get("key") == key and "sha256" in kept:
        return Snapshot(FILE, key, kept["sha256"])
    say("making the Python snapshot (Pyodide under Node)")
    with tempfile.TemporaryDirectory() as tmp:
        raw = Path(tmp) / "heap"
        run(["node", str(root / "make" / "snapshot.mjs"), str(root / "node_modules" / "pyodide"), str(raw),
             *map(str, wheels)])
        heap = raw.read_bytes()
    out.write_bytes(gzip.compress(heap, compresslevel=6, mtime=0))
    sha = hashlib.sha256(heap).hexdigest()
    record.write_text(json.dumps({"key": key, "sha256": sha}))
    return Snapshot(FILE, key, sha)


def _record(path: Path) -> dict:
    """The key and sha256 kept beside a made snapshot; {} where there is none that reads."""
    try:
        kept = json.loads(path.read_text())
    except (OSError, ValueError):
        return {}
    return kept if isinstance(kept, dict) else {}
