"""Products of automata: the strings two patterns share, those of one that the other lacks, and those
made of lo..hi units (characters), each as a pattern that embeds the resulting DFA.

Each operand is compiled to its trimmed DFA (pattern.py); the product walks the pairs of states the
start reaches, over the classes that both byte partitions refine to, then trims the result. A bound on
its table (MAX_TABLE_ENTRIES, as the subset construction has) turns a blow-up into a LimitError naming
where, and the embedded DFA counts one NFA state per DFA state, so the existing limits still hold.
"""
from __future__ import annotations

import array
from collections.abc import Callable, Hashable
from itertools import compress
from typing import Any, TypeVar

from ..errors import LimitError
from .automaton import DEAD, START, Automaton
from .dfa import MAX_TABLE_ENTRIES, NFA, trim
from .pattern import MAX_NFA_STATES, NOTHING, Pattern, bare, compile_pattern, star

Key = tuple[int, ...]   # a product state: the operands' states (and a count)
SETTLED = -1            # a count that no longer matters (counted)
MAX_CACHED = 512        # products kept for reuse (cached)
_CACHE: dict[Hashable, Any] = {}
T = TypeVar("T")


class _Dfa(Pattern):
    """A DFA laid out as it stands: one NFA state per live DFA state, byte-set edges between them (bytes
    that lead to the same state share one edge), and an exit that every accepting state reaches."""
    __slots__ = ("automaton", "rows", "edge_masks")

    def __init__(self, a: Automaton) -> None:
        nc, table = a.n_classes, a.table
        masks = [0] * nc
        for b, c in enumerate(a.classes):
            masks[c] |= 1 << b
        rows: list[tuple[tuple[int, int], ...]] = [()]   # the dead state has no node
        for s in range(1, a.n_states):
            by_target: dict[int, int] = {}
            for c in range(nc):
                t = table[s * nc + c]
                if t != DEAD:
                    by_target[t] = by_target.get(t, 0) | masks[c]
            rows.append(tuple((m, t) for t, m in by_target.items()))
        self.automaton, self.rows, self.size = a, rows, a.n_states + 1
        self.moving, self.starts = sum(1 for r in rows if r), False
        self.edge_masks = frozenset(m for row in rows for m, _ in row)

    def masks(self) -> frozenset[int]:
        return self.edge_masks

    def emit(self, nfa: NFA, entry: int) -> int:
        nodes = [DEAD] + [nfa.new() for _ in range(1, self.automaton.n_states)]
        end = nfa.new()
        nfa.eps[entry].append(nodes[START])
        for s in range(1, len(nodes)):
            nfa.edges[nodes[s]].extend((m, nodes[t]) for m, t in self.rows[s])
            if self.automaton.accepting[s]:
                nfa.eps[nodes[s]].append(end)
        return end


def minimize(a: Automaton) -> Automaton:
    """The minimal DFA of a trimmed a, trimmed again so classes that no longer tell states apart merge.

    Hopcroft's partition refinement: a block splits the others by which of their states step into it on
    each class; a block that splits is queued whole or, once it served, its smaller half. The dead state
    is left out (no live state of a trimmed a is equivalent to it), so the edges into it, most of a
    table, are never walked; that makes the automaton partial, so every first block is queued."""
    n, nc, table = a.n_states, a.n_classes, a.table
    into: list[list[tuple[int, int]]] = [[] for _ in range(n)]   # state -> (class, source) of its live edges
    classes = range(nc)
    for s in range(1, n):
        row = table[s * nc:(s + 1) * nc]
        for c in compress(classes, row):
            into[row[c]].append((c, s))
    first = [[s for s in range(1, n) if a.accepting[s]], [s for s in range(1, n) if not a.accepting[s]]]
    members = [{DEAD}] + [set(b) for b in first if b]
    block_of = [0] * n
    for i, b in enumerate(members):
        for s in b:
            block_of[s] = i
    todo = set(range(1, len(members)))
    while todo:
        by_class: dict[int, list[int]] = {}
        for t in members[todo.pop()]:
            for c, s in into[t]:
                by_class.setdefault(c, []).append(s)
        for sources in by_class.values():
            touched: dict[int, list[int]] = {}
            for s in sources:
                touched.setdefault(block_of[s], []).append(s)
            for j, hit in touched.items():
                if len(hit) == len(members[j]):
                    continue
                k = len(members)
                members.append(set(hit))
                members[j] -= members[k]
                for s in hit:
                    block_of[s] = k
                todo.add(k if j in todo or len(members[k]) <= len(members[j]) else j)
    order = {block_of[DEAD]: DEAD, block_of[START]: START}
    for s in range(n):
        order.setdefault(block_of[s], len(order))
    new = [order[b] for b in block_of]
    reps = sorted((order[b], min(m)) for b, m in enumerate(members))
    rows = array.array("I")
    for _, s in reps:
        rows.extend(map(new.__getitem__, table[s * nc:(s + 1) * nc]))
    return trim(Automaton(a.classes, nc, rows, bytes(a.accepting[s] for _, s in reps)))


def dfa_pattern(a: Automaton) -> Pattern:
    """The strings a accepts, as a pattern (its minimal DFA) that composes with the others (NOTHING when
    there are none)."""
    try:
        return _Dfa(minimize(trim(a)))
    except ValueError:
        return NOTHING


def cached(key: Hashable, build: Callable[[], T]) -> T:
    """build(), once per key: key names what build depends on (the schema values, never a path: a refusal
    raises and is not kept), so a shape a schema repeats (an id's pattern, a date) is one product."""
    got = _CACHE.get(key)
    if got is None:
        got = build()
        if len(_CACHE) >= MAX_CACHED:
            del _CACHE[next(iter(_CACHE))]   # the oldest
        _CACHE[key] = got
    return got


def automaton_of(p: Pattern, where: str) -> Automaton | None:
    """p's trimmed DFA (the one it embeds, if it is one), None when p matches nothing."""
    p = bare(p)
    if isinstance(p, _Dfa):
        return p.automaton
    if p is NOTHING:
        return None
    try:
        return compile_pattern(p, where)
    except ValueError:
        return None


def _successors(a: Automaton) -> list[set[int]]:
    nc, table = a.n_classes, a.table
    return [{t for t in table[s * nc:(s + 1) * nc] if t != DEAD} for s in range(a.n_states)]


def longest_from(a: Automaton) -> list[int | None]:
    """Each state's most bytes on to acceptance in a trimmed a (None: no bound, a cycle is in reach):
    states are settled once all their successors are (Kahn's order, backwards)."""
    succ = _successors(a)
    preds: list[list[int]] = [[] for _ in succ]
    waiting = [len(ts) for ts in succ]
    for s in range(1, a.n_states):
        for t in succ[s]:
            preds[t].append(s)
    most = [-1] * a.n_states   # -1: not settled
    ready = [s for s in range(1, a.n_states) if not succ[s]]
    while ready:
        s = ready.pop()
        most[s] = max([0] * a.accepting[s] + [most[t] + 1 for t in succ[s]])
        for r in preds[s]:
            waiting[r] -= 1
            if waiting[r] == 0:
                ready.append(r)
    return [m if m >= 0 else None for m in most]


def byte_lengths(a: Automaton) -> tuple[int, int | None]:
    """The fewest and the most bytes of a string a accepts (None: no bound); a trimmed."""
    succ, fewest, frontier = _successors(a), [-1] * a.n_states, [START]
    fewest[START] = 0
    while frontier:   # breadth first
        nxt = []
        for s in frontier:
            for t in succ[s]:
                if fewest[t] < 0:
                    fewest[t] = fewest[s] + 1
                    nxt.append(t)
        frontier = nxt
    return min(fewest[s] for s in range(1, a.n_states) if a.accepting[s]), longest_from(a)[START]


def _pair_classes(x: bytes, y: bytes) -> tuple[bytes, list[tuple[int, int]]]:
    """The classes that refine both partitions: byte -> class, and each class's (x class, y class)."""
    ids: dict[tuple[int, int], int] = {}
    classes = bytes(ids.setdefault((x[b], y[b]), len(ids)) for b in range(256))
    return classes, list(ids)


def _build(classes: bytes, n: int, start: Key, row: Callable[[Key], list[Key | None]],
           accepting: Callable[[Key], bool], where: str) -> Pattern:
    """The DFA over these classes whose states are the keys reached from start, row(key) giving the next
    key on each class (None: dead), trimmed, minimized and embedded; NOTHING when it accepts nothing."""
    ids: dict[Key, int] = {start: START}
    order = [start]
    table = array.array("I", bytes(4 * n))
    acc = bytearray(1)
    i = 0
    while i < len(order):   # order grows while the loop runs
        key = order[i]
        i += 1
        acc.append(accepting(key))
        for t in row(key):
            if t is None:
                table.append(DEAD)
                continue
            j = ids.get(t)
            if j is None:
                j = ids[t] = len(order) + 1
                order.append(t)
                if (j + 1) * (n + 1) > MAX_TABLE_ENTRIES:
                    raise LimitError(f"{where}: the product automaton's table (states x (classes + 1))",
                                     (j + 1) * (n + 1), "MAX_TABLE_ENTRIES", MAX_TABLE_ENTRIES)
            table.append(j)
    p = dfa_pattern(Automaton(classes, n, table, bytes(acc)))
    if p.size > MAX_NFA_STATES:
        raise LimitError(f"{where}: the product automaton's NFA", p.size, "MAX_NFA_STATES", MAX_NFA_STATES)
    return p


def _product(a: Pattern, b: Pattern, keep_b_dead: bool, accept: Callable[[bool, bool], bool],
             where: str) -> Pattern:
    x, y = automaton_of(a, where), automaton_of(b, where)
    if x is None:
        return NOTHING
    if y is None:
        return a if keep_b_dead else NOTHING
    classes, pairs = _pair_classes(x.classes, y.classes)
    nx, ny, tx, ty, ax, ay = x.n_classes, y.n_classes, x.table, y.table, x.accepting, y.accepting

    def row(key: Key) -> list[Key | None]:
        xr, yr = tx[key[0] * nx:(key[0] + 1) * nx], ty[key[1] * ny:(key[1] + 1) * ny]
        return [(xr[cx], yr[cy]) if xr[cx] != DEAD and (yr[cy] != DEAD or keep_b_dead) else None
                for cx, cy in pairs]

    return _build(classes, len(pairs), (START, START), row,
                  lambda key: accept(bool(ax[key[0]]), bool(ay[key[1]])), where)


def intersect(a: Pattern, b: Pattern, where: str) -> Pattern:
    """The strings in both a and b (NOTHING when none); LimitError naming where when the product outgrows
    the table."""
    return _product(a, b, False, lambda in_a, in_b: in_a and in_b, where)


def subtract(a: Pattern, b: Pattern, where: str) -> Pattern:
    """The strings in a and not in b (NOTHING when none); LimitError naming where when the product
    outgrows the table."""
    return _product(a, b, True, lambda in_a, in_b: in_a and not in_b, where)


def counted(p: Pattern, unit: Pattern, lo: int, hi: int | None, where: str) -> Pattern:
    """The strings of p that are lo..hi units one after another (hi None: no bound). unit must be a prefix
    code (no unit string a prefix of another, as CHAR's encodings are), so a walk of unit* is at a
    boundary exactly when it is accepting: the count rises on each step into an accepting state. Once
    the count is past lo and no way on in p is long enough to pass hi (a unit takes a byte at least), the
    count no longer matters: it becomes SETTLED, so those states do not multiply by it."""
    x, u = automaton_of(p, where), automaton_of(star(unit), where)
    if x is None or u is None or (hi is not None and hi < lo):
        return NOTHING
    classes, pairs = _pair_classes(x.classes, u.classes)
    nx, nu, tx, tu, ax, au = x.n_classes, u.n_classes, x.table, u.table, x.accepting, u.accepting
    room = [-1 if hi is None or m is None else hi - m for m in longest_from(x)]   # counts that settle

    def row(key: Key) -> list[Key | None]:
        s, t, k = key
        xr, ur = tx[s * nx:(s + 1) * nx], tu[t * nu:(t + 1) * nu]
        out: list[Key | None] = []
        for cx, cu in pairs:
            a, b = xr[cx], ur[cu]
            if a == DEAD or b == DEAD:
                out.append(None)
                continue
            m = k if k == SETTLED else k + au[b]
            if m != SETTLED and m >= lo and (hi is None or m <= room[a]):
                m = SETTLED
            out.append(None if hi is not None and m > hi else (a, b, m))
        return out

    return _build(classes, len(pairs), (START, START, 0), row,
                  lambda key: bool(ax[key[0]] and au[key[1]]) and (key[2] == SETTLED or key[2] >= lo), where)
