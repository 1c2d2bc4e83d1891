"""Part: one schema object's validating keywords, the unit the compiler merges.

A schema is the conjunction of its parts: the object itself, what its $ref names, its allOf branches.
Keeping them apart rather than merging dictionaries early keeps each part's own meaning (an
additionalProperties speaks of its own properties only) and its place for errors.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Iterator, Protocol

from .keywords import IMPLY, TYPES, is_number


@dataclass(frozen=True)
class Part:
    kw: dict[str, Any]         # validating keywords, and the compiler's own ("~"-prefixed: see negate)
    where: str                 # the schema's path, for errors
    refs: tuple[str, ...] = ()  # the references entered to reach it: recursion is counted by them
    scope: tuple[str, ...] = ()  # the schemas it stands in for, outermost first, itself last ($ref, allOf,
    #                              branches): an unevaluated* keyword sees what the parts in its scope evaluate

    def sees(self, other: "Part") -> bool:
        """Whether other's annotations reach this part's unevaluated* keywords: other lies in its scope and
        annotates (a negation, a failed if, a dependent schema merged for safety do not)."""
        return self.where in other.scope and not other.kw.get("~quiet")

    def quiet(self) -> "Part":
        return Part({**self.kw, "~quiet": True}, self.where, self.refs, self.scope)


Parts = list[Part]
Schemas = list[tuple[Any, str, tuple[str, ...]]]   # (schema, where, refs): what one value must meet


class Compiles(Protocol):
    """What the keyword families (objects, arrays, scalars, combine) ask of the compiler (schema.Compiler)."""
    held: int | None   # a string's maxLength above this many characters is held to it (None: as written)
    longest: int       # the longest maxLength a string asked for so far

    def parts(self, schema: Any, where: str, refs: tuple[str, ...] = (), seen: tuple[str, ...] = (),
              scope: tuple[str, ...] = ()) -> Parts | None: ...
    def pattern(self, schema: Any, where: str, depth: int, refs: tuple[str, ...] = ()) -> Any: ...
    def of_parts(self, parts: Parts | None, depth: int) -> Any: ...
    def of_schemas(self, subs: Schemas, depth: int) -> Any: ...
    def flat_schemas(self, subs: Schemas) -> Parts | None: ...
    def typed(self, parts: Parts, depth: int) -> Any: ...


def values(parts: Parts, key: str) -> Iterator[tuple[Any, Part]]:
    """Each part's value of key, with the part."""
    return ((p.kw[key], p) for p in parts if key in p.kw)


def counts(parts: Parts, low: str, high: str) -> tuple[int, int | None]:
    """The tightest of the count keywords low and high over parts (minLength/maxLength, minItems/maxItems,
    minProperties/maxProperties): the largest low, the smallest high (None: none says)."""
    lo = max((int(v) for v, _ in values(parts, low)), default=0)
    his = [int(v) for v, _ in values(parts, high)]
    return lo, min(his) if his else None


def declared_types(parts: Parts) -> set[str] | None:
    """The types every part's "type" allows ("number" takes in "integer"); None where none says."""
    out: set[str] | None = None
    for t, _ in values(parts, "type"):
        ts = {t} if isinstance(t, str) else set(t)
        if "number" in ts:
            ts.add("integer")
        out = ts if out is None else out & ts
    return out


def canonical(v: Any) -> Any:
    """A key under which JSON-equal values are equal (1 == 1.0, but true != 1, key order aside)."""
    if isinstance(v, bool) or v is None:
        return ("lit", v)
    if is_number(v):
        return ("num", Decimal(repr(v)) if isinstance(v, float) else Decimal(v))
    if isinstance(v, str):
        return ("str", v)
    if isinstance(v, list):
        return ("arr", tuple(canonical(x) for x in v))
    if isinstance(v, dict):
        return ("obj", frozenset((k, canonical(x)) for k, x in v.items()))
    return ("other", json.dumps(v, default=repr))


def literals(parts: Parts) -> list[Any] | None:
    """The values enum and const allow in every part (in the first part's order); None where none says."""
    out: dict[Any, Any] | None = None
    for p in parts:
        for key in ("enum", "const"):
            if key in p.kw:
                vs = p.kw["enum"] if key == "enum" else [p.kw["const"]]
                mine = {canonical(v): v for v in vs}
                out = mine if out is None else {k: v for k, v in out.items() if k in mine}
    return None if out is None else list(out.values())


def type_of(v: Any) -> str:
    if isinstance(v, bool):
        return "boolean"
    if v is None:
        return "null"
    if is_number(v):
        return "integer" if float(v).is_integer() else "number"
    return {dict: "object", list: "array", str: "string"}.get(type(v), "other")


ALL_TYPES = frozenset(TYPES)


def generated_types(parts: Parts) -> set[str]:
    """The types the compiler produces for a conjunction: those every "type" allows, else those its
    keywords imply (a subset of any value), else all; "number" takes in "integer"."""
    types = declared_types(parts)
    if types is None:
        types = {t for t, keys in IMPLY.items() for p in parts for k in keys if k in p.kw} or set(ALL_TYPES)
    return types | ({"integer"} if "number" in types else set())
