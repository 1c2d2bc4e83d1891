"""Engine: load a model, prefill, decode, generate (an async stream of tokens or text), chat, score.

Reads top down like gpt-fast: step, prefill (the prompt in chunks of up to max_seq tokens), decode (one
token at a time against the KV cache, in batches of steps replayed from a tape, graph/tape.py, each next
token picked on the GPU, sampler.py), generate_ids. Each concern beside the loop has a room of its own:
models/resident.py, prompt.py, sampler.py, kvstate.py, stats.py, score.py, runguard.py, chat/completion.py.
"""
from __future__ import annotations

import array
import asyncio
import time
from contextlib import aclosing
from pathlib import Path
from typing import Any, AsyncIterator, Sequence

from . import score as scoring
from .chat import completion
from .constrain import Automaton
from .gpu import Device
from .draftmodel import ModelDrafter, check_vocabulary, draft_index
from .drafts import NgramDrafter, Speculative, speculative_params
from .fields import MODEL_METHOD
from .graph.multistep import Forced, Forwards, Riders, ahead, run_stream
from .graph.options import Options
from .graph.plan import Live
from .graph.speculative import MAX_ROWS, Drafts, HeldDrafts
from .graph.tape import DecodeCounts
from .kvstate import KVState
from .models.loader import Progress, _no_progress
from .models.resident import Resident, load_resident
from .ops.probe import ReadProbe, read_bandwidth
from .prompt import Prompts
from .runguard import RunGuard
from .schema import MAX_TOKENS, SPECULATIVE, STOP, stops
from .sampler import GREEDY, Sampler
from .sampling import SamplingParams
from .stats import Stats, StepLog, profile_summary, profiled_steps
from .tokenizer import StopText, StreamDecoder, text_pieces


class Engine:
    def __init__(self, r: Resident):
        self.resident, self.device, self.index, self.model, self.tokenizer = r, r.device, r.index, r.model, r.tokenizer
        self.config, self.tape = r.index.config, r.model.tape
        self.forwards = Forwards(r.model.plan, last_pos=r.model.max_ctx - 1)  # steps of up to 16 tokens
        self.prompts = Prompts(r.index.name, r.tokenizer, r.index.chat_template, r.model.max_ctx)
        self.sampler = Sampler(r, lambda: self.prompts.tokenizer_for("response_format"))
        self.kv, self.log, self.guard = KVState(), StepLog(r.model.plan), RunGuard(r.device, r.index.name)
        self.stats, self.counts = Stats(tuning_s=r.tuning.seconds), DecodeCounts()
        self.profiling = False  # the profiling gate, read per step: time every kernel on the GPU
        self.last_profile: list[dict[str, Any]] = []
        self.read_probe: ReadProbe | None = None  # the read roofline, once measure_read_bandwidth ran
        self.drafters: dict[str, Engine] = {}  # draft models (speculative method "draft") by the name asked for

    @classmethod
    async def load(cls, model: str | Path, *, device: Device | None = None, max_ctx: int = 2048, max_seq: int = 128,
                   overrides: dict[str, str] | None = None, options: dict[str, Any] | None = None,
                   progress: Progress = _no_progress, block_bytes: int | None = None) -> "Engine":
        """A model directory (natively) or URL (in the browser) -> a ready engine. overrides pins routes
        by family ({"sdpa": "materialized"}); options are the runtime options (graph/options.py), later
        engine.options; block_bytes caps one weight buffer below the adapter's binding limit."""
        return cls(await load_resident(model, device=device, max_ctx=max_ctx, max_seq=max_seq, overrides=overrides,
                                       options=options, progress=progress, block_bytes=block_bytes))

    def close(self) -> None:
        """Destroy every GPU buffer this engine created; the engine is unusable afterwards."""
        self.stop()
        for drafter in self.drafters.values():
            drafter.close()
        self.resident.close()
        self.guard.closed = True

    async def measure_read_bandwidth(self, repeats: int = 3) -> ReadProbe:
        """The adapter's streaming-read roofline (ops/probe.py: about a second), measured once: from then
        on each generation's Stats.roofline says what fraction of it decode reached."""
        self.guard.check()
        if self.read_probe is None:
            self.read_probe = await read_bandwidth(self.device, repeats)
        return self.read_probe

    @property
    def options(self) -> Options:
        """The runtime options, read per execution: engine.options["sdpa_query_tile"] = 32 needs no rebuild."""
        return self.model.plan.options

    @property
    def max_ctx(self) -> int:
        return self.model.max_ctx

    # -- forward ------------------------------------------------------------------------------------

    async def step(self, ids: list[int], pos: int, sections: Sequence[str], prefill: bool = False) -> None:
        """One submit: ids (at most max_seq tokens) at positions pos.. through `sections` (prefill: a
        prompt's chunk, Live.prefill), timed per kernel under the profiling gate. It writes the cache, so
        what the cache held is forgotten."""
        self.guard.check()
        live = Live(len(ids), pos, prefill)
        await self.resident.compiled(live, sections)  # where the load left them compiling
        self.log.flush()  # before this run replaces the plan's last decode step
        self.kv.clear()
        self.device.write_buffer(self.model.act.ids, 0, array.array("I", ids).tobytes())
        if self.profiling:
            self.last_profile = await self.model.plan.run_profiled(live, sections)
        else:
            self.forwards.run(live, sections)

    async def prefill(self, ids: list[int], start: int = 0, head: Sequence[str] = GREEDY) -> None:
        """The prompt at positions start..len-1 (the cache holds ids[:start]); the head sections pick the
        next token after the last chunk (Sampler.token reads it)."""
        for at in range(start, len(ids), self.model.max_seq):
            chunk = ids[at:at + self.model.max_seq]
            await self.step(chunk, at, ("body", *head) if at + len(chunk) == len(ids) else ("body",), prefill=True)
            if at == start:
                self.log.prefilled()

    async def decode(self, token: int, pos: int, steps: int, head: Sequence[str],
                     riders: Riders | None = None) -> AsyncIterator[int]:
        """Up to `steps` tokens after token at pos, each picked on the GPU by the head sections: batches
        replayed from the tape (at most option decode_batch steps each; a stop ends the wait for one at
        once), or, under the profiling gate, one timed step per submit; with riders (jump-forward's forced
        runs, speculative decoding's drafts), forwards of the token picked last and the run after it
        (graph/multistep.py). The prefill forgot the cache."""
        sections = ("body", *head)

        def free(token: int, pos: int, steps: int, drain: asyncio.Event | None = None) -> AsyncIterator[int]:
            return (profiled_steps(self.step, self.sampler.token, token, pos, steps, sections, self.counts, drain)
                    if self.profiling else
                    self.tape.stream(token, pos, steps, sections, last_pos=self.max_ctx - 1, drain=drain,
                                     cap=self.options["decode_batch"], wait=self.guard.wait, counts=self.counts))
        self.stats.decode_path = "forward" if riders else "host" if self.profiling else f"tape/{self.device.replays_in}"
        tokens = (run_stream(riders, free, token, pos, steps, self.counts, most=self.model.max_seq,
                             stopped=self.guard.stopping.is_set)
                  if riders else free(token, pos, steps))
        async for token in tokens:
            self.log.decoded()
            yield token

    async def riders(self, ids: list[int], head: Sequence[str], jump: bool,
                     speculative: Speculative | None) -> Riders | None:
        """What rides in decode's forwards: a constraint's forced runs (jump), drafts from the prompt and
        the output or from a draft model (speculative; under a constraint, held to it, with the forced runs
        where jump is on), or nothing."""
        sampler, sections = self.sampler, ("body", *head)
        if speculative is None:
            return Forced(self.step, sections, sampler.forced_after, sampler.token) if jump else None
        drafter: NgramDrafter | ModelDrafter
        if speculative.method == MODEL_METHOD:  # loaded before the generation began (draft_model)
            draft = self.drafters[speculative.model or ""]
            await draft.sampler.prepare(SamplingParams(), ids)  # its picks are greedy
            drafter = ModelDrafter(draft, ids, speculative.max_draft, self.config.vocab)
        else:
            drafter = NgramDrafter(ids, speculative.max_draft, self.model.plan.adapter_class)
        verify, rows = await sampler.verify(self.verify_rows())
        drafts = (drafter, self.step, sections, verify, sampler.verdict, sampler.token, sampler.remember,
                  self.counts, rows)
        tape = {"tape_after": drafter.tape_after} if isinstance(drafter, ModelDrafter) else {}
        if sampler.runs is None:
            return Drafts(*drafts, **tape)
        return HeldDrafts(*drafts, forced=sampler.forced_after, held=sampler.held, stood=sampler.stood, jump=jump,
                          **tape)

    async def draft_model(self, speculative: Speculative | None) -> None:
        """Load the draft model speculative method "draft" names on this device, once: refused
        (RequestError naming speculative.model) where it is missing or its vocabulary is not this model's,
        before anything of it is loaded."""
        if speculative is None or speculative.method != MODEL_METHOD or speculative.model in self.drafters:
            return
        model = speculative.model or ""
        check_vocabulary(self.index, await draft_index(model), model)
        self.drafters[model] = await Engine.load(model, device=self.device, max_ctx=self.max_ctx,
                                                 max_seq=self.model.max_seq)

    def verify_rows(self) -> int:
        """The most rows of a speculative forward: the adapter class's, within the plan's max_seq."""
        return min(MAX_ROWS[self.model.plan.adapter_class], self.model.max_seq)

    async def prepare(self, speculative: Any = "ngram", params: SamplingParams = SamplingParams(),
                      wait: bool = False) -> int:
        """Start compiling what a request with `speculative` on and these sampling params needs beyond a
        plain one (a speculative forward's pipelines for every row count: about 11 s of compiling for
        SmolLM2 on SwiftShader), in the background, so that its first such request does not wait for
        them (Stats.pipelines_waited); a draft model (method "draft") is loaded here, not at that request.
        wait: return once they are made. -> how many were not made yet."""
        spec = checked_speculative(speculative)
        if spec is None:
            return 0
        async with self.guard.exclusive("a prepare"):
            await self.draft_model(spec)
            by_rows, compiling = self.sampler.start_verify(self.verify_rows(), not params.greedy, now=True)
        if wait:  # every one started at once, as compile_later queued them
            await self.device.ready([w for wanted in by_rows.values() for w in wanted])
        return compiling

    # -- generate -----------------------------------------------------------------------------------

    async def generate_ids(self, ids: list[int], max_tokens: int = 128, params: SamplingParams = SamplingParams(),
                           reuse: bool = False, constraint: Automaton | None = None,
                           speculative: Speculative | None = None) -> AsyncIterator[int]:
        """Token ids of the answer to prompt ids, one at a time. reuse: prefill only what follows the
        longest common prefix with what the KV cache holds (kvstate.py); off by default, because the
        prefix's logits then come from other tiles, equal only to rounding. constraint: the answer's
        bytes stay in the automaton's language (pyrite.constrain), and it ends only where that accepts;
        with option jump_forward on, the tokens it forces ride in the forwards (graph/multistep.py).
        speculative: drafts from the prompt and the output verified in multi-token forwards
        (graph/speculative.py): the same tokens, more of them per forward (under a constraint too)."""
        MAX_TOKENS.check(max_tokens)  # the seam's own field: one error kind on every path
        if constraint is not None:
            self.prompts.tokenizer_for("response_format")  # a constraint walks the tokens' bytes
        async with self.guard.exclusive("a generation"):
            self.guard.begin()
            await self.draft_model(speculative)  # before any GPU work of this generation
            reused = self.kv.reuse(ids) if reuse else 0
            s = self.stats = Stats.of_prompt(len(ids), reused, self.resident.tuning.seconds)
            c = self.counts = DecodeCounts()
            t0, waited = time.perf_counter(), self.device.waited
            head = await self.sampler.prepare(params, ids, constraint)
            jump = constraint is not None and self.options["jump_forward"] == "on"
            lead = self.sampler.lead(len(ids), min(max_tokens, self.max_ctx - len(ids)) - 1) if jump else []
            s.constraint_setup_s, s.forced_tokens = (time.perf_counter() - t0 if constraint else 0.0), len(lead)
            riders = await self.riders(ids, head, jump, speculative)
            s.speculative = speculative.method if isinstance(riders, Drafts) else ""
            await self.prefill(ids + lead, reused, head)  # a forced start rides with the prompt
            picked = await self.sampler.token()
            t1 = time.perf_counter()
            s.first_token(t1 - t0)
            at, stop_ids = len(ids) + len(lead), self.tokenizer.stop_ids if self.tokenizer is not None else frozenset()
            stream = ahead([*lead, picked], self.decode(picked, at, min(max_tokens - 1 - len(lead), self.max_ctx - at),
                                                        head, riders))
            token, pos, shown = await anext(stream), len(ids), []
            try:
                while not s.stop_reason:
                    if token in stop_ids:
                        s.stop_reason = "stop_token"
                    elif token is None or self.guard.stopping.is_set():  # a stop in the prefill shows no token
                        s.stop_reason = "stopped"
                    else:
                        s.generated_tokens += 1
                        shown.append(token)
                        yield token
                        s.decoded(time.perf_counter() - t1, self.model.decode_read_bytes((len(ids) + pos) // 2),
                                  self.read_probe.gbps if self.read_probe else None)
                        s.stop_reason = ("max_tokens" if s.generated_tokens >= max_tokens else
                                         "context" if pos >= self.max_ctx else
                                         "stopped" if self.guard.stopping.is_set() else "")
                        token, pos = (await anext(stream, None) if not s.stop_reason else None), pos + 1
            finally:
                await stream.aclose()
                self.kv.commit(ids + shown[:-1])  # each shown token but the last went through a decode step
                s.counted(c)
                s.pipelines_waited = self.device.waited - waited

    async def generate_text(self, ids: list[int], max_tokens: int = 128, params: SamplingParams = SamplingParams(),
                            stop: tuple[str, ...] = (), reuse: bool = False, constraint: Automaton | None = None,
                            speculative: Any = None) -> AsyncIterator[str]:
        """The answer to prompt ids as text pieces, cut before the first stop string (stop_reason
        "stop_string": the tokens past it are not generated). speculative: the request field (false,
        "ngram", {method, max_draft}) or a Speculative."""
        cut = StopText(stops(STOP.check(list(stop) if stop else None)))
        drafts = checked_speculative(speculative)
        async with aclosing(self.generate_ids(ids, max_tokens, params, reuse, constraint, drafts)) as tokens, \
                aclosing(text_pieces(tokens, StreamDecoder(self.tokenizer, skip_special=True), cut)) as pieces:
            async for piece in pieces:
                yield piece
        if cut.hit:
            self.stats.stop_reason = "stop_string"

    def generate(self, prompt: str, max_tokens: int = 128, params: SamplingParams = SamplingParams(),
                 chat: bool = False, system: str | None = None, stop: tuple[str, ...] = (),
                 speculative: Any = None) -> AsyncIterator[str]:
        """The answer as text pieces (whole UTF-8 characters) as they are decoded, cut before a stop string."""
        drafts = checked_speculative(speculative)  # a bad field before the prompt is encoded
        return self.generate_text(self.prompts.text(prompt, chat, system), max_tokens, params, stop,
                                  speculative=drafts)

    def chat(self, messages: list[dict], max_tokens: int = 128, params: SamplingParams = SamplingParams(),
             stop: tuple[str, ...] = (), speculative: Any = None, **turn: Any) -> AsyncIterator[str]:
        """The assistant's next message in a conversation ([{"role", "content"}, ...], in the model's chat
        template) as the text it writes, prefilling only what follows the longest common prefix with what
        the KV cache holds (Stats.prefilled_tokens, reused_tokens): an edited message re-prefills from its
        first change. turn: tools, tool_choice, response_format, enable_thinking (chat/completion.py)."""
        drafts = checked_speculative(speculative)
        t = completion.ChatTurn.of(self.prompts, messages, **turn)
        return self.generate_text(t.ids, max_tokens, params, stop, reuse=True, constraint=t.constraint,
                                  speculative=drafts)

    async def chat_completion(self, messages: list[dict], *, stream: bool = False, max_tokens: int = 256,
                              stop: str | list[str] | None = None, tools: Any = None, tool_choice: Any = None,
                              response_format: Any = None, enable_thinking: bool | None = None,
                              speculative: Any = None,
                              **sampling: Any) -> dict[str, Any] | AsyncIterator[dict[str, Any]]:
        """OpenAI's chat.completions.create: the chat.completion object (message with content,
        reasoning_content, tool_calls; finish_reason; usage, with usage.speculative {drafted, accepted}
        where speculative decoding ran), or with stream=True an async iterator of chat.completion.chunk
        objects. Every field is checked before any GPU work."""
        params, stop_strings = completion.request_options(stop, sampling)
        drafts = checked_speculative(speculative)
        t = completion.ChatTurn.of(self.prompts, messages, tools=tools, tool_choice=tool_choice,
                                   response_format=response_format, enable_thinking=enable_thinking)
        deltas, model = t.deltas(self, max_tokens, params, stop_strings, drafts), self.index.name
        return completion.chunks(model, t, deltas) if stream else await completion.response(model, t, deltas)

    def encode(self, text: str) -> list[int]:
        return self.prompts.encode(text)

    def encode_prompt(self, prompt: str, chat: bool = False, system: str | None = None) -> list[int]:
        return self.prompts.text(prompt, chat, system)

    def encode_chat(self, messages: list[dict]) -> list[int]:
        return self.prompts.chat(messages)

    def stop(self) -> None:
        """End a running generation: after the current token, or at once while it waits for a batch of
        decode steps (the batch finishes on the GPU; its tokens are never shown)."""
        self.guard.stopping.set()

    # -- score and reports --------------------------------------------------------------------------

    async def score(self, ids: list[int], logits: bool = False, pick: list[list[int]] | None = None) -> dict[str, list]:
        """Teacher-forced (score.py): top1[i] = argmax after ids[..i], logprob[i] = log p(ids[i+1] | ids[..i]);
        logits=True adds every position's logits, pick the log-probabilities of given ids per position."""
        self.guard.check()
        scoring.check_ids(ids, self.max_ctx, self.config.vocab, pick)
        async with self.guard.exclusive("a score"):
            result = await scoring.teacher_forced(self.step, self.resident, ids, logits, pick)
            self.kv.commit(ids)
        return result

    async def profile(self, ids: list[int]) -> dict[str, list[dict[str, Any]]]:
        """GPU time per kernel (timestamp queries) of a prefill of ids, then of one decode step."""
        async with self.guard.exclusive("a profile"):
            self.profiling = True
            try:
                await self.prefill(ids)
                prefill = self.profile_summary()
                await self.step([ids[-1]], len(ids), ("body", *GREEDY))
                return {"prefill": prefill, "decode": self.profile_summary()}
            finally:
                self.profiling = False

    def attest(self) -> list[dict[str, Any]]:
        return self.model.plan.attest()  # the route and kernels each op ran in the last step

    def step_report(self) -> dict[str, Any]:  # the routes of the last generation's prefill and decode steps
        return self.log.report(self.config.n_layers)

    def profile_summary(self) -> list[dict[str, Any]]:  # GPU time of the last profiled step per kernel
        return profile_summary(self.last_profile)


def checked_speculative(value: Any) -> Speculative | None:
    """The speculative field as a request gives it (false, "ngram", {method, max_draft}) or a Speculative,
    checked (RequestError naming speculative.max_draft, ...) before any GPU work."""
    return value if isinstance(value, Speculative) else speculative_params(SPECULATIVE.check(value))
