"""Byte-pair encoding of one pre-tokenized piece, with HF tokenizers' merge order."""
from __future__ import annotations

from heapq import heapify, heappop, heappush

from pyrite.errors import TokenizerError


class BytePairEncoder:
    """Merges byte-level symbols by rank: always the lowest-ranked adjacent pair,
    leftmost first among equals (a heap over a linked list, so a long piece costs
    O(n log n), not GPT-2's O(n^2) rescans)."""

    def __init__(self, vocab: dict[str, int], merges: list[str], ignore_merges: bool):
        self._vocab = vocab
        # Keyed by the merge line itself ("Ġ t"): byte-level symbols never contain
        # a space, so left + " " + right is unambiguous and the load does no splitting.
        self._ranks = dict(zip(merges, range(len(merges))))
        self._ignore_merges = ignore_merges

    def encode(self, word: str) -> tuple[int, ...]:
        """Token ids for one piece spelled in byte-level symbols (callers cache per piece)."""
        if self._ignore_merges and word in self._vocab:
            return (self._vocab[word],)
        return tuple(self._lookup(s, word) for s in self._merge(word))

    def _lookup(self, symbol: str, word: str) -> int:
        try:
            return self._vocab[symbol]
        except KeyError:
            raise TokenizerError(
                f"BPE of {word!r} ended on {symbol!r}, which is not in the vocabulary"
            ) from None

    def _merge(self, word: str) -> list[str]:
        syms: list[str | None] = list(word)
        n = len(syms)
        if n < 2:
            return list(word)
        ranks = self._ranks
        nxt = list(range(1, n + 1))
        nxt[-1] = -1
        prv = list(range(-1, n - 1))
        # heap entries: (rank, index of the pair's left symbol)
        heap = [(r, i) for i in range(n - 1) if (r := ranks.get(word[i] + " " + word[i + 1])) is not None]
        heapify(heap)
        while heap:
            r, i = heappop(heap)
            left = syms[i]
            j = nxt[i]
            # Stale entry: a neighbour was merged away since it was pushed.
            if left is None or j < 0 or ranks.get(left + " " + syms[j]) != r:
                continue
            merged = left + syms[j]
            syms[i], syms[j] = merged, None
            k = nxt[j]
            nxt[i] = k
            if k >= 0:
                prv[k] = i
                if (rk := ranks.get(merged + " " + syms[k])) is not None:
                    heappush(heap, (rk, i))
            p = prv[i]
            if p >= 0 and (rp := ranks.get(syms[p] + " " + merged)) is not None:
                heappush(heap, (rp, p))
        return [s for s in syms if s is not None]
