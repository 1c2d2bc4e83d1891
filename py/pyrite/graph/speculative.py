"""Speculative decoding: a forward takes the token picked last and a draft of the tokens after it
(drafts.py's n-grams, or a draft model's picks: draftmodel.py), and every row of it is picked as a
decode step there would pick (the model's "verify" sections: each row's argmax, or its draw at its
position); the draft's tokens stand up to the first that differs from the pick before it, and that pick
follows them (the verdict, found on the GPU: only its 8 bytes come back). So greedy and seeded output
are the same token for token with speculation on or off, and a forward yields 1 + (tokens accepted).

The forward is jump-forward's (graph/multistep.py run_stream, the small-S routes that keep each row's
logits bit-equal to a decode step's); the KV entries of rejected rows are left behind the position, and
the next forward writes over them. A draw reads the history ring up to its position: the draft goes in
before the forward, the pick after the accepted tokens after it (the verify's draws write nothing).

Cost: a forward of S rows reads the weights once, but on a CPU adapter each row costs arithmetic
(lavapipe, SmolLM2, verify forwards at 120 cached tokens: 46 / 48 / 72 / 87 / 92 ms at S = 1 / 2 / 4 / 6 /
8; SwiftShader's 8 rows about 2.6 steps' GPU time), so the cpu class verifies at most 8 rows; on a GPU,
where a step is bound by reading the weights, 16 rows cost little more than one.
The drafter takes the draft length that pays at the adapter class's cost per row (drafts.py
DraftLength). A long stretch with no draft goes to the tape's batches
(TAPE_AFTER), and leaves them for a draft from an n-gram of at least LEAVE_TAPE tokens (a 2-gram's
drafts fail too often in open-ended text to pay for leaving) once the batches in flight are done (their
tokens stand; the draft is found again after them).

Under a constraint (HeldDrafts) a forward carries the automaton's forced run where it has one
(jump-forward's, standing whole), else a draft cut to what the automaton allows from the host's copy of
its state, each row of the verify masked from the state before it (verify_mask) so every row picks what
a masked decode step would there; after the verdict the host sets the automaton's state on the GPU.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Awaitable, Callable, Protocol, Sequence

from .multistep import TAPE_AFTER as FORCED_TAPE_AFTER
from .multistep import Runs, Step
from .routes import FORWARD_ROWS
from .tape import DecodeCounts

MAX_ROWS = {"cpu": 8, "gpu": FORWARD_ROWS}  # rows of a verify forward per adapter class
LEAVE_TAPE = 3  # tokens of the n-gram match whose draft ends a stretch on the tape
TAPE_AFTER = 1  # forwards without a draft after which the tape's batches take over


class Drafter(Protocol):
    """Where drafts come from: drafts.py NgramDrafter (the prompt's n-grams), draftmodel.py ModelDrafter."""

    def extend(self, tokens: list[int]) -> None:
        """These tokens stand next."""

    async def propose(self, limit: int) -> tuple[list[int], int]:
        """The draft after the tokens so far (at most limit tokens), and the n-gram length it matched."""

    def verified(self, drafted: int, accepted: int) -> None:
        """The last draft, of `drafted` tokens, had its first `accepted` confirmed."""


@dataclass
class Drafts:
    """run_stream's riders for speculative decoding (graph/multistep.py Riders): the draft after each
    token, the forward that verifies it, and the tokens that stand."""

    drafter: Drafter
    step: Step                 # Engine.step(ids, pos, sections)
    sections: Sequence[str]    # a forward without a draft: the decode step's own
    verify: Sequence[str]      # a forward with one: every row picked
    verdict: Callable[[], Awaitable[tuple[int, int]]]  # the last verify's: the draft's tokens that stand, the pick
    token: Callable[[], Awaitable[int]]           # the pick of a forward without a draft
    remember: Callable[[list[int], int], None]    # tokens at positions pos.. into the draw's history ring
    counts: DecodeCounts
    # the most rows a verify forward takes now (MAX_ROWS by adapter class; fewer while the pipelines of
    # more compile: sampler.py VerifyRows)
    rows: Callable[[], int] = lambda: FORWARD_ROWS
    drains: bool = True        # the tape's batches in flight are its picks already: they stand
    tape_after: int = TAPE_AFTER
    _pos: int = 0
    _forwarded: bool = True    # the last token came from a forward, not from the tape

    async def runs(self, token: int, pos: int, most: int) -> list[int]:
        """token stands at pos: the draft after it (at most most tokens and rows - 1); from the tape, only
        a draft from an n-gram match of LEAVE_TAPE tokens or more."""
        self.drafter.extend([token])
        in_tape, self._forwarded = not self._forwarded, False
        draft, matched = await self.drafter.propose(min(most, self.rows() - 1))
        return draft if not in_tape or matched >= LEAVE_TAPE else []

    async def forward(self, ids: list[int], pos: int) -> None:
        self._pos = pos
        if len(ids) > 1:
            self.remember(ids[1:], pos + 1)
        await self.step(ids, pos, self.verify if len(ids) > 1 else self.sections)

    async def picked(self, run: list[int]) -> tuple[int, int]:
        """-> (the draft's tokens that stand, the pick after them)."""
        self._forwarded = True
        if not run:
            return 0, await self.token()
        stood, token = await self.verdict()
        self.drafter.extend(run[:stood])
        self.drafter.verified(len(run), stood)
        self.counts.verified(len(run), stood)
        self.remember([token], self._pos + 1 + stood)
        return stood, token


@dataclass(kw_only=True)
class HeldDrafts(Drafts):
    """Drafts under a constraint: the forced run after a token where the automaton has one (with
    jump-forward on), else the draft cut to what the automaton allows. The tape's batches in flight
    are dropped, as jump-forward drops them, when a run is found: the host's state has moved past it."""

    forced: Runs                 # Sampler.forced_after: walks the token on the host, then its forced run
    held: Callable[[list[int]], list[int]]     # Sampler.held: the draft cut, its rows' states written
    stood: Callable[[int, int], None]          # Sampler.stood: the states after a verdict
    jump: bool = True            # forced runs ride (the jump_forward option)
    drains: bool = False
    tape_after: int = FORCED_TAPE_AFTER
    _run_forced: bool = False

    async def runs(self, token: int, pos: int, most: int) -> list[int]:
        run = self.forced(token, pos, most if self.jump else 0)
        self._run_forced = bool(run)
        if run:
            self.drafter.extend([token])
            self._forwarded = False
            return run
        return self.held(await super().runs(token, pos, most))

    async def forward(self, ids: list[int], pos: int) -> None:
        if self._run_forced:
            await self.step(ids, pos, self.sections)
        else:
            await super().forward(ids, pos)

    async def picked(self, run: list[int]) -> tuple[int, int]:
        if self._run_forced:
            self._forwarded = True
            self.drafter.extend(run)
            return len(run), await self.token()
        stood, token = await super().picked(run)
        if run:
            self.stood(stood, token)
        return stood, token
