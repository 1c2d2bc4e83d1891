"""Fixture shader trees for codegen tests: each test builds its own under tmp_path, passes
root=, and never touches the repository's shaders/ or generated/. Tests reach the sources
and helpers through the `kit` fixture (no imports between test files, whatever pytest's
import mode)."""
from __future__ import annotations

import textwrap
from pathlib import Path
from types import SimpleNamespace

import pytest

COPY_WGSL = """\
// a plain kernel: dst = src
const WG: u32 = 64u;
@group(0) @binding(0) var<storage, read> src: array<f32>;
@group(0) @binding(1) var<storage, read_write> dst: array<f32>;

@compute @workgroup_size(WG)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    if (gid.x < arrayLength(&src)) {
        dst[gid.x] = src[gid.x];
    }
}
"""

UNARY_WGSL = """\
// {{ KERNEL }}: dst = {{ OP }}(src), variant {{ VARIANT }}
@group(0) @binding(0) var<storage, read> src: array<{{ DTYPE }}>;
@group(0) @binding(1) var<storage, read_write> dst: array<{{ DTYPE }}>;

@compute @workgroup_size({{ WG }})
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    if (gid.x >= arrayLength(&src)) {
        return;
    }
{% if OP == "neg" %}
    dst[gid.x] = -src[gid.x];
{% else %}
    dst[gid.x] = {{ OP }}(src[gid.x]);
{% endif %}
}
"""

UNARY_YAML = """\
defaults: {OP: abs, DTYPE: f32, WG: 64}
variants:
  - name: abs
    params: {OP: abs}
  - name: neg
    params: {OP: neg}
forall:
  DTYPE:
    - {suffix: f32, value: f32}
    - {suffix: i32, value: i32}
"""

BASIC_TREE = {
    "shaders/ew/copy.wgsl": COPY_WGSL,
    "shaders/ew/unary.wgsl": UNARY_WGSL,
    "shaders/ew/unary.yaml": UNARY_YAML,
}
BASIC_IDS = ["ew_abs_f32", "ew_abs_i32", "ew_copy", "ew_neg_f32", "ew_neg_i32"]
GEN = Path("py/pyrite/kernels/generated")
LOCK = Path("shaders/shaders.lock.json")


def write_tree(root: Path, files: dict[str, str]) -> Path:
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text) if text.startswith("\n") else text, encoding="utf-8")
    return root


def snapshot(root: Path) -> dict[str, tuple[bytes, int]]:
    """Every file under root: bytes and mtime_ns (directories show up through their files)."""
    return {
        p.relative_to(root).as_posix(): (p.read_bytes(), p.stat().st_mtime_ns)
        for p in sorted(root.rglob("*"))
        if p.is_file()
    }


def dirs(root: Path) -> list[str]:
    return sorted(p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_dir())


@pytest.fixture
def kit() -> SimpleNamespace:
    return SimpleNamespace(
        COPY_WGSL=COPY_WGSL, UNARY_WGSL=UNARY_WGSL, UNARY_YAML=UNARY_YAML, BASIC_TREE=BASIC_TREE,
        BASIC_IDS=BASIC_IDS, GEN=GEN, LOCK=LOCK, write_tree=write_tree, snapshot=snapshot, dirs=dirs,
    )


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    return write_tree(tmp_path, BASIC_TREE)


@pytest.fixture(scope="session")
def naga_validate():
    """The real validator: naga as WebAssembly under Node.js, no GPU (build.py installs naga-wasm with npm;
    without it the tests that need it fail, naming what to run)."""
    from pyrite.codegen import validate

    validate.naga_version()
    return validate.validate
