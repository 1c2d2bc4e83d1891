"""Decode in multi-token forwards: each forward takes the token picked last and a run of tokens known
without the model (jump-forward: a constraint's forced tokens, jumpforward.py; speculative decoding:
drafted ones, graph/speculative.py), S = 1 + len(run) <= MAX_RUN tokens at positions pos.., through the body and a
head that picks the next token at the last position (Live(S, pos): the prefill's shape). The small-S
routes (ops/linear.py, ops/sdpa.py) read each weight once for the S rows and reduce each row as the
decode step does, so position i's logits equal a decode step's there, bit for bit.

Composition with the decode tape (graph/tape.py): the tape replays batches of one-token steps with the
host out of the loop, so it cannot see where a forced run begins (ending a batch there would need the
GPU to stop a replay half-way), and a run's forward needs the token picked before it. So forwards are
driven from the host, one per submit, the pick read back before the next run is known: one step per
submit costs about 10% against the tape's batches natively on lavapipe, which a key-heavy schema's 2
tokens per forward repay (1.49x free decoding natively, 1.39x in the page: bench/README.md). A long
free stretch (a string value, free text) has nothing to jump over: after TAPE_AFTER free tokens in a
row the stretch goes to the tape's batches, and leaves them at the first token a forced run follows
(the batch in flight past it is dropped, as after a stop: it only wrote positions the forward writes
again; speculative decoding's drafts wait for it instead, graph/speculative.py). Everything a forward
reads besides its ids is indexed by position (the KV cache, the draw's history ring, sized so that what
the batches in flight write never lands in a window before them, and its RNG) or written by `runs` (the
constraint's state after the run, queued after the batches in flight), so leaving a batch needs no
rollback of its own.
"""
from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field, replace
from typing import AsyncIterator, Awaitable, Callable, Protocol, Sequence

from ..gpu import Dispatch
from .plan import Live, Plan
from .routes import FORWARD_ROWS
from .tape import WINDOW, DecodeCounts

MAX_RUN = FORWARD_ROWS  # tokens one forward takes: the small-S routes' range
TAPE_AFTER = 8  # free tokens in a row after which a stretch goes to the tape (past a short value's)

Step = Callable[[list[int], int, Sequence[str]], Awaitable[None]]  # Engine.step(ids, pos, sections)
# (token picked, its position, most tokens) -> the run after it, with what the head reads written
Runs = Callable[[int, int, int], list[int]]
# (token, its position, steps, drain) -> the tokens after it, one step each (the tape's stream); once drain
# is set, no more batches are submitted and the stream ends with the ones in flight
Steps = Callable[[int, int, int, asyncio.Event], AsyncIterator[int]]


class Riders(Protocol):
    """What rides in a forward beside the token picked last, and what of it stands. drains: a run found
    in the tape's stretch waits for the batches in flight (their tokens stand, and the run is found again
    after them) rather than leaving them undone. tape_after: forwards in a row with no run after which
    the stretch goes to the tape's batches."""

    drains: bool
    tape_after: int

    async def runs(self, token: int, pos: int, most: int) -> list[int]:
        """token was picked at pos: the run after it (at most most tokens)."""

    async def forward(self, ids: list[int], pos: int) -> None:
        """One forward of ids (the token, then its run) at positions pos.."""

    async def picked(self, run: list[int]) -> tuple[int, int]:
        """After the forward of run: (how many of run's tokens stand, the token picked after them)."""


@dataclass
class Forced:
    """Jump-forward's riders: the constraint's forced run stands whole."""

    step: Step
    sections: Sequence[str]
    after: Runs                       # Sampler.forced_after
    token: Callable[[], Awaitable[int]]  # Sampler.token
    drains: bool = False  # the host's automaton state moves past a forced run once it is found
    tape_after: int = TAPE_AFTER

    async def runs(self, token: int, pos: int, most: int) -> list[int]:
        return self.after(token, pos, most)

    async def forward(self, ids: list[int], pos: int) -> None:
        await self.step(ids, pos, self.sections)

    async def picked(self, run: list[int]) -> tuple[int, int]:
        return len(run), await self.token()


@dataclass
class Forwards:
    """The forwards of up to MAX_RUN tokens, each live S's dispatches made once per window of positions
    and submitted again for every forward of S tokens inside it (the decode tape's way: a window's grids
    are its last position's, and each kernel bounds its work by the step uniform), so a forward costs
    the host a step-uniform write and one encode (one call into web/tape.js in the page), not a
    selection of every node's route. Longer steps (a prefill's chunks) run as Plan.run runs them."""

    plan: Plan
    last_pos: int           # the last position the cache holds
    window: int = WINDOW
    _made: dict[tuple[int, bool], tuple[tuple, int, int, list[Dispatch]]] = field(default_factory=dict)
    # (S, prefill) -> key, window

    def run(self, live: Live, sections: Sequence[str]) -> None:
        S, pos = live.seq_len, live.pos
        if S > MAX_RUN:
            self.plan.run(live, sections)
            return
        key = (self.plan.options.snapshot(), tuple(sections))
        got = self._made.get((S, live.prefill))
        if got is None or got[0] != key or not got[1] <= pos <= got[2]:
            first, last = pos, max(pos, min(pos + self.window - 1, self.last_pos + 1 - S))
            got = self._made[S, live.prefill] = (key, first, last, self.plan.tape(
                replace(live, pos=first), replace(live, pos=last), sections))
        else:
            self.plan.select(replace(live, pos=got[2]))  # what the plan attests is what runs
        self.plan.write_step(live)
        self.plan.device.replay(got[3], 1)  # in the page, encoded in JS from the list kept per window (web/tape.js)
        self.plan.last_run = tuple(sections)


async def run_stream(riders: Riders, free: Steps, token: int, pos: int, steps: int, counts: DecodeCounts,
                     most: int = MAX_RUN, stopped: Callable[[], bool] = lambda: False) -> AsyncIterator[int]:
    """Up to `steps` tokens after token at pos: per forward (at most `most` tokens: the plan's max_seq),
    the run the riders give after the token picked last, the tokens of it that stand (counted as forced)
    and the token picked after them; past the riders' tape_after forwards in a row with no run, `free`'s
    steps until a run (stopped: a stop ended the tape's wait)."""
    done, stretch = 0, 0

    async def after(token: int) -> list[int]:  # the run after token, within the steps and the forward's rows
        return await riders.runs(token, pos, min(MAX_RUN, most, steps - done) - 1) if done < steps else []

    run = await after(token)
    while done < steps:
        if not run and stretch >= riders.tape_after:
            drain = asyncio.Event()
            tokens = free(token, pos, steps - done, drain)
            try:
                async for token in tokens:
                    pos, done = pos + 1, done + 1
                    yield token
                    run = await after(token)
                    if run:
                        if not riders.drains:
                            break
                        drain.set()
                else:
                    if not drain.is_set() or stopped():
                        return  # the steps ran out, or a stop ended the wait for a batch
            finally:
                await tokens.aclose()
            stretch = 0
            continue
        t0 = time.perf_counter()
        await riders.forward([token, *run], pos)
        t1 = time.perf_counter()
        stood, token = await riders.picked(run)
        counts.submitted(1, t1 - t0, forced=stood)
        for t in run[:stood]:
            yield t
        stretch = 0 if run else stretch + 1
        pos, done = pos + 1 + stood, done + 1 + stood
        yield token
        run = await after(token)


async def ahead(first: list[int], rest: AsyncIterator[int]) -> AsyncIterator[int]:
    """first's tokens, then rest's (jump-forward's forced start and the prefill's pick, before decode)."""
    try:
        for t in first:
            yield t
        async for t in rest:
            yield t
    finally:
        await rest.aclose()
