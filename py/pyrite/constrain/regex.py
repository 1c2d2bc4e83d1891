"""JSON Schema's "pattern" (an ECMA-262 regular expression) as the JSON string contents it allows, and
the character-level patterns that go with it: any content, exact text, lengths in characters.

A content is the bytes between the quotes. Each character of the regex is accepted in every encoding
values.CHAR takes for it (literal UTF-8 where JSON allows it, the short escapes, \\uXXXX in either hex
case), and JSON text decodes one way only, so a pattern over characters carries over exactly: the
contents that regex_content does not accept are exactly those of the strings the regex does not match.
A regex is not anchored: it matches when it finds a match anywhere, so a branch is padded with any
content on each side its ^ or $ does not pin.
"""
from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from ..errors import LimitError
from .pattern import (EMPTY, MAX_NFA_STATES, NOTHING, Pattern, alt, byte_range, byte_set, compile_pattern, lit,
                      repeat, seq)
from .keywords import dump
from .product import automaton_of, byte_lengths, cached, counted, dfa_pattern
from .regex_syntax import Alt, Anchor, Chars, Node, Ranges, Repeat, Seq, parse
from .values import CHAR

CONTENT = repeat(CHAR)   # any string's content
_LENGTHS = ((0, 0x7F), (0x80, 0x7FF), (0x800, 0xFFFF), (0x10000, 0x10FFFF))   # by UTF-8 length
_SHORT = {0x22: b'"', 0x5C: b"\\", 0x2F: b"/", 0x08: b"b", 0x0C: b"f", 0x0A: b"n", 0x0D: b"r", 0x09: b"t"}
_LITERAL: Ranges = ((0x20, 0x21), (0x23, 0x5B), (0x5D, 0xD7FF), (0xE000, 0x10FFFF))   # JSON needs no escape
_BMP: Ranges = ((0, 0xD7FF), (0xE000, 0xFFFF))   # what \uXXXX may stand for (CHAR takes no surrogates)


def _clip(ranges: Ranges, allowed: Ranges) -> list[tuple[int, int]]:
    return [(max(a, c), min(b, d)) for a, b in ranges for c, d in allowed if max(a, c) <= min(b, d)]


def _utf8(lo: int, hi: int) -> list[Pattern]:
    """The UTF-8 encodings of lo..hi (one encoded length, no surrogates) as sequences of byte ranges:
    split where a continuation byte stops running over its whole range, so each piece is a product."""
    for i in (1, 2, 3):
        m = (1 << 6 * i) - 1
        if lo & ~m != hi & ~m:
            if lo & m:
                return _utf8(lo, lo | m) + _utf8((lo | m) + 1, hi)
            if hi & m != m:
                return _utf8(lo, (hi & ~m) - 1) + _utf8(hi & ~m, hi)
    return [seq(*(byte_range(a, b) for a, b in zip(chr(lo).encode(), chr(hi).encode())))]


def _hex_digit(a: int, b: int) -> Pattern:
    """One hex digit of value a..b, letters in either case."""
    return byte_set(ord(ch) for v in range(a, b + 1) for ch in {f"{v:x}", f"{v:X}"})


def _hex(lo: int, hi: int, n: int) -> Pattern:
    """The n-digit hex numerals of lo..hi."""
    if n == 0:
        return EMPTY
    unit = 16 ** (n - 1)
    a, b = divmod(lo, unit), divmod(hi, unit)
    if a[0] == b[0]:
        return seq(_hex_digit(a[0], a[0]), _hex(a[1], b[1], n - 1))
    if a[1] == 0 and b[1] == unit - 1:
        return seq(_hex_digit(a[0], b[0]), repeat(_hex_digit(0, 15), n - 1, n - 1))
    return alt(seq(_hex_digit(a[0], a[0]), _hex(a[1], unit - 1, n - 1)),
               seq(_hex_digit(a[0] + 1, b[0] - 1), repeat(_hex_digit(0, 15), n - 1, n - 1)),
               seq(_hex_digit(b[0], b[0]), _hex(0, b[1], n - 1)))


@lru_cache(maxsize=1024)
def literal_chars(ranges: Ranges) -> Pattern:
    """One character of ranges in its literal UTF-8 form, those JSON must escape left out."""
    return alt(*(piece for lo, hi in _clip(ranges, _LITERAL) for a, b in _LENGTHS
                 if max(lo, a) <= min(hi, b) for piece in _utf8(max(lo, a), min(hi, b))))


@lru_cache(maxsize=1024)
def chars_content(ranges: Ranges) -> Pattern:
    """One character of ranges in every encoding values.CHAR accepts for it, as its minimal DFA: the
    encodings then share their tails, so a repeat of the character lays out a few states per copy."""
    short = [esc for cp, esc in _SHORT.items() if any(lo <= cp <= hi for lo, hi in ranges)]
    escaped = alt(byte_set(b"".join(short)), seq(lit(b"u"), alt(*(_hex(lo, hi, 4) for lo, hi in _clip(ranges, _BMP)))))
    p = alt(literal_chars(ranges), seq(lit(b"\\"), escaped))
    return p if p is NOTHING else dfa_pattern(compile_pattern(p))


Parts = dict[tuple[bool, bool], Pattern]   # (pinned to the start, pinned to the end) -> the matches


class _Language:
    """A node's matches split by the anchors they need, and which of those splits hold the empty match:
    an anchor is a zero-width test of the position, so in a sequence a ^ needs everything before it
    empty and a $ everything after it."""
    __slots__ = ("parts", "empties")

    def __init__(self, parts: Parts, empties: set[tuple[bool, bool]]) -> None:
        self.parts, self.empties = {k: p for k, p in parts.items() if p is not NOTHING}, empties

    def then(self, y: _Language) -> _Language:
        out: Parts = {}
        for (a1, e1), p1 in self.parts.items():
            for (a2, e2), p2 in y.parts.items():
                if not e1 and not a2:
                    key, p = (a1, e2), seq(p1, p2)
                elif not a2:   # self is pinned to the end: y matches empty
                    key, p = (a1, True), p1 if (a2, e2) in y.empties else NOTHING
                elif not e1:   # y is pinned to the start: self matches empty
                    key, p = (True, e2), p2 if (a1, e1) in self.empties else NOTHING
                else:
                    key, p = (True, True), EMPTY if (a1, e1) in self.empties and (a2, e2) in y.empties else NOTHING
                out[key] = alt(out[key], p) if key in out else p
        return _Language(out, {(a1 or a2, e1 or e2) for a1, e1 in self.empties for a2, e2 in y.empties})

    def union(self, y: _Language) -> _Language:
        out = dict(self.parts)
        for k, p in y.parts.items():
            out[k] = alt(out[k], p) if k in out else p
        return _Language(out, self.empties | y.empties)


_FREE = (False, False)


def _language(node: Node, chars: Callable[[Ranges], Pattern]) -> _Language:
    if isinstance(node, Chars):
        return _Language({_FREE: chars(node.ranges)}, set())
    if isinstance(node, Anchor):
        key = (not node.at_end, node.at_end)
        return _Language({key: EMPTY}, {key})
    if isinstance(node, Seq):
        out = _Language({_FREE: EMPTY}, {_FREE})
        for item in node.items:
            out = out.then(_language(item, chars))
        return out
    if isinstance(node, Alt):
        out = _language(node.items[0], chars)
        for item in node.items[1:]:
            out = out.union(_language(item, chars))
        return out
    assert isinstance(node, Repeat)
    item = _language(node.item, chars)
    if node.hi == 0:
        return _Language({_FREE: EMPTY}, {_FREE})
    if set(item.parts) <= {_FREE}:   # no anchors: the usual repeat
        p = item.parts.get(_FREE, NOTHING)
        nullable = node.lo == 0 or _FREE in item.empties
        return _Language({_FREE: repeat(p, node.lo, node.hi)}, {_FREE} if nullable else set())
    # the parser lets anchors through only in an item repeated at most once
    return item.union(_Language({_FREE: EMPTY}, {_FREE})) if node.lo == 0 else item


def _checked(p: Pattern, where: str) -> Pattern:
    if p.size > MAX_NFA_STATES:
        raise LimitError(f"{where}: the regular expression's NFA", p.size, "MAX_NFA_STATES", MAX_NFA_STATES)
    return p


def regex_content(source: str, where: str) -> Pattern:
    """The contents of the JSON strings in which the regex source finds a match (NOTHING when none can).
    RequestError naming where for a malformed or unsupported regex; LimitError when it is too large."""
    lang = _language(parse(source, where), chars_content)
    return _checked(alt(*(seq(EMPTY if start else CONTENT, p, EMPTY if end else CONTENT)
                          for (start, end), p in lang.parts.items())), where)


def matches(source: str, text: str, where: str) -> bool:
    """Whether the regex source finds a match in text (RequestError naming where for a regex pyrite does not
    take); each regex compiled once."""
    a = cached(("regex", source), lambda: automaton_of(regex_content(source, where), where))
    return a is not None and a.accepts(dump(text, where)[1:-1])


def literal_match(source: str, where: str) -> Pattern:
    """The contents of the strings the whole regex source matches, each character in its literal UTF-8
    form only (for formats: a subset of the encodings, so a smaller automaton)."""
    lang = _language(Seq((Anchor(False), parse(source, where), Anchor(True))), literal_chars)
    return _checked(lang.parts.get((True, True), NOTHING), where)


def content_of(text: str) -> Pattern:
    """Every encoding of exactly text as JSON string content (NOTHING if it holds a lone surrogate)."""
    return seq(*(chars_content(((ord(c), ord(c)),)) for c in text))


def with_length(content: Pattern, min_len: int, max_len: int | None, where: str) -> Pattern:
    """The strings of content with min_len..max_len characters (code points, as Python's len counts them;
    max_len None: no bound). LimitError naming where when the product outgrows the table."""
    if content is CONTENT:
        return repeat(CHAR, min_len, max_len)
    a = automaton_of(content, where)
    if a is None:
        return NOTHING
    fewest, most = byte_lengths(a)   # a character takes 1 to 6 bytes (\uXXXX): bounds those settle go
    if max_len is not None and most is not None and most <= max_len:
        max_len = None
    if min_len <= -(-fewest // 6):
        min_len = 0
    if min_len == 0 and max_len is None:
        return content
    return counted(content, CHAR, min_len, max_len, where)

