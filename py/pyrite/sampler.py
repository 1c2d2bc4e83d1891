"""Sampler: the next token, always picked on the GPU (ops/sample.py), so a seed gives the same text
whatever the batching or the profiling gate. sampling.py keeps the parameters, their checks and the
host's reference draw that tests compare against. A constrained pick (ops/constrain.py) masks the
logits to what an automaton allows first, and advances it by the token picked after; where the automaton
allows one continuation only, forced_after gives its tokens to the next forward (jump-forward,
jumpforward.py), written where that forward's head reads them. A speculative forward picks every row
(verify, verdict); remember keeps the draws' history ring where the host decides what stands."""
from __future__ import annotations

import array
import random
import struct
from dataclasses import dataclass
from typing import Callable

from .constrain import START, Automaton
from .gpu import Device
from .gpu.pipelines import Wanted
from .graph.plan import Live
from .jumpforward import ForcedRuns
from .models.resident import Resident
from .ops.constrain import ConstrainBuffers, TokenTable, automaton_words, token_table
from .ops.sample import write_sampling
from .sampling import MAX_WINDOW, SamplingParams
from .tokenizer import Tokenizer

GREEDY = ("logits", "next")  # models/llama.py's head sections: the logits, then the argmax
DRAW = ("logits", "draw")    # or the draw by the sampling parameters
VERIFY = ("verify", "verify_argmax")  # a speculative forward's: every row's argmax
VERIFY_DRAW = ("verify", "verify_draw")  # or every row's draw at its position
VERIFY_MASK = "verify_mask"  # between them under a constraint: each row masked from its own state
CONSTRAINED = ("mask", "advance")  # around the pick, under a constraint
EMPTY = 0xFFFFFFFF           # a history slot that holds no token


def vocab_table(tokenizer: Tokenizer) -> TokenTable:
    """The vocabulary as a constrained pick sees it: each token's bytes; the stop tokens end the output
    where the automaton accepts; other control tokens and padding entries are never picked."""
    stops = tokenizer.stop_ids
    never = frozenset(t for t in range(tokenizer.vocab_size)
                      if (tokenizer.is_control(t) or tokenizer.is_unused(t)) and t not in stops)
    return token_table([tokenizer.token_bytes(t) for t in range(tokenizer.vocab_size)], stops, never)


@dataclass
class VerifyRows:
    """The most rows a speculative forward may take now: up to the first row count whose pipelines are
    not all made yet (they compile in the background; a forward of that shape would wait for them)."""

    device: Device
    by_rows: dict[int, list[Wanted]]  # row count -> its pipelines (Sampler.verify_pipelines)
    ready: int = 1                    # row counts up to this one are made

    def __call__(self) -> int:
        while self.ready + 1 in self.by_rows and self.device.made(self.by_rows[self.ready + 1]):
            self.ready += 1
        return self.ready


class Sampler:
    def __init__(self, resident: Resident, tokenizer: Callable[[], Tokenizer]):
        m = resident.model
        self.resident, self.device, self.plan = resident, resident.device, m.plan
        self.sampling, self.history = m.sampling, m.act.history
        self.ring = self.history.size // 4  # slots of the history ring (models/llama.py HISTORY_RING)
        self.out = m.act.out  # out[0]: the token picked last
        self.tokenizer = tokenizer  # the one a constraint walks (a model without one refuses constraints)
        self.runs: ForcedRuns | None = None  # the generation's constraint on the host (jump-forward)
        self.drawing = False  # the generation's picks are draws: forced tokens go into the history ring too

    async def constrain(self) -> ConstrainBuffers:
        """The constraint's buffers and sections (built, and their pipelines compiled, on first use)."""
        model = self.resident.model
        if model.constrain is None:
            with self.resident.owning():
                model.ensure_constrain(vocab_table(self.tokenizer()))
            await self.device.compile(self.plan.pipelines([Live(1, 0)], CONSTRAINED))
        return model.constrain

    async def prepare(self, params: SamplingParams, ids: list[int],
                      automaton: Automaton | None = None) -> tuple[str, ...]:
        """Set up a generation's picks; -> the head sections that run them. A draw gets its parameters and
        a seed (params.seed, else a fresh one) in the sampling uniform, and the prompt's last positions
        in the history ring the repetition penalty reads (the draw appends each token it picks). An
        automaton is written where the mask and advance sections read it, at its start state."""
        words = automaton_words(automaton) if automaton is not None else None  # a LimitError before GPU work
        head = GREEDY if params.greedy else DRAW
        if not params.greedy:
            seed = params.seed if params.seed is not None else random.getrandbits(64)
            write_sampling(self.plan, self.sampling, params, seed)
            ring = [EMPTY] * self.ring
            for q in range(max(0, len(ids) - MAX_WINDOW), len(ids)):
                ring[q % self.ring] = ids[q]
            self.device.write_buffer(self.history, 0, array.array("I", ring).tobytes())
        self.drawing, self.runs = not params.greedy, None
        if words is None:
            return head
        b = await self.constrain()
        self.device.write_buffer(b.automaton, 0, words.tobytes())
        self.write_state(START)
        self.runs = ForcedRuns(automaton, self.tokenizer())
        return (head[0], CONSTRAINED[0], head[1], CONSTRAINED[1])

    def verify_pipelines(self, rows: int, draw: bool, masked: bool = False) -> dict[int, list[Wanted]]:
        """Per row count 2..rows, the pipelines of a speculative forward with the greedy or the drawn pick,
        masked under a constraint (its sections built on first use)."""
        model = self.resident.model
        with self.resident.owning():
            if model.verify_logits is None:
                model.ensure_verify()
            if masked and not model.verify_masked:
                model.ensure_verify_mask()
        sections = self.verify_sections(draw, masked)
        return {s: self.plan.pipelines([Live(s, 0)], sections) for s in range(2, rows + 1)}

    @staticmethod
    def verify_sections(draw: bool, masked: bool) -> tuple[str, ...]:
        """A speculative forward's sections: every row's argmax, or every row's draw at its position;
        under a constraint each row masked first, from the state held() wrote for it."""
        pick = VERIFY_DRAW if draw else VERIFY
        return ("body", pick[0], VERIFY_MASK, pick[1]) if masked else ("body", *pick)

    def start_verify(self, rows: int, draw: bool, masked: bool = False, *,
                     now: bool = False) -> tuple[dict[int, list[Wanted]], int]:
        """Every row count's verify pipelines started compiling (Device.compile_later; now: beside what
        compiles, else behind it) -> them by row count, and how many were not made yet."""
        by_rows = self.verify_pipelines(rows, draw, masked)
        return by_rows, self.device.compile_later([w for wanted in by_rows.values() for w in wanted], now=now)

    async def verify(self, rows: int) -> tuple[tuple[str, ...], VerifyRows]:
        """The sections of this generation's speculative forwards, and the most rows one may take now. The
        2-row pipelines are waited for; the others (the 5-8 row tiles take seconds each on a CPU adapter)
        compile behind them, on a CPU adapter once this run ends (compile_later: beside it they took a
        core from it), and until they land the drafts are cut to the rows that are made. Engine.prepare
        starts them all ahead."""
        masked = self.runs is not None
        by_rows, _ = self.start_verify(rows, self.drawing, masked)
        await self.device.compile(by_rows.get(2, []))
        return self.verify_sections(self.drawing, masked), VerifyRows(self.device, by_rows)

    def held(self, draft: list[int]) -> list[int]:
        """A draft under the constraint, cut to what its automaton allows (jumpforward.py ForcedRuns.held),
        each row's state written where verify_mask reads it."""
        draft, states = self.runs.held(draft)
        if draft:
            self.device.write_buffer(self.resident.model.constrain.row_states, 0, array.array("I", states).tobytes())
        return draft

    def stood(self, stood: int, token: int) -> None:
        """After a verify under the constraint: the host's state is the one before the pick (the next
        forced_after walks it), and the GPU's is the one after (the verify advanced nothing)."""
        self.write_state(self.runs.stood(stood, token))

    async def verdict(self) -> tuple[int, int]:
        """The last verify's verdict (found on the GPU): the draft's tokens that stand, the pick after them."""
        stood, token = struct.unpack("<II", await self.device.read_buffer(self.resident.model.verdict, 0, 8))
        return stood, token

    def remember(self, tokens: list[int], pos: int) -> None:
        """tokens at positions pos.. into the history ring a draw's penalty reads (a verify's draws read
        it and write nothing); nothing under greedy picks."""
        while self.drawing and tokens:  # a write per run of slots up to the ring's end
            slot = pos % self.ring
            n = min(len(tokens), self.ring - slot)
            self.device.write_buffer(self.history, 4 * slot, array.array("I", tokens[:n]).tobytes())
            tokens, pos = tokens[n:], pos + n

    def write_state(self, state: int) -> None:
        self.device.write_buffer(self.resident.model.constrain.state, 0, array.array("I", [state]).tobytes())

    def forced_after(self, token: int, pos: int, limit: int) -> list[int]:
        """The constraint's forced tokens after token (picked at pos), at most limit (graph/multistep.py
        Runs): each into the history ring at its position where a draw reads it, and the constraint's state
        after them where the mask reads it (the advance after the pick moves it on, on the GPU)."""
        return self._forced(self.runs.after(token, limit), pos + 1)

    def lead(self, pos: int, limit: int) -> list[int]:
        """The forced tokens the output starts with (at most limit), written as forced_after writes a run
        for the prefill whose last rows they are (positions pos..)."""
        return self._forced(self.runs.run(limit), pos)

    def _forced(self, got: tuple[list[int], int], pos: int) -> list[int]:
        run, state = got
        if run:
            self.write_state(state)
            self.remember(run, pos)
        return run

    async def token(self) -> int:
        """The token the last step picked (4 bytes back)."""
        return struct.unpack("<I", await self.device.read_buffer(self.out, 0, 4))[0]
