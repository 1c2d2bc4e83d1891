"""Sampling parameters (checked up front, by one table of fields), and the host's draw from one row of
logits: repetition penalty, top-k, temperature, top-p, min-p, seeded. Pure Python.

Decode draws on the GPU (shaders/sample/draw.wgsl, the same steps in the same order, with its own
counter-based random numbers); the host draws only where it sees every step (option decode_batch=1,
profiling). Greedy decoding never comes here: the argmax runs on the GPU.
"""
from __future__ import annotations

import heapq
import math
import random
from dataclasses import dataclass, fields
from typing import Any, Mapping, Sequence

from .errors import SamplingError
from .fields import Field


MAX_TOP_K = 256   # candidates of a draw: shaders/sample/draw.yaml TOP_K (tests/engine/test_sampling.py ties them)
MAX_WINDOW = 64   # positions the repetition penalty can look back (the GPU's history ring)
# The draw reads temperature and penalty as f32 and divides by them: bounds keep both meaningful there
# (far past any use: at temperature 100 a draw is near uniform over its candidates).
MAX_TEMPERATURE, PENALTY_RANGE = 100, (0.01, 100)
# A positive temperature this small draws the argmax anyway; far smaller, 1 / t overflows the GPU's f32.
GREEDY_BELOW = 1e-6

# The sampling fields, once: SamplingParams checks them, and the page checks the same table (pyrite.schema).
SAMPLING_FIELDS: tuple[Field, ...] = (
    Field("temperature", "number", 0.0, SamplingError, f"0 (below {GREEDY_BELOW:g}): greedy", minimum=0,
          maximum=MAX_TEMPERATURE),
    Field("top_k", "integer", 0, SamplingError, f"candidates of the draw (0: {MAX_TOP_K})", minimum=0,
          maximum=MAX_TOP_K),
    Field("top_p", "number", 1.0, SamplingError, "nucleus mass kept", minimum=0, exclusive_minimum=True, maximum=1),
    Field("min_p", "number", 0.0, SamplingError, "drop tokens below min_p times the most likely one's probability",
          minimum=0, maximum=1, exclusive_maximum=True),
    Field("repetition_penalty", "number", 1.0, SamplingError,
          "> 1 discourages the tokens of the last repetition_window positions", minimum=PENALTY_RANGE[0],
          maximum=PENALTY_RANGE[1]),
    Field("repetition_window", "integer", MAX_WINDOW, SamplingError, "positions the penalty looks back", minimum=0,
          maximum=MAX_WINDOW),
    Field("seed", "integer", None, SamplingError, "absent: a fresh draw each time", minimum=0, maximum=2 ** 64,
          exclusive_maximum=True),
)
SAMPLING = {f.name: f for f in SAMPLING_FIELDS}
OPTION_KEYS = tuple(SAMPLING)


@dataclass(frozen=True)
class SamplingParams:
    """Sampling parameters, each checked by its SAMPLING_FIELDS entry (None: the default)."""
    temperature: float = SAMPLING["temperature"].default
    top_k: int = SAMPLING["top_k"].default
    top_p: float = SAMPLING["top_p"].default
    min_p: float = SAMPLING["min_p"].default
    repetition_penalty: float = SAMPLING["repetition_penalty"].default
    repetition_window: int = SAMPLING["repetition_window"].default
    seed: int | None = SAMPLING["seed"].default

    def __post_init__(self) -> None:
        for f in fields(self):
            object.__setattr__(self, f.name, SAMPLING[f.name].check(getattr(self, f.name)))

    @classmethod
    def from_options(cls, options: Mapping[str, Any]) -> "SamplingParams":
        """From a request's options (the page's, the CLI's): the sampling keys it has, checked."""
        return cls(**{k: options[k] for k in OPTION_KEYS if options.get(k) is not None})

    def to_options(self) -> dict[str, Any]:
        return {k: getattr(self, k) for k in OPTION_KEYS}

    @property
    def greedy(self) -> bool:
        return self.temperature < GREEDY_BELOW


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
