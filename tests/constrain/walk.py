"""Random walks of an Automaton: the texts a constrained sampler could produce, drawn byte by byte."""
from __future__ import annotations

import random

from pyrite.constrain import DEAD, START, Automaton


class Walker:
    """Draws texts from a: uniformly among the bytes that keep the walk live, stopping at an accepting
    state with probability stop; past max_len bytes it takes a shortest way to acceptance."""

    def __init__(self, a: Automaton, stop: float = 0.3, max_len: int = 600):
        self.a, self.stop, self.max_len = a, stop, max_len
        nc = a.n_classes
        self.rows = [a.table[s * nc:(s + 1) * nc] for s in range(a.n_states)]
        self.members = [[b for b in range(256) if a.classes[b] == c] for c in range(nc)]
        self.cache: dict[int, list[tuple[int, int]]] = {}
        self.distance = self._distances()

    def moves(self, s: int) -> list[tuple[int, int]]:
        """(byte, next state) for every byte that keeps the walk live from s."""
        if s not in self.cache:
            self.cache[s] = [(b, t) for c, t in enumerate(self.rows[s]) if t != DEAD for b in self.members[c]]
        return self.cache[s]

    def _distances(self) -> list[int]:
        """Each state's fewest bytes to an accepting state (-1: none)."""
        dist = [0 if acc else -1 for acc in self.a.accepting]
        frontier = [s for s, d in enumerate(dist) if d == 0]
        preds: list[list[int]] = [[] for _ in dist]
        for s, row in enumerate(self.rows):
            for t in set(row):
                preds[t].append(s)
        while frontier:
            nxt = []
            for t in frontier:
                for s in preds[t]:
                    if dist[s] < 0:
                        dist[s] = dist[t] + 1
                        nxt.append(s)
            frontier = nxt
        return dist

    def text(self, rng: random.Random) -> bytes:
        out, s = bytearray(), START
        while True:
            moves, long = self.moves(s), len(out) >= self.max_len
            if self.a.accepting[s] and (long or not moves or rng.random() < self.stop):
                return bytes(out)
            if long:
                moves = [m for m in moves if self.distance[m[1]] == self.distance[s] - 1]
            b, s = rng.choice(moves)
            out.append(b)
