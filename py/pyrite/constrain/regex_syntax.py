"""ECMA-262 regular expressions, the subset JSON Schema's "pattern" uses, parsed into a small tree.

Characters are code points (the reading of the "u" flag, and of validators that match decoded text),
sets of them sorted, disjoint (lo, hi) ranges. Where the "u" flag and the web's legacy grammar (Annex
B) differ, the lenient legacy reading is taken when it is unambiguous: a '{', '}' or ']' that opens or
closes nothing is itself, and a class escape at one end of a '-' in a class ([\\w-.]) adds the '-'.
What cannot be held exactly (lookaround, backreferences, word boundaries, property escapes) is refused
by name with its offset, as is a malformed pattern.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import NoReturn, Union

from ..errors import RequestError

MAX_CODE_POINT = 0x10FFFF
Ranges = tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class Chars:
    """One character from the set."""
    ranges: Ranges


@dataclass(frozen=True)
class Seq:
    items: tuple[Node, ...]


@dataclass(frozen=True)
class Alt:
    items: tuple[Node, ...]


@dataclass(frozen=True)
class Repeat:
    item: Node
    lo: int
    hi: int | None


@dataclass(frozen=True)
class Anchor:
    """^ (at_end False: the start of the text) or $ (the end of it); no multiline flag in JSON Schema."""
    at_end: bool


Node = Union[Chars, Seq, Alt, Repeat, Anchor]


def normalize(ranges: list[tuple[int, int]]) -> Ranges:
    """The ranges sorted, with overlapping and adjacent ones merged."""
    out: list[tuple[int, int]] = []
    for lo, hi in sorted(ranges):
        if out and lo <= out[-1][1] + 1:
            out[-1] = (out[-1][0], max(out[-1][1], hi))
        else:
            out.append((lo, hi))
    return tuple(out)


def negate(ranges: Ranges) -> Ranges:
    """Every code point not in the (normalized) ranges."""
    out, nxt = [], 0
    for lo, hi in ranges:
        if lo > nxt:
            out.append((nxt, lo - 1))
        nxt = hi + 1
    if nxt <= MAX_CODE_POINT:
        out.append((nxt, MAX_CODE_POINT))
    return tuple(out)


DIGIT: Ranges = ((0x30, 0x39),)
WORD: Ranges = normalize([(0x30, 0x39), (0x41, 0x5A), (0x5F, 0x5F), (0x61, 0x7A)])
# WhiteSpace and LineTerminator as ECMA-262 has them: the Unicode Zs spaces, BOM, and the line ends.
SPACE: Ranges = normalize([(0x09, 0x0D), (0x20, 0x20), (0xA0, 0xA0), (0x1680, 0x1680), (0x2000, 0x200A),
                           (0x2028, 0x2029), (0x202F, 0x202F), (0x205F, 0x205F), (0x3000, 0x3000),
                           (0xFEFF, 0xFEFF)])
DOT: Ranges = negate(normalize([(0x0A, 0x0A), (0x0D, 0x0D), (0x2028, 0x2029)]))
_CLASS_ESCAPES = {"d": DIGIT, "D": negate(DIGIT), "w": WORD, "W": negate(WORD), "s": SPACE, "S": negate(SPACE)}
_CONTROL_ESCAPES = {"t": 0x09, "n": 0x0A, "v": 0x0B, "f": 0x0C, "r": 0x0D}
_QUANTIFIER = re.compile(r"\{([0-9]+)(,([0-9]*))?\}")
_GROUP_NAME = re.compile(r"<([A-Za-z_$][A-Za-z0-9_$]*)>")
_DIGITS = "0123456789"
_HEX = "0123456789abcdefABCDEF"


def _has_anchor(node: Node) -> bool:
    if isinstance(node, Anchor):
        return True
    if isinstance(node, (Seq, Alt)):
        return any(_has_anchor(n) for n in node.items)
    return isinstance(node, Repeat) and _has_anchor(node.item)


class _Parser:
    def __init__(self, source: str, where: str) -> None:
        self.src, self.where, self.pos = source, where, 0

    def fail(self, problem: str, at: int | None = None) -> NoReturn:
        raise RequestError(self.where, f"the regular expression {self.src!r} at offset "
                                       f"{self.pos if at is None else at}: {problem}")

    def refuse(self, construct: str, at: int) -> NoReturn:
        self.fail(f"{construct} is not supported", at)

    def peek(self, k: int = 0) -> str:
        i = self.pos + k
        return self.src[i] if i < len(self.src) else ""

    def parse(self) -> Node:
        node = self.disjunction()
        if self.pos < len(self.src):
            self.fail("unmatched ')'")
        return node

    def disjunction(self) -> Node:
        items = [self.alternative()]
        while self.peek() == "|":
            self.pos += 1
            items.append(self.alternative())
        return items[0] if len(items) == 1 else Alt(tuple(items))

    def alternative(self) -> Node:
        items: list[Node] = []
        while self.peek() not in ("", "|", ")"):
            items.append(self.term())
        return items[0] if len(items) == 1 else Seq(tuple(items))

    def term(self) -> Node:
        start, c = self.pos, self.peek()
        if c in "^$":
            self.pos += 1
            node: Node = Anchor(c == "$")
        elif c in "*+?" or (c == "{" and _QUANTIFIER.match(self.src, self.pos)):
            self.fail(f"nothing to repeat before '{c}'")
        else:
            node = self.atom()
        quantified = self.quantifier(start, node)
        if self.peek() in ("*", "+", "?") or (self.peek() == "{" and _QUANTIFIER.match(self.src, self.pos)):
            self.fail(f"nothing to repeat before '{self.peek()}'")
        return quantified

    def quantifier(self, start: int, node: Node) -> Node:
        c, at = self.peek(), self.pos
        if c in ("*", "+", "?"):
            self.pos += 1
            lo, hi = {"*": (0, None), "+": (1, None), "?": (0, 1)}[c]
        elif c == "{" and (m := _QUANTIFIER.match(self.src, self.pos)):
            self.pos = m.end()
            lo = int(m.group(1))
            hi = lo if m.group(2) is None else int(m.group(3)) if m.group(3) else None
            if hi is not None and hi < lo:
                self.fail(f"numbers out of order in the quantifier {m.group(0)}", at)
        else:
            return node
        if self.peek() == "?":   # lazy: the same strings match somewhere
            self.pos += 1
        if isinstance(node, Anchor):
            self.fail("nothing to repeat before the quantifier (an anchor)", at)
        if _has_anchor(node) and (hi is None or hi > 1):   # only an optional one is held exactly
            self.refuse("an anchor (^ or $) inside a repeated group", start)
        return Repeat(node, lo, hi)

    def atom(self) -> Node:
        c, at = self.peek(), self.pos
        self.pos += 1
        if c == ".":
            return Chars(DOT)
        if c == "(":
            return self.group(at)
        if c == "[":
            return Chars(self.char_class())
        if c == "\\":
            got = self.escape(in_class=False)
            return Chars(got if isinstance(got, tuple) else ((got, got),))
        return Chars(((ord(c), ord(c)),))

    def group(self, at: int) -> Node:
        if self.peek() == "?":
            two = self.src[self.pos:self.pos + 3]
            for opener, name in (("?=", "lookahead (?="), ("?!", "negative lookahead (?!"),
                                 ("?<=", "lookbehind (?<="), ("?<!", "negative lookbehind (?<!")):
                if two.startswith(opener):
                    self.refuse(name, at)
            if two.startswith("?:"):
                self.pos += 2
            elif m := _GROUP_NAME.match(self.src, self.pos + 1):
                self.pos = m.end()
            elif two.startswith("?<"):
                self.fail("a malformed group name", at)
            else:
                self.refuse("a group modifier or inline flag (?...)", at)
        node = self.disjunction()
        if self.peek() != ")":
            self.fail(f"missing ')' for the group opened at offset {at}")
        self.pos += 1
        return node

    def char_class(self) -> Ranges:
        at = self.pos - 1
        negated = self.peek() == "^"
        self.pos += negated
        ranges: list[tuple[int, int]] = []
        while self.peek() != "]":
            if not self.peek():
                self.fail(f"missing ']' for the class opened at offset {at}")
            first = self.class_atom()
            if self.peek() == "-" and self.peek(1) not in ("]", ""):
                dash = self.pos
                self.pos += 1
                last = self.class_atom()
                if isinstance(first, int) and isinstance(last, int):
                    if last < first:
                        self.fail("a range out of order in a character class", dash)
                    ranges.append((first, last))
                    continue
                ranges.append((0x2D, 0x2D))   # Annex B: a class escape at an end makes the '-' literal
                for x in (first, last):
                    ranges.extend(x if isinstance(x, tuple) else ((x, x),))
                continue
            ranges.extend(first if isinstance(first, tuple) else ((first, first),))
        self.pos += 1
        got = normalize(ranges)
        return negate(got) if negated else got

    def class_atom(self) -> int | Ranges:
        c = self.peek()
        self.pos += 1
        if c != "\\":
            return ord(c)
        if self.peek() == "b":   # backspace, in a class
            self.pos += 1
            return 0x08
        if self.peek() == "-":
            self.pos += 1
            return 0x2D
        return self.escape(in_class=True)

    def escape(self, in_class: bool) -> int | Ranges:
        """The escape after a backslash: a code point or a set of them."""
        at, c = self.pos - 1, self.peek()
        self.pos += 1
        if not c:
            self.fail("a '\\' at the end of the pattern", at)
        if c in _CLASS_ESCAPES:
            return _CLASS_ESCAPES[c]
        if c in _CONTROL_ESCAPES:
            return _CONTROL_ESCAPES[c]
        if c in "bB":
            self.refuse(f"the word boundary \\{c}", at)
        if c in "pP":
            self.refuse(f"the Unicode property escape \\{c}{{...}}", at)
        if c == "k":
            self.refuse("the named backreference \\k<...>", at)
        if c in _DIGITS:
            if c == "0" and (not self.peek() or self.peek() not in _DIGITS):
                return 0
            self.refuse(f"the backreference or octal escape \\{c}", at)
        if c == "c":
            letter = self.peek()
            if not ("a" <= letter <= "z" or "A" <= letter <= "Z"):
                self.fail("'\\c' must be followed by a letter", at)
            self.pos += 1
            return ord(letter) % 32
        if c == "x":
            return self.hex_digits(2, at)
        if c == "u":
            return self.unicode_escape(at)
        if c.isascii() and (c.isalnum() or c == "_"):
            self.fail(f"an unknown escape \\{c}", at)
        return ord(c)   # an escaped punctuation or other character stands for itself

    def hex_digits(self, n: int, at: int) -> int:
        digits = self.src[self.pos:self.pos + n]
        if len(digits) != n or any(d not in _HEX for d in digits):
            self.fail(f"'\\{self.src[at + 1]}' must be followed by {n} hex digits", at)
        self.pos += n
        return int(digits, 16)

    def unicode_escape(self, at: int) -> int:
        if self.peek() == "{":
            end = self.src.find("}", self.pos)
            digits = self.src[self.pos + 1:end] if end > 0 else ""
            if not digits or any(d not in _HEX for d in digits) or int(digits, 16) > MAX_CODE_POINT:
                self.fail("a malformed \\u{...} escape (hex digits up to 10FFFF)", at)
            self.pos = end + 1
            return int(digits, 16)
        cp = self.hex_digits(4, at)
        if 0xD800 <= cp <= 0xDBFF and self.src.startswith("\\u", self.pos):
            save = self.pos
            self.pos += 2
            low = self.hex_digits(4, save) if all(d in _HEX for d in self.src[self.pos:self.pos + 4]) else -1
            if 0xDC00 <= low <= 0xDFFF:   # a surrogate pair written as two escapes: one character
                return 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00)
            self.pos = save
        return cp


def parse(source: str, where: str) -> Node:
    """The tree of source; RequestError naming where (the problem and its offset) for a malformed pattern
    or an unsupported construct."""
    return _Parser(source, where).parse()
