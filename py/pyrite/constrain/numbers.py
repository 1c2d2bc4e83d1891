"""Patterns of JSON numbers: integers in a range, decimals between exact (fractional) bounds, multiples.

The emitted form is -?(0|[1-9][0-9]*)(.[0-9]+)? with at most MAX_DIGITS digits in all (a lone integer
part 0 not counted), so at most MAX_DIGITS significant ones: two such decimals
are always distinct as IEEE doubles, so a strict bound decided on the decimal text is one a validator
that compares floats agrees with. Bounds are compared as exact decimals (Bound.value is a Decimal).
"""
from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction as Exact

from .pattern import EMPTY, NOTHING, Pattern, alt, byte_range, graph, lit, repeat, seq

MAX_DIGITS = 15
CAP = 10 ** MAX_DIGITS - 1   # the largest magnitude of an integer part
MAX_MULTIPLE = 10_000        # multipleOf: one automaton state per remainder
MINUS = lit(b"-")
DIGIT = byte_range(0x30, 0x39)
NONZERO = byte_range(0x31, 0x39)


@dataclass(frozen=True)
class Bound:
    """One end of a range of numbers: value, and whether the value itself is in the range."""
    value: Decimal | int
    inclusive: bool = True


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


def _by_length(lo: int, hi: int) -> list[tuple[int, Pattern]]:
    """(digit count n, the n-digit integers of lo..hi) for each n that has some (0 <= lo)."""
    parts = []
    for n in range(len(str(lo)), len(str(hi)) + 1):
        a, b = max(lo, 10 ** (n - 1) if n > 1 else 0), min(hi, 10 ** n - 1)
        if a <= b:
            parts.append((n, _fixed(str(a), str(b))))
    return parts


def naturals(lo: int, hi: int) -> Pattern:
    """The integers lo..hi (0 <= lo), in decimal without leading zeros."""
    return alt(*(p for _, p in _by_length(lo, hi)))


def integer_pattern(lo: int | None = None, hi: int | None = None) -> Pattern:
    """The integers lo..hi (None: unbounded), each end held to MAX_DIGITS digits; never "-0"."""
    lo, hi = max(-CAP, -CAP if lo is None else lo), min(CAP, CAP if hi is None else hi)
    return alt(naturals(max(lo, 0), hi) if hi >= 0 else NOTHING,
               seq(MINUS, naturals(max(-hi, 1), -lo)) if lo < 0 else NOTHING)


# -- fractions: digit strings d (the text after the point; empty: no point at all) ---------------------
# A fraction is (whether the empty one is in, the pattern of the non-empty ones, without the point).
Fraction = tuple[bool, Pattern]


def _any(k: int) -> Fraction:
    return True, repeat(DIGIT, 1, k) if k >= 1 else NOTHING


def _nonzero(k: int) -> Fraction:
    """Fractions of at most k digits with a nonzero digit: above 0."""
    return False, alt(*(seq(repeat(lit(b"0"), i, i), NONZERO, repeat(DIGIT, 0, k - i - 1)) for i in range(k)))


def _zeros(k: int) -> Fraction:
    return True, repeat(lit(b"0"), 1, k) if k >= 1 else NOTHING


def _after(x: int, rest: Fraction) -> Pattern:
    """The digit x followed by a fraction's digits."""
    empty, more = rest
    return alt(lit(bytes([x])) if empty else NOTHING, seq(lit(bytes([x])), more))


def _between(a: str, b: str | None, a_in: bool, b_in: bool, k: int) -> Fraction:
    """Fractions of at most k digits from .a to .b (b None: below 1), each end in or out by its flag; a
    and b have no trailing zeros. Decided digit by digit, as a comparison of digit strings is."""
    if b is not None and not b:   # up to zero
        return _zeros(k) if a == "" and a_in and b_in else (False, NOTHING)
    if not a:
        if b is None:
            return _any(k) if a_in else _nonzero(k)
        empty = a_in
    else:
        empty = False
    if k == 0:
        return empty, NOTHING
    a0 = ord(a[0]) if a else 0x30
    b0 = ord(b[0]) if b is not None else 0x3A   # past '9': no digit reaches the top
    parts = [seq(byte_range(a0 + 1, b0 - 1), repeat(DIGIT, 0, k - 1))]
    if a0 == b0:
        parts.append(_after(a0, _between(a[1:], b[1:], a_in, b_in, k - 1)))
    else:
        parts.append(_after(a0, _between(a[1:], None, a_in, True, k - 1)))
        if b is not None:
            parts.append(_after(b0, _between("", b[1:], True, b_in, k - 1)))
    return empty, alt(*parts)


def _with_fraction(whole: Pattern, frac: Fraction) -> Pattern:
    empty, more = frac
    return seq(whole, alt(EMPTY if empty else NOTHING, seq(lit(b"."), more)))


def _split(v: Decimal | int) -> tuple[int, str]:
    """A non-negative value's integer part and its fraction's digits without trailing zeros."""
    d = Decimal(v)
    whole = int(d)
    frac = format(d - whole, "f").partition(".")[2].rstrip("0")
    return whole, frac


def _magnitudes(lo: Bound, hi: Bound | None) -> Pattern:
    """Unsigned decimals from lo to hi (0 <= lo.value; hi None: up to the integer part CAP, any fraction)."""
    il, fl = _split(lo.value)
    ih, fh = (CAP, None) if hi is None or hi.value > CAP else _split(hi.value)
    hi_in = True if hi is None or hi.value > CAP else hi.inclusive
    if il > CAP or (il, fl) > (ih, fh or "") and fh is not None:
        return NOTHING
    k = lambda n: MAX_DIGITS - (len(str(n)) if n else 0)  # noqa: E731 - digits left for the fraction
    if il == ih:
        return _with_fraction(lit(str(il).encode()), _between(fl, fh, lo.inclusive, hi_in, k(il)))
    parts = [_with_fraction(lit(str(il).encode()), _between(fl, None, lo.inclusive, True, k(il)))]
    parts += [_with_fraction(p, _any(MAX_DIGITS - n)) for n, p in _by_length(il + 1, ih - 1)] if ih > il + 1 else []
    parts.append(_with_fraction(lit(str(ih).encode()), _between("", fh, True, hi_in, k(ih))))
    return alt(*parts)


def number_pattern(lo: Bound | None = None, hi: Bound | None = None) -> Pattern:
    """Decimals from lo to hi (None: unbounded), exactly; never a negative zero."""
    zero = Decimal(0)
    non_negative = NOTHING
    if hi is None or hi.value > 0 or (hi.value == 0 and hi.inclusive):
        non_negative = _magnitudes(lo if lo is not None and lo.value >= 0 else Bound(zero), hi)
    if lo is not None and lo.value >= 0:
        return non_negative
    below = Bound(-hi.value, hi.inclusive) if hi is not None and hi.value < 0 else Bound(zero, False)
    above = None if lo is None else Bound(-lo.value, lo.inclusive)
    return alt(non_negative, seq(MINUS, _magnitudes(below, above)))


def whole_multiple(m: float) -> bool:
    """Whether every whole number n is a multiple of the fraction m, exactly and to a validator that divides
    floats (n / m, then whether that is whole). So where m is 1/k for a whole k (0.5, 0.01) and its float is
    within a 2^-54 ratio of it: n / float(m) is then nearer n * k than half its spacing, and rounds to it
    (from 2^53 up every float is whole)."""
    exact = Exact(repr(m))
    if exact <= 0 or (1 / exact).denominator != 1:
        return False
    return abs(exact / Exact(m) - 1) * 2 ** 54 < 1


def multiples(m: int) -> Pattern:
    """The integers (any sign, any length: intersect with integer_pattern for a range) divisible by m:
    one node per remainder of the digits read so far."""
    edges: list[tuple[int, Pattern, int]] = [(0, lit(b"0"), m + 1), (0, MINUS, m + 2)]
    for start in (0, m + 2):
        edges += [(start, lit(bytes([0x30 + d])), 1 + d % m) for d in range(1, 10)]
    edges += [(1 + r, lit(bytes([0x30 + d])), 1 + (10 * r + d) % m) for r in range(m) for d in range(10)]
    return graph(m + 3, edges, (1, m + 1))


INTEGER = integer_pattern()
NUMBER = number_pattern()
