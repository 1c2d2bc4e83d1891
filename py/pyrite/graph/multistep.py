"""Decode in multi-token forwards: each forward takes the token picked last and a run of tokens known
without the model (jump-forward: a constraint's forced tokens, jumpforward.py; speculative decoding
will bring drafted ones), S = 1 + len(run) <= MAX_RUN tokens at positions pos.., through the body and a
head that picks the next token at the last position (Live(S, pos): the prefill's shape). The small-S
routes (ops/linear.py, ops/sdpa.py) read each weight once for the S rows and reduce each row as the
decode step does, so position i's logits equal a decode step's there, bit for bit.

Composition with the decode tape (graph/tape.py): the tape replays batches of one-token steps with the
host out of the loop, so it cannot see where a forced run begins: a batch runs through it one masked
step per token. Ending a batch there would need the GPU to stop a replay half-way. So a run that
jumps forward is driven from the host, one forward per submit, the pick read back before the next
forward (its run depends on it): measured natively on lavapipe, one step per submit costs about 10%
against the batched tape (bench/README.md), while a key-heavy schema puts 2-3 tokens through each
forward. Everything a forward needs besides its ids is indexed by position (the KV cache, the draw's
history ring and its RNG) or written by `runs` (the constraint's state after the run), so a run needs
no rollback of its own.
"""
from __future__ import annotations

import time
from typing import AsyncIterator, Awaitable, Callable, Sequence

from .tape import DecodeCounts

MAX_RUN = 16  # tokens one forward takes: the small-S routes' range

Step = Callable[[list[int], int, Sequence[str]], Awaitable[None]]  # Engine.step(ids, pos, sections)
# (token picked, its position, most tokens) -> the run after it, with what the head reads written
Runs = Callable[[int, int, int], list[int]]


async def run_stream(step: Step, picked: Callable[[], Awaitable[int]], runs: Runs, token: int, pos: int, steps: int,
                     sections: Sequence[str], counts: DecodeCounts, most: int = MAX_RUN) -> AsyncIterator[int]:
    """Up to `steps` tokens after token at pos: per forward (at most `most` tokens: the plan's max_seq),
    the run `runs` gives after the token picked last (each yielded, counted as forced), then the token
    the head picks after them."""
    done = 0
    while done < steps:
        t0 = time.perf_counter()
        run = runs(token, pos, min(MAX_RUN, most, steps - done) - 1)
        await step([token, *run], pos, sections)
        counts.submitted(1, time.perf_counter() - t0, forced=len(run))
        for t in run:
            yield t
        token = await picked()
        yield token
        pos, done = pos + 1 + len(run), done + 1 + len(run)
