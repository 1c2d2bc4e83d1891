"""A JSON schema as the pattern of the compact JSON texts it allows, and its automaton.

The texts are compact (values.py): properties in schema order, no whitespace but one optional space
after ':' and ','. Every text the pattern allows validates against the schema; where the schema allows
more (other key orders, exponents, more than MAX_DIGITS digits, strings longer than scalars.HELD_LENGTH
where they would not fit) the pattern keeps to the subset.
Keywords follow the specification (keywords.py): annotations and unknown keywords are ignored, a
validating keyword pyrite does not enforce is refused by name and path (RequestError).

The compiler works on parts (parts.py): a schema is flattened into the conjunction of its parts ($ref
and allOf), the applicators that branch (anyOf, oneOf, not, if/then/else; combine.py) are distributed
over the rest, and what remains is compiled type by type (scalars.py, objects.py, arrays.py).
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..errors import LimitError, RequestError
from . import arrays, objects, scalars
from .automaton import Automaton
from .combine import branch_key, branches
from .keywords import validating
from .numbers import CAP
from .parts import Part, Parts, Schemas, generated_types, literals, type_of, values
from .dfa import no_gc
from .pattern import NOTHING, Pattern, alt, compile_pattern, lit, named, seq
from .presence import KEY as PRESENCE, presence_only
from .product import automaton_of
from .refs import Document
from .values import any_object, json_value

WHERE = "response_format.json_schema.schema"
MAX_DEPTH = 32        # sub-schemas (properties, items) nested deeper are refused
MAX_REF_DEPTH = 3     # a recursive $ref is expanded this many times on one path, then its branch is cut
MAX_BRANCHES = 512    # anyOf/oneOf/not/if branches compiled, all distributions together
GENERIC_DEPTH = 2     # arrays and objects nest this deep in a value a schema leaves open (true, {}, no items)
OBJECT_DEPTH = 4      # and this deep in {"type": "json_object"}, counting the object itself


class Compiler:
    """One schema document's compilation: its references, and the budget its branches spend."""

    def __init__(self, root: Any, where: str, held: int | None = None):
        self.doc = Document(root, where)
        self.branches = 0
        self.cut: str | None = None   # where a recursive $ref was cut last (named when nothing is left)
        self.held = held              # a string's maxLength above this many characters is held to it
        self.longest = 0              # the longest maxLength a string asked for (scalars.string_lengths)

    def parts(self, schema: Any, where: str, refs: tuple[str, ...] = (), seen: tuple[str, ...] = (),
              scope: tuple[str, ...] = ()) -> Parts | None:
        """The conjunction schema stands for, $ref and allOf flattened; None for a schema nothing meets.
        scope: the schemas it stands in for (parts.Part.scope)."""
        if schema is True:
            return []
        if schema is False:
            return None
        if not isinstance(schema, dict):
            raise RequestError(where, "a schema must be a JSON object, true or false")
        if "~parts" in schema:   # already flattened (combine.negate)
            return schema["~parts"]
        kw = {**validating(schema, where), **{k: v for k, v in schema.items() if k.startswith("~")}}
        out: Parts = []
        scope = scope + (where,)
        if "$ref" in kw:
            t = self.doc.resolve(kw.pop("$ref"), f"{where}.$ref")
            if t.uri in seen:
                raise RequestError(f"{where}.$ref", f"$ref {t.uri!r} refers to itself without a value in between")
            if refs.count(t.uri) >= MAX_REF_DEPTH:
                self.cut = f"{where}.$ref"
                return None
            sub = self.parts(t.schema, t.where, refs + (t.uri,), seen + (t.uri,), scope)
            if sub is None:
                return None
            out += sub
            if self.doc.draft <= 7:   # drafts 4-7: a $ref's siblings are ignored
                return out
        for i, s in enumerate(kw.pop("allOf", [])):
            sub = self.parts(s, f"{where}.allOf.{i}", refs, seen, scope)
            if sub is None:
                return None
            out += sub
        if kw:
            out.append(Part(kw, where, refs, scope))
        return out

    def flat_schemas(self, subs: Schemas) -> Parts | None:
        """The conjunction of several (schema, where, refs)."""
        out: Parts = []
        for s, at, refs in subs:
            got = self.parts(s, at, refs)
            if got is None:
                return None
            out += got
        return out

    def of_schemas(self, subs: Schemas, depth: int) -> Pattern:
        """The pattern of a value that meets every one of subs, one level below depth."""
        where = subs[0][1] if subs else "schema"
        _within_depth(where, depth + 1)
        return named(self.of_parts(self.flat_schemas(subs), depth + 1), where)

    def pattern(self, schema: Any, where: str, depth: int, refs: tuple[str, ...] = ()) -> Pattern:
        """The pattern of one sub-schema, depth levels below the root."""
        _within_depth(where, depth)
        return named(self.of_parts(self.parts(schema, where, refs), depth), where)

    def of_parts(self, parts: Parts | None, depth: int) -> Pattern:
        """The pattern of a conjunction: branching applicators distributed over the rest, then by type."""
        if parts is None:
            return NOTHING
        for i, p in enumerate(parts):
            key = branch_key(p.kw)
            held = presence_only(p.kw["anyOf"], f"{p.where}.anyOf") if key == "anyOf" else None
            if held is not None:   # kept in the object, not distributed (presence.py)
                kw = {k: v for k, v in p.kw.items() if k != "anyOf"}
                kw[PRESENCE] = kw.get(PRESENCE, ()) + (held,)
                return self.of_parts(parts[:i] + [Part(kw, p.where, p.refs, p.scope)] + parts[i + 1:], depth)
            if key is not None:
                self.branches += 1
                if self.branches > MAX_BRANCHES:
                    raise LimitError(f"{p.where}.{key}: the branches of anyOf/oneOf/not/if, distributed",
                                     self.branches, "MAX_BRANCHES", MAX_BRANCHES)
                rest = parts[:i] + [Part({k: v for k, v in p.kw.items() if k not in _BRANCHING[key]}, p.where,
                                         p.refs, p.scope)] + parts[i + 1:]
                return alt(*(self.of_parts(rest + b, depth) for b in branches(self, key, p, rest) if b is not None))
        return self.typed(parts, depth)

    def typed(self, parts: Parts, depth: int) -> Pattern:
        """A conjunction without branches: its literals, or each type it allows."""
        lits, types = literals(parts), generated_types(parts)
        if lits is not None:
            return scalars.literal_pattern(self, parts, lits, types, depth)
        if not any(p.kw for p in parts):
            return json_value(GENERIC_DEPTH)   # laid out once, not once per open schema
        out = []
        for t in ("object", "array", "string", "number", "integer", "boolean", "null"):
            if t not in types or (t == "integer" and "number" in types):
                continue
            if t in ("object", "array"):
                _nothing_excluded(parts, t)
            if t == "object":
                out.append(objects.object_pattern(self, parts, depth))
            elif t == "array":
                out.append(arrays.array_pattern(self, parts, depth))
            else:
                out.append(scalars.scalar_pattern(self, parts, t))
        return alt(*out)


def _within_depth(where: str, depth: int) -> None:
    if depth > MAX_DEPTH:
        raise RequestError(where, f"schemas nest deeper than {MAX_DEPTH} levels here; {MAX_DEPTH} is the most")


def _nothing_excluded(parts: Parts, t: str) -> None:
    """RequestError where a negated enum/const holds an object or array (t) value: an object or array pattern
    cannot leave out one value in every key order and spacing it may take, so it is refused, not let through."""
    for vs, p in values(parts, "~notin"):
        if any(type_of(v) == t for v in vs):
            raise RequestError(p.where, f"not (or an exact oneOf) over an enum/const {t} value is not supported; "
                                        f"over strings, numbers, booleans and null it is")


_BRANCHING = {"anyOf": ("anyOf",), "oneOf": ("oneOf",), "not": ("not",), "if": ("if", "then", "else")}


def schema_pattern(schema: Any, where: str = WHERE) -> Pattern:
    """The pattern of the compact JSON texts schema allows. RequestError, naming the keyword's path under
    where, for what pyrite does not enforce and for a schema that matches nothing."""
    return _pattern(Compiler(schema, where), where)


def _pattern(c: Compiler, where: str) -> Pattern:
    p = c.pattern(c.doc.rebased, where, 0)
    if p is NOTHING:
        why = (f"; the recursion through {c.cut} was cut after {MAX_REF_DEPTH} levels (MAX_REF_DEPTH)"
               if c.cut else f" (within the limits: integer parts of at most {len(str(CAP))} digits)")
        raise RequestError(where, f"this schema matches no JSON value{why}")
    return p


def _automaton(c: Compiler, where: str, around: tuple[bytes, bytes]) -> Automaton:
    p = _pattern(c, where)
    if around != (b"", b""):
        p = seq(lit(around[0]), p, lit(around[1]))
    with no_gc():
        a = automaton_of(p, where)
    if a is None:   # empty only once laid out (a required property no value can meet, an empty product)
        raise RequestError(where, "this schema matches no JSON value")
    return a


def compile_schema(schema: Any, where: str = WHERE, around: tuple[bytes, bytes] = (b"", b"")) -> Automaton:
    """The automaton of schema_pattern(schema), between the literal bytes around (a tool call's block, say);
    LimitError (naming where, or the sub-schema below it that holds most of the automaton) when it would
    outgrow the table.

    A schema refused for size whose strings ask for more than HELD_LENGTH (255) characters is compiled once
    more with each such maxLength held to 255 (to its minLength where that is more): the automaton then
    says so (held_strings=255) and emits a subset of what the schema allows, as a model rarely writes a
    2,048-character field. If that too is refused, the first LimitError is raised: its sub-schema and counts
    are those of the schema as sent, not of one pyrite made up, and a refusal reads as it did before."""
    c = Compiler(schema, where)
    try:
        return _automaton(c, where, around)
    except LimitError as first:
        if c.longest <= scalars.HELD_LENGTH:
            raise
        try:   # a subset, so as sound; RequestError: holding left nothing (a long enum value), not the schema
            return replace(_automaton(Compiler(schema, where, scalars.HELD_LENGTH), where, around),
                           held_strings=scalars.HELD_LENGTH)
        except (LimitError, RequestError):
            raise first from None


def json_object_pattern() -> Pattern:
    """The pattern of {"type": "json_object"}: any JSON object, arrays and objects nested at most
    OBJECT_DEPTH deep counting the object itself."""
    return any_object(json_value(OBJECT_DEPTH - 1))


def compile_json_object() -> Automaton:
    """The automaton of json_object_pattern()."""
    return compile_pattern(json_object_pattern(), "response_format")
