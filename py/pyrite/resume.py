"""What the page's Python redoes after it is restored from a memory snapshot (web/snapshot.js).

RUNTIME module (Pyodide, stdlib only). Every page restores the same heap: SNAPSHOT_IMPORTS imported (the
worker's maker calls prepare() before it takes the snapshot), but the files (which live outside the heap)
absent. The worker writes each wheel whole; this unpacks what Python may still import or read from them:
not pyrite's generated kernels (1,600 files, 35 MB, of which a load reads a few dozen), read from inside
the wheel, nor the sources of modules the heap holds already (unpacking every file took 0.13-0.38 s of a
page's start; a traceback through those modules shows no source lines).
"""
from __future__ import annotations

import importlib
import json
import random
import sys
import sysconfig
import zipfile
from typing import Iterable

from .kernels import registry

KERNELS = "pyrite/kernels/generated/"
# pyrite's page entry, and what the first chat turn imports (chat/template.py imports jinja2 at first use)
SNAPSHOT_IMPORTS = ("pyrite.web", "jinja2", "jinja2.ext", "jinja2.sandbox", "markupsafe")


def prepare() -> None:
    """Import SNAPSHOT_IMPORTS and read the kernel registry (registry.json: 0.1 s in the page), in the Python
    whose heap becomes the snapshot: a restored one then only points the registry at the wheel."""
    for name in SNAPSHOT_IMPORTS:
        importlib.import_module(name)
    registry.default_registry()


def resumed(wheels_json: str) -> str:
    """wheels_json: the paths of the wheels the worker wrote, pyrite's first (JSON list). Returns which of
    SNAPSHOT_IMPORTS the restored heap holds (JSON list), for the worker's console line."""
    held = [name for name in SNAPSHOT_IMPORTS if name in sys.modules]
    random.seed()  # the snapshot's state is every page's: an unseeded request's seed is drawn afresh
    site = sysconfig.get_path("purelib")
    pyrite, *others = json.loads(wheels_json)
    own = zipfile.ZipFile(pyrite)  # left open: the kernels are read from it, its index read once
    own.extractall(site, unheld(name for name in own.namelist() if not name.startswith(KERNELS)))
    for path in others:
        with zipfile.ZipFile(path) as whl:
            whl.extractall(site, unheld(whl.namelist()))
    registry.read_from_archive(own)
    return json.dumps(held)


def unheld(names: Iterable[str]) -> list[str]:
    """Of a wheel's members, all but the sources of modules in sys.modules (a package's is its __init__.py)."""
    return [name for name in names if module_of(name) not in sys.modules]


def module_of(name: str) -> str | None:
    """The module a wheel member is the source of ("a/b.py": a.b, "a/__init__.py": a), else None."""
    if not name.endswith(".py"):
        return None
    parts = name[:-3].split("/")
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
