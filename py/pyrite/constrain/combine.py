"""The applicators that branch: anyOf, oneOf, not, if/then/else, each as a list of conjunctions.

anyOf is a choice. oneOf is one only where each branch is kept from meeting the others (apart.py: what
tells them apart already, or parts that fail the others for whatever the branch produces); where
nothing does, it is refused, never read as anyOf. not and if/then/else take the negation of a schema
(negate.py).
"""
from __future__ import annotations

from ..errors import RequestError
from .apart import disjoint, separation
from .negate import Branches, negate
from .parts import Compiles, Part, Parts


def branch_key(kw: dict) -> str | None:
    """The first branching applicator among a part's keywords (then/else alone do nothing)."""
    return next((k for k in ("anyOf", "oneOf", "not", "if") if k in kw), None)


def branches(c: Compiles, key: str, p: Part, rest: Parts) -> Branches:
    """The alternatives a part's applicator key stands for, each a conjunction (None: impossible), to be
    joined to rest (the conjunction's other parts)."""
    at, refs, scope = f"{p.where}.{key}", p.refs, p.scope
    if key in ("anyOf", "oneOf"):
        bs = [c.parts(s, f"{at}.{i}", refs, scope=scope) for i, s in enumerate(p.kw[key])]
    if key == "anyOf":
        return bs
    if key == "oneOf":
        return [None if a is None else a + _apart_from_others(c, rest + a, bs, i, p) for i, a in enumerate(bs)]
    if key == "not":
        return negate(c, c.parts(p.kw["not"], at, refs), at)
    cond = c.parts(p.kw["if"], at, refs, scope=scope)
    then = c.parts(p.kw["then"], f"{p.where}.then", refs, scope=scope) if "then" in p.kw else []
    other = c.parts(p.kw["else"], f"{p.where}.else", refs, scope=scope) if "else" in p.kw else []
    if "then" not in p.kw and "else" not in p.kw:
        return [[]]
    yes = None if cond is None or then is None else cond + then
    return [yes] + ([] if other is None else [n + other for n in negate(c, cond, at) if n is not None])


def _apart_from_others(c: Compiles, a: Parts, bs: Branches, i: int, p: Part) -> Parts:
    """Parts that keep what branch i (a, joined to the rest) produces from meeting any other branch, so
    that exactly one holds (apart.separation for each branch it may meet, with what is added so far).
    RequestError where none fits."""
    out: Parts = []
    for j, b in enumerate(bs):
        if j == i or b is None or disjoint(c, a + out, b):
            continue
        kw = separation(c, a + out, b, f"{p.where}.oneOf")
        if kw is None:
            raise RequestError(f"{p.where}.oneOf", f"oneOf branches {min(i, j)} and {max(i, j)} may both hold for "
                                                   f"one value, and pyrite cannot keep them apart (it does not read "
                                                   f"oneOf as anyOf); branches that differ in type, in enum/const "
                                                   f"values, in a required property, or that can be negated, work")
        out.append(Part(kw, f"{p.where}.oneOf.{i}", p.refs, p.scope).quiet())
    return out
