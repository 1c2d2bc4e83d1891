"""What the page's Python redoes after it is restored from a memory snapshot (web/snapshot.js).

RUNTIME module (Pyodide, stdlib only). Every page restores the same heap: pyrite.web imported (jinja2 and
markupsafe are installed but imported at a chat template's first use: a snapshot made after importing
jinja2.sandbox was refused by Pyodide 314.0.7 on restore, "offset is out of bounds"), but the files (which
live outside the heap) absent. The worker writes each wheel whole; this
unpacks what Python may still import or read from them, except pyrite's generated kernels (1,600 files,
35 MB, of which a load reads a few dozen): those are read from inside the wheel.
"""
from __future__ import annotations

import json
import random
import sysconfig
import zipfile

from .kernels import registry

KERNELS = "pyrite/kernels/generated/"


def resumed(wheels_json: str) -> None:
    """wheels_json: the paths of the wheels the worker wrote, pyrite's first (JSON list)."""
    random.seed()  # the snapshot's state is every page's: an unseeded request's seed is drawn afresh
    site = sysconfig.get_path("purelib")
    pyrite, *others = json.loads(wheels_json)
    with zipfile.ZipFile(pyrite) as whl:
        whl.extractall(site, [name for name in whl.namelist() if not name.startswith(KERNELS)])
    for path in others:
        with zipfile.ZipFile(path) as whl:
            whl.extractall(site)
    registry.read_from_archive(pyrite)
