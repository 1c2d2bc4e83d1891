"""JSON Schema's string formats as string contents: for each known name, a sound subset of the format
(every string accepted is valid by its RFC) that takes the forms people write.

Each is a whole-string regex (regex.literal_match: characters in their literal form only, which all of
these are) built from the RFCs' grammars, compiled once and kept as its minimal DFA.
"""
from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from .pattern import Pattern, compile_pattern, lit, opt, seq
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


def _label(n: int | None) -> str:
    """An RFC 1123 label of letters, digits and hyphens (up to n, None: any number), neither starting nor
    ending with a hyphen, and not "--" in its 3rd and 4th places (RFC 5891 reserves those, "xn--" among
    them)."""
    a, ah = "[A-Za-z0-9]", "[A-Za-z0-9-]"
    more = "*" if n is None else f"{{0,{n - 5}}}"
    return rf"{a}(?:{a}|{ah}{a}|{ah}{ah}{a}|{ah}(?:{a}{ah}|-{a}){ah}{more}{a})?"


_NAMES = rf"{_label(None)}(?:\.{_label(None)})*"
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


# Length bounds are kept by counting characters rather than by shapes of labels, so that a maxLength
# beside the format multiplies few states (product.counted): a hostname is a first label and then at
# most 63 more characters (127 at most, RFC 1123 allows 253); an address a local part of at most 64
# (RFC 5321) and a domain of at most 63 (128 at most, of 254).
def _short_names() -> Pattern:
    """Dotted labels of 63 characters at most in all, so each label keeps to 63 as well."""
    return counted(literal_match(_NAMES, _WHERE), CHAR, 1, 63, _WHERE)


def _hostname() -> Pattern:
    return seq(literal_match(_label(63), _WHERE), opt(seq(lit(b"."), _short_names())))


def _email() -> Pattern:
    local = counted(literal_match(_DOT_ATOM, _WHERE), CHAR, 1, 64, _WHERE)
    return seq(local, lit(b"@"), _short_names())


_FORMATS: dict[str, Callable[[], Pattern]] = {
    "date": _regex(DATE), "time": _regex(TIME), "date-time": _regex(DATE_TIME), "duration": _regex(DURATION),
    "email": _email, "hostname": _hostname, "ipv4": _regex(IPV4), "ipv6": _regex(IPV6),
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
