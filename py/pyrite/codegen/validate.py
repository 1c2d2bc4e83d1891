"""Validate every rendered kernel before anything is published, with no GPU and no GPU driver.

naga (wgpu's shader compiler, the npm package naga-wasm, run by Node.js through naga.mjs) parses and
validates each kernel with every capability on. Each kernel is then held to what it declares it needs
(needs.py): a subgroup builtin without `enable subgroups;` is refused (browsers require the directive),
and its workgroup and storage-buffer use must fit the browser target's limits (SwiftShader's figures),
whatever the build machine has. The build machine's adapter plays no part: `build.py serve` works where
there is none.

A kernel that passed is remembered by the sha256 of its code and the validator's version (files under
<cache>/shader-verdicts): the same kernel is not checked twice on one machine. A failure is never
remembered.
"""
from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
from functools import cache
from pathlib import Path

from pyrite.codegen import needs
from pyrite.codegen.errors import CodegenError
from pyrite.codegen.render import RenderedKernel
from pyrite.gpu.native import native_source

RUNNER = Path(__file__).with_name("naga.mjs")
MAX_REPORTED = 8  # failures named one by one; the rest counted


def _node() -> str:
    node = shutil.which("node")
    if node is None:
        raise CodegenError("kernel validation", "needs Node.js (naga runs as WebAssembly): install Node.js "
                                                "and npm (e.g. apt-get install nodejs npm)")
    return node


def _run(args: list[str], stdin: str = "") -> str:
    done = subprocess.run([_node(), str(RUNNER), *args], input=stdin, capture_output=True, text=True)
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["no output"])[-1]
        hint = " (run `npm ci` in the repository: naga-wasm is in package.json)" if "naga-wasm" in done.stderr else ""
        raise CodegenError("kernel validation", f"naga.mjs failed: {last}{hint}")
    return done.stdout


@cache
def naga_version() -> str:
    """The version of naga that validates (it keys the remembered verdicts)."""
    return _run(["--version"]).strip()


def verdicts() -> Path:
    """Where passed kernels are remembered: <cache>/shader-verdicts/<naga's version and the target
    limits> (cache: $PYRITE_CACHE, else the checkout's .cache, models/sources.py)."""
    from pyrite.models.sources import default_cache
    where = json.dumps({"naga": naga_version(), "target": repr(needs.TARGET)}, sort_keys=True)
    return default_cache() / "shader-verdicts" / hashlib.sha256(where.encode()).hexdigest()[:16]


def _stamp(where: Path, kernel: RenderedKernel) -> Path:
    return where / hashlib.sha256(f"{kernel.entry}\0".encode() + kernel.payload).hexdigest()


def problems(kernel: RenderedKernel, result: dict) -> list[str]:
    """What is wrong with one kernel, given naga's result for it (empty: it passes)."""
    code = kernel.payload.decode("utf-8")
    out = []
    try:
        features = needs.declared_features(code)
    except ValueError as exc:
        return [str(exc)]
    uses = needs.subgroup_uses(code)
    if uses and "subgroups" not in features:
        out.append(f"uses {', '.join(uses)}, which needs the subgroups feature: declare `enable subgroups;` "
                   "(browsers refuse the builtins without it) and choose its route only where the adapter has it")
    if not result["ok"]:
        wants = f" (it declares {', '.join(features)})" if features else ""
        if "f16" in result["error"] and "shader-f16" not in features:
            wants = " (it uses f16, which needs the shader-f16 feature: declare `enable f16;`)"
        out.append(f"does not compile{wants}; naga {result['kind']} error:\n{result['error'].rstrip()}")
        return out
    memory = needs.workgroup_bytes(result["wgsl"])
    out += needs.limit_problems(kernel.workgroup_size, memory, needs.storage_buffers(code))
    return out


def failures(kernels: list[RenderedKernel]) -> list[str]:
    """One line per kernel that fails (naga's message, the feature it needs, the limit it exceeds)."""
    where = verdicts()
    todo = [k for k in kernels if not _stamp(where, k).exists()]
    if not todo:
        return []
    batch = [{"id": k.id, "code": native_source(k.payload.decode("utf-8"))} for k in todo]
    results = {r["id"]: r for r in json.loads(_run([], json.dumps(batch)))}
    out = []
    for kernel in todo:
        found = problems(kernel, results[kernel.id])
        if found:
            out.append(f"kernel {kernel.id} ({kernel.source}): " + "; ".join(found))
        else:
            where.mkdir(parents=True, exist_ok=True)
            _stamp(where, kernel).touch()
    return out


def validate(kernels: list[RenderedKernel]) -> None:
    """Raise CodegenError naming each kernel that fails, unless all pass."""
    found = failures(kernels)
    if found:
        more = f"\n(and {len(found) - MAX_REPORTED} more)" if len(found) > MAX_REPORTED else ""
        raise CodegenError(f"{len(found)} kernel(s)", "failed validation:\n" + "\n".join(found[:MAX_REPORTED]) + more)
