"""The op registry: importing pyrite.ops registers every family's op names (and nothing else), the
dtypes come from the manifests through the kernel registry, and graph/ imports nothing from ops."""
from __future__ import annotations

import ast
import importlib
import pkgutil
from pathlib import Path

import pytest

import pyrite.graph
import pyrite.ops
from pyrite.errors import PyriteError
from pyrite.graph.registry import Op, UnknownOpError, lookup, register, registered
from pyrite.ops import binary, compare, copy, linear, logical, reduce, sdpa, softmax, unary, where

FAMILIES = [importlib.import_module(f"pyrite.ops.{m.name}") for m in pkgutil.iter_modules(pyrite.ops.__path__)]
FAMILIES = [m for m in FAMILIES if hasattr(m, "FAMILY")]


def test_every_family_module_registers_its_names_and_only_those():
    assert len(FAMILIES) == 20 and all(hasattr(m, "NAMES") for m in FAMILIES)
    by_family: dict[str, set[str]] = {}
    for name, op in registered().items():
        assert op.name == name and callable(op.case) and op.routes
        by_family.setdefault(op.family, set()).add(name)
    for module in FAMILIES:
        assert by_family.pop(module.FAMILY, set()) == set(module.NAMES), module.__name__
    assert not by_family  # no op registered under a family no module declares


def test_the_package_imports_every_family():
    assert {m.__name__.rsplit(".", 1)[1] for m in FAMILIES} == set(pyrite.ops.__all__)


def _imported(path: Path) -> set[str]:
    """Absolute names of every module `path` imports (relative imports resolved against pyrite.graph)."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = "pyrite.graph" if node.level == 1 else "pyrite" if node.level == 2 else ""
            module = ".".join(p for p in (base, node.module or "") if p)
            names.add(module)
            names.update(f"{module}.{a.name}" for a in node.names)
    return names


def test_no_graph_module_imports_ops():
    files = sorted(Path(pyrite.graph.__file__).parent.glob("*.py"))
    assert len(files) >= 9
    for path in files:
        bad = {n for n in _imported(path) if n == "pyrite.ops" or n.startswith("pyrite.ops.")}
        assert not bad, f"{path.name} imports {sorted(bad)}"


def test_the_import_walk_sees_relative_imports(tmp_path):
    probe = tmp_path / "probe.py"
    probe.write_text("from ..ops import linear\nfrom . import plan\nimport pyrite.ops.sdpa\n")
    assert {"pyrite.ops.linear", "pyrite.graph.plan", "pyrite.ops.sdpa"} <= _imported(probe)


def test_dtypes_are_the_manifests():
    assert unary.DTYPES["abs"] == ("f32", "i32") and unary.DTYPES["exp"] == ("f32",)
    assert binary.OUT_DTYPE["div"] == {"f32": "f32", "i32": "f32"} and binary.OUT_DTYPE["pow"]["i32"] == "i32"
    assert compare.DTYPES["lt"] == ("f32", "i32") and logical.ARITY == {"logical_and": 2, "logical_or": 2,
                                                                        "logical_xor": 2, "logical_not": 1}
    assert set(where.DTYPES) == {"f32", "i32", "bool"} and set(copy.CONVERSIONS["f32"]) == {"i32", "bool", "f16"}
    assert reduce.DTYPES == ("f32", "i32") and softmax.DTYPES == ("f32",)
    assert set(linear.FORMATS) == {"q4gsw", "q4a", "q8gsw", "q5", "q5a", "q4k", "q5k", "q6k", "f32"}
    assert sdpa.STREAM_TILES == {"stream_q16": 16, "stream_q32": 32} and sdpa.FLASH_HEAD_DIMS == (64, 128, 256)
    assert lookup("add").dtypes == binary.OUT_DTYPE["add"] and lookup("linear").dtypes == linear.FORMATS


def test_an_unknown_op_names_what_is_registered():
    with pytest.raises(UnknownOpError, match=r"unknown op 'matmul' \(registered: .*linear.*sdpa"):
        lookup("matmul")


def test_a_name_registered_twice_is_refused():
    with pytest.raises(PyriteError, match="'add' is registered twice"):
        register(Op("add", "mine", lookup("add").case, {}))
    assert lookup("add").family == "binary"
