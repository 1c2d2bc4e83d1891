"""The wheels the page boots from: pyrite's own (pure Python, kernels included) and its pure-Python
dependencies for Pyodide's Python 3.14, with a Pyodide lock that lists exactly them."""
from __future__ import annotations

import hashlib
import json
import os
import shutil
import sys
from pathlib import Path

from make.shell import run

# Pyodide 314 ships only the core; these come from PyPI as py3-none-any wheels. jinja2 renders the models' chat
# templates (pyrite.chat); micropip is for pages that install the pyrite wheel themselves (examples/python.html).
WEB_WHEELS = ("micropip==0.11.1", "packaging==26.1", "jinja2==3.1.6")
# PyPI has no pure wheel of these: built from the sdist with the C extension off (the package's own fallback).
PURE_WHEELS = ("markupsafe==3.0.3",)
WHEEL_DEPENDS = {"micropip": ["packaging"], "jinja2": ["markupsafe"]}  # the lock's depends
RUNTIME_WHEELS = ("jinja2", "markupsafe")  # pyrite's own dependencies, unpacked beside its wheel by the worker


def build_wheel(root: Path, out: Path) -> Path:
    """The pyrite wheel in out, rebuilt when any source under root is newer."""
    sources = [p for p in (root / "py").rglob("*") if p.is_file() and "__pycache__" not in p.parts]
    newest = max(p.stat().st_mtime for p in sources + [root / "pyproject.toml"])
    existing = sorted(out.glob("pyrite-*.whl"))
    if existing and existing[-1].stat().st_mtime >= newest:
        return existing[-1]
    for old in existing:
        old.unlink()
    out.mkdir(parents=True, exist_ok=True)
    run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation", "-w", str(out), str(root)])
    shutil.rmtree(root / "build", ignore_errors=True)
    return sorted(out.glob("pyrite-*.whl"))[-1]


def _cached_wheel(cache: Path, spec: str) -> Path | None:
    name, version = spec.split("==")
    return next(iter(cache.glob(f"{name}-{version}-py3-none-any.whl")), None)


def web_wheels(cache: Path) -> list[Path]:
    """WEB_WHEELS and PURE_WHEELS for Python 3.14 (Pyodide), cached in cache (.cache/wheels)."""
    if any(_cached_wheel(cache, spec) is None for spec in WEB_WHEELS):
        run([sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--only-binary=:all:",
             "--python-version", "3.14", "-d", str(cache), *WEB_WHEELS])
    for spec in PURE_WHEELS:
        if _cached_wheel(cache, spec) is None:
            run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-binary=:all:", "-w", str(cache), spec],
                env={**os.environ, "CC": "false"})  # no compiler: setup.py builds the plain-Python wheel
    return [_cached_wheel(cache, spec) for spec in WEB_WHEELS + PURE_WHEELS]


def runtime_wheels(wheels: list[Path]) -> list[Path]:
    """The wheels the worker unpacks beside pyrite's (its dependencies)."""
    return [w for w in wheels if w.name.split("-")[0] in RUNTIME_WHEELS]


def pyodide_lock(npm_lock: Path, wheels: list[Path]) -> dict:
    """A lock that lists exactly the wheels we ship (Pyodide's own, npm_lock, lists packages we do not)."""
    lock = json.loads(npm_lock.read_text())
    packages = {}
    for whl in wheels:
        name, version = whl.name.split("-")[:2]
        packages[name.lower()] = {
            "name": name, "version": version, "file_name": f"../wheels/{whl.name}", "install_dir": "site",
            "sha256": hashlib.sha256(whl.read_bytes()).hexdigest(), "package_type": "package",
            "imports": [name.lower()], "depends": WHEEL_DEPENDS.get(name.lower(), []),
        }
    return {"info": lock["info"], "packages": packages}


def copy_if_changed(src: Path, dst: Path) -> None:
    if dst.exists() and dst.stat().st_size == src.stat().st_size and dst.stat().st_mtime >= src.stat().st_mtime:
        return
    dst.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy2(src, dst)
