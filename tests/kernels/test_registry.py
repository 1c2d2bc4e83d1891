"""The runtime kernel registry, read from a generated tree built in tmp_path (no GPU)."""
from __future__ import annotations

import hashlib
import json
import random
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

import pyrite
from pyrite import kernels, resume
from pyrite.codegen.generate import generate
from pyrite.errors import KernelError
from pyrite.kernels import registry as registry_mod


GEN = Path("py/pyrite/kernels/generated")

SCALE_WGSL = """\
@group(0) @binding(0) var<storage, read_write> x: array<{{ DTYPE }}>;
override WG: u32 = {{ WG }}u;
@compute @workgroup_size(WG, {{ WY }})
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    x[gid.x] = x[gid.x] * {{ DTYPE }}({{ FACTOR }});
}
"""
SCALE_YAML = """\
defaults: {DTYPE: f32, WG: 64, WY: 1, FACTOR: 2}
variants:
  - name: double
  - name: triple
    params: {FACTOR: 3, WY: 2}
forall:
  DTYPE:
    - {suffix: f32, value: f32}
    - {suffix: i32, value: i32}
"""
IDS = ["scale_double_f32", "scale_double_i32", "scale_triple_f32", "scale_triple_i32"]


@pytest.fixture
def reg(tmp_path) -> kernels.Registry:
    (tmp_path / "shaders" / "scale").mkdir(parents=True)
    (tmp_path / "shaders/scale/scale.wgsl").write_text(SCALE_WGSL)
    (tmp_path / "shaders/scale/scale.yaml").write_text(SCALE_YAML)
    generate(tmp_path)
    return kernels.Registry(tmp_path / GEN)


def test_kernel_id_is_the_generators_naming():
    assert kernels.kernel_id("linear", "q4gsw") == "linear_q4gsw"
    assert kernels.kernel_id("linear", "q4a", "f32", "g32") == "linear_q4a_f32_g32"
    for bad in [("Linear", "q4"), ("linear", ""), ("lin-ear", "q4"), ("linear", "q4", "f 32")]:
        with pytest.raises(KernelError, match="kernel id"):
            kernels.kernel_id(*bad)


def test_get_returns_the_generated_kernel(reg, tmp_path):
    assert reg.ids() == IDS
    k = reg.get(kernels.kernel_id("scale", "triple", "i32"))
    payload = (tmp_path / GEN / "scale_triple_i32.wgsl").read_bytes()
    assert k.id == "scale_triple_i32" and k.entry == "main"
    assert k.source == payload.decode() and k.source.startswith("// generated from shaders/scale/scale.wgsl")
    assert "x[gid.x] * i32(3)" in k.source
    assert k.workgroup_size == (64, 2, 1)
    assert k.sha256 == hashlib.sha256(payload).hexdigest()
    assert k.params == {"DTYPE": "i32", "WG": 64, "WY": 2, "FACTOR": 3}
    assert reg.get("scale_triple_i32") is k                       # cached
    assert hash(k) == hash(reg.get("scale_triple_i32"))           # frozen, params left out of the hash


def test_unknown_id_lists_close_matches(reg):
    with pytest.raises(KernelError) as info:
        reg.get("scale_dubble_f32")
    msg = str(info.value)
    assert "unknown kernel 'scale_dubble_f32'" in msg and "scale_double_f32" in msg
    with pytest.raises(KernelError, match="4 registered") as info:
        reg.get("zzz")
    assert "close matches" not in str(info.value)


def test_edited_generated_file_is_refused(reg, tmp_path):
    path = tmp_path / GEN / "scale_double_f32.wgsl"
    path.write_bytes(path.read_bytes().replace(b"f32(2)", b"f32(4)"))
    with pytest.raises(KernelError, match="scale_double_f32.*sha256.*python build.py shaders"):
        reg.get("scale_double_f32")


def test_missing_or_foreign_registry(tmp_path):
    with pytest.raises(KernelError, match="no kernel registry.*build.py shaders"):
        kernels.Registry(tmp_path)
    (tmp_path / "registry.json").write_text(json.dumps({"version": 99, "kernels": {}}))
    with pytest.raises(KernelError, match="registry version 1"):
        kernels.Registry(tmp_path)


def test_module_level_get_and_ids_use_the_package_registry(reg, monkeypatch):
    assert Path(str(registry_mod.default_directory())) == Path(pyrite.__file__).parent / "kernels" / "generated"
    monkeypatch.setattr(registry_mod, "_default", reg)
    assert kernels.ids() == IDS
    assert kernels.get("scale_double_i32").workgroup_size == (64, 1, 1)
    with pytest.raises(KernelError, match="close matches: scale_double_i32"):
        kernels.get("scale_doubl_i32")


def test_runtime_imports_stay_browser_safe():
    # Pyodide here has no numpy wheel, and jinja2 / yaml are build-time only.
    code = (
        "import sys, pyrite.kernels\n"
        "bad = {'numpy', 'jinja2', 'yaml', 'wgpu'} & set(sys.modules)\n"
        "assert not bad, bad\n"
    )
    env = {"PYTHONPATH": str(Path(pyrite.__file__).parents[1])}
    subprocess.run([sys.executable, "-c", code], check=True, env=env)


def wheel(path: Path, files: dict[str, bytes]) -> Path:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in files.items():
            z.writestr(name, data)
    return path


def test_a_restored_python_unpacks_what_its_heap_lacks_and_reads_the_kernels_from_the_wheel(reg, tmp_path, monkeypatch):
    """pyrite.resume: what the page's Python redoes after a memory-snapshot restore (web/snapshot.js): the
    wheels unpacked but for the kernels and the sources of modules already imported."""
    wgsl = {f"{resume.KERNELS}{p.name}": p.read_bytes() for p in (tmp_path / GEN).iterdir()}
    own = wheel(tmp_path / "0.whl", {"pyrite/x.py": b"X = 1\n", "pyrite-0.dist-info/METADATA": b"m",
                                     "pyrite/__init__.py": b"", "pyrite/resume.py": b"", **wgsl})
    other = wheel(tmp_path / "1.whl", {"jinja2/y.py": b"Y = 2\n", "json/__init__.py": b""})
    site = tmp_path / "site"
    monkeypatch.setattr(sysconfig, "get_path", lambda name: str(site))
    monkeypatch.setattr(registry_mod, "_default", None)
    random.seed(7)
    drawn = random.random()
    random.seed(7)
    resume.resumed(json.dumps([str(own), str(other)]))
    assert random.random() != drawn  # reseeded
    assert (site / "pyrite/x.py").read_text() == "X = 1\n" and (site / "jinja2/y.py").read_text() == "Y = 2\n"
    assert (site / "pyrite-0.dist-info/METADATA").is_file() and not (site / "pyrite/kernels").exists()
    # the heap's own modules (here pyrite, pyrite.resume and json) stay in the wheel
    assert not any((site / name).exists() for name in ("pyrite/__init__.py", "pyrite/resume.py", "json"))
    k = registry_mod.get("scale_triple_i32")
    assert k.source == wgsl[f"{resume.KERNELS}scale_triple_i32.wgsl"].decode() and k.workgroup_size == (64, 2, 1)
    assert registry_mod.ids() == ["scale_double_f32", "scale_double_i32", "scale_triple_f32", "scale_triple_i32"]


def test_a_registry_in_the_restored_heap_keeps_its_entries_and_reads_kernels_from_the_wheel(reg, tmp_path,
                                                                                          monkeypatch):
    """resume.prepare() reads the registry into the snapshot's heap; after a restore only where kernels are
    read from changes (the unpacked files are not there: here, removed)."""
    wgsl = {f"{resume.KERNELS}{p.name}": p.read_bytes() for p in (tmp_path / GEN).iterdir()}
    own = wheel(tmp_path / "0.whl", {"pyrite/x.py": b"X = 1\n", **wgsl})
    monkeypatch.setattr(sysconfig, "get_path", lambda name: str(tmp_path / "site"))
    held = registry_mod.Registry(tmp_path / GEN)
    monkeypatch.setattr(registry_mod, "_default", held)
    for p in (tmp_path / GEN).iterdir():
        p.unlink()
    resume.resumed(json.dumps([str(own)]))
    assert registry_mod.default_registry() is held and held.ids() == registry_mod.ids()
    k = registry_mod.get("scale_double_f32")
    assert k.source == wgsl[f"{resume.KERNELS}scale_double_f32.wgsl"].decode()


def test_a_kernel_missing_from_the_wheel_is_a_kernel_error_naming_it(reg, tmp_path, monkeypatch):
    wgsl = {f"{resume.KERNELS}{p.name}": p.read_bytes() for p in (tmp_path / GEN).iterdir()}
    del wgsl[f"{resume.KERNELS}scale_double_f32.wgsl"]
    own = wheel(tmp_path / "0.whl", wgsl)
    monkeypatch.setattr(registry_mod, "_default", registry_mod.Registry(tmp_path / GEN))
    registry_mod.read_from_archive(own)
    assert registry_mod.get("scale_triple_i32").source == wgsl[f"{resume.KERNELS}scale_triple_i32.wgsl"].decode()
    with pytest.raises(KernelError, match=r"kernel scale_double_f32: cannot read .*0\.whl/pyrite/kernels/generated/"
                                          r"scale_double_f32\.wgsl"):
        registry_mod.get("scale_double_f32")
