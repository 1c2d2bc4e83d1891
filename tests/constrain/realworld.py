"""The corpus of real-world schemas (tests/constrain/corpus/, index.json says where each came from): loading,
what makes one hard, and compiling each once, timed.

Hard: a schema that recurses through $ref, or has at least two of: a $ref chain DEEP_REFS long, patterns
(pattern, patternProperties), combinators (anyOf, oneOf, allOf, not, if).
"""
from __future__ import annotations

import functools
import json
import statistics
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pyrite.constrain import Automaton, compile_schema

from .reasons import REFUSALS, refusal

CORPUS = Path(__file__).resolve().parent / "corpus"
DEEP_REFS = 3
COMBINATORS = ("anyOf", "oneOf", "allOf", "not", "if")
CONTAINERS = ("$defs", "definitions")   # hold schemas without applying them


@dataclass(frozen=True)
class Entry:
    path: str          # relative to CORPUS, e.g. "pydantic/user.json"
    source: str        # pydantic, zod, tools, kubernetes, schemastore, openapi, analytics
    schema: Any


@dataclass(frozen=True)
class Compiled:
    entry: Entry
    automaton: Automaton | None
    refused: str | None     # the compiler's reason, when automaton is None
    seconds: float


@functools.cache
def entries() -> tuple[Entry, ...]:
    index = json.loads((CORPUS / "index.json").read_text(encoding="utf-8"))
    return tuple(Entry(path, info["source"], json.loads((CORPUS / path).read_text(encoding="utf-8")))
                 for path, info in index.items())


@functools.cache
def compiled(path: str) -> Compiled:
    entry = next(e for e in entries() if e.path == path)
    start = time.perf_counter()
    try:
        automaton, refused = compile_schema(entry.schema, "schema"), None
    except REFUSALS as e:
        automaton, refused = None, refusal(e)
    return Compiled(entry, automaton, refused, time.perf_counter() - start)


def percentile(values: list[float], p: int) -> float:
    """The p-th percentile (inclusive method: p=50 is the median, never past the largest value)."""
    return statistics.quantiles(values, n=100, method="inclusive")[p - 1] if len(values) > 1 else values[0]


def _walk(node: Any, at: str = ""):
    """(pointer, node) of every dict in node, not below $defs/definitions (they apply nowhere by themselves)."""
    if isinstance(node, dict):
        yield at, node
        for k, v in node.items():
            if k not in CONTAINERS:
                yield from _walk(v, f"{at}/{k.replace('~', '~0').replace('/', '~1')}")
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _walk(v, f"{at}/{i}")


def _resolve(root: Any, ref: str) -> Any:
    node = root
    for token in ref[2:].split("/") if ref.startswith("#/") else []:
        token = token.replace("~1", "/").replace("~0", "~")
        node = node[int(token)] if isinstance(node, list) else node.get(token) if isinstance(node, dict) else None
    return node


def _ref_depth(root: Any) -> tuple[int, bool]:
    """The longest chain of local $refs from the root, and whether any chain comes back on itself."""
    def local(node: Any) -> list[str]:
        return [d["$ref"] for _, d in _walk(node) if isinstance(d.get("$ref"), str) and d["$ref"].startswith("#")]
    depth: dict[str, int] = {}
    recursive = False

    def longest(ref: str, path: tuple[str, ...]) -> int:
        nonlocal recursive
        if ref in path:
            recursive = True
            return 0
        if ref not in depth:
            depth[ref] = 1 + max((longest(r, (*path, ref)) for r in local(_resolve(root, ref))), default=0)
        return depth[ref]
    return max((longest(r, ()) for r in local(root)), default=0), recursive


def features(schema: Any) -> frozenset[str]:
    """What of recursion, deep $refs, patterns and combinators the schema has."""
    keys = {k for _, d in _walk(schema) for k in d} | {k for d in _defs(schema) for _, n in _walk(d) for k in n}
    deepest, recursive = _ref_depth(schema)
    return frozenset({"recursion"} if recursive else set()) | ({"deep $ref"} if deepest >= DEEP_REFS else set()) \
        | ({"patterns"} if keys & {"pattern", "patternProperties"} else set()) \
        | ({"combinators"} if keys & set(COMBINATORS) else set())


def _defs(schema: Any) -> list[Any]:
    return [v for _, d in _walk(schema) for c in CONTAINERS if isinstance(d.get(c), dict) for v in d[c].values()]


def is_hard(feats: frozenset[str]) -> bool:
    return "recursion" in feats or len(feats) >= 2


def coverage() -> dict[str, tuple[int, int]]:
    """(compiled, schemas) per source, for the hard subset ("hard") and for all ("all")."""
    rows: dict[str, list[int]] = {}
    for e in entries():
        ok = compiled(e.path).automaton is not None
        for key in (e.source, *(["hard"] if is_hard(features(e.schema)) else []), "all"):
            rows.setdefault(key, [0, 0])
            rows[key][0] += ok
            rows[key][1] += 1
    order = sorted(k for k in rows if k not in ("hard", "all")) + ["hard", "all"]
    return {k: (rows[k][0], rows[k][1]) for k in order if k in rows}


def compile_times() -> str:
    """Compile time p50 and p95, over the schemas that compile and over all (a refusal is quick)."""
    every = [compiled(e.path) for e in entries()]
    parts = [f"{label} ({len(ts)}): p50 {percentile(ts, 50) * 1e3:.1f} ms, p95 {percentile(ts, 95) * 1e3:.1f} ms"
             for label, ts in (("compiled", [c.seconds for c in every if c.automaton is not None]),
                               ("all", [c.seconds for c in every])) if ts]
    return "compile time " + "; ".join(parts)
