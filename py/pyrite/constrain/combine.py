"""The applicators that branch: anyOf, oneOf, not, if/then/else, each as a list of conjunctions.

anyOf is a choice. oneOf is one only where its branches cannot both hold for a value they produce
(disjoint(): declared types apart, enum/const values apart, or a required property whose const/enum
values are apart, the discriminator pydantic and zod write); otherwise it is refused, never read as
anyOf. not and if/then/else need the negation of a schema, which negate() writes for the common forms
(type, enum, const, required, properties of those, pattern, the size and range keywords) and refuses
by name otherwise.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..errors import RequestError
from .keywords import TYPES
from .parts import Part, Parts, canonical, declared_types, generated_types, literals, type_of

if TYPE_CHECKING:
    from .schema import Compiler

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


def branches(c: Compiler, key: str, p: Part, rest: Parts) -> Branches:
    """The alternatives a part's applicator key stands for, each a conjunction (None: impossible), to be
    joined to rest (the conjunction's other parts)."""
    at, refs, scope = f"{p.where}.{key}", p.refs, p.scope
    if key in ("anyOf", "oneOf"):
        bs = [c.parts(s, f"{at}.{i}", refs, scope=scope) for i, s in enumerate(p.kw[key])]
    if key == "anyOf":
        return bs
    if key == "oneOf":
        for i, a in enumerate(bs):
            for j in range(i):
                if a is not None and bs[j] is not None and not (disjoint(c, rest + a, bs[j]) and disjoint(c, rest + bs[j], a)):
                    raise RequestError(at, f"oneOf branches {j} and {i} may both hold for one value, and pyrite "
                                           f"does not read oneOf as anyOf; it supports oneOf whose branches differ "
                                           f"in type, in enum/const values, or in a required property's const "
                                           f"or enum (a discriminator)")
        return bs
    if key == "not":
        return negate(c, c.parts(p.kw["not"], at, refs), at)
    cond = c.parts(p.kw["if"], at, refs, scope=scope)
    then = c.parts(p.kw["then"], f"{p.where}.then", refs, scope=scope) if "then" in p.kw else []
    other = c.parts(p.kw["else"], f"{p.where}.else", refs, scope=scope) if "else" in p.kw else []
    if "then" not in p.kw and "else" not in p.kw:
        return [[]]
    yes = None if cond is None or then is None else cond + then
    return [yes] + ([] if other is None else [n + other for n in negate(c, cond, at) if n is not None])


def negate(c: Compiler, parts: Parts | None, where: str) -> Branches:
    """The conjunctions whose union is every value parts does not allow."""
    if parts is None:
        return [[]]
    out: Branches = []
    for p in parts:   # not (a and b) = (not a) or (not b)
        for key, value in p.kw.items():
            if key == "~quiet":
                continue
            out += [[Part(kw, p.where, p.refs, p.scope).quiet()] for kw in _negated(c, key, value, p, where)]
    return out


def _negated(c: Compiler, key: str, value: Any, p: Part, where: str) -> list[dict]:
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
    if key.startswith("~"):
        raise RequestError(where, "not over a negation is not supported")
    raise RequestError(where, f"not (or if/then/else) over {key} is not supported; negations of {NEGATABLE} are")


def _made(parts: Parts) -> set[str]:
    lits = literals(parts)
    return {type_of(v) for v in lits} if lits is not None else generated_types(parts)


def _pinned(c: Compiler, parts: Parts, required_only: bool) -> dict[str, set]:
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


def disjoint(c: Compiler, a: Parts, b: Parts) -> bool:
    """Whether no value the conjunction a produces can meet b (sufficient conditions, one way)."""
    made, allowed = _made(a), declared_types(b)
    if allowed is not None and not (made | ({"integer"} if "number" in made else set())) & allowed:
        return True
    la, lb = literals(a), literals(b)
    if la is not None and lb is not None and not {canonical(v) for v in la} & {canonical(v) for v in lb}:
        return True
    if not made <= {"object"}:
        return False
    pinned_a, pinned_b = _pinned(c, a, True), _pinned(c, b, False)
    return any(name in pinned_b and not pinned_a[name] & pinned_b[name] for name in pinned_a)
