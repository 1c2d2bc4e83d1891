"""Objects of a conjunction of parts: declared properties in order, then keys the schema asks for.

A declared name (in some part's properties or required) gets, from each part, the schema that part
gives it: its properties entry, the patternProperties it matches, else its additionalProperties; a
name no part evaluates gets unevaluatedProperties. Keys beyond the declared ones are generated only
where a schema asks for them (a patternProperties or an additionalProperties schema) or where no
property is declared at all; such keys never spell a declared name, and match exactly one pattern or
none (keys beside patternProperties keep off line terminators, and off all but printable ASCII where a
pattern has a class escape, which is where Python's re reads a pattern otherwise than ECMA-262 does).
The emitted keys are distinct for declared names; generated keys could repeat, which only
minProperties could notice, so a minProperties that needs two generated keys is refused.
"""
from __future__ import annotations

import json
import re
from functools import reduce
from itertools import product
from typing import Any, Callable

from ..errors import RequestError
from .keywords import dump
from .parts import Compiles, Part, Parts, Schemas, counts, values
from .pattern import EMPTY, NOTHING, Pattern, alt, compile_pattern, graph, join, lit, members, seq
from .presence import KEY as ANYREQUIRED, presence_names, tracked_members
from .product import automaton_of, cached, dfa_pattern, intersect, subtract
from .regex import CONTENT, content_of, matches, regex_content
from .values import COLON, COMMA, QUOTE


def _evaluates(p: Part, name: str) -> list[tuple[Any, str, tuple[str, ...]]]:
    """The schemas part p gives property name: its properties entry, the patterns it matches, else its
    additionalProperties (empty: p does not evaluate name)."""
    props, pats = p.kw.get("properties", {}), p.kw.get("patternProperties", {})
    hit = [(s, f"{p.where}.patternProperties.{src}", p.refs) for src, s in pats.items()
           if matches(src, name, f"{p.where}.patternProperties")]
    if name in props:
        hit.append((props[name], f"{p.where}.properties.{name}", p.refs))
    if not hit and "additionalProperties" in p.kw:
        hit.append((p.kw["additionalProperties"], f"{p.where}.additionalProperties", p.refs))
    return hit


def unevaluated(parts: Parts, key: str, evaluates: Callable[[Part], bool]) -> Schemas:
    """The unevaluatedProperties/Items schemas (key) that apply: those of each part none of whose scope
    evaluates the property or item (evaluates tells whether a part does)."""
    return [(s, f"{p.where}.{key}", p.refs) for s, p in values(parts, key)
            if not any(p.sees(q) and evaluates(q) for q in parts)]


def _schemas_for(parts: Parts, name: str) -> tuple[Schemas, bool]:
    """What each part says of property name: the schemas its value must meet, and whether it may appear."""
    out = [hit for p in parts for hit in _evaluates(p, name)]
    out += unevaluated(parts, "unevaluatedProperties", lambda q: bool(_evaluates(q, name)))
    allowed = all(s is not False for s, _, _ in out) and name not in _names(parts, "~absent")
    return out, allowed


def _names(parts: Parts, key: str) -> list[str]:
    return [n for ns, _ in values(parts, key) for n in ns]


def _triggers(parts: Parts) -> dict[str, list]:
    """dependentRequired / dependentSchemas / dependencies: trigger name -> what it brings (names or schemas)."""
    out: dict[str, list] = {}
    for p in parts:
        for key in ("dependentRequired", "dependentSchemas", "dependencies"):
            for name, dep in p.kw.get(key, {}).items():
                if not isinstance(dep, (list, dict, bool)):
                    raise RequestError(f"{p.where}.{key}.{name}", "a schema must be a JSON object, true or false "
                                                                 "(or, in dependencies, a list of property names)")
                out.setdefault(name, []).append((dep, f"{p.where}.{key}.{name}", p.refs))
    return out


def object_pattern(c: Compiles, parts: Parts, depth: int) -> Pattern:
    obj = [p for p in parts if any(k in p.kw for k in _OBJECT_KEYS)]
    triggers = _triggers(obj)   # declared too: a trigger appears as a property, its dependencies with it
    needed = [d for n, deps in triggers.items() for dep, _, _ in deps if isinstance(dep, list) for d in dep + [n]]
    order = list(dict.fromkeys([n for p in obj for n in p.kw.get("properties", {})] + _names(obj, "required")
                               + needed + list(triggers) + presence_names(obj)))
    said = {n: _schemas_for(obj, n) for n in order}
    present = {n for n in order if said[n][1]}
    schemas = [(dep, at, refs) for n in present for dep, at, refs in triggers.get(n, []) if not isinstance(dep, list)]
    if schemas:   # a trigger that can appear: its schema holds for the whole object, present or not
        stripped = [Part(_without_schemas(p.kw), p.where, p.refs) for p in parts]
        more = [c.parts(s, at, refs) for s, at, refs in schemas]   # quiet: the trigger may be absent
        return NOTHING if None in more else c.of_parts(stripped + [q.quiet() for m in more for q in m], depth)
    required = set(_names(obj, "required")) | {d for n in present for dep, _, _ in triggers.get(n, [])
                                                if isinstance(dep, list) for d in dep}
    names = [c.pattern(s, f"{p.where}.propertyNames", depth + 1, p.refs) for s, p in values(obj, "propertyNames")]
    checks = [automaton_of(n, "propertyNames") for n in names]   # None: no name at all
    items, names_of = [], []
    for name in order:   # required names are all in order: required ones and the dependencies (needed)
        subs, allowed = said[name]
        allowed = allowed and all(n is not None and n.accepts(dump(name, "propertyNames")) for n in checks)
        value = c.of_schemas(subs, depth) if allowed else NOTHING
        if value is NOTHING and name in required:
            return NOTHING
        if value is not NOTHING:
            items.append((seq(lit(dump(name, obj[0].where if obj else "schema")), COLON, value), name in required))
            names_of.append(name)
    extra = _extra(c, obj, order + _names(obj, "~absent"), names, depth)
    if any(values(obj, ANYREQUIRED)):
        return _tracked(c, parts, items, names_of, extra, depth)
    return _members(items, extra, parts)


def _tracked(c: Compiles, parts: Parts, items: list[tuple[Pattern, bool]], names: list[str], extra: Pattern | None,
             depth: int) -> Pattern:
    """The members held to the parts' anyOfs of required (presence.py); with a property count, the anyOfs
    distributed instead, one object per choice of alternatives (the count has its own graph)."""
    if counts(parts, "minProperties", "maxProperties") != (0, None):
        groups = [alts for group, _ in values(parts, ANYREQUIRED) for alts in group]
        bare = [Part({k: v for k, v in p.kw.items() if k != ANYREQUIRED}, p.where, p.refs, p.scope) for p in parts]
        return alt(*(object_pattern(c, bare + [Part({"required": list(n for a in choice for n in a)}, parts[0].where)],
                                    depth) for choice in product(*groups)))
    tail = [] if extra is None else [(join(extra, COMMA, 1), False, None)]
    body = tracked_members([(p, req, n) for (p, req), n in zip(items, names)] + tail, COMMA, parts)
    return seq(lit(b"{"), body, lit(b"}"))


def _extra(c: Compiles, obj: Parts, declared: list[str], names: list[Pattern], depth: int) -> Pattern | None:
    """One generated key (none of declared, each of names' strings) and its value, where the schema asks for
    such keys; None where it does not."""
    pats = [(src, s, p) for p in obj for src, s in p.kw.get("patternProperties", {}).items()]
    additional = [(s, p) for s, p in values(obj, "additionalProperties")]
    asks = pats or any(isinstance(s, dict) for s, _ in additional + list(values(obj, "unevaluatedProperties")))
    if not asks and any(p.kw.get("properties") or p.kw.get("required") for p in obj):
        return None
    where = obj[0].where if obj else "schema"
    pats_src = tuple(src for src, _, _ in pats)
    contents = _key_classes(tuple(dict.fromkeys(declared)), pats_src,
                            [f"{p.where}.patternProperties" for _, _, p in pats], where)
    classes = []
    for (src, s, p), content in zip(pats, contents):
        subs = [(s, f"{p.where}.patternProperties.{src}", p.refs)]
        subs += [(s2, f"{q.where}.additionalProperties", q.refs) for s2, q in additional if q is not p]
        subs += unevaluated(obj, "unevaluatedProperties", lambda q: q is p or "additionalProperties" in q.kw)
        classes.append((content, subs))
    subs = [(s, f"{p.where}.additionalProperties", p.refs) for s, p in additional]
    classes.append((contents[-1], subs + unevaluated(obj, "unevaluatedProperties",
                                                      lambda q: "additionalProperties" in q.kw)))
    raw = json.dumps([s for s, _ in values(obj, "propertyNames")], sort_keys=True, default=repr)
    out = []
    for i, (content, subs) in enumerate(classes):
        if any(s is False for s, _, _ in subs) or content is NOTHING:
            continue
        key = seq(QUOTE, content, QUOTE)
        if names:   # a product per class, once per (keys, propertyNames, strings held) where no $ref makes it
            #         depend on the place
            def named(key: Pattern = key) -> Pattern:
                return reduce(lambda k, n: intersect(k, n, f"{where}.propertyNames"), names, key)
            kind = ("names", tuple(declared), tuple(pats_src), i, raw, c.held)
            key = named() if "$ref" in raw else cached(kind, named)
        out.append(seq(key, COLON, c.of_schemas(subs, depth)))
    return alt(*out) if out else None


def _key_classes(declared: tuple[str, ...], srcs: tuple[str, ...], at: list[str], where: str) -> tuple[Pattern, ...]:
    """The contents of the generated keys (none of declared) that match the pattern srcs[i] and no other, for
    each i, then those that match none: built once per (declared, srcs), as schemas repeat their objects."""
    def build() -> tuple[Pattern, ...]:
        keys = CONTENT
        if srcs:   # where regex engines agree (Python's re: '.' takes \r, '$' a final \n; \d, \w, \s Unicode)
            alike = _PRINTABLE if any(_CLASS_ESCAPE.search(src) for src in srcs) else _ONE_LINE
            keys = cached(("regex", alike), lambda: dfa_pattern(compile_pattern(regex_content(alike, where))))
        if declared:
            keys = subtract(keys, alt(*(content_of(n) for n in declared)), where)
        regexes = [regex_content(src, w) for src, w in zip(srcs, at)]
        out = []
        for i, (mine, w) in enumerate(zip(regexes, at)):
            others = alt(*(r for j, r in enumerate(regexes) if j != i))
            mine = intersect(keys, mine, w)
            out.append(subtract(mine, others, where) if others is not NOTHING else mine)
        return (*out, subtract(keys, alt(*regexes), where) if regexes else keys)
    return cached(("keys", declared, srcs), build)


def _members(items: list[tuple[Pattern, bool]], extra: Pattern | None, parts: Parts) -> Pattern:
    """{ the items in order, optional ones maybe left out, then any number of extra items }, their count
    held to minProperties..maxProperties."""
    lo, hi = counts(parts, "minProperties", "maxProperties")
    if extra is not None and lo > len(items) + 1:
        raise RequestError(f"{parts[0].where}.minProperties", f"minProperties {lo} needs more than one key beyond "
                                                              f"the {len(items)} declared, and pyrite cannot keep "
                                                              f"generated keys distinct")
    if lo == 0 and hi is None:
        tail = [] if extra is None else [(join(extra, COMMA, 1), False)]
        return seq(lit(b"{"), members(items + tail, COMMA), lit(b"}"))
    return seq(lit(b"{"), _counted(items, extra, lo, hi), lit(b"}"))


def _counted(items: list[tuple[Pattern, bool]], extra: Pattern | None, lo: int, hi: int | None) -> Pattern:
    """members() with a count: node (i, k) is "before item i, k items so far" (k stops at lo when there
    is no hi), so the count costs (n + 1) x (cap + 1) nodes."""
    cap, n = (hi if hi is not None else lo), len(items)
    node = lambda i, k: i * (cap + 1) + k  # noqa: E731
    up = lambda k: k + 1 if k < cap else (k if hi is None else None)  # noqa: E731
    edges = []
    for k in range(cap + 1):
        sep = COMMA if k else EMPTY
        for i, (p, required) in enumerate(items):
            if not required:
                edges.append((node(i, k), EMPTY, node(i + 1, k)))
            if up(k) is not None:
                edges.append((node(i, k), seq(sep, p), node(i + 1, up(k))))
        if extra is not None and up(k) is not None:
            edges.append((node(n, k), seq(sep, extra), node(n, up(k))))
    return graph((n + 1) * (cap + 1), edges, [node(n, k) for k in range(lo, cap + 1)])


def _without_schemas(kw: dict) -> dict:
    """kw without its dependent schemas (dependencies keeps its lists of names)."""
    out = {k: v for k, v in kw.items() if k not in ("dependentSchemas", "dependencies")}
    if "dependencies" in kw:
        out["dependencies"] = {n: d for n, d in kw["dependencies"].items() if isinstance(d, list)}
    return out


_ONE_LINE = "^[^\\n\\r\\u2028\\u2029]*$"   # a key a patternProperties classifies: no line terminator,
_PRINTABLE = "^[ -~]*$"                      # and printable ASCII where a pattern has a class escape
_CLASS_ESCAPE = re.compile(r"\\[dDwWsS]")
_OBJECT_KEYS = ("properties", "patternProperties", "additionalProperties", "unevaluatedProperties", "required",
                "propertyNames", "minProperties", "maxProperties", "dependentRequired", "dependentSchemas",
                "dependencies", "~absent", ANYREQUIRED)
