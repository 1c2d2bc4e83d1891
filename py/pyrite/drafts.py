"""Drafts for speculative decoding: the next tokens guessed without the model, for one forward to verify
(graph/speculative.py).

Prompt lookup ("ngram"): the longest suffix of the tokens so far (NGRAM_MAX down to NGRAM_MIN tokens)
that occurred before, most recent occurrence first, proposes the tokens that followed it. Text that
copies its input (code edits, reformatting, extraction) matches long runs; open-ended text rarely does.

How long a draft pays (DraftLength): a forward of s rows costs cost(s) times a forward of one row, by
adapter class (ROW_COST: nearly flat on a GPU, where a forward reads the weights once for every row; a
staircase on a CPU adapter, where each row costs compute and a row count runs its tile's), and a drafted token
stands with chance p once the ones before it stood (kept per matched n-gram length from what was
accepted lately), so a draft of k tokens yields (1 + p + ... + p^k) / cost(k + 1) tokens per one-row
forward's time. The drafter takes the k that maximizes it, and no draft where none yields WORTH; a draft
not worth trying lets the failures fade, so a stretch that copies again is found. (Timing the forwards
as they ran priced each width by its first forward, which builds its dispatches, and by a loaded
machine's worst moments, until nothing was drafted: the costs are fixed per class.)
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

METHODS = ("ngram", "draft")  # "draft": a smaller model's greedy picks (draftmodel.py)
MAX_DRAFT = 16     # the most tokens a request may ask to draft (a forward takes the draft and one more)
DEFAULT_DRAFT = 8
NGRAM_MAX, NGRAM_MIN = 4, 2
# a forward of s rows against one of one row (index s - 1): lavapipe times SmolLM2's verify forwards of 1 / 2
# / 4 / 6 / 8 rows at 1 / 1.05 / 1.58 / 1.91 / 2.02 (graph/speculative.py); 3, 5 and 7 rows run the tile of
# 4 and 8 (ops/linear.py small_tile), so cost nearly what the count above them does (SwiftShader: 1 / 1.44 /
# 1.96 / 2.03 / 2.28 / 2.32 / 2.57 for 1-6 and 8 rows, steeper for short drafts; as the policy's table it
# drafted less where drafts stand, bench/README.md). A GPU reads the weights once for every row (a guess:
# no GPU was measured)
ROW_COST = {"cpu": (1.0, 1.05, 1.55, 1.58, 1.85, 1.91, 1.97, 2.02),
            "gpu": tuple(1 + 0.05 * s for s in range(MAX_DRAFT + 1))}
PRIOR_P = {4: 0.8, 3: 0.7, 2: 0.5}  # a drafted token's chance to stand per n-gram length, before any verdict
PRIOR_WEIGHT = 2.0                  # ... worth this many drafts' tokens
DECAY = 0.8        # the weight a past draft keeps at each new one of its n-gram length
FADE = 0.9         # the weight the failures keep at each draft not worth trying
WORTH = 1.1        # a draft must promise this many tokens per one-row forward's time: what the tape's
                   # batches, which take a stretch with no drafts, gain over one-row forwards (bench/README.md)


@dataclass(frozen=True)
class Speculative:
    method: str = "ngram"
    max_draft: int = DEFAULT_DRAFT
    model: str | None = None  # method "draft": the drafting model's directory or URL


def speculative_params(value: Any) -> Speculative | None:
    """A request's speculative field, checked (schema.SPECULATIVE: false, "ngram" or {method, max_draft,
    model}), as the engine takes it; None or false: off."""
    if value is None or value is False or isinstance(value, Speculative):
        return value or None
    if isinstance(value, str):
        return Speculative(value)
    return Speculative(value["method"], value.get("max_draft") or DEFAULT_DRAFT, value.get("model"))


@dataclass
class DraftLength:
    """The draft length that pays, from the acceptance per n-gram length and the cost of a forward's rows."""

    costs: tuple[float, ...]      # a forward of s rows against one of one row, at s - 1 (ROW_COST by class)
    stood: dict[int, float] = field(default_factory=dict)    # n -> drafted tokens that stood (decayed)
    failed: dict[int, float] = field(default_factory=dict)   # n -> drafts cut short by a rejection

    def chance(self, n: int) -> float:
        """p: the chance a token drafted from an n-gram match stands, once the ones before it stood."""
        a = self.stood.get(n, 0.0) + PRIOR_P[n] * PRIOR_WEIGHT
        return a / (a + self.failed.get(n, 0.0) + (1 - PRIOR_P[n]) * PRIOR_WEIGHT)

    def cost(self, rows: int) -> float:
        """A forward of rows rows against one of one row (past the table, at its mean cost per row)."""
        last = len(self.costs)
        if rows <= last:
            return self.costs[rows - 1]
        return self.costs[-1] + (rows - last) * (self.costs[-1] - 1) / (last - 1)

    def best(self, n: int, limit: int) -> int:
        """The k <= limit that maximizes a forward's yield per cost (0: none yields WORTH)."""
        p, made, best, k_best = self.chance(n), 1.0, WORTH, 0
        for k in range(1, limit + 1):
            made += p ** k
            gain = made / self.cost(k + 1)
            if gain > best:
                best, k_best = gain, k
        if k_best == 0:
            self.failed[n] = self.failed.get(n, 0.0) * FADE
        return k_best

    def verified(self, n: int, drafted: int, accepted: int) -> None:
        self.stood[n] = self.stood.get(n, 0.0) * DECAY + accepted
        self.failed[n] = self.failed.get(n, 0.0) * DECAY + (accepted < drafted)


class NgramDrafter:
    """Prompt-lookup drafts over a growing list of tokens (the prompt, then the output), indexed as they
    arrive: per n-gram length, each n-gram's latest start that has a token after it."""

    def __init__(self, tokens: list[int], max_draft: int = DEFAULT_DRAFT, adapter_class: str = "cpu"):
        self.tokens: list[int] = []
        self.max_draft = max_draft
        self.length = DraftLength(ROW_COST[adapter_class])
        self._starts: dict[int, dict[tuple[int, ...], int]] = {n: {} for n in range(NGRAM_MIN, NGRAM_MAX + 1)}
        self._matched = 0  # the n-gram length of the last draft
        self.extend(tokens)

    def extend(self, tokens: list[int]) -> None:
        for t in tokens:
            end = len(self.tokens)  # the n-grams ending before t now have t after them
            for n, starts in self._starts.items():
                if end >= n:
                    starts[tuple(self.tokens[end - n:end])] = end - n
            self.tokens.append(t)

    def draft(self, limit: int, at_least: int = 1) -> tuple[list[int], int]:
        """The next tokens guessed (at most limit and max_draft; as many as pay, DraftLength) and the length
        of the n-gram that matched; ([], 0): no match with at least at_least tokens after it, or no draft
        of at_least tokens pays."""
        limit = min(limit, self.max_draft)
        for n in range(NGRAM_MAX, NGRAM_MIN - 1, -1):
            if len(self.tokens) <= n:
                continue
            at = self._starts[n].get(tuple(self.tokens[-n:]))
            if at is not None and len(self.tokens) - at - n >= at_least:
                length = self.length.best(n, limit)
                if length < at_least:
                    return [], 0
                self._matched = n
                return self.tokens[at + n:at + n + length], n
        return [], 0

    async def propose(self, limit: int) -> tuple[list[int], int]:
        """draft(limit), as graph/speculative.py's Drafter asks for it."""
        return self.draft(limit)

    def verified(self, drafted: int, accepted: int) -> None:
        """The last draft, of `drafted` tokens, had its first `accepted` confirmed."""
        self.length.verified(self._matched, drafted, accepted)
