"""Patterns over bytes (small combinators) and their compilation to an Automaton.

A pattern is a tree of combinators; compile_pattern lays it out as an NFA with byte-set edges and
epsilon moves (Thompson's construction), runs the subset construction over byte classes (the 256
bytes split by the edge labels, so each DFA row has one entry per class, not per byte) and trims the
result so that every state but the dead one can still reach acceptance.

Pure Python and no numpy: the page runs this in Pyodide. Byte sets are Python ints used as 256-bit
masks (bit b set: byte b is in the set).
"""
from __future__ import annotations

import array
from collections.abc import Iterable, Sequence

from ..errors import LimitError
from .automaton import DEAD, START, Automaton

MAX_TABLE_ENTRIES = 1 << 20   # n_states * (n_classes + 1): the GPU's table buffer (ops/constrain.py)
MAX_NFA_STATES = 1 << 18      # checked before the NFA is laid out, so a huge repeat count never hangs


class _NFA:
    """States are indices; eps[s] the epsilon moves, edges[s] the (byte mask, target) moves."""
    __slots__ = ("eps", "edges")

    def __init__(self) -> None:
        self.eps: list[list[int]] = []
        self.edges: list[list[tuple[int, int]]] = []

    def new(self) -> int:
        self.eps.append([])
        self.edges.append([])
        return len(self.eps) - 1


class Pattern:
    """A set of byte strings. Built by the functions below; size bounds the NFA states it lays out."""
    __slots__ = ("size",)
    size: int

    def emit(self, nfa: _NFA, entry: int) -> int:
        """Lays the pattern out from entry, returns its exit state. Only states a node creates itself
        ever get edges back into them, so entries and exits can be shared between nodes."""
        raise NotImplementedError


class _Nothing(Pattern):
    """The empty set: the combinators fold it away, and compile_pattern refuses it."""
    __slots__ = ()

    def __init__(self) -> None:
        self.size = 0


class _Empty(Pattern):
    """The empty string alone."""
    __slots__ = ()

    def __init__(self) -> None:
        self.size = 0

    def emit(self, nfa: _NFA, entry: int) -> int:
        return entry


NOTHING: Pattern = _Nothing()
EMPTY: Pattern = _Empty()


class _Bytes(Pattern):
    __slots__ = ("mask",)

    def __init__(self, mask: int) -> None:
        self.mask, self.size = mask, 1

    def emit(self, nfa: _NFA, entry: int) -> int:
        t = nfa.new()
        nfa.edges[entry].append((self.mask, t))
        return t


class _Seq(Pattern):
    __slots__ = ("parts",)

    def __init__(self, parts: tuple[Pattern, ...]) -> None:
        self.parts, self.size = parts, sum(p.size for p in parts)

    def emit(self, nfa: _NFA, entry: int) -> int:
        for p in self.parts:
            entry = p.emit(nfa, entry)
        return entry


class _Alt(Pattern):
    __slots__ = ("parts",)

    def __init__(self, parts: tuple[Pattern, ...]) -> None:
        self.parts, self.size = parts, sum(p.size for p in parts) + 1

    def emit(self, nfa: _NFA, entry: int) -> int:
        end = nfa.new()
        for p in self.parts:
            nfa.eps[p.emit(nfa, entry)].append(end)
        return end


class _Join(Pattern):
    """lo..hi items (hi None: unbounded) with sep between neighbours. An unbounded tail loops through one
    copy of the item, so the DFA does not hold a second, equivalent copy of every item state."""
    __slots__ = ("item", "sep", "lo", "hi")

    def __init__(self, item: Pattern, sep: Pattern, lo: int, hi: int | None) -> None:
        self.item, self.sep, self.lo, self.hi = item, sep, lo, hi
        self.size = (item.size + sep.size) * (max(lo, 1) if hi is None else hi) + 2

    def emit(self, nfa: _NFA, entry: int) -> int:
        item, sep, lo, hi = self.item, self.sep, self.lo, self.hi
        cur, stops = entry, [entry] if lo == 0 else []
        if hi is None:
            for _ in range(lo - 1):
                cur = sep.emit(nfa, item.emit(nfa, cur))
            head = nfa.new()
            nfa.eps[cur].append(head)
            cur = item.emit(nfa, head)
            nfa.eps[sep.emit(nfa, cur)].append(head)
        else:
            for k in range(1, hi + 1):
                cur = item.emit(nfa, sep.emit(nfa, cur) if k > 1 else cur)
                if lo <= k < hi:
                    stops.append(cur)
        if not stops:
            return cur
        end = nfa.new()
        for s in stops + [cur]:
            nfa.eps[s].append(end)
        return end


class _Graph(Pattern):
    """A graph of nodes whose edges are patterns, from node 0 to any final node: a regular grammar. Each
    node is one state, so what several paths share (a tail, a property) is laid out once, and the DFA
    does not hold equivalent copies of it."""
    __slots__ = ("n_nodes", "edges", "finals")

    def __init__(self, n_nodes: int, edges: tuple[tuple[int, Pattern, int], ...], finals: tuple[int, ...]) -> None:
        self.n_nodes, self.edges, self.finals = n_nodes, edges, finals
        self.size = sum(p.size for _, p, _ in edges) + n_nodes + 1

    def emit(self, nfa: _NFA, entry: int) -> int:
        nodes = [nfa.new() for _ in range(self.n_nodes)]
        nfa.eps[entry].append(nodes[0])
        for u, p, v in self.edges:
            nfa.eps[p.emit(nfa, nodes[u])].append(nodes[v])
        end = nfa.new()
        for f in self.finals:
            nfa.eps[nodes[f]].append(end)
        return end


def lit(data: bytes) -> Pattern:
    """Exactly these bytes."""
    return seq(*(_Bytes(1 << b) for b in data))


def byte_set(values: Iterable[int]) -> Pattern:
    """One byte from values."""
    mask = 0
    for b in values:
        mask |= 1 << b
    return _Bytes(mask) if mask else NOTHING


def byte_range(lo: int, hi: int) -> Pattern:
    """One byte from lo to hi, both included (NOTHING when lo > hi)."""
    return byte_set(range(lo, hi + 1))


def seq(*parts: Pattern) -> Pattern:
    """The parts one after another."""
    flat: list[Pattern] = []
    for p in parts:
        if p is NOTHING:
            return NOTHING
        flat.extend(p.parts if isinstance(p, _Seq) else () if p is EMPTY else (p,))
    return flat[0] if len(flat) == 1 else _Seq(tuple(flat)) if flat else EMPTY


def alt(*parts: Pattern) -> Pattern:
    """Any one of the parts (NOTHING when none is left); single-byte sets merge into one edge."""
    flat: list[Pattern] = []
    mask = 0
    for p in parts:
        for q in p.parts if isinstance(p, _Alt) else (p,):
            if isinstance(q, _Bytes):
                mask |= q.mask
            elif q is not NOTHING:
                flat.append(q)
    if mask:
        flat.append(_Bytes(mask))
    return flat[0] if len(flat) == 1 else _Alt(tuple(flat)) if flat else NOTHING


def opt(p: Pattern) -> Pattern:
    """p or nothing at all."""
    return alt(p, EMPTY)


def join(item: Pattern, sep: Pattern, lo: int = 0, hi: int | None = None) -> Pattern:
    """lo to hi items (hi None: no bound) with sep between neighbours."""
    if item is NOTHING:
        return EMPTY if lo == 0 else NOTHING
    if sep is NOTHING:  # no separator: one item at the most
        hi = 1 if hi is None else min(hi, 1)
    if hi is not None and hi < lo:
        return NOTHING
    if hi == 0 or (item is EMPTY and sep is EMPTY):
        return EMPTY
    return item if lo == hi == 1 else _Join(item, sep, lo, hi)


def repeat(p: Pattern, lo: int = 0, hi: int | None = None) -> Pattern:
    """lo to hi copies of p, one after another (hi None: no bound)."""
    return join(p, EMPTY, lo, hi)


def star(p: Pattern) -> Pattern:
    """Any number of copies of p."""
    return repeat(p, 0, None)


def graph(n_nodes: int, edges: Sequence[tuple[int, Pattern, int]], finals: Iterable[int]) -> Pattern:
    """The strings along the edges (from node, pattern, to node) from node 0 to a final node."""
    kept = tuple(e for e in edges if e[1] is not NOTHING)
    return _Graph(n_nodes, kept, tuple(finals))


def members(items: Sequence[tuple[Pattern, bool]], sep: Pattern) -> Pattern:
    """The (pattern, required) items in order, optional ones present or absent, sep between those present.
    Item i has a head node that "none yet" enters directly and "some already" through sep, so each item
    is laid out once (n optional items cost n copies, not n^2)."""
    if any(req and p is NOTHING for p, req in items):
        return NOTHING
    kept = [(p, req) for p, req in items if p is not NOTHING]
    if not kept:
        return EMPTY
    edges = []   # nodes 3i: none yet before item i, 3i + 1: some already, 3i + 2: item i's head
    for i, (p, required) in enumerate(kept):
        edges += [(3 * i, EMPTY, 3 * i + 2), (3 * i + 1, sep, 3 * i + 2), (3 * i + 2, p, 3 * i + 4)]
        if not required:
            edges += [(3 * i, EMPTY, 3 * i + 3), (3 * i + 1, EMPTY, 3 * i + 4)]
    n = len(kept)
    return graph(3 * n + 2, edges, (3 * n, 3 * n + 1))


def _classes(masks: Iterable[int]) -> tuple[list[int], int]:
    """The byte -> class map of the coarsest partition that every mask is a union of, classes numbered
    by their smallest byte."""
    cls = [0] * 256
    for m in masks:
        split: dict[tuple[int, int], int] = {}
        cls = [split.setdefault((c, m >> b & 1), len(split)) for b, c in enumerate(cls)]
    order: dict[int, int] = {}
    return [order.setdefault(c, len(order)) for c in cls], len(order)


def _determinize(p: Pattern, where: str) -> Automaton:
    """The subset construction, over byte classes; a DFA state is the set of NFA states it stands for,
    kept to those with byte edges (and the exit), so states that differ only by epsilon moves merge."""
    nfa = _NFA()
    start = nfa.new()
    final = p.emit(nfa, start)
    eps, edges = nfa.eps, nfa.edges
    cls, n = _classes({m for es in edges for m, _ in es})
    rep = [cls.index(c) for c in range(n)]
    cover: dict[int, list[int]] = {}
    for es in edges:
        for m, _ in es:
            if m not in cover:
                cover[m] = [c for c in range(n) if m >> rep[c] & 1]
    empty: frozenset[int] = frozenset()
    closures: dict[int, frozenset[int]] = {}

    def closure(s: int) -> frozenset[int]:
        c = closures.get(s)
        if c is None:
            seen, todo = {s}, [s]
            while todo:
                for v in eps[todo.pop()]:
                    if v not in seen:
                        seen.add(v)
                        todo.append(v)
            c = closures[s] = frozenset(u for u in seen if edges[u] or u == final)
        return c

    rows: dict[int, list[frozenset[int]]] = {}   # an NFA state's targets per class

    def row(s: int) -> list[frozenset[int]]:
        r = rows.get(s)
        if r is None:
            r = rows[s] = [empty] * n
            for m, t in edges[s]:
                ct = closure(t)
                for c in cover[m]:
                    r[c] = r[c] | ct if r[c] else ct
        return r

    ids = {empty: DEAD, closure(start): START}
    order = list(ids)
    table = array.array("I", bytes(4 * n))
    accepting = bytearray(1)
    i = START
    while i < len(order):   # order grows while the loop runs
        dstate = order[i]
        i += 1
        accepting.append(final in dstate)
        moving = [row(s) for s in dstate if edges[s]]
        targets = moving[0] if len(moving) == 1 else [empty.union(*col) for col in zip(*moving)] if moving \
            else [empty] * n
        out = []
        for t in targets:
            j = ids.get(t)
            if j is None:
                j = ids[t] = len(order)
                order.append(t)
                if len(order) * (n + 1) > MAX_TABLE_ENTRIES:
                    raise LimitError(f"{where}: the automaton's table (states x (classes + 1))",
                                     len(order) * (n + 1), "MAX_TABLE_ENTRIES", MAX_TABLE_ENTRIES)
            out.append(j)
        table.extend(out)
    return Automaton(bytes(cls), n, table, bytes(accepting))


def _closure(marked: bytearray, moves: Sequence[Iterable[int]], *seeds: int) -> bytearray:
    """marked, with the seeds and every state that moves lead to from a marked state marked too."""
    for s in seeds:
        marked[s] = 1
    todo = [s for s in range(len(marked)) if marked[s]]
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
    new = [DEAD] * n
    for i, s in enumerate(keep):
        new[s] = i
    renumbered = array.array("I", [new[u] for s in keep for u in t[s * nc:(s + 1) * nc]])
    merged: dict[bytes, int] = {}   # a column (every state's next state on a class) -> its new class
    colmap = [merged.setdefault(renumbered[c::nc].tobytes(), len(merged)) for c in range(nc)]
    m = len(merged)
    firsts = [colmap.index(c) for c in range(m)]
    table = array.array("I", [renumbered[i + c] for i in range(0, len(renumbered), nc) for c in firsts])
    return Automaton(bytes(colmap[c] for c in a.classes), m, table, bytes(a.accepting[s] for s in keep))


def compile_pattern(p: Pattern, where: str = "pattern") -> Automaton:
    """The trimmed DFA of p. LimitError (naming where) when its NFA or table would outgrow the limits;
    ValueError when p matches nothing."""
    if p is NOTHING:
        raise ValueError(f"{where}: the pattern matches nothing")
    if p.size > MAX_NFA_STATES:
        raise LimitError(f"{where}: the pattern's NFA", p.size, "MAX_NFA_STATES", MAX_NFA_STATES)
    return trim(_determinize(p, where))
