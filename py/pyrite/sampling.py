"""Host-side sampling from one row of logits: temperature, top-k, top-p, seeded. Pure Python.

Greedy decoding never comes here: the argmax runs on the GPU and only 8 bytes are read back.
"""
from __future__ import annotations

import heapq
import math
import random
from dataclasses import dataclass
from typing import Sequence


@dataclass(frozen=True)
class SamplingParams:
    temperature: float = 0.0   # 0: greedy
    top_k: int = 0             # 0: no limit
    top_p: float = 1.0         # nucleus mass kept
    seed: int | None = None

    def __post_init__(self) -> None:
        if self.temperature < 0 or not math.isfinite(self.temperature):
            raise ValueError(f"temperature must be >= 0, got {self.temperature}")
        if self.top_k < 0:
            raise ValueError(f"top_k must be >= 0, got {self.top_k}")
        if not 0.0 < self.top_p <= 1.0:
            raise ValueError(f"top_p must be in (0, 1], got {self.top_p}")

    @property
    def greedy(self) -> bool:
        return self.temperature == 0.0


# Without a top_k, sampling still looks at the most likely tokens only: beyond a few hundred,
# the tail's mass at any useful temperature is far below float resolution of the draw.
DEFAULT_CANDIDATES = 256


def sample(logits: Sequence[float], params: SamplingParams, rng: random.Random) -> int:
    """Draw one token id: top-k candidates -> softmax at temperature -> top-p nucleus -> draw."""
    k = params.top_k or DEFAULT_CANDIDATES
    cand = heapq.nlargest(min(k, len(logits)), range(len(logits)), key=logits.__getitem__)
    t = params.temperature
    top = logits[cand[0]]
    weights = [math.exp((logits[i] - top) / t) for i in cand]
    total = sum(weights)
    probs = [w / total for w in weights]
    if params.top_p < 1.0:
        kept, mass = 0, 0.0
        while kept < len(probs) and mass < params.top_p:
            mass += probs[kept]
            kept += 1
        cand, probs = cand[:kept], [p / mass for p in probs[:kept]]
    r = rng.random()
    acc = 0.0
    for i, p in zip(cand, probs):
        acc += p
        if r < acc:
            return i
    return cand[-1]


def log_softmax_at(logits: Sequence[float], ids: Sequence[int]) -> list[float]:
    """log softmax(logits)[i] for each i in ids (one pass for the normaliser, stable)."""
    top = max(logits)
    lse = top + math.log(sum(math.exp(x - top) for x in logits))
    return [logits[i] - lse for i in ids]
