"""Patterns of compact JSON text: strings by length, integers and numbers in a range, literals, arrays,
objects, and generic values of bounded depth.

Compact means no whitespace but one optional space after each ':' and each ','. Numbers have no
exponent and at most MAX_DIGITS digits before and after the point, so a walk cannot run away in one.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .pattern import (EMPTY, NOTHING, Pattern, alt, byte_range, byte_set, graph, join, lit, members, opt,
                      repeat, seq)

MAX_DIGITS = 15
CAP = 10 ** MAX_DIGITS - 1   # the largest magnitude of an integer part

COLON = seq(lit(b":"), opt(lit(b" ")))
COMMA = seq(lit(b","), opt(lit(b" ")))
QUOTE = lit(b'"')
MINUS = lit(b"-")
DIGIT = byte_range(0x30, 0x39)
_CONT = byte_range(0x80, 0xBF)
_HEX = byte_set(b"0123456789abcdefABCDEF")
# One character of a string, as Python's strict UTF-8 decoder takes it (no overlong forms, no
# surrogates, nothing past U+10FFFF), or an escape; '"', '\' and controls must be escaped. The lead
# bytes share their last continuation byte (and 4-byte ones their third), so the DFA holds one state
# per "continuations left" rather than one per lead byte.
CHAR = alt(
    byte_set(b for b in range(0x20, 0x80) if b not in b'"\\'),
    seq(alt(byte_range(0xC2, 0xDF),
            seq(lit(b"\xe0"), byte_range(0xA0, 0xBF)),
            seq(byte_set([*range(0xE1, 0xED), 0xEE, 0xEF]), _CONT),
            seq(lit(b"\xed"), byte_range(0x80, 0x9F)),   # below the surrogates D800-DFFF
            seq(alt(seq(lit(b"\xf0"), byte_range(0x90, 0xBF)),
                    seq(byte_range(0xF1, 0xF3), _CONT),
                    seq(lit(b"\xf4"), byte_range(0x80, 0x8F))), _CONT)),
        _CONT),
    seq(lit(b"\\"), alt(byte_set(b'"\\/bfnrt'),
                        seq(lit(b"u"), alt(seq(byte_set(b"0123456789abcefABCEF"), _HEX),
                                           seq(byte_set(b"dD"), byte_range(0x30, 0x37))),   # no surrogates
                            _HEX, _HEX))))
TRUE, FALSE, NULL = lit(b"true"), lit(b"false"), lit(b"null")


@dataclass(frozen=True)
class Bound:
    """One end of a range of numbers: value, and whether the value itself is in the range."""
    value: int
    inclusive: bool = True


def string_pattern(min_len: int = 0, max_len: int | None = None) -> Pattern:
    """A JSON string of min_len to max_len characters (as Python's len of the decoded string)."""
    return seq(QUOTE, repeat(CHAR, min_len, max_len), QUOTE)


def _fixed(lo: str, hi: str) -> Pattern:
    """Digit strings of len(lo) == len(hi) from lo to hi."""
    if not lo:
        return EMPTY
    a, b, rest = ord(lo[0]), ord(hi[0]), len(lo) - 1
    if a == b:
        return seq(lit(lo[0].encode()), _fixed(lo[1:], hi[1:]))
    if lo[1:] == "0" * rest and hi[1:] == "9" * rest:
        return seq(byte_range(a, b), repeat(DIGIT, rest, rest))
    return alt(seq(lit(lo[0].encode()), _fixed(lo[1:], "9" * rest)),
               seq(byte_range(a + 1, b - 1), repeat(DIGIT, rest, rest)),
               seq(lit(hi[0].encode()), _fixed("0" * rest, hi[1:])))


def naturals(lo: int, hi: int) -> Pattern:
    """The integers lo..hi (0 <= lo), in decimal without leading zeros."""
    parts = []
    for n in range(len(str(lo)), len(str(hi)) + 1):
        a, b = max(lo, 10 ** (n - 1) if n > 1 else 0), min(hi, 10 ** n - 1)
        if a <= b:
            parts.append(_fixed(str(a), str(b)))
    return alt(*parts)


def integer_pattern(lo: int | None = None, hi: int | None = None) -> Pattern:
    """The integers lo..hi (None: unbounded), each end held to MAX_DIGITS digits; never "-0"."""
    lo, hi = max(-CAP, -CAP if lo is None else lo), min(CAP, CAP if hi is None else hi)
    return alt(naturals(max(lo, 0), hi) if hi >= 0 else NOTHING,
               seq(MINUS, naturals(max(-hi, 1), -lo)) if lo < 0 else NOTHING)


_FRACTION = seq(lit(b"."), repeat(DIGIT, 1, MAX_DIGITS))
_ZERO_FRACTION = seq(lit(b"."), repeat(lit(b"0"), 1, MAX_DIGITS))
# Digits after the point, at least one of them nonzero: node i is "i zeros so far", node MAX_DIGITS + i
# "i digits, one of them nonzero", so the digits left are counted once, not once per first nonzero place.
_NONZERO_FRACTION = seq(lit(b"."), graph(
    2 * MAX_DIGITS + 1,
    [(i, lit(b"0"), i + 1) for i in range(MAX_DIGITS - 1)]
    + [(i, byte_range(0x31, 0x39), MAX_DIGITS + i + 1) for i in range(MAX_DIGITS)]
    + [(MAX_DIGITS + i, DIGIT, MAX_DIGITS + i + 1) for i in range(1, MAX_DIGITS)],
    range(MAX_DIGITS + 1, 2 * MAX_DIGITS + 1)))


def _magnitudes(lo: Bound, hi: Bound | None) -> Pattern:
    """Unsigned decimals (an integer part, maybe a fraction) from lo to hi (0 <= lo.value). A fraction
    only adds to the integer part, so: any fraction from an inclusive lower end up to the upper one, a
    nonzero one at an exclusive lower end, and at an inclusive upper end only zeros."""
    if hi is None or hi.value > CAP:
        hi = Bound(CAP + 1, False)
    if lo.value > hi.value or (lo.value == hi.value and not (lo.inclusive and hi.inclusive)):
        return NOTHING
    return alt(seq(naturals(lo.value if lo.inclusive else lo.value + 1, hi.value - 1), opt(_FRACTION)),
               NOTHING if lo.inclusive else seq(naturals(lo.value, lo.value), _NONZERO_FRACTION),
               seq(naturals(hi.value, hi.value), opt(_ZERO_FRACTION)) if hi.inclusive else NOTHING)


def number_pattern(lo: Bound | None = None, hi: Bound | None = None) -> Pattern:
    """Decimals -?(0|[1-9][0-9]*)(.[0-9]+)? from lo to hi (None: unbounded), exactly; never a negative zero."""
    non_negative = _magnitudes(lo if lo is not None and lo.value >= 0 else Bound(0), hi) \
        if hi is None or hi.value >= 0 else NOTHING
    if lo is not None and lo.value >= 0:
        return non_negative
    below = Bound(-hi.value, hi.inclusive) if hi is not None and hi.value < 0 else Bound(0, False)
    return alt(non_negative, seq(MINUS, _magnitudes(below, None if lo is None else Bound(-lo.value, lo.inclusive))))


def array_pattern(item: Pattern, min_items: int = 0, max_items: int | None = None) -> Pattern:
    """A JSON array of min_items to max_items items."""
    return seq(lit(b"["), join(item, COMMA, min_items, max_items), lit(b"]"))


def object_pattern(props: Sequence[tuple[bytes, Pattern, bool]]) -> Pattern:
    """A JSON object of the (key as JSON text, value, required) properties, in that order."""
    return seq(lit(b"{"), members([(seq(lit(key), COLON, value), req) for key, value, req in props], COMMA),
               lit(b"}"))


STRING = string_pattern()
NUMBER = number_pattern()


def json_value(depth: int) -> Pattern:
    """Any JSON value whose arrays and objects nest at most depth deep (0: scalars only)."""
    value = alt(STRING, NUMBER, TRUE, FALSE, NULL)
    scalars = value
    for _ in range(depth):
        value = alt(scalars, array_pattern(value), any_object(value))
    return value


def any_object(value: Pattern) -> Pattern:
    """A JSON object of any keys, in any number, each with a value of the pattern value."""
    return seq(lit(b"{"), join(seq(STRING, COLON, value), COMMA), lit(b"}"))
