"""Decode as a tape: one step's dispatches (Plan.tape), replayed n times from one submit.

Each step ends with the argmax that writes its token where the next step's embedding reads it, and
the next step's live sizes into step_next (ops/sample.py next_token); the copy after the step moves
those into the step uniform. So a batch of n tokens costs one encode, one submit and one read of n
token ids, and nothing is written from the host between its steps, or between batches: the next
batch is submitted before the last one's tokens are read. How many steps a batch takes is the pure
BatchPolicy below: one for the first, then as many as keep the stream smooth.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any
from ..gpu import COPY_DST, MAP_READ, Buffer, Command, Copy
from .options import OPTIONS
from .plan import Live, Plan

MAX_STEPS = max(OPTIONS["decode_batch"].values)  # the most steps a batch runs; slots of the token ring
STEP_BYTES = 16                                  # struct Step (graph/params.py pack_step)
WINDOW = 64                                      # positions one DecodeTape covers


@dataclass
class DecodeTape:
    """Batches of decode steps, submitted back to back.

    One step's dispatches are made once per window of positions and replayed by every batch inside
    it (a window's grids are its last position's: a few more idle workgroups, no re-selection per
    token); a batch outside the window, or a change of the runtime options, makes a new one. Each
    submit ends by copying the token ring into one of two MAP_READ buffers, so the host reads one
    batch's tokens while the next batch runs."""

    plan: Plan
    sections: tuple[str, ...]
    step_next: Buffer  # the Step each step's argmax writes for the next one
    tokens: Buffer     # the ring of the steps' tokens: tokens[step.index % MAX_STEPS]
    window: int = WINDOW
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

    def run(self, pos: int, n: int, last_pos: int, first: bool) -> Buffer:
        """Submit n steps from position pos; -> the MAP_READ buffer their token ring lands in.

        first: a new run, whose first step's sizes the host writes (and its input token, into ids,
        before this call); otherwise the steps go on from where the last submit left the step
        uniform, ids and step.index."""
        if not 1 <= n <= MAX_STEPS:
            raise ValueError(f"a batch runs 1..{MAX_STEPS} steps, got {n}")
        step = self.step(pos, n, last_pos)
        if first:
            self.plan.write_step(Live(1, pos))
        readback = self._readback[self._submits % len(self._readback)]
        self._submits += 1
        self.plan.device.replay(step, n, [Copy(self.tokens, 0, readback, 0, self.tokens.size)])
        self.plan.last_run = self.sections
        return readback

    def step(self, pos: int, n: int, last_pos: int) -> list[Command]:
        """One step for n steps from pos (positions pos .. pos + n - 1 <= last_pos): its dispatches, then
        the copy of step_next into the step uniform."""
        opts = self.plan.options.snapshot()
        first, last, was = self._key[:3] if self._key else (0, -1, None)
        if was != opts or not first <= pos <= pos + n - 1 <= last:
            first, last = pos, min(pos + max(n, self.window) - 1, last_pos)
            self._step = [*self.plan.tape(Live(1, first), Live(1, last), self.sections),
                          Copy(self.step_next, 0, self.plan.step_buffer, 0, STEP_BYTES)]
            self._key = (first, last, opts)
        else:
            self.plan.select(Live(1, last))  # what the plan attests is what runs (a prefill may have moved it)
        return self._step


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
