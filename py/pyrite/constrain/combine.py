"""The applicators that branch: anyOf, oneOf, not, if/then/else, each as a list of conjunctions.

anyOf is a choice. oneOf is one only where its branches cannot both hold for a value they produce
(disjoint(): declared types apart, enum/const values apart, or a required property whose const/enum
values are apart, the discriminator pydantic and zod write); otherwise it is refused, never read as
anyOf. not and if/then/else need the negation of a schema, which negate() writes for the common forms
(type, enum, const, required, properties of those, pattern, the size and range keywords) and refuses
by name otherwise.
"""
from __future__ import annotations

from typing import Any

from ..errors import RequestError
from .keywords import TYPES
from .parts import Compiles, Part, Parts, canonical, declared_types, generated_types, literals, type_of

Branches = list[Parts | None]
NEGATABLE = ("type, enum, const, required, properties of those, pattern, minLength, maxLength, minimum, maximum, "
             "exclusiveMinimum, exclusiveMaximum, minItems, maxItems, minProperties, maxProperties")
_OPPOSITE = {  # a size or range keyword -> (the type it speaks of, what its negation says)
    "minLength": ("string", lambda n: {"maxLength": n - 1} if n > 0 else None),
    "maxLength": ("string", lambda n: {"minLength": n + 1}),
    "minItems": ("array", lambda n: {"maxItems": n - 1} if n > 0 else None),
    "maxItems": ("array", lambda n: {"minItems": n + 1}),
    "minProperties": ("object", lambda n: {"maxProperties": n - 1} if n > 0 else None),
    "maxProperties": ("object", lambda n: {"minProperties": n + 1}),
    "minimum": ("number", lambda v: {"exclusiveMaximum": v}),
    "maximum": ("number", lambda v: {"exclusiveMinimum": v}),
    "exclusiveMinimum": ("number", lambda v: {"maximum": v}),
    "exclusiveMaximum": ("number", lambda v: {"minimum": v}),
}


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
    that exactly one holds: nothing where they are disjoint already; else a's types without the other's,
    the absence of a property the other requires, or the other's negation. RequestError where none fits."""
    out = []
    for j, b in enumerate(bs):
        if j == i or b is None or disjoint(c, a, b):
            continue
        kw = _apart(c, a, b, p.kw["oneOf"][j], f"{p.where}.oneOf")
        if kw is None:
            raise RequestError(f"{p.where}.oneOf", f"oneOf branches {min(i, j)} and {max(i, j)} may both hold for "
                                                   f"one value, and pyrite cannot keep them apart (it does not read "
                                                   f"oneOf as anyOf); branches that differ in type, in enum/const "
                                                   f"values, in a required property, or that can be negated, work")
        out.append(Part(kw, f"{p.where}.oneOf.{i}", p.refs, p.scope).quiet())
    return out


def _apart(c: Compiles, a: Parts, b: Parts, b_schema: Any, where: str) -> dict | None:
    """Keywords that, added to a, fail b for every value a produces; None where none is found."""
    made, allowed = _made(a), allowed_types(b)
    if allowed is not None and made - allowed:
        return {"not": {"type": sorted(allowed)}}
    required_a = {n for q in a for n in q.kw.get("required", [])}
    only_objects = made <= {"object"} or (allowed is not None and allowed <= {"object"})
    missing = [n for q in b for n in q.kw.get("required", []) if n not in required_a]
    if only_objects and missing:
        return {"~absent": [missing[0]]}
    try:
        negate(c, b, where)
    except RequestError:
        return None
    return {"not": b_schema}


def allowed_types(parts: Parts) -> set[str] | None:
    """The types a value meeting parts can have, by "type" and by enum/const values (None: any)."""
    types, lits = declared_types(parts), literals(parts)
    if lits is not None:
        kinds = {type_of(v) for v in lits} | ({"integer"} if any(type_of(v) == "integer" for v in lits) else set())
        types = kinds if types is None else types & (kinds | ({"integer"} if "number" in kinds else set()))
    return types


def negate(c: Compiles, parts: Parts | None, where: str) -> Branches:
    """The conjunctions whose union is every value parts does not allow."""
    if parts is None:
        return [[]]
    out: Branches = []
    for p in parts:   # not (a and b) = (not a) or (not b)
        for key, value in p.kw.items():
            if key == "~quiet":
                continue
            if key == "anyOf":   # not (x or y) = (not x) and (not y): one alternative of every negation
                out.append([Part({"not": s}, f"{p.where}.anyOf.{k}", p.refs, p.scope).quiet()
                            for k, s in enumerate(value)])
                continue
            out += [[Part(kw, p.where, p.refs, p.scope).quiet()] for kw in _negated(c, key, value, p, where)]
    return out


def _negated(c: Compiles, key: str, value: Any, p: Part, where: str) -> list[dict]:
    """Keyword sets, one per alternative, that together hold exactly where key: value fails."""
    if key == "type":
        ts = {value} if isinstance(value, str) else set(value)
        ts |= {"integer"} if "number" in ts else set()
        rest = [t for t in TYPES if t not in ts and t != "number"]   # "number" would take the integers back in
        fractions = [{"type": "number", "~fraction": True}] if "number" not in ts else []
        return ([{"type": rest}] if rest else []) + fractions
    if key in ("enum", "const"):
        return [{"~notin": value if key == "enum" else [value]}]
    if key == "required":
        return [{"type": "object", "~absent": [n]} for n in value]
    if key == "properties":
        out = []
        for name, sub in value.items():
            for alt in negate(c, c.parts(sub, f"{p.where}.properties.{name}", p.refs), where):
                if alt is not None:
                    out.append({"type": "object", "required": [name], "properties": {name: {"~parts": alt}}})
        return out
    if key == "pattern":
        return [{"type": "string", "~notpattern": [value]}]
    if key in _OPPOSITE and not isinstance(value, bool):
        t, opposite = _OPPOSITE[key]
        kw = opposite(value)
        return [{"type": t, **kw}] if kw is not None else []
    if key == "not":   # not (not x) = x
        return [{"anyOf": [value]}]
    if key == "contains" and "maxContains" not in p.kw and p.kw.get("minContains", 1) == 1:
        return [{"type": "array", "items": {"not": value}}]
    if key in ("minContains", "maxContains") and "contains" in p.kw:
        return []   # negated with contains
    if key.startswith("~"):
        raise RequestError(where, "not over a negation is not supported")
    raise RequestError(where, f"not (or if/then/else) over {key} is not supported; negations of {NEGATABLE} are")


def _made(parts: Parts) -> set[str]:
    lits = literals(parts)
    return {type_of(v) for v in lits} if lits is not None else generated_types(parts)


def _pinned(c: Compiles, parts: Parts, required_only: bool) -> dict[str, set]:
    """name -> the canonical values a property may take where present, for each property pinned to enum or
    const values (required_only: only those parts require)."""
    required = {n for p in parts for n in p.kw.get("required", [])}
    out: dict[str, set] = {}
    for p in parts:
        for name, sub in p.kw.get("properties", {}).items():
            if name in required or not required_only:
                lits = literals(c.parts(sub, f"{p.where}.properties.{name}", p.refs) or [])
                if lits is not None:
                    keys = {canonical(v) for v in lits}
                    out[name] = out[name] & keys if name in out else keys
    return out


def disjoint(c: Compiles, a: Parts, b: Parts) -> bool:
    """Whether no value the conjunction a produces can meet b (sufficient conditions, one way)."""
    made, allowed = _made(a), allowed_types(b)
    if allowed is not None and not (made | ({"integer"} if "number" in made else set())) & allowed:
        return True
    la, lb = literals(a), literals(b)
    if la is not None and lb is not None and not {canonical(v) for v in la} & {canonical(v) for v in lb}:
        return True
    if not made <= {"object"}:
        return False
    pinned_a, pinned_b = _pinned(c, a, True), _pinned(c, b, False)
    return any(name in pinned_b and not pinned_a[name] & pinned_b[name] for name in pinned_a)
