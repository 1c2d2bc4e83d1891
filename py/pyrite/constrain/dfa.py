"""The subset construction: an NFA with byte-set edges and epsilon moves as a DFA over byte classes, and trim.

The 256 bytes split into the classes the edge labels tell apart, so a DFA row has one entry per class,
not per byte. A DFA state is the set of NFA states it stands for, kept to those with byte edges (and the
exit) that can reach the exit, so states that differ only by epsilon moves merge and every DFA state is
live. An NFA state's moves are kept sparse (the classes it has edges on), and the table is refused
before the construction where the NFA already says it will not fit, or during it where the states
built project past it: a blow-up is refused early, not after seconds of building.

Pure Python and no numpy: the page runs this in Pyodide. Byte sets are Python ints used as 256-bit
masks (bit b set: byte b is in the set).
"""
from __future__ import annotations

import array
import gc
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from itertools import compress

from ..errors import LimitError
from .automaton import DEAD, START, Automaton

MAX_TABLE_ENTRIES = 1 << 23   # n_states * (n_classes + 1): the GPU's table buffer, 32 MiB of u32 (ops/constrain.py)
EARLY = 1.1                   # refused before the construction when moving NFA states x (classes + 1) pass this
#                               many times the limit (parallel branches that share their keys, walked as one,
#                               can leave a schema's DFA at half its NFA: those are built, and projected)
PROJECTED = 1.1               # refused during it when the table projected from the part built passes this many
SAMPLE = 0.1                  # times the limit, once the states built cover this share of the moving NFA states
CHECK = 2048                  # DFA states between projections


class NFA:
    """States are indices; eps[s] the epsilon moves, edges[s] the (byte mask, target) moves."""
    __slots__ = ("eps", "edges")

    def __init__(self) -> None:
        self.eps: list[list[int]] = []
        self.edges: list[list[tuple[int, int]]] = []

    def new(self) -> int:
        self.eps.append([])
        self.edges.append([])
        return len(self.eps) - 1


@contextmanager
def no_gc() -> Iterator[None]:
    """The cyclic collector held off while a compile allocates its many small sets: they hold no cycles,
    and its passes over the growing heap cost more than the compile does. Restored as it was."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def byte_classes(masks: Iterable[int]) -> tuple[list[int], int]:
    """The byte -> class map of the coarsest partition that every mask is a union of, classes numbered
    by their smallest byte. Splits the blocks (as masks) by each mask, so the work is per block, not per byte."""
    blocks = [(1 << 256) - 1]
    for m in masks:
        split = []
        for b in blocks:
            inside = b & m
            split += (inside, b ^ inside) if inside and inside != b else (b,)
        blocks = split
    blocks.sort(key=lambda b: b & -b)
    cls = [0] * 256
    for i, b in enumerate(blocks):
        while b:
            low = b & -b
            cls[low.bit_length() - 1] = i
            b ^= low
    return cls, len(blocks)


def _too_big(where: str, size: int, when: str = "") -> LimitError:
    return LimitError(f"{where}: the automaton's table (states x (classes + 1)){when}", size, "MAX_TABLE_ENTRIES",
                      MAX_TABLE_ENTRIES)


def determinize(nfa: NFA, start: int, final: int, blame: Callable[[], str],
                masks: set[int] | None = None) -> Automaton:
    """The DFA of the NFA from start to final, its states all reachable and live (NFA states that cannot
    reach final are left out of every set), so only its classes are left to merge (merge_classes).
    LimitError naming blame() (called only then) when the table would pass MAX_TABLE_ENTRIES, at once
    where the estimate from the NFA passes EARLY times it; ValueError when start cannot reach final.
    masks: those of the NFA's edges, where the caller has them."""
    eps, edges = nfa.eps, nfa.edges
    live = _live(nfa, final)
    if not live[start]:
        raise ValueError("the automaton accepts nothing: its start cannot reach an accepting state")
    if masks is None:
        masks = {m for es in edges for m, _ in es}
    cls, n = byte_classes(masks)
    estimate = sum(1 for es in edges if es) * (n + 1)
    if estimate > EARLY * MAX_TABLE_ENTRIES:
        raise _too_big(blame(), estimate, ", estimated from the NFA before its construction")
    first = [0] * n   # each class's smallest byte
    for b in range(255, -1, -1):
        first[cls[b]] = b
    empty: frozenset[int] = frozenset()
    closures: dict[int, frozenset[int]] = {}

    def closure(s: int) -> frozenset[int]:
        c = closures.get(s)
        if c is None and not eps[s]:   # most targets: a state with byte edges and no epsilon moves
            c = closures[s] = frozenset((s,)) if live[s] and (edges[s] or s == final) else empty
        elif c is None:
            _close(s, eps, closures, lambda u: live[u] and (bool(edges[u]) or u == final))
            c = closures[s]
        return c

    cover = {m: [c for c in range(n) if m >> first[c] & 1] for m in masks}
    cells: dict[tuple[int, ...], list[tuple[tuple[int, ...], list[int]]]] = {}
    rows: dict[int, Row] = {}   # an NFA state's targets, each with the classes that lead there

    def row(s: int) -> Row:
        r = rows.get(s)
        if r is None:
            es = edges[s]
            if len(es) == 1:
                r = [(closures.get(es[0][1]) or closure(es[0][1]), cover[es[0][0]])]
            else:   # the classes split by which edges take them, once per set of masks (a string's character)
                ms = tuple(m for m, _ in es)
                split = cells.get(ms)
                if split is None:
                    split = cells[ms] = _cells(ms, first)
                ts = [closures.get(t) or closure(t) for _, t in es]
                r = [(ts[k[0]] if len(k) == 1 else empty.union(*(ts[x] for x in k)), cs) for k, cs in split]
            rows[s] = r
        return r

    ids = {empty: DEAD, closure(start): START}
    order = list(ids)
    most = MAX_TABLE_ENTRIES // (n + 1)   # states
    project = _projection(estimate // (n + 1), order)
    dead = array.array("I", bytes(4 * n))
    table = array.array("I", dead)
    accepting = bytearray(1)
    i = START
    while i < len(order):   # order grows while the loop runs
        dstate = order[i]
        i += 1
        accepting.append(final in dstate)
        if len(dstate) == 1:   # most states: one NFA state, its row cached or built once
            for s in dstate:
                targets = rows.get(s) or row(s) if edges[s] else ()
        else:
            moving = [s for s in dstate if edges[s]]
            targets = row(moving[0]) if len(moving) == 1 else _merged([g for s in moving for g in row(s)])
        base = len(table)
        table += dead   # a row of DEAD copied whole, then its live classes set (most rows have few)
        for t, cs in targets:   # a target once, however many classes lead there
            j = ids.get(t)
            if j is None:
                j = ids[t] = len(order)
                order.append(t)
                if j >= most:
                    raise _too_big(blame(), (j + 1) * (n + 1))
                if j % CHECK == 0:
                    projected = project() * (n + 1)
                    if projected > PROJECTED * MAX_TABLE_ENTRIES:
                        raise _too_big(blame(), projected, f", projected from its first {j} states")
            for c in cs:
                table[base + c] = j
    return Automaton(bytes(cls), n, table, bytes(accepting))


Row = list[tuple[frozenset[int], list[int]]]   # targets, each with the classes that lead there


def _cells(masks: tuple[int, ...], first: list[int]) -> list[tuple[tuple[int, ...], list[int]]]:
    """The classes grouped by which of masks take them (by each class's smallest byte, first)."""
    by: dict[tuple[int, ...], list[int]] = {}
    for c, b in enumerate(first):
        key = tuple(k for k, m in enumerate(masks) if m >> b & 1)
        if key:
            by.setdefault(key, []).append(c)
    return list(by.items())


def _merged(groups: Row) -> Row:
    """The row of several (target, classes): per class the union of the targets, regrouped by target."""
    by_class: dict[int, frozenset[int]] = {}
    for t, cs in groups:
        for c in cs:
            got = by_class.get(c)
            by_class[c] = t if got is None else got | t
    by_target: dict[frozenset[int], list[int]] = {}
    for c, t in by_class.items():
        by_target.setdefault(t, []).append(c)
    return list(by_target.items())


def _projection(moving: int, order: list[frozenset[int]]) -> Callable[[], int]:
    """The DFA's states projected from those built so far (order): their count over the share of the moving
    NFA states they cover, 0 until that share reaches SAMPLE. The NFA estimate misses where branches walk
    in parallel; the projection sees it (Schema Store's taskfile: 5.7 M entries estimated, 3.1 M built), and
    refuses a blow-up after a tenth of the construction rather than at the limit."""
    covered: set[int] = set()
    done = [0]

    def project() -> int:
        for d in order[done[0]:]:
            covered.update(d)
        done[0] = len(order)
        return len(order) * moving // len(covered) if len(covered) >= SAMPLE * moving else 0
    return project


def _live(nfa: NFA, final: int) -> bytearray:
    """1 for each NFA state that can reach final (the NFA's moves walked backwards)."""
    back: list[list[int]] = [[] for _ in nfa.eps]
    for s, (moves, es) in enumerate(zip(nfa.eps, nfa.edges)):
        for t in moves:
            back[t].append(s)
        for _, t in es:
            back[t].append(s)
    return _closure(bytearray(len(back)), back, final)


def _close(root: int, eps: list[list[int]], closures: dict[int, frozenset[int]], kept: Callable[[int], bool]) -> None:
    """The epsilon closure (its kept states) of root and of every state its epsilon moves reach, into closures.
    Depth first, each state's closure made once its moves' are (a state that keeps nothing and moves to one
    state shares that state's set); a cycle, rare (an item that can be empty, repeated), goes to _tarjan."""
    path, empty = {root}, frozenset()
    work = [(root, iter(eps[root]))]
    while work:
        v, moves = work[-1]
        for w in moves:
            if w not in closures:
                if w in path:
                    return _tarjan(root, eps, closures, kept)   # what is done so far is acyclic, hence right
                path.add(w)
                work.append((w, iter(eps[w])))
                break
        else:
            work.pop()
            path.discard(v)
            ws = eps[v]
            if len(ws) == 1 and not kept(v):
                closures[v] = closures[ws[0]]
            else:
                closures[v] = (frozenset((v,)) if kept(v) else empty).union(*(closures[w] for w in ws))


def _tarjan(root: int, eps: list[list[int]], closures: dict[int, frozenset[int]], kept: Callable[[int], bool]) -> None:
    """_close where the epsilon moves have a cycle. Tarjan's strongly connected components: a component's
    closure is its kept states and the closures of the components it moves to, which are done before it, so
    each state is walked once, not once per closure it falls in."""
    index, low, stack, on = {root: 0}, {root: 0}, [root], {root}
    work = [(root, iter(eps[root]))]
    while work:
        v, moves = work[-1]
        for w in moves:
            if w in closures:
                continue
            if w not in index:
                index[w] = low[w] = len(index)
                stack.append(w)
                on.add(w)
                work.append((w, iter(eps[w])))
                break
            if w in on:
                low[v] = min(low[v], index[w])
        else:
            work.pop()
            if work:
                u = work[-1][0]
                low[u] = min(low[u], low[v])
            if low[v] == index[v]:
                component = set()
                while True:
                    u = stack.pop()
                    on.discard(u)
                    component.add(u)
                    if u == v:
                        break
                c = frozenset(u for u in component if kept(u)).union(
                    *(closures[w] for u in component for w in eps[u] if w not in component))
                for u in component:
                    closures[u] = c


def _closure(marked: bytearray, moves: Sequence[Iterable[int]], *seeds: int) -> bytearray:
    """marked, with the seeds and every state that moves lead to from a marked state marked too."""
    for s in seeds:
        marked[s] = 1
    todo = list(compress(range(len(marked)), marked))
    while todo:
        for u in moves[todo.pop()]:
            if not marked[u]:
                marked[u] = 1
                todo.append(u)
    return marked


def trim(a: Automaton) -> Automaton:
    """a without the states the start cannot reach or that cannot reach acceptance (their edges go to the
    dead state 0), renumbered in order (the start stays 1), and with classes that no state tells apart
    merged into one. ValueError when the start cannot reach acceptance (the language is empty)."""
    n, nc, t = a.n_states, a.n_classes, a.table
    succ = [set(t[s * nc:(s + 1) * nc]) for s in range(n)]
    preds: list[list[int]] = [[] for _ in range(n)]
    for s in range(1, n):
        for u in succ[s]:
            preds[u].append(s)
    live, reached = _closure(bytearray(a.accepting), preds), _closure(bytearray(n), succ, START)
    if not live[START]:
        raise ValueError("the automaton accepts nothing: its start cannot reach an accepting state")
    keep = [DEAD] + [s for s in range(1, n) if live[s] and reached[s]]
    if len(keep) == n:   # the common case: nothing to drop, nothing to renumber
        return merge_classes(a)
    new = [DEAD] * n
    for i, s in enumerate(keep):
        new[s] = i
    rows = array.array("I")
    for s in keep:
        rows.extend(t[s * nc:(s + 1) * nc])
    kept = array.array("I", map(new.__getitem__, rows))
    return merge_classes(Automaton(a.classes, nc, kept, bytes(a.accepting[s] for s in keep)))


def merge_classes(a: Automaton) -> Automaton:
    """a with the classes that no state tells apart merged into one."""
    nc, kept = a.n_classes, a.table
    merged: dict[bytes, int] = {}   # a column (every state's next state on a class) -> its new class
    colmap = [merged.setdefault(kept[c::nc].tobytes(), len(merged)) for c in range(nc)]
    m = len(merged)
    if m == nc:
        return a
    table = array.array("I", bytes(4 * a.n_states * m))
    for c in range(m):
        old = colmap.index(c)
        table[c::m] = kept[old::nc]
    return Automaton(bytes(colmap[c] for c in a.classes), m, table, a.accepting)
