"""oneOf made exact: what keeps the values one branch produces from meeting another branch.

A oneOf holds where exactly one branch does, so each branch is compiled with parts that fail every other
branch for whatever it produces. disjoint() says where none are needed; separation() writes them for the
rest, the cheapest first: the other's literals left out, its types left out, a property it requires
left out, a name its closed object cannot carry, a property whose values fail it, items that fail it,
else its whole negation. Every test here is one-sided (sufficient, never assumed): it may miss that two
branches cannot meet, never claim it wrongly.
"""
from __future__ import annotations

from typing import Any

from ..errors import RequestError
from .negate import negate
from .parts import ALL_TYPES, Compiles, Part, Parts, canonical, declared_types, generated_types, literals, type_of
from .regex import matches

LOOK = 3   # how deep into properties, items and anyOf/oneOf branches the tests look


def _widen(types: set[str]) -> set[str]:
    return types | ({"integer"} if "number" in types else set())


def _subs(c: Compiles, p: Part, key: str) -> list[Parts | None]:
    return [c.parts(s, f"{p.where}.{key}.{i}", p.refs) for i, s in enumerate(p.kw[key])]


def allowed_types(c: Compiles, parts: Parts, depth: int = 0) -> set[str] | None:
    """The types a value meeting parts can have, by "type", enum/const values and the branches of an
    anyOf/oneOf (None: any)."""
    types, lits = declared_types(parts), literals(parts)
    if lits is not None:
        kinds = _widen({type_of(v) for v in lits})
        types = kinds if types is None else types & _widen(kinds)
    for p in parts if depth < LOOK else ():
        for key in ("anyOf", "oneOf"):
            if key in p.kw:
                union: set[str] | None = set()
                for sub in _subs(c, p, key):
                    got = set() if sub is None else allowed_types(c, sub, depth + 1)
                    union = None if union is None or got is None else union | got
                if union is not None:
                    types = union if types is None else types & union
    return types


def _made(c: Compiles, parts: Parts) -> set[str]:
    """The types the compiler produces for parts: its literals', else those it generates, which a branch
    distributed over parts may widen (its own "type" beside the keywords that implied one), and no more
    than the types a value meeting parts can have."""
    lits = literals(parts)
    branching = any(k in p.kw for p in parts for k in ("anyOf", "oneOf", "not", "if"))
    made = _widen({type_of(v) for v in lits}) if lits is not None else set(ALL_TYPES) if branching \
        else generated_types(parts)
    allowed = allowed_types(c, parts)
    return made if allowed is None else made & allowed


def _required(parts: Parts) -> set[str]:
    return {n for p in parts for n in p.kw.get("required", [])}


def _declared(parts: Parts) -> list[str]:
    return list(dict.fromkeys([n for p in parts for n in p.kw.get("properties", {})] + sorted(_required(parts))))


def _forbids(parts: Parts, name: str) -> bool:
    """Whether an object meeting parts cannot carry the property name: a part closes its object
    (additionalProperties false) without declaring or matching name, or leaves name out (~absent)."""
    for p in parts:
        if name in p.kw.get("~absent", ()):
            return True
        if p.kw.get("additionalProperties") is False and name not in p.kw.get("properties", {}) and not any(
                matches(src, name, f"{p.where}.patternProperties") for src in p.kw.get("patternProperties", {})):
            return True
    return False


def _property(c: Compiles, parts: Parts, name: str) -> Parts | None:
    """What every part's properties entry says of name (the conjunction; [] where none speaks of it)."""
    return c.flat_schemas([(p.kw["properties"][name], f"{p.where}.properties.{name}", p.refs)
                           for p in parts if name in p.kw.get("properties", {})])


def _items(c: Compiles, parts: Parts) -> Parts | None:
    """The conjunction of the parts' items schemas, where each array item meets it alike (no tuples)."""
    if any("prefixItems" in p.kw or isinstance(p.kw.get("items"), list) for p in parts):
        return []
    return c.flat_schemas([(p.kw["items"], f"{p.where}.items", p.refs) for p in parts if "items" in p.kw])


def fails(c: Compiles, v: Any, parts: Parts | None, depth: int = 0) -> bool:
    """Whether the value v certainly fails parts (by type, enum/const, pattern, lengths, required, closed
    objects, properties, or every branch of an anyOf/oneOf)."""
    if parts is None:
        return True
    t = type_of(v)
    if t == "other" or depth > LOOK:
        return False
    for p in parts:
        kw = p.kw
        types = declared_types([p])
        if types is not None and t not in types:
            return True
        lits = literals([p])
        if lits is not None and canonical(v) not in {canonical(x) for x in lits}:
            return True
        if t == "string" and ("pattern" in kw and not matches(kw["pattern"], v, f"{p.where}.pattern")
                              or len(v) < kw.get("minLength", 0) or len(v) > kw.get("maxLength", len(v))):
            return True
        if t == "object" and (any(n not in v for n in kw.get("required", [])) or any(_forbids([p], n) for n in v)
                              or any(n in v and fails(c, v[n], _property(c, [p], n), depth + 1)
                                     for n in kw.get("properties", {}))):
            return True
        if any(key in kw and all(fails(c, v, sub, depth + 1) for sub in _subs(c, p, key))
               for key in ("anyOf", "oneOf")):
            return True
    return False


def disjoint(c: Compiles, a: Parts, b: Parts, depth: int = 0) -> bool:
    """Whether no value the conjunction a produces can meet b."""
    made, allowed = _made(c, a), allowed_types(c, b)
    if allowed is not None and not made & allowed:
        return True
    la, lb = literals(a), literals(b)
    if la is not None and lb is not None and not {canonical(v) for v in la} & {canonical(v) for v in lb}:
        return True
    if (la is not None and all(fails(c, v, b) for v in la)) or (lb is not None and all(fails(c, v, a) for v in lb)):
        return True
    if depth >= LOOK:
        return False
    if made <= {"object"}:
        required_a, required_b = _required(a), _required(b)
        if any(_forbids(b, n) for n in required_a) or any(_forbids(a, n) for n in required_b):
            return True
        return any(_apart_values(c, _property(c, a, n), _property(c, b, n), depth)
                   for n in required_a | required_b if _has_property(a, n) and _has_property(b, n))
    if made <= {"array"} and any(p.kw.get("minItems", 0) >= 1 for p in a + b):
        return _apart_values(c, _items(c, a), _items(c, b), depth)
    return False


def _has_property(parts: Parts, name: str) -> bool:
    return any(name in p.kw.get("properties", {}) for p in parts)


def _apart_values(c: Compiles, x: Parts | None, y: Parts | None, depth: int) -> bool:
    return x is None or y is None or (bool(x) and bool(y) and disjoint(c, x, y, depth + 1))


def _negatable(c: Compiles, parts: Parts | None, where: str) -> bool:
    try:
        negate(c, parts, where)
    except RequestError:
        return False
    return True


def separation(c: Compiles, a: Parts, b: Parts, where: str) -> dict | None:
    """Keywords that, added to a, fail b for every value a produces; None where none is found."""
    made, allowed, lb = _made(c, a), allowed_types(c, b), literals(b)
    if lb is not None and not {type_of(v) for v in lb} & {"object", "array"}:   # the literals left out
        return {"~notin": lb}
    if allowed is not None and made - allowed:
        return {"not": {"type": sorted(allowed)}}
    objects = made <= {"object"} or (allowed is not None and allowed <= {"object"})
    if objects:
        required_a, required_b = _required(a), _required(b)
        missing = [n for n in required_b if n not in required_a and not _forbids(a, n)]
        if missing:   # a property b requires left out
            return {"~absent": [sorted(missing)[0]]}
        closed = [n for n in _declared(a) if _forbids(b, n) and not _forbids(a, n)]
        if closed:   # a name b's closed object cannot carry, made present
            return {"anyOf": [{"required": [n]} for n in closed]} if len(closed) > 1 else {"required": closed}
        for n in sorted(required_a | required_b):   # a property whose value fails b's
            theirs = _property(c, b, n)
            if theirs and _negatable(c, theirs, where):
                return {"properties": {n: {"not": {"~parts": theirs}}}}
    if made <= {"array"} or (allowed is not None and allowed <= {"array"}):
        theirs = _items(c, b)
        if theirs and _apart_values(c, _items(c, a), theirs, 0):
            return {"minItems": 1}
        if theirs and _negatable(c, theirs, where):   # items that all fail b's, at least one
            return {"minItems": 1, "items": {"not": {"~parts": theirs}}}
    if _negatable(c, b, where):
        return {"not": {"~parts": b}}
    return None
