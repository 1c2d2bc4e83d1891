"""Sampling parameters (checked up front), and the host's draw from one row of logits: repetition
penalty, top-k, temperature, top-p, min-p, seeded. Pure Python.

Decode draws on the GPU (shaders/sample/draw.wgsl, the same steps in the same order, with its own
counter-based random numbers); the host draws only where it sees every step (option decode_batch=1,
profiling). Greedy decoding never comes here: the argmax runs on the GPU.
"""
from __future__ import annotations

import heapq
import math
import random
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from .errors import PyriteError


MAX_TOP_K = 256   # candidates of a draw (shaders/sample/draw.yaml TOP_K)
MAX_WINDOW = 64   # positions the repetition penalty can look back (the GPU's history ring)


OPTION_KEYS = ("temperature", "top_k", "top_p", "min_p", "repetition_penalty", "repetition_window", "seed")


class SamplingError(PyriteError, ValueError):
    """A sampling option out of its range (named), refused before any GPU work."""

    def __init__(self, option: str, message: str):
        self.option = option
        super().__init__(message)


@dataclass(frozen=True)
class SamplingParams:
    temperature: float = 0.0   # 0: greedy
    top_k: int = 0             # 0: MAX_TOP_K candidates
    top_p: float = 1.0         # nucleus mass kept
    min_p: float = 0.0         # drop tokens below min_p times the most likely one's probability
    repetition_penalty: float = 1.0  # > 1 discourages the tokens of the last repetition_window positions
    repetition_window: int = MAX_WINDOW
    seed: int | None = None

    def __post_init__(self) -> None:
        checks = (
            ("temperature", self.temperature, _number(self.temperature) and self.temperature >= 0, ">= 0"),
            ("top_k", self.top_k, _integer(self.top_k) and 0 <= self.top_k <= MAX_TOP_K, f"in 0 .. {MAX_TOP_K}"),
            ("top_p", self.top_p, _number(self.top_p) and 0.0 < self.top_p <= 1.0, "in (0, 1]"),
            ("min_p", self.min_p, _number(self.min_p) and 0.0 <= self.min_p < 1.0, "in [0, 1)"),
            ("repetition_penalty", self.repetition_penalty,
             _number(self.repetition_penalty) and self.repetition_penalty > 0, "> 0"),
            ("repetition_window", self.repetition_window,
             _integer(self.repetition_window) and 0 <= self.repetition_window <= MAX_WINDOW, f"in 0 .. {MAX_WINDOW}"),
            ("seed", self.seed, self.seed is None or (_integer(self.seed) and 0 <= self.seed < 2 ** 64),
             "None or in 0 .. 2**64 - 1"),
        )
        for name, value, ok, want in checks:
            if not ok:
                raise SamplingError(name, f"sampling option {name} must be {want}, got {value!r}")

    @classmethod
    def from_options(cls, options: Mapping[str, Any]) -> "SamplingParams":
        """From a request's options (the page's, the CLI's): the sampling keys it has, checked."""
        return cls(**{k: options[k] for k in OPTION_KEYS if options.get(k) is not None})

    def to_options(self) -> dict[str, Any]:
        return {k: getattr(self, k) for k in OPTION_KEYS}

    @property
    def greedy(self) -> bool:
        return self.temperature == 0.0


def _number(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)


def _integer(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


# Without a top_k, sampling still looks at the most likely tokens only: beyond a few hundred,
# the tail's mass at any useful temperature is far below float resolution of the draw.
DEFAULT_CANDIDATES = MAX_TOP_K


def penalize(logits: Sequence[float], recent: Sequence[int], penalty: float, window: int) -> list[float]:
    """A copy of logits with each distinct token of recent[-window:] divided by penalty (multiplied where
    its logit is negative), as HF's RepetitionPenaltyLogitsProcessor."""
    out = list(logits)
    for t in set(recent[len(recent) - window:] if window else ()):
        if 0 <= t < len(out):
            out[t] = out[t] / penalty if out[t] > 0 else out[t] * penalty
    return out


def sample(logits: Sequence[float], params: SamplingParams, rng: random.Random, recent: Sequence[int] = ()) -> int:
    """Draw one token id: penalty -> top-k candidates -> softmax at temperature -> top-p -> min-p -> draw."""
    if params.repetition_penalty != 1.0:
        logits = penalize(logits, recent, params.repetition_penalty, params.repetition_window)
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
    if params.min_p > 0.0:
        kept = sum(1 for p in probs if p >= params.min_p * probs[0])
        mass = sum(probs[:kept])
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
