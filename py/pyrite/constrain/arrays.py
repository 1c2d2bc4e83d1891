"""Arrays of a conjunction of parts: positional items (prefixItems, or items as a list with
additionalItems, as drafts 4-2019 write it), the items after them, their count, contains, uniqueItems.

Position i meets what every part says of it: its prefix entry, else its schema for the rest; a
position no part evaluates meets unevaluatedItems. contains counts the items that meet its schema
(at least minContains; at most maxContains where its schema can be negated, combine.negate).
uniqueItems holds where the items are a small finite set of values: the array is then a walk over
the subsets of them used so far.
"""
from __future__ import annotations

import json
from typing import Any

from ..errors import RequestError
from .negate import negate
from .objects import unevaluated
from .parts import Compiles, Part, Parts, Schemas, canonical, counts, values
from .pattern import EMPTY, NOTHING, Pattern, alt, compile_pattern, graph, join, lit, seq
from .product import intersect
from .values import COMMA

MAX_UNIQUE = 8    # uniqueItems: the most distinct item values (the walk holds 2^n subsets)
OPEN, CLOSE = lit(b"["), lit(b"]")


def _layout(p: Any) -> tuple[list, Any]:
    """A part's (prefix schemas, schema of the items after them; None: unconstrained)."""
    kw = p.kw
    if "prefixItems" in kw:
        return kw["prefixItems"], kw.get("items")
    if isinstance(kw.get("items"), list):
        return kw["items"], kw.get("additionalItems")
    return [], kw.get("items")


def _position(parts: Parts, i: int | None) -> Schemas:
    """The schemas item i must meet (None: an item after every prefix)."""
    def evaluates(p: Part) -> bool:
        prefix, rest = _layout(p)
        return (i is not None and i < len(prefix)) or rest is not None
    out = []
    for p in parts:
        prefix, rest = _layout(p)
        if i is not None and i < len(prefix):
            out.append((prefix[i], f"{p.where}.prefixItems.{i}", p.refs))
        elif rest is not None:
            out.append((rest, f"{p.where}.items", p.refs))
    return out + unevaluated(parts, "unevaluatedItems", evaluates)


def array_pattern(c: Compiles, parts: Parts, depth: int) -> Pattern:
    lo, hi = counts(parts, "minItems", "maxItems")
    k = max((len(_layout(p)[0]) for p in parts), default=0)
    firsts = [c.of_schemas(_position(parts, i), depth) for i in range(k)]
    rest = c.of_schemas(_position(parts, None), depth)
    unique = any(v for v, _ in values(parts, "uniqueItems")) and (hi is None or hi > 1)
    out = _unique(parts, rest, lo, hi) if unique else _sequence(firsts, rest, lo, hi)
    for (schema, p) in values(parts, "contains"):
        low = int(p.kw.get("minContains", 1))
        high = int(p.kw["maxContains"]) if "maxContains" in p.kw else None
        if low == 0 and high is None:
            continue
        if k:
            raise RequestError(f"{p.where}.contains", "contains beside prefixItems (or items as a list) is not "
                                                      "supported")
        where = f"{p.where}.contains"
        hit = c.of_parts(_join(c.parts(schema, where, p.refs), c.flat_schemas(_position(parts, None))), depth + 1)
        miss = rest if high is None else alt(*(c.of_parts(_join(b, c.flat_schemas(_position(parts, None))), depth + 1)
                                              for b in negate(c, c.parts(schema, where, p.refs), where)
                                              if b is not None))
        plain = not unique and lo == 0 and hi is None and k == 0   # out is [rest, ...]: nothing to intersect
        containing = _containing(hit, miss, low, high)
        out = containing if plain else intersect(out, containing, where)
    return out


def _join(a: Parts | None, b: Parts | None) -> Parts | None:
    return None if a is None or b is None else a + b


def _sequence(firsts: list[Pattern], rest: Pattern, lo: int, hi: int | None) -> Pattern:
    """[ firsts[0], firsts[1], ..., then rest items ], lo..hi items in all: node i is "i items so far"."""
    k = len(firsts)
    if hi is not None and hi < lo:
        return NOTHING
    edges = [(i, seq(COMMA if i else EMPTY, firsts[i]), i + 1) for i in range(min(k, hi if hi is not None else k))]
    end = k + 1
    edges += [(i, EMPTY, end) for i in range(k + 1) if i >= lo and (hi is None or i <= hi)]
    more_lo, more_hi = max(lo - k, 1), None if hi is None else hi - k
    if more_hi is None or more_hi >= more_lo:
        edges.append((k, seq(COMMA, join(rest, COMMA, more_lo, more_hi)) if k else join(rest, COMMA, more_lo, more_hi),
                      end))
    return seq(OPEN, graph(k + 2, edges, [end]), CLOSE)


def _containing(hit: Pattern, miss: Pattern, low: int, high: int | None) -> Pattern:
    """[ items, each a hit or a miss ], with low..high hits: node 1 + j is "j hits so far" (capped at low
    where there is no high)."""
    cap = high if high is not None else low
    up = lambda j: j + 1 if j < cap else (j if high is None else None)  # noqa: E731
    edges = [(0, miss, 1)] + ([(0, hit, 1 + up(0))] if up(0) is not None else [])
    for j in range(cap + 1):
        edges.append((1 + j, seq(COMMA, miss), 1 + j))
        if up(j) is not None:
            edges.append((1 + j, seq(COMMA, hit), 1 + up(j)))
    finals = [1 + j for j in range(low, cap + 1)] + ([0] if low == 0 else [])
    return seq(OPEN, graph(cap + 2, edges, finals), CLOSE)


def _finite(item: Pattern, where: str) -> dict[Any, list[bytes]] | None:
    """The item's texts grouped by the value they stand for, where there are at most MAX_UNIQUE values."""
    a = compile_pattern(item, where)
    groups: dict[Any, list[bytes]] = {}
    todo, seen = [(1, b"")], 0
    while todo:
        s, text = todo.pop()
        seen += 1
        if seen > 4096 or len(text) > 256:
            return None
        if a.accepting[s]:
            groups.setdefault(canonical(json.loads(text)), []).append(text)
            if len(groups) > MAX_UNIQUE:
                return None
        for b in range(256):
            t = a.step(s, b)
            if t:
                todo.append((t, text + bytes([b])))
    return groups


def _unique(parts: Parts, rest: Pattern, lo: int, hi: int | None) -> Pattern:
    """[ distinct items ]: node m is the set of values used so far."""
    where = next(p.where for _, p in values(parts, "uniqueItems"))
    if any(_layout(p)[0] for p in parts):
        raise RequestError(f"{where}.uniqueItems", "uniqueItems beside prefixItems (or items as a list) is not "
                                                   "supported")
    groups = _finite(rest, where) if rest is not NOTHING else {}
    if groups is None:
        raise RequestError(f"{where}.uniqueItems", f"uniqueItems is supported where the items are at most "
                                                   f"{MAX_UNIQUE} distinct values (an enum, booleans, a small "
                                                   f"range of integers)")
    texts = [alt(*(lit(t) for t in ts)) for ts in groups.values()]
    n = len(texts)
    edges = [(m, seq(COMMA if m else EMPTY, texts[i]), m | 1 << i)
             for m in range(1 << n) for i in range(n) if not m >> i & 1]
    finals = [m for m in range(1 << n) if lo <= bin(m).count("1") <= (n if hi is None else hi)]
    return seq(OPEN, graph(1 << n, edges, finals), CLOSE) if finals else NOTHING
