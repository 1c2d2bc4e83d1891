"""Scalars (strings, numbers, booleans, null) and literals (enum, const) of a conjunction of parts.

Strings hold every pattern, known format, length and exclusion at once (their automata intersected,
product.py); numbers hold the tightest bounds, exactly (numbers.py), and integer multipleOf.
"""
from __future__ import annotations

import math
from decimal import Decimal
from functools import reduce
from typing import Any

from ..errors import LimitError, RequestError
from .formats import KNOWN, format_content
from .keywords import BOUNDS, dump, is_number
from .numbers import MAX_DIGITS, MAX_MULTIPLE, Bound, integer_pattern, multiples, number_pattern, whole_multiple
from .parts import Compiles, Part, Parts, canonical, counts, type_of, values
from .pattern import NOTHING, Pattern, alt, lit, opt, repeat, seq
from .product import automaton_of, cached, dfa_pattern, intersect, subtract
from .regex import CONTENT, content_of, regex_content, with_length
from .values import FALSE, NULL, QUOTE, TRUE, string_pattern

# Formats JSON Schema defines that pyrite does not assert: refused by name, never silently let through.
UNASSERTED = frozenset({"idn-email", "idn-hostname", "iri", "iri-reference", "uri-template", "json-pointer",
                        "relative-json-pointer", "regex"})
# A string whose maxLength would outgrow the table keeps to this many characters: a formatted one as soon
# as its product is refused (_content), any other when the whole schema is (schema.compile_schema).
HELD_LENGTH = 255


def _excluded(parts: Parts) -> set:
    return {canonical(v) for vs, _ in values(parts, "~notin") for v in vs}


# -- strings -------------------------------------------------------------------------------------------

def string_lengths(c: Compiles, parts: Parts) -> tuple[int, int | None]:
    """minLength..maxLength over parts; where the compiler holds strings (c.held), a maxLength above it held
    to it, or to minLength where that is more: a subset of the lengths allowed, never an empty one that was
    not. c.longest keeps the longest maxLength asked for (whether holding could shrink the schema)."""
    lo, hi = counts(parts, "minLength", "maxLength")
    if hi is None:
        return lo, hi
    c.longest = max(c.longest, hi)
    return lo, hi if c.held is None or hi <= c.held else min(hi, max(lo, c.held))


def string_content(parts: Parts, lo: int, hi: int | None) -> Pattern:
    """The JSON string contents (between the quotes) the parts allow with lo..hi characters, built once per
    set of string keywords and lengths."""
    key = ("string", lo, hi, tuple(v for v, _ in values(parts, "pattern")),
           tuple(v for v, _ in values(parts, "format")), tuple(v for vs, _ in values(parts, "~notpattern") for v in vs),
           tuple(v for vs, _ in values(parts, "~notin") for v in vs if isinstance(v, str)))
    return cached(key, lambda: _content(parts, lo, hi))


def _content(parts: Parts, lo: int, hi: int | None) -> Pattern:
    content, where = CONTENT, parts[0].where if parts else "schema"
    for src, p in values(parts, "pattern"):
        content = intersect(content, regex_content(src, f"{p.where}.pattern"), f"{p.where}.pattern")
    for name, p in values(parts, "format"):
        fmt = _format(name, f"{p.where}.format")
        if fmt is not None:
            content = intersect(content, fmt, f"{p.where}.format")
    for srcs, p in values(parts, "~notpattern"):
        for src in srcs:
            content = subtract(content, regex_content(src, f"{p.where}.pattern"), f"{p.where}.not")
    for vs, p in values(parts, "~notin"):
        for v in vs:
            if isinstance(v, str):
                content = subtract(content, content_of(v), f"{p.where}.not")
    try:
        return with_length(content, lo, hi, where)
    except LimitError:   # a format under a long maxLength (pydantic's HttpUrl: 2083): the shorter ones
        if content is CONTENT or hi is None or hi <= HELD_LENGTH:
            raise
        return with_length(content, lo, HELD_LENGTH, where)


def _format(name: str, where: str) -> Pattern | None:
    """The contents of a format pyrite asserts; None for one that only annotates (a vendor's: int64,
    password...); RequestError for a format JSON Schema defines that pyrite does not hold."""
    fmt = format_content(name, where)
    if fmt is None and name in UNASSERTED:
        raise RequestError(where, f"format {name!r} is not enforced (formats enforced: {', '.join(sorted(KNOWN))}; "
                                  f"formats JSON Schema does not define are ignored)")
    return fmt


def _plain_string(parts: Parts) -> bool:
    """Whether only lengths constrain the string (and no known format): the fast path, no products."""
    fmts = [name for name, p in values(parts, "format") if _format(name, f"{p.where}.format") is not None]
    excluded = any(isinstance(v, str) for vs, _ in values(parts, "~notin") for v in vs)
    return not fmts and not excluded and not any(values(parts, "pattern")) and not any(values(parts, "~notpattern"))


def string_pattern_of(c: Compiles, parts: Parts) -> Pattern:
    lo, hi = string_lengths(c, parts)
    if _plain_string(parts):
        return string_pattern(lo, hi)
    return seq(QUOTE, string_content(parts, lo, hi), QUOTE)


# -- numbers -------------------------------------------------------------------------------------------

def _decimal(v: Any, where: str) -> Decimal:
    d = Decimal(repr(v)) if isinstance(v, float) else Decimal(v)
    if d != d.to_integral_value() and len(d.normalize().as_tuple().digits) > MAX_DIGITS:
        raise RequestError(where, f"a fractional bound of more than {MAX_DIGITS} significant digits is not "
                                  f"supported (floats cannot tell such values apart)")
    return d


def _bounds(parts: Parts) -> tuple[Bound | None, Bound | None]:
    """The tightest lower and upper bound of every part (draft 4's boolean exclusives included)."""
    lows, highs = [], []
    for p in parts:
        kw = p.kw
        for key in BOUNDS:
            v = kw.get(key)
            if v is None or isinstance(v, bool):
                continue
            d = _decimal(v, f"{p.where}.{key}")
            if key == "minimum":
                lows.append(Bound(d, kw.get("exclusiveMinimum") is not True))
            elif key == "maximum":
                highs.append(Bound(d, kw.get("exclusiveMaximum") is not True))
            else:
                (lows if key == "exclusiveMinimum" else highs).append(Bound(d, False))
    lo = max(lows, key=lambda b: (b.value, not b.inclusive), default=None)
    hi = min(highs, key=lambda b: (b.value, b.inclusive), default=None)
    return lo, hi


def _multiple(parts: Parts) -> int | None:
    """The least common multiple of every multipleOf, a fraction 1/k counting as 1: the whole numbers meet it
    (RequestError for another fraction, LimitError past MAX_MULTIPLE)."""
    ms = []
    for m, p in values(parts, "multipleOf"):
        if not float(m).is_integer() and not whole_multiple(m):
            raise RequestError(f"{p.where}.multipleOf", f"multipleOf {m}: a fractional multipleOf is not supported "
                                                        f"(whole numbers are, and 1/k such as 0.01, met by whole "
                                                        f"numbers alone)")
        ms.append(int(m) if float(m).is_integer() else 1)
    m = reduce(math.lcm, ms, 1)
    if m > MAX_MULTIPLE:
        raise LimitError(f"{parts[0].where}.multipleOf", m, "MAX_MULTIPLE", MAX_MULTIPLE)
    return m if ms else None


def _forms(v: Any) -> Pattern:
    """Every text of the number v in the emitted form (trailing zeros after the point)."""
    d = Decimal(repr(v)) if isinstance(v, float) else Decimal(v)
    text = format(d.normalize(), "f")
    zeros = repeat(lit(b"0"), 1, MAX_DIGITS)
    return seq(lit(text.encode()), opt(zeros) if "." in text else opt(seq(lit(b"."), zeros)))


def number_pattern_of(parts: Parts, integer: bool) -> Pattern:
    lo, hi = _bounds(parts)
    excluded = tuple(sorted({Decimal(repr(v)) if isinstance(v, float) else Decimal(v)
                             for vs, _ in values(parts, "~notin") for v in vs if is_number(v)}))
    kind = (lo, hi, _multiple(parts), integer, any(values(parts, "~fraction")), excluded)
    return cached(("number", *kind), lambda: _numbers(*kind, parts[0].where))


def _numbers(lo: Bound | None, hi: Bound | None, m: int | None, integer: bool, fraction: bool,
             excluded: tuple[Decimal, ...], where: str) -> Pattern:
    """The numbers between lo and hi (integers, multiples of m), not integers where fraction, none of
    excluded; as their minimal DFA, laid out once per kind (number_pattern_of): counting digits, the plain
    construction holds some hundreds of states per number, the minimal one some tens."""
    if integer or m is not None:
        ilo = None if lo is None else math.ceil(lo.value) + (0 if lo.inclusive or lo.value % 1 else 1)
        ihi = None if hi is None else math.floor(hi.value) - (0 if hi.inclusive or hi.value % 1 else 1)
        p = integer_pattern(ilo, ihi)
        if m not in (None, 1):
            p = intersect(p, multiples(m), f"{where}.multipleOf")
    else:
        p = number_pattern(lo, hi)
    if fraction:   # not an integer: a nonzero digit after the point
        p = subtract(p, seq(integer_pattern(), opt(seq(lit(b"."), repeat(lit(b"0"), 1, MAX_DIGITS)))), f"{where}.not")
    for v in excluded:
        p = subtract(p, _forms(v), f"{where}.not")
    a = automaton_of(p, where)
    return NOTHING if a is None else dfa_pattern(a)


# -- the rest ------------------------------------------------------------------------------------------

def scalar_pattern(c: Compiles, parts: Parts, t: str) -> Pattern:
    """The texts of type t ("string", "number", "integer", "boolean", "null") parts allow."""
    if t == "string":
        return string_pattern_of(c, parts)
    if t in ("number", "integer"):
        return number_pattern_of(parts, t == "integer")
    out = _excluded(parts)
    if t == "null":
        return NOTHING if canonical(None) in out else NULL
    return alt(TRUE if canonical(True) not in out else NOTHING, FALSE if canonical(False) not in out else NOTHING)


def literal_pattern(c: Compiles, parts: Parts, lits: list[Any], types: set[str], depth: int) -> Pattern:
    """The enum/const values that meet every other keyword of parts, each as its compact JSON text. A
    value is checked by the automaton of its type's pattern (so only what that pattern holds passes)."""
    out, checks, excluded = [], {}, _excluded(parts)
    rest = [Part({k: v for k, v in p.kw.items() if k not in ("enum", "const")}, p.where, p.refs) for p in parts]
    any_string = _plain_string(rest) and counts(rest, "minLength", "maxLength") == (0, None)
    for v in lits:
        t = type_of(v)
        if t not in types or canonical(v) in excluded or t == "other":
            continue
        text = _emitted(v, dump(v, f"{parts[0].where}.enum"))
        if t == "string" and any_string:   # every string meets the rest: no automaton to check it by
            out.append(lit(text))
            continue
        if t not in checks and t not in ("boolean", "null"):
            checks[t] = automaton_of(c.typed([*rest, Part({"type": t}, parts[0].where)], depth), parts[0].where)
        if t in ("boolean", "null") or (checks[t] is not None and checks[t].accepts(text)):
            out.append(lit(text))
    return alt(*out)


def _emitted(v: Any, text: bytes) -> bytes:
    """The text of v as the typed pattern emits it: an integral float as an integer (which every draft
    calls an integer, and which equals it)."""
    return str(int(v)).encode() if isinstance(v, float) and v.is_integer() and abs(v) < 1e15 else text
