"""JSON Schema's string formats as string contents: for each known name, a sound subset of the format
(every string accepted is valid by its RFC) that takes the forms people write.

Each is a whole-string regex (regex.literal_match: characters in their literal form only, which all of
these are) built from the RFCs' grammars, compiled once and kept. Where a grammar has a total length
bound that an exact automaton would have to count (a hostname's 253 characters), the subset takes a
few shapes whose lengths cannot add up past it instead.
"""
from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from .pattern import Pattern, compile_pattern, lit, seq
from .product import counted, dfa_pattern
from .regex import literal_match
from .values import CHAR

_WHERE = "format"

# RFC 3339 full-date: years 0001-9999 (Python's date has no year 0), days by month, 29 February in the
# leap years exactly (divisible by 4, and by 400 at a century).
_YEAR = r"(?:[1-9][0-9]{3}|0[1-9][0-9]{2}|00[1-9][0-9]|000[1-9])"
_LEAP = r"(?:[0-9]{2}(?:0[48]|[2468][048]|[13579][26])|(?:0[48]|[2468][048]|[13579][26])00)"
DATE = (rf"(?:{_YEAR}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12][0-9]|3[01])|(?:0[469]|11)-(?:0[1-9]|[12][0-9]|30)"
        rf"|02-(?:0[1-9]|1[0-9]|2[0-8]))|{_LEAP}-02-29)")
# RFC 3339 full-time: no leap second (valid only at 23:59:60 UTC), upper-case Z, an offset of at most 23:59.
_HOUR, _MINUTE = r"(?:[01][0-9]|2[0-3])", r"[0-5][0-9]"
TIME = rf"{_HOUR}:{_MINUTE}:{_MINUTE}(?:\.[0-9]+)?(?:Z|[+-]{_HOUR}:{_MINUTE})"
DATE_TIME = rf"{DATE}T{TIME}"

# ISO 8601 durations as JSON Schema's appendix (RFC 3339 appendix A) writes them.
_N = "[0-9]+"
_SECOND = rf"{_N}S"
_MINUTES = rf"{_N}M(?:{_SECOND})?"
_HOURS = rf"{_N}H(?:{_MINUTES})?"
_DAY = rf"{_N}D"
_MONTH = rf"{_N}M(?:{_DAY})?"
_YEARS = rf"{_N}Y(?:{_MONTH})?"
_DUR_TIME = rf"T(?:{_HOURS}|{_MINUTES}|{_SECOND})"
DURATION = rf"P(?:(?:{_DAY}|{_MONTH}|{_YEARS})(?:{_DUR_TIME})?|{_DUR_TIME}|{_N}W)"

UUID = r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}"

IPV4 = r"(?:(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])\.){3}(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])"
# RFC 4291 section 2.2 as RFC 3986 writes it: eight groups, or fewer around one "::", the last 32 bits
# maybe a dotted quad.
_H16 = "[0-9a-fA-F]{1,4}"
_LS32 = rf"(?:{_H16}:{_H16}|{IPV4})"
_BEFORE = [rf"(?:(?:{_H16}:){{0,{i}}}{_H16})?::" for i in range(7)]   # up to i + 1 groups, then "::"
IPV6 = "(?:" + "|".join([rf"(?:{_H16}:){{6}}{_LS32}", rf"::(?:{_H16}:){{5}}{_LS32}"]
                        + [rf"{_BEFORE[i]}(?:{_H16}:){{{4 - i}}}{_LS32}" for i in range(5)]
                        + [rf"{_BEFORE[5]}{_H16}", _BEFORE[6]]) + ")"


def _label(n: int) -> str:
    """An RFC 1123 label of 1..n letters, digits and hyphens, neither starting nor ending with a hyphen,
    and not "--" in its 3rd and 4th places (RFC 5891 reserves those, "xn--" among them)."""
    a, ah = "[A-Za-z0-9]", "[A-Za-z0-9-]"
    return rf"{a}(?:{a}|{ah}{a}|{ah}{ah}{a}|{ah}(?:{a}{ah}|-{a}){ah}{{0,{n - 5}}}{a})?"


def _hostname(shapes: tuple[tuple[int, int], ...]) -> str:
    """Hostnames of a first label of up to 63 characters and then, for one (k, n) of shapes, up to k more
    labels of up to n: at most 63 + k (n + 1) characters."""
    return rf"{_label(63)}(?:" + "|".join(rf"(?:\.{_label(n)}){{0,{k}}}" for k, n in shapes) + ")"


# 253 characters at most in all: 63 + 3 x 63 = 252, 63 + 7 x 27 = 252, 63 + 15 x 12 = 243.
HOSTNAME = _hostname(((3, 62), (7, 26), (15, 11)))
# An address is at most 254 characters (RFC 5321's path of 256 less its brackets); the local part at
# most 64, so the domain here keeps to 189: 63 + 2 x 63 = 189, 63 + 5 x 25 = 188, 63 + 11 x 11 = 184.
_EMAIL_DOMAIN = _hostname(((2, 62), (5, 24), (11, 10)))
_ATEXT = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]"
_DOT_ATOM = rf"{_ATEXT}+(?:\.{_ATEXT}+)*"

# RFC 3986's grammar (appendix A); reg-name already takes what IPv4address does.
_PCT = "%[0-9A-Fa-f]{2}"
_UNRESERVED_SUB = "A-Za-z0-9._~!$&'()*+,;="
_PCHAR = rf"(?:[{_UNRESERVED_SUB}:@-]|{_PCT})"
_SCHEME = "[A-Za-z][A-Za-z0-9+.-]*"
_HOST = rf"(?:\[(?:{IPV6}|v[0-9A-Fa-f]+\.[{_UNRESERVED_SUB}:-]+)\]|(?:[{_UNRESERVED_SUB}-]|{_PCT})*)"
_AUTHORITY = rf"(?:(?:[{_UNRESERVED_SUB}:-]|{_PCT})*@)?{_HOST}(?::[0-9]*)?"
_ABEMPTY = rf"(?:/{_PCHAR}*)*"
_ABSOLUTE = rf"/(?:{_PCHAR}+{_ABEMPTY})?"
_ROOTLESS = rf"{_PCHAR}+{_ABEMPTY}"
_NOSCHEME = rf"(?:[{_UNRESERVED_SUB}@-]|{_PCT})+{_ABEMPTY}"
_TAIL = rf"(?:\?(?:{_PCHAR}|[/?])*)?(?:#(?:{_PCHAR}|[/?])*)?"
URI = rf"{_SCHEME}:(?://{_AUTHORITY}{_ABEMPTY}|{_ABSOLUTE}|{_ROOTLESS}|){_TAIL}"
URI_REFERENCE = rf"(?:{URI}|(?://{_AUTHORITY}{_ABEMPTY}|{_ABSOLUTE}|{_NOSCHEME}|){_TAIL})"


def _regex(source: str) -> Callable[[], Pattern]:
    return lambda: literal_match(source, _WHERE)


def _email() -> Pattern:
    local = counted(literal_match(_DOT_ATOM, _WHERE), CHAR, 1, 64, _WHERE)
    return seq(local, lit(b"@"), literal_match(_EMAIL_DOMAIN, _WHERE))


_FORMATS: dict[str, Callable[[], Pattern]] = {
    "date": _regex(DATE), "time": _regex(TIME), "date-time": _regex(DATE_TIME), "duration": _regex(DURATION),
    "email": _email, "hostname": _regex(HOSTNAME), "ipv4": _regex(IPV4), "ipv6": _regex(IPV6),
    "uuid": _regex(UUID), "uri": _regex(URI), "uri-reference": _regex(URI_REFERENCE),
}
KNOWN = frozenset(_FORMATS)   # the names format_content knows


@lru_cache(maxsize=None)
def _format_pattern(name: str) -> Pattern:
    return dfa_pattern(compile_pattern(_FORMATS[name](), f"{_WHERE} {name}"))


def format_content(name: str, where: str) -> Pattern | None:
    """The contents of the strings of the format name (a minimal DFA, built once), None for a name not
    known here: format is an annotation unless a vocabulary asserts it, so the caller leaves those
    strings free. (where is the caller's path; the fixed formats compile well within every limit.)"""
    return _format_pattern(name) if name in _FORMATS else None
