"""Decode as a tape: one step's dispatches (Plan.tape), replayed n times from one submit.

Each step ends with its pick (the argmax or the draw, ops/sample.py) writing the token where the next
step's embedding reads it, and the next step's live sizes into step_next; the copy after the step
moves those into the step uniform. So a batch of n tokens costs one encode, one submit and one read of n
token ids, and nothing is written from the host between its steps, or between batches: the next
batch is submitted before the last one's tokens are read (DecodeTape.stream, the engine's decode
loop). How many steps a batch takes is the pure BatchPolicy below: one for the first, then as many as
keep the stream smooth.
"""
from __future__ import annotations

import array
import asyncio
import time
from collections import deque
from dataclasses import dataclass, field
from typing import Any, AsyncIterator, Awaitable, Callable, Sequence

from ..gpu import COPY_DST, MAP_READ, Buffer, Command, Copy
from .options import OPTIONS
from .plan import Live, Plan

MAX_STEPS = max(OPTIONS["decode_batch"].values)  # the most steps a batch runs; slots of the token ring
STEP_BYTES = 16                                  # struct Step (graph/params.py pack_step)
WINDOW = 64                                      # positions one DecodeTape covers


@dataclass(frozen=True)
class BatchPolicy:
    """Steps per batch: 1 first (the earliest token), then doubling while a batch stays within
    `smooth_s` (text arrives at least that often), never more than the cap or than remain."""

    smooth_s: float = 0.25

    def next(self, last_steps: int, last_s: float, remaining: int, cap: int = MAX_STEPS) -> int:
        """The next batch's steps after one of last_steps steps took last_s seconds (0 steps: the first)."""
        if last_steps == 0:
            grow = 1
        else:
            per_step = last_s / last_steps
            grow = 2 * last_steps
            if per_step > 0:
                grow = min(grow, max(1, int(min(self.smooth_s / per_step, cap))))
        return max(1, min(grow, cap, remaining))


# work -> whether it finished before a stop (Device.wait_for, which also raises on the device's loss)
Waiter = Callable[[Awaitable], Awaitable[bool]]


@dataclass
class DecodeCounts:
    """What one stream did: decode steps run (forwards, each picking a token; a batch may run past a stop:
    those are never shown), submits they took, host seconds spent encoding and submitting them (no GPU
    wait), tokens that rode in their forwards beside the token picked last and stood (forced by a
    constraint or accepted drafts: graph/multistep.py), and speculative decoding's drafted and accepted
    tokens (graph/speculative.py)."""

    steps: int = 0
    submits: int = 0
    host_s: float = 0.0
    forced: int = 0
    drafted: int = 0
    accepted: int = 0

    def submitted(self, steps: int, host_s: float, forced: int = 0) -> None:
        """One submit of `steps` decode steps carrying `forced` tokens more, host_s to encode and submit it."""
        self.steps, self.submits, self.host_s = self.steps + steps, self.submits + 1, self.host_s + host_s
        self.forced += forced

    def verified(self, drafted: int, accepted: int) -> None:
        """A forward verified a draft of `drafted` tokens, of which `accepted` stand."""
        self.drafted, self.accepted = self.drafted + drafted, self.accepted + accepted


@dataclass
class DecodeTape:
    """Batches of decode steps, submitted back to back.

    One step's dispatches are made once per window of positions and replayed by every batch inside
    it (a window's grids are its last position's: a few more idle workgroups, no re-selection per
    token); a batch outside the window, or a change of the runtime options or of the sections, makes a
    new one. Each submit ends by copying the token ring into one of two MAP_READ buffers, so the host
    reads one batch's tokens while the next batch runs."""

    plan: Plan
    ids: Buffer        # the token the first step's embedding reads (then each step's pick writes it)
    step_next: Buffer  # the Step each step's pick writes for the next one
    tokens: Buffer     # the ring of the steps' tokens: tokens[step.index % MAX_STEPS]
    window: int = WINDOW
    policy: BatchPolicy = field(default_factory=BatchPolicy)
    _key: tuple = ()
    _step: list[Command] = field(default_factory=list)  # the step's dispatches, then the Step copy
    _readback: tuple[Buffer, ...] = ()
    _submits: int = 0
    _pending: list = field(default_factory=list)  # reads a stopped run left mapping (awaited by settle)

    def __post_init__(self) -> None:
        self._readback = tuple(self.plan.device.create_buffer(self.tokens.size, MAP_READ | COPY_DST,
                                                              f"{self.plan.name}.tokens.read{i}") for i in range(2))

    def leave(self, read: Any) -> None:
        """A readback's read that a stopped run no longer waits for (settle waits for it)."""
        read.add_done_callback(lambda f: f.cancelled() or f.exception())  # an error is seen, not logged
        self._pending.append(read)

    async def settle(self) -> None:
        """Wait for the reads a stopped run left behind: a buffer being mapped takes no copy."""
        pending, self._pending = self._pending, []
        for read in pending:
            try:
                await read
            except Exception:  # a device lost or closed since: that buffer is not read again anyway
                pass

    async def stream(self, token: int, pos: int, steps: int, sections: Sequence[str], *, last_pos: int, cap: int,
                     wait: Waiter, counts: DecodeCounts, drain: asyncio.Event | None = None) -> AsyncIterator[int]:
        """Up to `steps` decode steps from token at pos (never past last_pos), each next token picked on
        the GPU, in batches of the policy's size (at most cap). Each batch is submitted before the tokens of the one before it are
        read, so the GPU does not wait for the host. Yields each step's token; a consumer that stops early,
        or a stop (wait returns False: the batch's tokens are never read), leaves at most two batches
        running past it, whose tokens are never shown. Once drain is set, no batch is submitted: the stream
        ends with the ones in flight."""
        await self.settle()  # a run that was stopped mid-batch may still be mapping a readback
        self.plan.device.write_buffer(self.ids, 0, array.array("I", [token]).tobytes())
        inflight: deque = deque()  # (readback, first step, steps) per batch in flight
        done, last, t_read = 0, (0, 0.0), time.perf_counter()
        while True:
            while done < steps and len(inflight) < 2 and not (drain and drain.is_set()):
                n = self.policy.next(*last, steps - done, cap)
                t0 = time.perf_counter()
                inflight.append((self.run(pos + done, n, last_pos, sections, first=done == 0), done, n))
                counts.submitted(n, time.perf_counter() - t0)
                done += n
            if not inflight:
                return
            readback, first, n = inflight.popleft()
            read = asyncio.ensure_future(self.plan.device.read_mapped(readback))
            if not await wait(read):
                self.leave(read)
                return
            ring = array.array("I", read.result())
            now = time.perf_counter()
            last, t_read = (n, now - t_read), now
            for i in range(first, first + n):
                yield ring[i % MAX_STEPS]

    def run(self, pos: int, n: int, last_pos: int, sections: Sequence[str], first: bool) -> Buffer:
        """Submit n steps of `sections` from position pos; -> the MAP_READ buffer their token ring lands in.

        first: a new run, whose first step's sizes the host writes (and its input token, into ids,
        before this call); otherwise the steps go on from where the last submit left the step
        uniform, ids and step.index."""
        if not 1 <= n <= MAX_STEPS:
            raise ValueError(f"a batch runs 1..{MAX_STEPS} steps, got {n}")
        step = self.step(pos, n, last_pos, sections)
        if first:
            self.plan.write_step(Live(1, pos))
        readback = self._readback[self._submits % len(self._readback)]
        self._submits += 1
        self.plan.device.replay(step, n, [Copy(self.tokens, 0, readback, 0, self.tokens.size)])
        self.plan.last_run = tuple(sections)
        return readback

    def step(self, pos: int, n: int, last_pos: int, sections: Sequence[str]) -> list[Command]:
        """One step of `sections` for n steps from pos (positions pos .. pos + n - 1 <= last_pos): its
        dispatches, then the copy of step_next into the step uniform."""
        key = (self.plan.options.snapshot(), tuple(sections))
        first, last, was = self._key if self._key else (0, -1, None)
        if was != key or not first <= pos <= pos + n - 1 <= last:
            first, last = pos, min(pos + max(n, self.window) - 1, last_pos)
            self._step = [*self.plan.tape(Live(1, first), Live(1, last), sections),
                          Copy(self.step_next, 0, self.plan.step_buffer, 0, STEP_BYTES)]
            self._key = (first, last, key)
        else:
            self.plan.select(Live(1, last))  # what the plan attests is what runs (a prefill may have moved it)
        return self._step
