"""Products of patterns: intersect and subtract against set operations on small languages, counted units,
the embedded DFA composing with the other combinators (with an honest NFA size), and the table bound."""
from __future__ import annotations

import itertools

import pytest

from pyrite.constrain import compile_pattern, compile_schema, product
from pyrite.constrain.dfa import NFA
from pyrite.constrain.pattern import EMPTY, NOTHING, alt, byte_set, join, lit, opt, repeat, seq, star
from pyrite.constrain.product import automaton_of, counted, dfa_pattern, intersect, subtract
from pyrite.errors import LimitError

from .test_pattern import language

AB = byte_set(b"ab")
SAMPLES = [
    star(AB), lit(b"ab"), seq(star(lit(b"a")), lit(b"b")), repeat(AB, 2, 3), join(lit(b"a"), lit(b","), 1, 3),
    alt(lit(b"a"), lit(b"bb"), EMPTY), seq(star(AB), lit(b"a"), AB), star(seq(lit(b"ab"), opt(lit(b",")))),
]


@pytest.mark.parametrize("x, y", list(itertools.product(range(len(SAMPLES)), repeat=2)))
def test_intersect_and_subtract_are_set_operations(x, y):
    a, b = SAMPLES[x], SAMPLES[y]
    la, lb = language(a, b"ab,", 5), language(b, b"ab,", 5)
    i, d = intersect(a, b, "t"), subtract(a, b, "t")
    assert (language(i, b"ab,", 5) if i is not NOTHING else set()) == la & lb
    assert (language(d, b"ab,", 5) if d is not NOTHING else set()) == la - lb


def test_empty_results_are_nothing():
    assert intersect(lit(b"a"), lit(b"b"), "t") is NOTHING
    assert subtract(lit(b"a"), AB, "t") is NOTHING
    assert intersect(NOTHING, AB, "t") is NOTHING and subtract(NOTHING, AB, "t") is NOTHING
    assert subtract(lit(b"a"), NOTHING, "t") is not NOTHING


def test_the_embedded_dfa_composes_like_any_pattern():
    d = subtract(star(AB), seq(star(AB), lit(b"aa"), star(AB)), "t")   # no "aa"
    assert language(seq(lit(b","), d, lit(b",")), b"ab,", 5) == \
        {b"," + w + b"," for w in language(star(AB), b"ab", 3) if b"aa" not in w}
    assert language(join(d, lit(b","), 2, 2), b"ab,", 4) == \
        {u + b"," + v for u in language(d, b"ab", 3) for v in language(d, b"ab", 3) if len(u) + len(v) <= 3}
    assert language(alt(d, lit(b"aa")), b"ab", 3) == language(d, b"ab", 3) | {b"aa"}
    free = language(d, b"ab", 4)
    assert language(repeat(d, 0, 2), b"ab", 4) == {w for w in language(star(AB), b"ab", 4)
                                                   if any(w[:i] in free and w[i:] in free for i in range(len(w) + 1))}


def test_size_bounds_the_states_it_lays_out():
    d = intersect(star(AB), repeat(AB, 1, 40), "t")
    for p in (d, repeat(d, 2, 5), seq(d, d), alt(d, lit(b"x"))):
        nfa = NFA()
        p.emit(nfa, nfa.new())
        assert len(nfa.eps) - 1 <= p.size


def test_operands_already_embedded_are_not_recompiled():
    d = dfa_pattern(compile_pattern(repeat(AB, 1, 3)))
    assert automaton_of(d, "t") is d.automaton
    assert dfa_pattern(compile_pattern(lit(b"ab"))).size == compile_pattern(lit(b"ab")).n_states + 1


def test_a_shape_a_schema_repeats_is_built_once(monkeypatch):
    monkeypatch.setattr(product, "MAX_TABLE_ENTRIES", 500)
    built = []
    make = lambda: built.append(1) or intersect(star(AB), repeat(AB, 1, 3), "t")  # noqa: E731
    key = ("test", "a shape")
    assert product.cached(key, make) is product.cached(key, make) and built == [1]
    with pytest.raises(LimitError):   # a refusal is not kept: it is raised again, naming its own path
        product.cached(("test", "too big"), lambda: counted(star(AB), AB, 300, None, "first.path"))
    with pytest.raises(LimitError, match="second.path"):
        product.cached(("test", "too big"), lambda: counted(star(AB), AB, 300, None, "second.path"))
    monkeypatch.undo()
    monkeypatch.setattr(product, "_CACHE", {})
    compile_schema({"type": "object", "properties": {n: {"type": "string", "pattern": "^[a-z]+$", "maxLength": 9}
                                                     for n in ("a", "b")}})
    assert [k[0] for k in product._CACHE] == ["string"]   # the string's contents, once for both properties


@pytest.mark.parametrize("lo, hi", [(0, 0), (1, 2), (2, None), (3, 3)])
def test_counted_units(lo, hi):
    unit = alt(lit(b"a"), lit(b"bc"))   # a prefix code
    got = counted(star(byte_set(b"abc")), unit, lo, hi, "t")
    want = {b"".join(w) for n in range(lo, (hi if hi is not None else 4) + 1)
            for w in itertools.product([b"a", b"bc"], repeat=n) if len(b"".join(w)) <= 4}
    assert (language(got, b"abc", 4) if got is not NOTHING else set()) == want


def test_a_product_past_the_table_bound_is_a_limit_error(monkeypatch):
    monkeypatch.setattr(product, "MAX_TABLE_ENTRIES", 500)
    with pytest.raises(LimitError, match="where.it.is"):
        intersect(repeat(AB, 0, 200), star(AB), "where.it.is")
    with pytest.raises(LimitError, match="where.it.is"):
        counted(star(AB), AB, 300, None, "where.it.is")


def test_embedded_dfas_are_minimal():
    d = dfa_pattern(compile_pattern(seq(star(AB), lit(b"ab"))))
    assert d.automaton.n_states == 4   # dead, nothing yet, after an a, after "ab"
    assert product.minimize(d.automaton) == d.automaton
    assert language(d, b"ab", 4) == {w for w in language(star(AB), b"ab", 4) if w.endswith(b"ab")}


def test_byte_lengths_and_longest_ways_on():
    a = compile_pattern(seq(repeat(AB, 1, 3), opt(lit(b"xy"))))
    assert product.byte_lengths(a) == (1, 5)
    assert product.byte_lengths(compile_pattern(seq(lit(b"ab"), star(AB)))) == (2, None)
    most = product.longest_from(compile_pattern(seq(star(AB), lit(b"x"), repeat(AB, 0, 2))))
    assert most[1] is None and sorted(m for m in most[1:] if m is not None) == [0, 1, 2]


def test_counted_settles_a_count_that_no_longer_matters(monkeypatch):
    monkeypatch.setattr(product, "MAX_TABLE_ENTRIES", 2000)   # counting on after the x needs ~61 x 61 states
    p = seq(repeat(AB, 0, 60), lit(b"x"), repeat(AB, 0, 60))
    got = counted(p, byte_set(b"abx"), 0, 200, "t")
    assert language(got, b"abx", 4) == language(p, b"abx", 4)
