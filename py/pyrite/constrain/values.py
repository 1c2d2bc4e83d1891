"""Patterns of compact JSON text: strings by length, literals, arrays, objects, and generic values of
bounded depth (numbers: numbers.py).

Compact means no whitespace but one optional space after each ':' and each ','.
"""
from __future__ import annotations

import functools

from .numbers import NUMBER
from .pattern import Pattern, alt, byte_range, byte_set, compile_pattern, join, lit, opt, repeat, seq
from .product import dfa_pattern

COLON = seq(lit(b":"), opt(lit(b" ")))
COMMA = seq(lit(b","), opt(lit(b" ")))
QUOTE = lit(b'"')
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


def string_pattern(min_len: int = 0, max_len: int | None = None) -> Pattern:
    """A JSON string of min_len to max_len characters (as Python's len of the decoded string)."""
    return seq(QUOTE, repeat(CHAR, min_len, max_len), QUOTE)


def array_pattern(item: Pattern, min_items: int = 0, max_items: int | None = None) -> Pattern:
    """A JSON array of min_items to max_items items."""
    return seq(lit(b"["), join(item, COMMA, min_items, max_items), lit(b"]"))


STRING = string_pattern()


@functools.cache
def json_value(depth: int) -> Pattern:
    """Any JSON value whose arrays and objects nest at most depth deep (0: scalars only), as its minimal
    DFA, laid out once: each level is minimized before the next embeds it, so the levels above build a
    fraction of the states (a quarter at depth 2)."""
    scalars = alt(STRING, NUMBER, TRUE, FALSE, NULL)
    inner = json_value(depth - 1) if depth else scalars
    return dfa_pattern(compile_pattern(alt(scalars, array_pattern(inner), any_object(inner)) if depth else scalars))


def any_object(value: Pattern) -> Pattern:
    """A JSON object of any keys, in any number, each with a value of the pattern value."""
    return seq(lit(b"{"), join(seq(STRING, COLON, value), COMMA), lit(b"}"))
