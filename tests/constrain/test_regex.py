"""JSON Schema "pattern" regexes as string contents, checked against Python's re on the decoded strings:
random and targeted strings in three encodings (json.dumps ASCII, json.dumps UTF-8, and a mix of every
escape per character), walks of the content automaton (all must match) and of its complement in any
content (none may match); refusals by name; exact text and lengths in characters."""
from __future__ import annotations

import json
import random
import re
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyrite.constrain import compile_pattern
from pyrite.constrain.pattern import NOTHING
from pyrite.constrain.product import subtract
from pyrite.constrain.regex import CONTENT, chars_content, content_of, literal_match, regex_content, with_length
from pyrite.constrain.regex_syntax import MAX_CODE_POINT
from pyrite.constrain.values import CHAR
from pyrite.errors import LimitError, RequestError

from .walk import Walker

WHERE = "schema.pattern"
REGEXES = [
    r"^[a-z0-9-]+$", r"^\d{3}-\d{4}$", r"^[A-Z]{2}$", r"^(\([0-9]{3}\))?[0-9]{3}-[0-9]{4}$",
    r"^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)"
    r"(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\+([0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?$",
    r"^[a-z0-9]+(?:-[a-z0-9]+)*$", r"^[^@]+@[^@]+$", r"^[^@\s]+@[^@\s]+\.[^@\s]+$", r"ab", r"a.c", r"\s",
    r"^\S+$", r"[é-ü]", r"^[\u00C0-\u024F\s]+$", r"[\u4e00-\u9fff]", r"[😀-🙏]", r"x|^y|z$", r"^$",
    r"colou?r", r"^[\w.-]+$", r"^\w+\W\w+$", r"^[^\x00-\x7F]*$", r"\\", r'"', r"\/", r"^.{2,5}$",
    r"^(?<year>\d{4})-(?<m>\d\d)$", r"^(?:a|b)*?c+?$", r"[\b\t\f]", r"^.{3}$", r"(^a)?b", r"(a$|b)c",
    r"^\+?[1-9]\d{1,14}$", r"^#?([a-fA-F0-9]{6}|[a-fA-F0-9]{3})$", r"^[^\d]{2}\d?$", r"[^a-z]", r"^\0?a{2,}$",
]
EXTRA = ["a", "Z", "0", "5", "9", "-", "@", ".", "\n", "\r", "\u2028", " ", "\xa0", "\ufeff", "\x1c", "\x85", "é",
         "中", "😀", '"', "\\", "/", "\b", "\t", "\x00", "\x7f", "_", "+", "c", "b"]
_SPACE = r"\t\n\x0b\x0c\r \xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff"
_CLASSES = {"d": "0-9", "w": "A-Za-z0-9_", "s": _SPACE}
_SHORT = {'"': '"', "\\": "\\", "/": "/", "\b": "b", "\f": "f", "\n": "n", "\r": "r", "\t": "t"}


def to_python(src: str) -> str:
    """src as Python's re reads ECMA-262: its \\d \\w \\s are ASCII digits and words and ECMA's spaces, its
    '.' stops at the four line terminators, its '$' only at the very end, and named groups (?P<...>)."""
    out, i, in_class = [], 0, False
    while i < len(src):
        c = src[i]
        if c == "\\" and src[i + 1].lower() in _CLASSES:
            assert not (in_class and src[i + 1].isupper()), "no ECMA reading of a negated escape in a Python class"
            inner = _CLASSES[src[i + 1].lower()]
            out.append(inner if in_class else f"[{'^' * src[i + 1].isupper()}{inner}]")
            i += 2
            continue
        if c == "\\":
            out.append(src[i:i + 2])
            i += 2
            continue
        if in_class or c == "[":
            in_class = c != "]"
            out.append(c)
        elif c == "(" and src.startswith("(?<", i) and src[i + 3] not in "=!":
            out.append("(?P<")
            i += 3
            continue
        else:
            out.append({".": r"[^\n\r\u2028\u2029]", "$": r"\Z"}.get(c, c))
        i += 1
    return "".join(out)


def mixed(s: str, rng: random.Random) -> str:
    """s as JSON string content with each character encoded at random: literally, by a short escape, or as
    \\uXXXX with each hex letter in either case (the ways JSON allows, astral characters literally)."""
    out = []
    for ch in s:
        cp, ways = ord(ch), []
        if cp >= 0x20 and ch not in '"\\':
            ways.append(ch)
        if ch in _SHORT:
            ways.append("\\" + _SHORT[ch])
        if cp <= 0xFFFF:
            ways.append("\\u" + "".join(rng.choice((d.lower(), d.upper())) for d in f"{cp:04x}"))
        out.append(rng.choice(ways))
    got = "".join(out)
    assert json.loads(f'"{got}"') == s
    return got


def encodings(s: str, rng: random.Random) -> list[bytes]:
    """s's content as json.dumps writes it (ASCII: astral characters as surrogate pairs, which values.CHAR
    does not take, so those are left out), as UTF-8, and mixed."""
    out = [json.dumps(s, ensure_ascii=False)[1:-1].encode(), mixed(s, rng).encode()]
    if all(ord(ch) <= 0xFFFF for ch in s):
        out.append(json.dumps(s)[1:-1].encode())
    return out


_AUTOMATA: dict[str, tuple] = {}


def compiled(src: str):
    """(automaton of regex_content, Python regex), built once per regex."""
    if src not in _AUTOMATA:
        _AUTOMATA[src] = compile_pattern(regex_content(src, WHERE)), re.compile(to_python(src))
    return _AUTOMATA[src]


def check(src: str, s: str, rng: random.Random) -> None:
    a, py = compiled(src)
    want = py.search(s) is not None
    for enc in encodings(s, rng):
        assert a.accepts(enc) == want, (src, s, enc)


@pytest.mark.parametrize("src", REGEXES)
def test_random_strings_agree_with_python_re(src):
    rng = random.Random(src)
    alphabet = sorted(set(EXTRA) | {ch for ch in src if ch not in "\\[]()^$*+?{}|"})
    for _ in range(150):
        check(src, "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 10))), rng)


@pytest.mark.parametrize("src", REGEXES)
def test_walks_match_and_complement_walks_do_not(src):
    rng = random.Random(src)
    _, py = compiled(src)
    p = regex_content(src, WHERE)
    for pattern, want in ((p, True), (subtract(CONTENT, p, WHERE), False)):
        if pattern is NOTHING:
            continue
        walker = Walker(compile_pattern(pattern), stop=0.15, max_len=60)
        for _ in range(40):
            text = json.loads(b'"' + walker.text(rng) + b'"')
            assert (py.search(text) is not None) == want, (src, text)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(REGEXES), st.text(alphabet=st.sampled_from(EXTRA + list("abcxyzABC123-.é@")), max_size=12),
       st.randoms(use_true_random=False))
def test_hypothesis_strings_agree_with_python_re(src, s, rng):
    check(src, s, rng)


@pytest.mark.parametrize("src, s, want", [
    (r"^\d{3}-\d{4}$", "555-1234", True), (r"^\d{3}-\d{4}$", "555-1234\n", False),
    (r"^\d{3}-\d{4}$", "٥٥٥-١٢٣٤", False), (r"^[A-Z]{2}$", "US", True), (r"^[A-Z]{2}$", "USA", False),
    (r"^(\([0-9]{3}\))?[0-9]{3}-[0-9]{4}$", "(555)555-1234", True), (r"\s", "a\u3000b", True),
    (r"\s", "a\x1cb", False), (r"a.c", "a\u2029c", False), (r"a.c", "a😀c", True), (r"[😀-🙏]", "x🙂", True),
    (r"^[^@]+@[^@]+$", "first.last+tag@sub.example.com", True), (r"ab", "xxabyy", True), (r"^$", "", True),
])
def test_targeted_strings(src, s, want):
    a, py = compiled(src)
    assert (py.search(s) is not None) == want
    for enc in encodings(s, random.Random(0)):
        assert a.accepts(enc) == want


def same(p, q) -> bool:
    return subtract(p, q, WHERE) is NOTHING and subtract(q, p, WHERE) is NOTHING


@pytest.mark.parametrize("src, equal", [
    (r"\u{1F600}", "😀"), (r"\uD83D\uDE00", "😀"), (r"\cJ", r"\n"), (r"\x41\u0042", "AB"), (r"\v", r"\x0B"),
    (r"\0", r"\x00"), (r"[\-\]\[]", r"-|\]|\["), (r"[\w-.]", r"[A-Za-z0-9_.\-]"), (r"a{2}", "aa"),
    (r"a{1,}", "a+"), (r"a{0,1}", "a?"), (r"(?:ab)+?", "(ab)+"), (r"a|b", "[ab]"), (r"[^]", r"[\s\S]"),
    (r"[\D]", r"\D"), (r"[^\W]", r"\w"), (r"\uD800", r"[]"), ("[]", "^[^]$[^]"), (r"a{", r"a\{"), ("a}]", r"a\}\]"),
])
def test_equivalent_spellings(src, equal):
    assert same(regex_content(src, WHERE), regex_content(equal, WHERE)) if src not in (r"\uD800", "[]") \
        else regex_content(src, WHERE) is NOTHING


def test_any_character_is_exactly_values_char():
    assert same(chars_content(((0, MAX_CODE_POINT),)), CHAR)
    assert same(regex_content("", WHERE), CONTENT) and same(regex_content(r"[\s\S]*", WHERE), CONTENT)


def test_anchors_where_they_cannot_hold_match_nothing():
    assert regex_content("a^b", WHERE) is NOTHING and regex_content("a$b", WHERE) is NOTHING
    assert same(regex_content("(^|x)a", WHERE), regex_content("^a|xa", WHERE))


@pytest.mark.parametrize("src, named", [
    ("(?=a)", "lookahead"), ("a(?!b)", "negative lookahead"), ("(?<=a)b", "lookbehind"),
    ("(?<!a)b", "negative lookbehind"), (r"(a)\1", "backreference"), (r"(?<n>a)\k<n>", "named backreference"),
    (r"\bword\b", "word boundary"), (r"\B", "word boundary"), (r"\p{L}", "property escape"),
    (r"\P{L}", "property escape"), ("(?i)a", "inline flag"), ("(^a)+", "anchor"), ("(a$)*", "anchor"),
    ("(", "missing ')'"), ("a)", "unmatched ')'"), ("[a", "missing ']'"), ("a{3,2}", "out of order"),
    ("*a", "nothing to repeat"), ("a**", "nothing to repeat"), ("^*", "nothing to repeat"), ("\\", "at the end"),
    ("[z-a]", "out of order"), (r"\c1", r"\c"), (r"\x4", "hex digits"), (r"\u12", "hex digits"),
    (r"\u{110000}", r"\u{...}"), (r"\q", "unknown escape"), ("(?<1>a)", "group name"), (r"\01", "octal"),
])
def test_refusals_name_the_construct_and_offset(src, named):
    with pytest.raises(RequestError) as e:
        regex_content(src, WHERE)
    assert e.value.field == WHERE and named in str(e.value) and "offset" in str(e.value)


def test_huge_repeat_counts_are_a_limit_error_at_once():
    t = time.perf_counter()
    for src in ("a{100000}", "[a-z]{3,99999999999999999999}", "(a{1000}){1000}"):
        with pytest.raises(LimitError, match=WHERE):
            regex_content(src, WHERE)
    assert time.perf_counter() - t < 0.5


@pytest.mark.parametrize("text", ["", "plain", 'quo"te\\back/slash', "tab\tnew\nline\r\x00\x1f", "é中😀", "\u2028"])
def test_content_of_takes_every_encoding_of_the_text_and_nothing_else(text):
    a, rng = compile_pattern(content_of(text)), random.Random(text)
    for _ in range(20):
        assert all(a.accepts(enc) for enc in encodings(text, rng))
    for other in (text + "x", text[:-1], "x" + text, text.upper() if text != text.upper() else text + " "):
        if other != text:
            assert not any(a.accepts(enc) for enc in encodings(other, rng))
    assert content_of("\ud800") is NOTHING


@pytest.mark.parametrize("lo, hi", [(0, 0), (1, 3), (2, None), (0, 5)])
def test_with_length_counts_code_points(lo, hi):
    rng = random.Random(lo)
    bounded = with_length(regex_content(r"^[^x]*$", WHERE), lo, hi, WHERE)
    plain = with_length(CONTENT, lo, hi, WHERE)
    for p in (bounded, plain):
        a = compile_pattern(p)
        for _ in range(100):
            s = "".join(rng.choice(["a", "é", "😀", "\n", '"', "x"]) for _ in range(rng.randint(0, 7)))
            want = lo <= len(s) and (hi is None or len(s) <= hi) and (p is plain or "x" not in s)
            assert all(a.accepts(enc) == want for enc in encodings(s, rng)), (lo, hi, s)
    assert with_length(regex_content("^ab$", WHERE), 3, None, WHERE) is NOTHING


def test_with_length_leaves_out_bounds_the_content_already_keeps():
    p = literal_match(r"[a-z]{2,8}", WHERE)   # in bytes (escapes would make them up to 6 per character)
    assert with_length(p, 0, 8, WHERE) is p and with_length(p, 1, None, WHERE) is p
    assert with_length(p, 3, 8, WHERE) is not p and with_length(NOTHING, 0, 3, WHERE) is NOTHING


@settings(max_examples=60, deadline=None)
@given(st.integers(0, MAX_CODE_POINT), st.integers(0, MAX_CODE_POINT), st.randoms(use_true_random=False))
def test_code_point_ranges_in_every_encoding(x, y, rng):
    """A class [lo-hi] of any code points (split into UTF-8 byte ranges and 4-digit hex ranges) takes exactly
    the characters in it: tried at and around both ends and inside."""
    lo, hi = min(x, y), max(x, y)
    p = regex_content(f"^[\\u{{{lo:x}}}-\\u{{{hi:x}}}]$", WHERE)
    if p is NOTHING:   # surrogates alone: no JSON string holds one
        assert 0xD800 <= lo <= hi <= 0xDFFF
        return
    a = compile_pattern(p)
    for cp in {lo - 1, lo, lo + 1, hi - 1, hi, hi + 1, rng.randint(lo, hi), rng.randint(0, MAX_CODE_POINT)}:
        if 0 <= cp <= MAX_CODE_POINT and not 0xD800 <= cp <= 0xDFFF:
            assert all(a.accepts(enc) == (lo <= cp <= hi) for enc in encodings(chr(cp), rng)), (lo, hi, cp)
