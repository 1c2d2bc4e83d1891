"""KVState: which tokens the KV cache holds, so a next turn prefills only what is new."""
from __future__ import annotations

from typing import Sequence


def common_prefix(a: Sequence[int], b: Sequence[int]) -> int:
    """How many leading tokens a and b share."""
    n = min(len(a), len(b))
    return next((i for i in range(n) if a[i] != b[i]), n)


class KVState:
    """The tokens whose K and V the cache holds, at positions 0 .. len - 1. Anything that runs the model
    forgets them first (clear) and records what it wrote once it ends (commit): a run that fails half way
    leaves the cache held for nothing."""

    def __init__(self) -> None:
        self.ids: list[int] = []

    def reuse(self, ids: Sequence[int]) -> int:
        """How many leading tokens of ids need no prefill: the longest common prefix with what the cache
        holds, never all of them (the last token always runs, for the logits of the next)."""
        return min(common_prefix(self.ids, ids), len(ids) - 1)

    def clear(self) -> None:
        self.ids = []

    def commit(self, ids: Sequence[int]) -> None:
        self.ids = list(ids)
