"""The negation of a conjunction of parts: the conjunctions whose union is every value it does not allow.

not and if/then/else need it, and so does an exact oneOf where nothing simpler keeps two branches apart.
It is written for the common forms (type, enum, const, required, properties of those, pattern, the size
and range keywords, not, anyOf, a plain contains) and refused by name otherwise.
"""
from __future__ import annotations

from typing import Any

from ..errors import RequestError
from .keywords import TYPES
from .parts import Compiles, Part, Parts

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
