"""Drafts for speculative decoding: the next tokens guessed without the model, for one forward to verify
(graph/speculative.py).

Prompt lookup ("ngram"): the longest suffix of the tokens so far (NGRAM_MAX down to NGRAM_MIN tokens)
that occurred before, most recent occurrence first, proposes the tokens that followed it. Text that
copies its input (code edits, reformatting, extraction) matches long runs; open-ended text rarely
matches, and a draft that is all wrong costs a wider forward for one token, so after a draft with
nothing accepted the drafter rests for BACKOFF_FIRST forwards, doubling up to BACKOFF_MAX while drafts
keep failing. The draft length follows the acceptance: a draft is cut to one more token than the last
one accepted, doubled back up to max_draft while drafts are accepted whole.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

METHODS = ("ngram",)
MAX_DRAFT = 16     # the most tokens a request may ask to draft (a forward takes the draft and one more)
DEFAULT_DRAFT = 8
NGRAM_MAX, NGRAM_MIN = 4, 2
BACKOFF_FIRST, BACKOFF_MAX = 4, 64


@dataclass(frozen=True)
class Speculative:
    method: str = "ngram"
    max_draft: int = DEFAULT_DRAFT


def speculative_params(value: Any) -> Speculative | None:
    """A request's speculative field, checked (schema.SPECULATIVE: false, "ngram" or {method, max_draft}),
    as the engine takes it; None or false: off."""
    if value is None or value is False or isinstance(value, Speculative):
        return value or None
    if isinstance(value, str):
        return Speculative(value)
    return Speculative(value["method"], value.get("max_draft", DEFAULT_DRAFT))


class NgramDrafter:
    """Prompt-lookup drafts over a growing list of tokens (the prompt, then the output), indexed as they
    arrive: per n-gram length, each n-gram's latest start that has a token after it."""

    def __init__(self, tokens: list[int], max_draft: int = DEFAULT_DRAFT):
        self.tokens: list[int] = []
        self.max_draft = self.length = max_draft
        self._starts: dict[int, dict[tuple[int, ...], int]] = {n: {} for n in range(NGRAM_MIN, NGRAM_MAX + 1)}
        self._rest, self._backoff = 0, BACKOFF_FIRST
        self.extend(tokens)

    def extend(self, tokens: list[int]) -> None:
        for t in tokens:
            end = len(self.tokens)  # the n-grams ending before t now have t after them
            for n, starts in self._starts.items():
                if end >= n:
                    starts[tuple(self.tokens[end - n:end])] = end - n
            self.tokens.append(t)

    def draft(self, limit: int, at_least: int = 1) -> tuple[list[int], int]:
        """The next tokens guessed (at most limit, and the draft length or at_least where that is more),
        and the length of the n-gram that matched; ([], 0): none of at least at_least tokens, or resting
        after failures."""
        length = min(limit, max(self.length, at_least))
        if length < at_least or length <= 0:
            return [], 0
        if self._rest > 0:
            self._rest -= 1
            return [], 0
        for n in range(NGRAM_MAX, NGRAM_MIN - 1, -1):
            if len(self.tokens) <= n:
                continue
            at = self._starts[n].get(tuple(self.tokens[-n:]))
            if at is not None and len(self.tokens) - at - n >= at_least:
                return self.tokens[at + n:at + n + length], n
        return [], 0

    def verified(self, drafted: int, accepted: int) -> None:
        """A draft of `drafted` tokens had its first `accepted` confirmed: set the next draft's length and
        rest."""
        if accepted == 0:
            self._rest, self._backoff = self._backoff, min(2 * self._backoff, BACKOFF_MAX)
        else:
            self._backoff = BACKOFF_FIRST
        self.length = (min(2 * self.length, self.max_draft) if accepted == drafted else
                       max(1, min(accepted + 1, self.max_draft)))
