"""The pattern combinators, the subset construction over byte classes, and trim."""
from __future__ import annotations

import array
import itertools

import pytest

from pyrite.constrain import DEAD, START, Automaton, compile_pattern, trim
from pyrite.constrain.pattern import (EMPTY, NOTHING, alt, byte_range, byte_set, graph, join, lit, members,
                                      opt, repeat, seq, star)
from pyrite.constrain.numbers import integer_pattern, naturals, whole_multiple

from .walk import Walker


def language(p, alphabet: bytes, max_len: int) -> set[bytes]:
    """The strings over alphabet up to max_len that p's automaton accepts."""
    a = compile_pattern(p)
    return {bytes(w) for n in range(max_len + 1) for w in itertools.product(alphabet, repeat=n) if a.accepts(bytes(w))}


def test_literal_set_and_range():
    assert language(lit(b"ab"), b"abc", 3) == {b"ab"}
    assert language(byte_set(b"ac"), b"abc", 2) == {b"a", b"c"}
    assert language(byte_range(ord("a"), ord("b")), b"abc", 2) == {b"a", b"b"}


def test_seq_alt_opt_star():
    assert language(seq(lit(b"a"), alt(lit(b"b"), lit(b"cc"))), b"abc", 4) == {b"ab", b"acc"}
    assert language(seq(opt(lit(b"a")), lit(b"b")), b"ab", 3) == {b"b", b"ab"}
    assert language(star(lit(b"ab")), b"ab", 6) == {b"", b"ab", b"abab", b"ababab"}
    assert language(star(alt(lit(b"a"), EMPTY)), b"ab", 3) == {b"", b"a", b"aa", b"aaa"}


def test_an_epsilon_cycle_after_a_chain_closes_right():
    """The depth-first closure hands an epsilon cycle (an item that can be empty, repeated) to Tarjan's walk
    after closing some states: both halves must agree."""
    inner = star(alt(lit(b"a"), EMPTY))
    p = seq(lit(b"x"), opt(seq(inner, opt(lit(b"c")))), inner, lit(b"b"))
    assert language(p, b"xabc", 4) == {b"xb", b"xab", b"xcb", b"xaab", b"xacb", b"xcab"}


@pytest.mark.parametrize("lo, hi", [(0, 0), (0, 2), (1, 1), (2, 3), (0, None), (2, None)])
def test_repeat_and_join(lo, hi):
    def fits(n: int) -> bool:
        return lo <= n and (hi is None or n <= hi)
    assert language(repeat(lit(b"a"), lo, hi), b"ab", 5) == {b"a" * n for n in range(6) if fits(n)}
    assert language(join(lit(b"a"), lit(b","), lo, hi), b"a,", 7) == \
        {b",".join([b"a"] * n) for n in range(5) if fits(n)}


def test_members_keep_order_and_commas_in_every_combination():
    items = [(lit(b"a"), False), (lit(b"b"), True), (lit(b"c"), False), (lit(b"d"), False)]
    got = language(members(items, lit(b",")), b"abcd,", 7)
    want = {b",".join(c) for r in range(5) for c in itertools.combinations([b"a", b"b", b"c", b"d"], r) if b"b" in c}
    assert got == want
    assert language(members([(lit(b"a"), False), (lit(b"b"), False)], lit(b",")), b"ab,", 3) == \
        {b"", b"a", b"b", b"a,b"}


def test_graph_shares_nodes_between_paths():
    # node 0 -a-> 1, 0 -b-> 1, 1 -c-> 1 (a loop), 1 -d-> 2; finals 1 and 2
    g = graph(3, [(0, lit(b"a"), 1), (0, lit(b"b"), 1), (1, lit(b"c"), 1), (1, lit(b"d"), 2), (2, NOTHING, 0)], [1, 2])
    assert language(g, b"abcd", 4) == {x + b"c" * n + d for x in (b"a", b"b") for n in range(4) for d in (b"", b"d")
                                       if len(x) + n + len(d) <= 4}
    assert compile_pattern(g).n_states == 4   # start, after a/b (shared), after d, and the dead state


def test_nothing_folds_away():
    assert seq(lit(b"a"), NOTHING) is NOTHING and alt(NOTHING, NOTHING) is NOTHING
    assert byte_set([]) is NOTHING and byte_range(5, 4) is NOTHING
    assert alt(lit(b"a"), NOTHING) is not NOTHING and repeat(NOTHING, 0, 3) is EMPTY and repeat(NOTHING, 1) is NOTHING
    assert join(lit(b"a"), lit(b","), 3, 2) is NOTHING and join(lit(b"a"), NOTHING, 2) is NOTHING
    assert language(join(lit(b"a"), NOTHING), b"a", 3) == {b"", b"a"}   # no separator: one item at the most
    assert members([(NOTHING, True)], lit(b",")) is NOTHING
    assert language(members([(NOTHING, False), (lit(b"b"), False)], lit(b",")), b"b,", 2) == {b"", b"b"}
    with pytest.raises(ValueError, match="matches nothing"):
        compile_pattern(NOTHING)


def test_empty_compiles_to_an_accepting_start():
    a = compile_pattern(EMPTY)
    assert a.n_states == 2 and a.accepts(b"") and not a.accepts(b"a")


def test_classes_partition_by_edge_labels():
    a = compile_pattern(seq(byte_range(0x30, 0x39), lit(b"x"), byte_set(b"0123")))
    assert a.n_classes == 4   # 0-3, 4-9, x, everything else
    assert len({a.classes[b] for b in b"0123"}) == 1 and a.classes[ord("4")] == a.classes[ord("9")]
    assert len(set(a.classes)) == a.n_classes


def test_naturals_and_integers_are_exact():
    for lo, hi in [(0, 0), (0, 9), (7, 1234), (99, 101), (10, 10), (1, 999)]:
        a = compile_pattern(naturals(lo, hi))
        assert {n for n in range(2000) if a.accepts(str(n).encode())} == set(range(lo, hi + 1))
        assert not a.accepts(b"00") and not a.accepts(b"01")
    a = compile_pattern(integer_pattern(-12, 3))
    assert {n for n in range(-100, 100) if a.accepts(str(n).encode())} == set(range(-12, 4))
    assert not a.accepts(b"-0")


@pytest.mark.parametrize("m, whole", [(0.5, True), (0.25, True), (0.1, True), (0.01, True), (0.001, True),
                                      (1e-06, True), (1e-05, False), (0.3, False), (0.015, False), (1.5, False)])
def test_a_fraction_1_over_k_is_met_by_whole_numbers_as_floats_divide(m, whole):
    assert whole_multiple(m) == whole
    if m == 1e-05:   # 1/k, but its float is too far off: 1 / 1e-05 is 99999.99999999999
        assert 1 / m != int(1 / m)
    if whole:   # as jsonschema checks multipleOf: the float quotient is whole
        for n in [*range(-3000, 3000), *(2 ** e + d for e in range(40, 64) for d in (-2, -1, 0, 1, 2))]:
            q = n / m
            assert int(q) == q, (n, m)


def test_trim_removes_dead_and_unreachable_states_and_merges_classes():
    # 1 -a-> 2 (accepting); 1 -b-> 3, a trap; 4 is accepting but unreachable; 'c' goes nowhere anywhere.
    classes = bytes(1 if b == ord("a") else 2 if b == ord("b") else 3 if b == ord("c") else 0 for b in range(256))
    rows = [[0, 0, 0, 0], [0, 2, 3, 0], [0, 0, 0, 0], [3, 3, 3, 3], [0, 0, 0, 4]]
    a = trim(Automaton(classes, 4, array.array("I", [t for r in rows for t in r]), bytes([0, 0, 1, 0, 1])))
    assert a.n_states == 3 and a.n_classes == 2 and a.accepting == bytes([0, 0, 1])
    assert a.accepts(b"a") and a.walk(START, b"b") == DEAD and a.classes[ord("b")] == a.classes[ord("c")]
    with pytest.raises(ValueError, match="accepts nothing"):
        trim(Automaton(classes, 4, array.array("I", [t for r in rows[:4] for t in r]), bytes([0, 0, 0, 0])))


def test_every_state_but_the_dead_one_reaches_acceptance():
    p = seq(lit(b"{"), members([(alt(lit(b"ab"), lit(b"ac")), False), (star(byte_set(b"xyz")), True)], lit(b",")),
            lit(b"}"))
    a = compile_pattern(p)
    assert Walker(a).distance[0] < 0 and all(d >= 0 for d in Walker(a).distance[1:])
    assert all(t == DEAD for t in a.table[:a.n_classes])
