"""Patterns over bytes (small combinators) and their compilation to an Automaton.

A pattern is a tree of combinators; compile_pattern lays it out as an NFA with byte-set edges and
epsilon moves (Thompson's construction) and hands it to the subset construction (dfa.py); a table the
pattern already says is too large (its moving states x its classes) is refused before that. A pattern
can carry a name (named(): the schema compiler names each sub-schema's pattern by its path), so a limit
error names the innermost sub-schema that holds at least half of what outgrew the limit.

Pure Python and no numpy: the page runs this in Pyodide. Byte sets are Python ints used as 256-bit
masks (bit b set: byte b is in the set).
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..errors import LimitError
from .automaton import Automaton
from . import dfa
from .dfa import NFA, byte_classes, determinize, merge_classes, no_gc

MAX_NFA_STATES = 1 << 18      # checked before the NFA is laid out, so a huge repeat count never hangs


class Pattern:
    """A set of byte strings. Built by the functions below; size bounds the NFA states it lays out, moving
    counts those of them that get byte edges, and starts says whether its entry gets one (so the table
    can be estimated before the NFA is laid out: the states that move, as the subset construction counts)."""
    __slots__ = ("size", "moving", "starts")
    size: int
    moving: int
    starts: bool

    def emit(self, nfa: NFA, entry: int) -> int:
        """Lays the pattern out from entry, returns its exit state. Only states a node creates itself
        ever get edges back into them, so entries and exits can be shared between nodes."""
        raise NotImplementedError

    def shares(self) -> Iterable[tuple["Pattern", int]]:
        """(part, the NFA states laid out for it here, all its copies together) for each part."""
        return ()

    def masks(self) -> Iterable[int]:
        """The byte masks of the edges the pattern lays out itself (its parts' aside)."""
        return ()

    def kids(self) -> tuple["Pattern", ...]:
        """Its parts (shares() without the counts, for walks that need only the parts)."""
        return ()


class _Nothing(Pattern):
    """The empty set: the combinators fold it away, and compile_pattern refuses it."""
    __slots__ = ()

    def __init__(self) -> None:
        self.size, self.moving, self.starts = 0, 0, False


class _Empty(Pattern):
    """The empty string alone."""
    __slots__ = ()

    def __init__(self) -> None:
        self.size, self.moving, self.starts = 0, 0, False

    def emit(self, nfa: NFA, entry: int) -> int:
        return entry


NOTHING: Pattern = _Nothing()
EMPTY: Pattern = _Empty()


class _Bytes(Pattern):
    __slots__ = ("mask",)

    def __init__(self, mask: int) -> None:
        self.mask, self.size, self.moving, self.starts = mask, 1, 0, True

    def emit(self, nfa: NFA, entry: int) -> int:
        t = nfa.new()
        nfa.edges[entry].append((self.mask, t))
        return t

    def masks(self) -> Iterable[int]:
        return (self.mask,)


class _Seq(Pattern):
    __slots__ = ("parts",)

    def __init__(self, parts: tuple[Pattern, ...]) -> None:
        self.parts, self.size = parts, sum(p.size for p in parts)
        self.moving = sum(p.moving for p in parts) + sum(p.starts for p in parts[1:])
        self.starts = parts[0].starts

    def emit(self, nfa: NFA, entry: int) -> int:
        for p in self.parts:
            entry = p.emit(nfa, entry)
        return entry

    def shares(self) -> Iterable[tuple[Pattern, int]]:
        return ((p, p.size) for p in self.parts)

    def kids(self) -> tuple[Pattern, ...]:
        return self.parts


class _Alt(Pattern):
    __slots__ = ("parts",)

    def __init__(self, parts: tuple[Pattern, ...]) -> None:
        self.parts, self.size = parts, sum(p.size for p in parts) + 1
        self.moving, self.starts = sum(p.moving for p in parts), any(p.starts for p in parts)

    def emit(self, nfa: NFA, entry: int) -> int:
        end = nfa.new()
        for p in self.parts:
            nfa.eps[p.emit(nfa, entry)].append(end)
        return end

    def shares(self) -> Iterable[tuple[Pattern, int]]:
        return ((p, p.size) for p in self.parts)

    def kids(self) -> tuple[Pattern, ...]:
        return self.parts


class _Join(Pattern):
    """lo..hi items (hi None: unbounded) with sep between neighbours. An unbounded tail loops through one
    copy of the item, so the DFA does not hold a second, equivalent copy of every item state."""
    __slots__ = ("item", "sep", "lo", "hi")

    def __init__(self, item: Pattern, sep: Pattern, lo: int, hi: int | None) -> None:
        self.item, self.sep, self.lo, self.hi = item, sep, lo, hi
        n = self.copies()
        self.size = (item.size + sep.size) * n + 2
        self.starts = item.starts and (hi is not None or lo >= 2)   # the first item laid out at the entry
        self.moving = (item.moving + sep.moving + item.starts + sep.starts) * n - self.starts

    def copies(self) -> int:
        return max(self.lo, 1) if self.hi is None else self.hi

    def shares(self) -> Iterable[tuple[Pattern, int]]:
        return ((self.item, self.item.size * self.copies()), (self.sep, self.sep.size * self.copies()))

    def kids(self) -> tuple[Pattern, ...]:
        return self.item, self.sep

    def emit(self, nfa: NFA, entry: int) -> int:
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
        self.moving = sum(p.moving for _, p, _ in edges) + len({u for u, p, _ in edges if p.starts})
        self.starts = False

    def emit(self, nfa: NFA, entry: int) -> int:
        nodes = [nfa.new() for _ in range(self.n_nodes)]
        nfa.eps[entry].append(nodes[0])
        for u, p, v in self.edges:
            nfa.eps[p.emit(nfa, nodes[u])].append(nodes[v])
        end = nfa.new()
        for f in self.finals:
            nfa.eps[nodes[f]].append(end)
        return end

    def shares(self) -> Iterable[tuple[Pattern, int]]:
        return ((p, p.size) for _, p, _ in self.edges)

    def kids(self) -> tuple[Pattern, ...]:
        return tuple(p for _, p, _ in self.edges)


class _Named(Pattern):
    """p, built for the sub-schema name (laid out as p is)."""
    __slots__ = ("inner", "name")

    def __init__(self, inner: Pattern, name: str) -> None:
        self.inner, self.name, self.size, self.moving, self.starts = inner, name, inner.size, inner.moving, inner.starts

    def emit(self, nfa: NFA, entry: int) -> int:
        return self.inner.emit(nfa, entry)

    def shares(self) -> Iterable[tuple[Pattern, int]]:
        return ((self.inner, self.size),)

    def kids(self) -> tuple[Pattern, ...]:
        return (self.inner,)


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


def named(p: Pattern, name: str) -> Pattern:
    """p, marked as what the sub-schema name builds (for limit errors)."""
    return p if p is NOTHING or p is EMPTY else _Named(p, name)


def bare(p: Pattern) -> Pattern:
    """p without its names."""
    while isinstance(p, _Named):
        p = p.inner
    return p


def holder(p: Pattern, where: str) -> str:
    """The name of the innermost named part of p that holds at least half its NFA states (where when none):
    down from p, into the part that holds at least half, as long as one does."""
    half, name = p.size / 2, where
    while p is not None:
        if isinstance(p, _Named):
            name = p.name
        p = next((q for q, share in p.shares() if share >= half), None)
    return name


def compile_pattern(p: Pattern, where: str = "pattern") -> Automaton:
    """The trimmed DFA of p. LimitError (naming where, or the sub-schema of p that holds most of it) when
    its NFA or table would outgrow the limits; ValueError when p matches nothing."""
    if p is NOTHING:
        raise ValueError(f"{where}: the pattern matches nothing")
    if p.size > MAX_NFA_STATES:
        raise LimitError(f"{holder(p, where)}: the pattern's NFA", p.size, "MAX_NFA_STATES", MAX_NFA_STATES)
    with no_gc():
        masks = None
        if (p.moving + p.starts) * 257 > dfa.EARLY * dfa.MAX_TABLE_ENTRIES:   # past the limit with 256 classes
            masks = _masks(p)
            estimate = (p.moving + p.starts) * (byte_classes(masks)[1] + 1)
            if estimate > dfa.EARLY * dfa.MAX_TABLE_ENTRIES:   # refused before the NFA is laid out (a third sooner)
                raise LimitError(f"{holder(p, where)}: the automaton's table (states x (classes + 1)), estimated "
                                 f"from the pattern before its NFA", estimate, "MAX_TABLE_ENTRIES",
                                 dfa.MAX_TABLE_ENTRIES)
        nfa = NFA()
        start = nfa.new()
        final = p.emit(nfa, start)
        return merge_classes(determinize(nfa, start, final, lambda: holder(p, where), masks))


def _masks(p: Pattern) -> set[int]:
    """The byte masks of every edge p lays out: each distinct part visited once."""
    seen, todo, out = {id(p)}, [p], set()
    while todo:
        q = todo.pop()
        out.update(q.masks())
        for part in q.kids():
            if id(part) not in seen:
                seen.add(id(part))
                todo.append(part)
    return out
