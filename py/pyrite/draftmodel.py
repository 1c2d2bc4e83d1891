"""Speculative decoding's draft model (method "draft"): a smaller model with the target's vocabulary,
loaded on the same device, drafts the next tokens as its own greedy picks, and the target verifies them
in one forward (graph/speculative.py), so the output stays the target's token for token. It pays where a
forward of several rows costs the target about what one row does (a GPU) and the draft model is several
times cheaper per token than the target; on a CPU adapter each row costs arithmetic.

The draft model's KV cache follows the tokens that stood: a draft starts with one forward of the tokens
it has not run yet (the target's pick after the last verdict, and an accepted draft token it picked but
never ran), which picks the draft's first token; the rest are the draft model's decode steps, replayed
from its tape (graph/tape.py: each pick feeds the next step on the GPU, the batch's tokens read back
once), not a round trip per token. A rejected token's K and V are left behind the position, as the
target's are. What its cache holds after a verdict is kept (its KVState), so the next request's draft
model prefills only what follows the longest common prefix, as the target's chat turns do.

How many tokens a draft has follows transformers' assisted generation ("heuristic" schedule): DRAFT_START
at first, two more after a draft that stood whole, one fewer after one that did not (1 .. max_draft).
"""
from __future__ import annotations

from contextlib import aclosing
from dataclasses import dataclass
from typing import Any, AsyncIterator, Awaitable, Protocol, Sequence

from .errors import ModelFormatError, RequestError, StorageError
from .kvstate import KVState
from .models.format import ModelIndex
from .models.resident import shard_source
from .sampler import GREEDY

DRAFT_START = 5   # tokens of the first draft (transformers' num_assistant_tokens)
NEVER = float("inf")  # a draft model drafts after every token: its stretches never go to the tape's batches


class DraftEngine(Protocol):
    """What the drafter uses of the draft model's Engine."""

    max_ctx: int
    sampler: Any  # Sampler: token() reads the last greedy pick
    kv: KVState   # the tokens its cache holds, from one request to the next

    def prefill(self, ids: list[int], start: int = 0, head: Sequence[str] = GREEDY) -> Awaitable[None]: ...

    def decode(self, token: int, pos: int, steps: int, head: Sequence[str]) -> AsyncIterator[int]: ...


async def draft_index(model: str) -> ModelIndex:
    """The draft model's index, or a RequestError naming speculative.model where it cannot be
    read (no such directory or URL, not a pyrite model)."""
    try:
        return await shard_source(model).index()
    except (ModelFormatError, StorageError, OSError) as e:
        raise RequestError("speculative.model", f"speculative.model {model!r}: {e}") from None


def check_vocabulary(target: ModelIndex, draft: ModelIndex, model: str) -> None:
    """A draft model's index against the target's: the same tokens, in the same order, or a
    RequestError naming speculative.model and both models."""
    ours, theirs = (i.tokenizer["tokens"] if i.tokenizer is not None else None for i in (target, draft))
    if ours is None or ours != theirs:
        sizes = " against ".join(f"{len(t)} tokens" if t is not None else "no tokenizer" for t in (theirs, ours))
        raise RequestError("speculative.model", f"speculative.model {model!r} ({draft.name}) cannot draft for "
                                                f"{target.name}: their vocabularies differ ({sizes})")


@dataclass
class ModelDrafter:
    """Drafts from a draft model's greedy picks after the tokens so far (the prompt, then the output)."""

    engine: DraftEngine
    tokens: list[int]
    max_draft: int
    vocab: int            # the target's embedding rows: a draft stops before a token past them
    length: int = 0       # the next draft's tokens (the schedule above)
    cached: int = 0       # tokens whose K and V the draft model's cache holds
    tape_after: float = NEVER

    def __post_init__(self) -> None:
        self.tokens = list(self.tokens)
        self.length = min(DRAFT_START, self.max_draft)
        self.cached = self.engine.kv.reuse(self.tokens) if self.tokens else 0

    def extend(self, tokens: list[int]) -> None:
        self.tokens.extend(tokens)

    async def propose(self, limit: int) -> tuple[list[int], int]:
        """The draft model's next picks (at most limit and the schedule's length) and 0 (no n-gram)."""
        k, e, at = min(limit, self.length), self.engine, len(self.tokens)
        if k < 1 or at + k > e.max_ctx:
            return [], 0
        await e.prefill(self.tokens, self.cached)
        out = [await e.sampler.token()]
        if k > 1:
            async with aclosing(e.decode(out[0], at, k - 1, GREEDY)) as rest:
                out += [t async for t in rest]
        self.cached = at + k - 1  # every draft token but the last went through it
        past = next((i for i, t in enumerate(out) if t >= self.vocab), k)
        return out[:past], 0

    def verified(self, drafted: int, accepted: int) -> None:
        """The last draft, of `drafted` tokens, had its first `accepted` confirmed (extend() took them)."""
        self.cached = min(self.cached, len(self.tokens))
        self.engine.kv.commit(self.tokens[:self.cached])  # what the next request's draft may reuse
        self.length = min(self.length + 2, self.max_draft) if accepted == drafted else max(1, self.length - 1)
