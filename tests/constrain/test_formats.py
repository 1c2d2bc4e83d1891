"""String formats: random walks of each format's automaton, every text validated by references we did not
write (Python's datetime, ipaddress, uuid, email.headerregistry, urllib.parse, the idna package, and
jsonschema's format checker for the formats it can check here), plus common values accepted and
invalid ones refused."""
from __future__ import annotations

import ipaddress
import json
import random
import re
import uuid
from datetime import date, datetime, time
from email.headerregistry import Address
from urllib.parse import urlsplit

import idna
import jsonschema
import pytest

from pyrite.constrain import compile_pattern
from pyrite.constrain.formats import KNOWN, format_content
from pyrite.constrain.product import intersect
from pyrite.constrain.regex import regex_content, with_length

from .walk import Walker

CHECKER = jsonschema.Draft202012Validator.FORMAT_CHECKER
URI_CHARS = re.compile(r"(?:[A-Za-z0-9\-._~!$&'()*+,;=:@/?#\[\]]|%[0-9A-Fa-f]{2})*")


def _duration(s: str) -> bool:
    """JSON Schema's duration grammar read as: P, then a run of Y M D (consecutive designators, at least one)
    and/or T with a run of H M S, or weeks alone."""
    if re.fullmatch(r"P[0-9]+W", s):
        return True
    m = re.fullmatch(r"P((?:[0-9]+[YMD])*)(?:T((?:[0-9]+[HMS])+))?", s)
    if not m or not (m.group(1) or m.group(2)):
        return False
    return all("".join(re.findall("[A-Z]", part)) in order
               for part, order in ((m.group(1), "YMD"), (m.group(2) or "", "HMS")))


def _email(s: str) -> bool:
    a = Address(addr_spec=s)
    local, domain = s.rsplit("@", 1)
    return a.addr_spec == s and len(s) <= 254 and len(local) <= 64 and _hostname(domain)


def _hostname(s: str) -> bool:
    idna.encode(s)   # raises on a label over 63, a bad hyphen, a total over 253
    return len(s) <= 253 and all(0 < len(label) <= 63 for label in s.split("."))


def _uri(s: str, reference: bool) -> bool:
    parts = urlsplit(s)   # raises on a malformed bracketed host
    scheme_ok = reference or (parts.scheme and s.lower().startswith(parts.scheme + ":"))
    return bool(scheme_ok) and URI_CHARS.fullmatch(s) is not None


VALID = {   # each format's reference check: True or an exception for a valid string
    "date": lambda s: date.fromisoformat(s) and CHECKER.conforms(s, "date"),
    "time": lambda s: time.fromisoformat(s).tzinfo is not None,
    "date-time": lambda s: datetime.fromisoformat(s).tzinfo is not None and date.fromisoformat(s[:10]),
    "duration": _duration,
    "email": lambda s: _email(s) and CHECKER.conforms(s, "email"),
    "hostname": _hostname,
    "ipv4": lambda s: ipaddress.IPv4Address(s) and CHECKER.conforms(s, "ipv4"),
    "ipv6": lambda s: ipaddress.IPv6Address(s) and CHECKER.conforms(s, "ipv6"),
    "uuid": lambda s: uuid.UUID(s) and CHECKER.conforms(s, "uuid") and str(uuid.UUID(s)) == s.lower(),
    "uri": lambda s: _uri(s, False),
    "uri-reference": lambda s: _uri(s, True),
}
COMMON = {
    "date": ["2024-02-29", "2000-02-29", "1999-12-31", "2023-04-30", "0001-01-01"],
    "time": ["12:34:56Z", "23:59:59.999+05:30", "00:00:00-08:00", "08:30:00.123456789Z"],
    "date-time": ["2024-06-01T12:00:00Z", "2024-06-01T12:00:00.123Z", "1985-04-12T23:20:50.52+01:00",
                  "2023-01-31T00:00:00-05:00"],
    "duration": ["P1D", "PT1H", "P3Y6M4DT12H30M5S", "P2W", "PT0S", "P1M", "PT36H", "P1Y2M"],
    "email": ["first.last+tag@sub.example.com", "user@example.com", "a@b", "o'reilly@example.co.uk",
              "x_y-z@mail-server.example.org"],
    "hostname": ["example.com", "localhost", "api.eu-west-1.amazonaws.com", "a" * 63 + ".com", "xn1.example",
                 "my-load-balancer-1234567890.us-west-2.elb.amazonaws.com"],
    "ipv4": ["192.168.0.1", "0.0.0.0", "255.255.255.255", "10.0.0.254"],
    "ipv6": ["::1", "::", "2001:db8::8a2e:370:7334", "fe80::1:2", "2001:0db8:0000:0000:0000:ff00:0042:8329",
             "::ffff:192.0.2.128", "1:2:3:4:5:6:7::", "1::8", "1:2:3:4:5:6:7:8"],
    "uuid": ["123e4567-e89b-12d3-a456-426614174000", "00000000-0000-0000-0000-000000000000",
             "A987FBC9-4BED-3078-CF07-9141BA07C9F3"],
    "uri": ["https://example.com", "https://example.com/path/to/page?query=1&b=two#frag", "mailto:a@b.com",
            "urn:isbn:0451450523", "http://user:pw@[2001:db8::1]:8080/a%20b", "file:///etc/hosts",
            "ftp://192.168.0.1/x", "https://example.com/search?q=a+b&lang=en-US"],
    "uri-reference": ["", "/relative/path", "../up?x=1", "#fragment", "//example.com/a", "https://example.com",
                      "page.html", "a:b"],
}
INVALID = {   # invalid by the RFC, or (12:00Z, a space for the T) outside the subset where Python takes them
    "date": ["2023-02-29", "1900-02-29", "2023-04-31", "2023-13-01", "2023-00-10", "2023-1-01", "0000-01-01",
             "2023-01-32", "20230101", "2023-01-01T00:00:00Z"],
    "time": ["24:00:00Z", "12:60:00Z", "12:00:60Z", "12:00:00", "12:00Z", "12:00:00+24:00", "12:00:00.Z"],
    "date-time": ["2024-06-01 12:00:00Z", "2024-06-01T12:00:00", "2024-02-30T00:00:00Z", "2024-06-01"],
    "duration": ["P", "PT", "P1", "1D", "P1D2", "PT1D", "P1Y1D", "PT1H1S", "P1W1D", "P-1D", "P1.5D"],
    "email": ["plain", "@example.com", "user@", "a..b@example.com", ".a@example.com", "a@-example.com",
              "a b@example.com", "a@b@c", "x" * 65 + "@example.com", "a@example..com"],
    "hostname": ["-example.com", "example-.com", "exa mple.com", "a" * 64 + ".com", "example..com", ".com",
                 "ex_ample.com", "xn--abc.com", "ab--c.com", ""],
    "ipv4": ["256.0.0.1", "1.2.3", "01.2.3.4", "1.2.3.4.5", "1.2.3.-1", "a.b.c.d", " 1.2.3.4"],
    "ipv6": [":", "1:2:3:4:5:6:7:8:9", "1::2::3", "12345::", "::g", "1.2.3.4", "::1.2.3.256", ":1::"],
    "uuid": ["123e4567e89b12d3a456426614174000", "123e4567-e89b-12d3-a456-42661417400",
             "g23e4567-e89b-12d3-a456-426614174000", "{123e4567-e89b-12d3-a456-426614174000}"],
    "uri": ["", "example.com", "/relative", "ht tp://x", "http://exa mple.com", "1http://x", "http://x/%zz",
            "http://[::1/x", "https://example.com/<>"],
    "uri-reference": ["a b", "%", "http://[::1", "\\path", "a^b"],
}


def _automaton(name: str):
    return compile_pattern(format_content(name, "schema.format"))


def _content(s: str) -> bytes:
    return json.dumps(s, ensure_ascii=False)[1:-1].encode()


def test_known_names_and_unknown_ones():
    assert KNOWN == set(VALID)
    assert format_content("color", "schema.format") is None and format_content("idn-email", "schema.format") is None
    assert format_content("date", "a") is format_content("date", "b")   # built once


@pytest.mark.parametrize("name", sorted(VALID))
def test_walks_are_valid_by_the_references(name):
    walker, rng = Walker(_automaton(name), stop=0.1, max_len=120), random.Random(name)
    for _ in range(150):
        s = json.loads(b'"' + walker.text(rng) + b'"')
        assert VALID[name](s), (name, s)


@pytest.mark.parametrize("name, prefix", [("uri", r"^https?://\["), ("uri", "^[a-z]+://[a-z]+@"),
                                          ("uri-reference", "^//"), ("uri-reference", r"^[a-z]+/\.\./"),
                                          ("ipv6", "::"), ("email", r"@[a-z]+\.[a-z]+\.")])
def test_walks_into_the_rarer_shapes_are_valid(name, prefix):
    """Walks of the format held to a prefix (an intersection), to reach authorities, IP literals and the
    like that a walk over all bytes seldom does."""
    where = "schema.format"
    a = compile_pattern(intersect(format_content(name, where), regex_content(prefix, where), where))
    walker, rng = Walker(a, stop=0.1, max_len=120), random.Random(prefix)
    for _ in range(60):
        s = json.loads(b'"' + walker.text(rng) + b'"')
        assert re.search(prefix, s) and VALID[name](s), (name, s)


@pytest.mark.parametrize("name", sorted(VALID))
def test_common_values_are_accepted_and_invalid_ones_refused(name):
    a = _automaton(name)
    for s in COMMON[name]:
        assert VALID[name](s) and a.accepts(_content(s)), (name, s)
    for s in INVALID[name]:
        assert not a.accepts(_content(s)), (name, s)


def longest(a) -> int:
    """The length of the longest text an acyclic automaton accepts (its states in a topological order)."""
    nc = a.n_classes
    succ = [{t for t in a.table[s * nc:(s + 1) * nc] if t} for s in range(a.n_states)]
    best: dict[int, int] = {}

    def visit(s: int) -> int:
        if s not in best:
            best[s] = max([visit(t) + 1 for t in succ[s]] + [0 if a.accepting[s] else -(1 << 30)])
        return best[s]
    return visit(1)


@pytest.mark.parametrize("name, bound", [("hostname", 127), ("email", 128), ("uuid", 36), ("ipv4", 15), ("ipv6", 45)])
def test_length_bounds_hold_for_the_longest_text(name, bound):
    assert longest(_automaton(name)) <= bound


@pytest.mark.parametrize("name, max_len", [("email", 40), ("email", 100), ("hostname", 30), ("hostname", 100),
                                           ("date-time", 20), ("ipv6", 10)])
def test_a_max_length_beside_the_format_stays_small(name, max_len):
    got = with_length(format_content(name, "f"), 0, max_len, "f")
    a = compile_pattern(got)
    assert a.n_states < 2000
    walker, rng = Walker(a, stop=0.1, max_len=120), random.Random(name)
    for _ in range(30):
        s = json.loads(b'"' + walker.text(rng) + b'"')
        assert len(s) <= max_len and VALID[name](s), (name, s)
