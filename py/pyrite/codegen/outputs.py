"""What the shader tree should produce on disk, and how the disk differs from it.

Outputs: py/pyrite/kernels/generated/<id>.wgsl per kernel, generated/registry.json (read
by pyrite.kernels at runtime) and shaders/shaders.lock.json (committed; pins each id's
workgroup size and payload sha256). All JSON is sorted and indented, so the same
sources give the same bytes whatever the filesystem order.
"""
from __future__ import annotations

import json
from pathlib import Path

from pyrite.codegen.errors import CodegenError
from pyrite.codegen.render import RenderedKernel
from pyrite.kernels.registry import REGISTRY_FILE, REGISTRY_VERSION

GENERATED_DIR = Path("py", "pyrite", "kernels", "generated")
LOCK_FILE = Path("shaders", "shaders.lock.json")
LOCK_VERSION = 1


def _json_bytes(doc: dict) -> bytes:
    return (json.dumps(doc, indent=2, sort_keys=True) + "\n").encode("utf-8")


def registry_bytes(kernels: list[RenderedKernel]) -> bytes:
    return _json_bytes({
        "version": REGISTRY_VERSION,
        "kernels": {
            k.id: {
                "file": k.file,
                "family": k.family,
                "source": k.source,
                "variant": k.variant,
                "params": k.params,
                "entry": k.entry,
                "workgroup_size": list(k.workgroup_size),
                "features": k.features,
                "sha256": k.sha256,
            }
            for k in kernels
        },
    })


def _lock_entry(k: RenderedKernel) -> dict:
    return {"sha256": k.sha256, "workgroup_size": list(k.workgroup_size)}


def lock_bytes(kernels: list[RenderedKernel]) -> bytes:
    """One kernel per line, so a review diff shows exactly which kernels changed."""
    rows = [
        f"    {json.dumps(k.id)}: {json.dumps(_lock_entry(k), sort_keys=True)}"
        for k in sorted(kernels, key=lambda k: k.id)
    ]
    body = "{\n" + ",\n".join(rows) + "\n  }" if rows else "{}"
    return f'{{\n  "kernels": {body},\n  "version": {LOCK_VERSION}\n}}\n'.encode("utf-8")


def read_lock(root: Path) -> dict[str, dict] | None:
    """The lock's kernels ({id: {sha256, workgroup_size}}), or None when there is no lock."""
    path = root / LOCK_FILE
    if not path.is_file():
        return None
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except ValueError as exc:
        raise CodegenError(LOCK_FILE.as_posix(), f"not valid JSON: {exc}") from None
    if not isinstance(doc, dict) or doc.get("version") != LOCK_VERSION or not isinstance(doc.get("kernels"), dict):
        raise CodegenError(LOCK_FILE.as_posix(), f"expected {{'version': {LOCK_VERSION}, 'kernels': {{...}}}}")
    for kid, pinned in doc["kernels"].items():
        if not (
            isinstance(pinned, dict)
            and isinstance(pinned.get("sha256"), str)
            and isinstance(pinned.get("workgroup_size"), list)
        ):
            raise CodegenError(
                LOCK_FILE.as_posix(), f"kernel {kid}: expected {{'sha256': str, 'workgroup_size': [x, y, z]}}"
            )
    return doc["kernels"]


def expected_files(root: Path, kernels: list[RenderedKernel]) -> dict[Path, bytes]:
    """Every file a build writes, absolute path -> bytes."""
    gen = root / GENERATED_DIR
    files = {gen / k.file: k.payload for k in kernels}
    files[gen / REGISTRY_FILE] = registry_bytes(kernels)
    files[root / LOCK_FILE] = lock_bytes(kernels)
    return files


def orphans(root: Path, files: dict[Path, bytes]) -> list[Path]:
    """Files in generated/ that no source produces (dotfiles such as .gitignore are left alone)."""
    gen = root / GENERATED_DIR
    if not gen.is_dir():
        return []
    return sorted(p for p in gen.iterdir() if p.is_file() and not p.name.startswith(".") and p not in files)


def lock_changes(root: Path, kernels: list[RenderedKernel]) -> list[str]:
    """Kernels whose rendered sha256 / workgroup size differ from the lock, or that it lacks or has extra."""
    try:
        lock = read_lock(root)
    except CodegenError as exc:
        # Reported, not raised: a build rewrites a broken (e.g. merge-conflicted) lock.
        return [str(exc)]
    if lock is None:
        return [f"{LOCK_FILE.as_posix()} is missing"]
    changes = []
    rendered = {k.id: k for k in kernels}
    for kid in sorted(rendered.keys() | lock.keys()):
        kernel, pinned = rendered.get(kid), lock.get(kid)
        if pinned is None:
            changes.append(f"kernel {kid}: not in the lock")
        elif kernel is None:
            changes.append(f"kernel {kid}: in the lock, but no source produces it")
        elif pinned["sha256"] != kernel.sha256:
            changes.append(f"kernel {kid}: sha256 {kernel.sha256[:12]} differs from the lock's {pinned['sha256'][:12]}")
        elif pinned["workgroup_size"] != list(kernel.workgroup_size):
            size = list(kernel.workgroup_size)
            changes.append(f"kernel {kid}: workgroup_size {size} differs from the lock's {pinned['workgroup_size']}")
    return changes


def check(root: Path, kernels: list[RenderedKernel]) -> list[str]:
    """One line per problem: missing, stale and orphaned outputs, and changes against the lock."""
    files = expected_files(root, kernels)
    by_path = {root / GENERATED_DIR / k.file: k for k in kernels}
    lock_path = root / LOCK_FILE
    problems = []
    for path, data in sorted(files.items()):
        if path == lock_path:
            continue  # judged kernel by kernel below
        rel = path.relative_to(root).as_posix()
        what = f"kernel {by_path[path].id} ({rel})" if path in by_path else rel
        if not path.is_file():
            problems.append(f"missing: {what}")
        elif path.read_bytes() != data:
            problems.append(f"stale: {what} differs from what its source renders")
    for path in orphans(root, files):
        problems.append(f"orphan: {path.relative_to(root).as_posix()} (no source produces it; --prune removes it)")
    changes = lock_changes(root, kernels)
    problems += [f"lock: {change}" for change in changes]
    if not changes and lock_path.read_bytes() != files[lock_path]:
        problems.append(f"stale: {LOCK_FILE.as_posix()} is not in canonical form; rebuild it")
    return problems
