"""Decode as a tape: one step's dispatches (Plan.tape), replayed n times from one submit.

Each step ends with the argmax that writes its token where the next step's embedding reads it, and
the next step's live sizes into step_next (ops/sample.py next_token); the copy after the step moves
those into the step uniform. So a batch of n tokens costs one encode, one submit and one read of n
token ids, and nothing is written from the host between its steps. How many steps a batch takes is
the pure BatchPolicy below: one for the first, then as many as keep the stream smooth.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

from ..gpu import Buffer, Command, Copy, Dispatch
from .options import OPTIONS
from .plan import Live, Plan

MAX_STEPS = max(OPTIONS["decode_batch"].values)  # token slots of a batch (the tokens buffer)
STEP_BYTES = 16                                  # struct Step (graph/params.py pack_step)
WINDOW = 64                                      # positions one DecodeTape covers


def batch_commands(step: Sequence[Dispatch], step_next: Buffer, step_uniform: Buffer, n: int) -> list[Command]:
    """n copies of the step's dispatches, each followed by the copy that advances the step uniform."""
    if not 1 <= n <= MAX_STEPS:
        raise ValueError(f"a batch runs 1..{MAX_STEPS} steps, got {n}")
    advance = Copy(step_next, 0, step_uniform, 0, STEP_BYTES)
    return [c for _ in range(n) for c in (*step, advance)]


@dataclass
class DecodeTape:
    """One decode step's dispatches for a window of positions, made once and replayed by every batch
    inside it (a window's grids are its last position's: a few more idle workgroups, no re-selection
    per token). A batch outside the window, or a change of the runtime options, makes a new one."""

    plan: Plan
    sections: tuple[str, ...]
    window: int = WINDOW
    _key: tuple = ()
    _step: list[Dispatch] = field(default_factory=list)

    def run(self, pos: int, n: int, last_pos: int, step_next: Buffer) -> None:
        """Submit n steps, the first at position pos (the caller has written its input ids)."""
        step = self.step(pos, n, last_pos)
        self.plan.write_step(Live(1, pos))
        self.plan.device.submit(batch_commands(step, step_next, self.plan.step_buffer, n))
        self.plan.last_run = self.sections

    def step(self, pos: int, n: int, last_pos: int) -> list[Dispatch]:
        """The step's dispatches for n steps from pos (positions pos .. pos + n - 1 <= last_pos)."""
        opts = self.plan.options.snapshot()
        first, last, was = self._key[:3] if self._key else (0, -1, None)
        if was != opts or not first <= pos <= pos + n - 1 <= last:
            first, last = pos, min(pos + max(n, self.window) - 1, last_pos)
            self._step = self.plan.tape(Live(1, first), Live(1, last), self.sections)
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
