"""Engine: load a model, prefill, decode_one, sample, generate (an async stream of text), score.

Reads top down like gpt-fast: the prompt is prefilled in chunks of up to max_seq tokens (S > 1),
then one token at a time (S = 1) against the KV cache, until a stop token or max_tokens.
"""
from __future__ import annotations

import array
import asyncio
import math
from collections import deque
import random
import struct
import time
from contextlib import aclosing, asynccontextmanager
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, AsyncIterator, Callable

from .errors import DeviceLostError, EngineBusyError, PromptError, PyriteError
from .gpu import Buffer, Device, request_device
from .graph.options import Options
from .graph.plan import Live
from .graph.tape import MAX_STEPS, BatchPolicy, DecodeTape
from .models.format import ModelIndex
from .models.llama import LlamaModel
from .models.loader import Progress, _no_progress, shard_source, upload
from .ops.probe import ReadProbe, read_bandwidth
from .ops.sample import write_sampling
from .sampling import MAX_WINDOW, SamplingParams, log_softmax_at, sample
from .tokenizer import StopText, StreamDecoder, Tokenizer, render_chat
from .tokenizer.chat import check_messages

LOSS_GRACE_S = 1.0  # how long a failed GPU call waits for the device's loss to be reported


def common_prefix(a: list[int], b: list[int]) -> int:
    """How many leading tokens a and b share."""
    n = min(len(a), len(b))
    return next((i for i in range(n) if a[i] != b[i]), n)


@dataclass
class Stats:
    prompt_tokens: int = 0
    generated_tokens: int = 0
    ttft_s: float = 0.0          # prompt in -> first token out
    prefill_tok_s: float = 0.0
    decode_tok_s: float = 0.0    # tokens after the first, per second
    stop_reason: str = ""        # "stop_token" | "stop_string" | "max_tokens" | "context" | "stopped"
    decode_steps: int = 0        # decode steps run (a batch may run past a stop: those are not shown)
    decode_submits: int = 0      # submits they took (graph/tape.py: several steps per submit)
    host_ms_per_token: float = 0.0  # host time to encode and submit a decode step (no GPU wait), per step
    decode_path: str = ""        # "tape/js" | "tape/python": batches replayed (graph/tape.py) by web/tape.js
                                 # or from Python; "host": one step per submit, the host between tokens
    bytes_per_token: int = 0     # bytes a decode step reads: every weight once, and the KV cache at the
                                 # run's middle position (LlamaModel.decode_read_bytes)
    read_probe_gbps: float = 0.0  # the adapter's streaming-read roofline (ops/probe.py), once measured
                                  # (Engine.measure_read_bandwidth); 0 until then
    roofline: float = 0.0        # bytes_per_token x decode_tok_s / the probe: decode's fraction of it
    prefilled_tokens: int = 0    # prompt tokens run through the model (the rest came from the KV cache)
    reused_tokens: int = 0       # prompt tokens whose K and V the cache already held (Engine.chat)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


class Engine:
    def __init__(self, device: Device, index: ModelIndex, model: LlamaModel, tokenizer: Tokenizer | None):
        self.device, self.index, self.model, self.tokenizer = device, index, model, tokenizer
        self.config = index.config
        self.stats = Stats()
        self._stop = False
        self._stop_event: asyncio.Event | None = None  # set by stop(), awaited beside a batch's readback
        self.profiling = False   # the profiling gate, read per execution: time every kernel on the GPU
        self.last_profile: list[dict[str, Any]] = []
        self.steps: dict[str, list[dict[str, Any]]] = {}  # attestation: first prefill step, last decode step
        self._decode_unrecorded = False  # the plan still holds a decode step that steps lacks
        self._buffers: list[Buffer] = []  # every GPU buffer the engine owns (close() destroys them)
        self._closed = False
        self._host_s = 0.0  # host seconds spent encoding and submitting this generation's decode steps
        self.read_probe: ReadProbe | None = None  # the read roofline, once measure_read_bandwidth ran
        self._cached: list[int] = []  # the tokens whose K and V the cache holds, at positions 0..len-1
        self._running: str | None = None  # the generation or score running now: a second one is refused
        with device.collect(self._buffers):
            self._tape = DecodeTape(model.plan, ("body", "next"), model.act.step_next, model.act.tokens)
        self.batch_policy = BatchPolicy()  # decode steps per submit (option decode_batch caps it)

    # -- load ---------------------------------------------------------------------------------------

    @classmethod
    async def load(cls, model: str | Path, *, device: Device | None = None, max_ctx: int = 2048,
                   max_seq: int = 128, overrides: dict[str, str] | None = None,
                   options: dict[str, Any] | None = None, progress: Progress = _no_progress,
                   block_bytes: int | None = None) -> "Engine":
        """A model directory (natively) or URL (in the browser) -> a ready engine.

        overrides pins routes by family ({"sdpa": "materialized"}); options are the runtime options
        (graph/options.py), checked now and changeable later through engine.options. block_bytes caps
        one weight buffer below the adapter's binding limit (larger matrices load as row blocks)."""
        counts = {"max_ctx": max_ctx, "max_seq": max_seq} | ({} if block_bytes is None else {"block_bytes": block_bytes})
        for name, value in counts.items():
            if type(value) is not int or value < 1:
                raise ValueError(f"{name} must be a positive integer, got {value!r}")
        checked = Options(options or {})  # unknown names or values fail before any download
        source = shard_source(model)
        index = await source.index()
        device = device or await request_device()
        owned: list[Buffer] = []
        try:
            with device.collect(owned):
                weights = await upload(device, index, source, progress, block_bytes)
                max_ctx = min(max_ctx, index.config.max_ctx)
                progress("shaders", 0, 1)
                device.push_error_scope()
                built = LlamaModel(device, index.config, weights, max_ctx=max_ctx, max_seq=max_seq,
                                   overrides=overrides, options=checked)
                # compile what decode, a short and a full prefill run, inside the error scope
                built.plan.prepare([Live(1, 0), Live(min(2, max_seq), 0), Live(min(max_seq, max_ctx), 0)],
                                   ("body", "next"))
                err = await device.pop_error_scope()
            if err:
                raise RuntimeError(f"building the {index.name} plan failed: {err}")
        except BaseException:
            for buf in owned:  # a failed load leaves nothing on the device
                device.destroy_buffer(buf)
            raise
        progress("shaders", 1, 1)
        tokenizer = Tokenizer.from_dict(index.tokenizer) if index.tokenizer is not None else None
        engine = cls(device, index, built, tokenizer)
        engine._buffers = owned + engine._buffers
        return engine

    def close(self) -> None:
        """Destroy every GPU buffer this engine created (weights, activations, KV cache, params):
        a page switching models frees the old one first. The engine is unusable afterwards."""
        self._stop = True
        for buf in self._buffers:
            self.device.destroy_buffer(buf)
        self._buffers = []
        self._closed = True

    async def measure_read_bandwidth(self, repeats: int = 3) -> ReadProbe:
        """The adapter's streaming-read roofline (ops/probe.py: about a second, a 64 MiB scratch buffer),
        measured once and kept: from then on each generation's Stats says what fraction of it decode
        reached (Stats.roofline)."""
        self._check_open()
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

    def _check_open(self) -> None:
        if self._closed:
            raise PyriteError(f"the engine of {self.index.name} was closed (its GPU buffers are freed)")
        if self.device.lost is not None:
            raise self._lost()

    def _lost(self) -> DeviceLostError:
        return DeviceLostError(f"the GPU device was lost ({self.device.lost}); the engine of {self.index.name} "
                               f"is gone with it: load the model again")

    async def _lost_meanwhile(self) -> bool:
        """Whether the device is lost, or is found lost within LOSS_GRACE_S: in the browser a GPU call can
        fail (mapAsync's AbortError) a turn before GPUDevice.lost resolves."""
        if self.device.lost is None:
            try:
                await asyncio.wait_for(self.device.wait_lost(), LOSS_GRACE_S)
            except asyncio.TimeoutError:
                pass
        return self.device.lost is not None

    def _write_u32(self, buffer: Any, values: list[int]) -> None:
        self.device.write_buffer(buffer, 0, array.array("I", values).tobytes())

    async def _run(self, ids: list[int], pos: int, head: str, targets: list[int] | None = None,
                   prefill: bool = False, row_sink: Callable[[array.array], None] | None = None) -> None:
        """Run ids at positions pos.. through the body (chunks of max_seq) and `head` on the last chunk.

        prefill: a new generation; its first chunk's attestation starts steps. row_sink (score only)
        receives each position's logits row, in order."""
        self._check_open()
        self._record_decode()  # before this run replaces the plan's last decode step
        a, step = self.model.act, self.model.max_seq
        for start in range(0, len(ids), step):
            chunk = ids[start:start + step]
            self._write_u32(a.ids, chunk)
            sections = ["body"]
            if head == "score":
                self._write_u32(a.targets, targets[start:start + step])
                sections.append("score")
            elif start + step >= len(ids):
                sections.append(head)
            live = Live(len(chunk), pos + start)
            if self.profiling:
                self.last_profile = await self.model.plan.run_profiled(live, sections)
            else:
                self.model.plan.run(live, sections)
            if prefill and start == 0:
                self.steps = {"prefill": self.model.plan.attest()}
            if head == "score":
                await self._collect_scores(len(chunk))
                if row_sink is not None:
                    raw = await self.device.read_buffer(self.model.score_logits, 0, len(chunk) * self.config.vocab * 4)
                    flat = array.array("f", raw)
                    v = self.config.vocab
                    for i in range(len(chunk)):
                        row_sink(flat[i * v:(i + 1) * v])

    async def prefill(self, ids: list[int], start: int = 0) -> None:
        """The prompt at positions start..len-1 (the cache holds K and V of ids[:start]); leaves the last
        token's logits ready."""
        self._cached = []
        await self._run(ids[start:], start, "next", prefill=True)

    async def decode_one(self, token: int, pos: int) -> None:
        """One token at position pos (S = 1) against the cache."""
        self._cached = []
        t0 = time.perf_counter()
        await self._run([token], pos, "next")
        self._host_s += time.perf_counter() - t0
        self._decode_unrecorded = True  # attested lazily: once per generation, not per token

    async def decode_on_gpu(self, token: int, pos: int, steps: int) -> AsyncIterator[int]:
        """Up to `steps` decode steps from token at pos, each next token chosen on the GPU (argmax or
        draw), in batches (graph/tape.py); each batch is submitted before the tokens of the one before
        it are read, so the GPU does not wait for the host. Yields each step's token; a consumer that stops
        early, or a stop request (which ends the wait for a batch at once), leaves at most two batches
        running past it, whose tokens are never shown."""
        self._check_open()
        self._record_decode()
        await self._tape.settle()  # a run that was stopped mid-batch may still be mapping a readback
        self._write_u32(self.model.act.ids, [token])
        stats, inflight, done = self.stats, deque(), 0   # (readback, first index, steps) per batch
        stats.decode_path = f"tape/{self.device.replays_in}"
        last, t_read = (0, 0.0), time.perf_counter()
        while True:
            while done < steps and len(inflight) < 2:
                n = self.batch_policy.next(*last, steps - done, self.options["decode_batch"])
                t0 = time.perf_counter()
                inflight.append((self._tape.run(pos + done, n, self.max_ctx - 1, first=done == 0), done, n))
                self._host_s += time.perf_counter() - t0
                done += n
                stats.decode_steps, stats.decode_submits = stats.decode_steps + n, stats.decode_submits + 1
            if not inflight:
                return
            readback, first, n = inflight.popleft()
            read = asyncio.ensure_future(self.device.read_mapped(readback))
            if not await self._unless_stopped(read):  # a stop ends the run now, not when the batch does
                self._tape.leave(read)
                return
            ring = array.array("I", read.result())
            now = time.perf_counter()
            last, t_read = (n, now - t_read), now
            self._decode_unrecorded = True
            for i in range(first, first + n):
                yield ring[i % MAX_STEPS]

    async def decode_on_host(self, token: int, pos: int, params: SamplingParams, rng: random.Random,
                             recent: list[int]) -> AsyncIterator[int]:
        """Decode one step per submit, the host reading each step's logits or argmax before the next
        (recent: the tokens so far, for the repetition penalty of a host draw)."""
        self.stats.decode_path = "host"
        while True:
            await self.decode_one(token, pos)
            recent.append(token)
            token = await self.next_token(params, rng, recent)
            self.stats.decode_steps += 1
            self.stats.decode_submits += 1
            yield token
            pos += 1

    async def next_token(self, params: SamplingParams, rng: random.Random, recent: list[int]) -> int:
        """The token the GPU picked (argmax, or a draw with option sampler=draw: 4 bytes back); otherwise
        read the logits row and draw on the host."""
        if params.greedy or self.options["sampler"] == "draw":
            return struct.unpack("<I", await self.device.read_buffer(self.model.act.out, 0, 4))[0]
        raw = await self.device.read_buffer(self.model.act.logits, 0, self.config.vocab * 4)
        return sample(array.array("f", raw), params, rng, recent)

    def _prepare_sampler(self, params: SamplingParams, ids: list[int]) -> None:
        """Greedy: argmax. A draw on the GPU (where decode runs there): its parameters and a seed into the
        sampling uniform, the prompt's last positions into the history ring the penalty reads."""
        on_gpu = not params.greedy and self._on_gpu()
        self.options["sampler"] = "draw" if on_gpu else "argmax"
        if not on_gpu:
            return
        seed = params.seed if params.seed is not None else random.getrandbits(64)
        write_sampling(self.model.plan, self.model.sampling, params, seed)
        ring = [0xFFFFFFFF] * MAX_WINDOW
        for q in range(max(0, len(ids) - MAX_WINDOW), len(ids)):
            ring[q % MAX_WINDOW] = ids[q]
        self._write_u32(self.model.act.history, ring)

    # -- generate -----------------------------------------------------------------------------------

    def encode(self, text: str) -> list[int]:
        """Token ids of text (with the model's BOS when it adds one)."""
        if self.tokenizer is None:
            raise PromptError(f"model {self.index.name} has no tokenizer (its checkpoint had no tokenizer.json): "
                              f"give token ids instead (score --ids-file)")
        return self.tokenizer.encode(text, add_special=True)

    def encode_prompt(self, prompt: str, chat: bool = False, system: str | None = None) -> list[int]:
        if not prompt:
            raise PromptError("the prompt is empty")
        if chat:
            return self.encode_chat(([{"role": "system", "content": system}] if system else []) +
                                    [{"role": "user", "content": prompt}])
        return self._checked(self.encode(prompt))

    def encode_chat(self, messages: list[dict]) -> list[int]:
        """Token ids of a conversation in the model's chat template, ready for the assistant's turn."""
        check_messages(messages)
        if not messages[-1]["content"].strip():
            raise PromptError(f"the prompt is empty (messages[{len(messages) - 1}] has no content)")
        return self._checked(self.encode(render_chat(messages, self.index.chat_template)))

    def _checked(self, ids: list[int]) -> list[int]:
        """A prompt's ids, refused when empty or when they leave no room in the context for an answer."""
        if not ids:
            raise PromptError("the prompt encodes to no tokens")
        if len(ids) >= self.max_ctx:
            raise PromptError(f"the prompt is {len(ids)} tokens; the context holds {self.max_ctx} "
                              f"(at least one must remain for the answer)")
        return ids

    def _on_gpu(self) -> bool:
        """Whether decode picks its tokens on the GPU, in batches of steps (graph/tape.py); not where the
        host must see each step: profiling, or option decode_batch=1 (then a draw is the host's)."""
        return not self.profiling and self.options["decode_batch"] > 1

    def stop(self) -> None:
        """Ask a running generate() to end: after the current token, or at once while it waits for a
        batch of decode steps on the GPU (the batch finishes there; its tokens are never shown)."""
        self._stop = True
        if self._stop_event is not None:
            self._stop_event.set()

    async def _unless_stopped(self, work: asyncio.Future) -> bool:
        """Wait for work, a stop request or the device's loss, whichever comes first; -> whether work
        finished (DeviceLostError on a loss)."""
        stop = asyncio.ensure_future(self._stop_event.wait())
        lost = asyncio.ensure_future(self.device.wait_lost())
        try:
            await asyncio.wait({work, stop, lost}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            stop.cancel()
            lost.cancel()
        if self.device.lost is not None:
            raise self._lost()
        return work.done()

    async def generate_ids(self, ids: list[int], max_tokens: int = 128, params: SamplingParams = SamplingParams(),
                           reuse: bool = False) -> AsyncIterator[int]:
        """Token ids of the answer to prompt ids, one at a time. reuse: prefill only the tokens after the
        longest common prefix of ids with what the KV cache holds (the last token always runs); off by
        default, because a prefix's logits then come from other tiles, equal only to rounding."""
        if type(max_tokens) is not int or max_tokens < 1:
            raise ValueError(f"max_tokens must be a positive integer, got {max_tokens!r}")
        async with self._exclusive("a generation"):
            async with aclosing(self._generate_ids(ids, max_tokens, params, reuse)) as tokens:
                async for token in tokens:
                    yield token

    async def _settle_abandoned(self) -> None:
        """Let a generation whose consumer left its loop finish closing first: the event loop closes an
        abandoned async generator a turn or two after its last reference goes."""
        for _ in range(4):
            if self._running is None:
                return
            await asyncio.sleep(0)

    @asynccontextmanager
    async def _exclusive(self, what: str) -> AsyncIterator[None]:
        """One generation or score at a time: the engine owns one KV cache and one set of activations, so
        a second while one runs is refused (EngineBusyError), never interleaved with it. A GPU call that
        fails because the device was lost ends the run with DeviceLostError."""
        await self._settle_abandoned()
        if self._running is not None:
            raise EngineBusyError(f"{what} was asked for while {self._running} runs on the engine of "
                                  f"{self.index.name}: stop it or wait for it to end")
        self._running = what
        try:
            yield
        except PyriteError:
            raise
        except Exception as e:  # a GPU call on a lost device fails with the backend's own error
            if await self._lost_meanwhile():
                raise self._lost() from e
            raise
        finally:
            self._running = None

    async def _generate_ids(self, ids: list[int], max_tokens: int, params: SamplingParams,
                            reuse: bool) -> AsyncIterator[int]:
        self._check_open()
        self._stop = False
        self._stop_event = asyncio.Event()  # made here: it belongs to the running event loop
        rng = random.Random(params.seed)
        reused = min(common_prefix(self._cached, ids), len(ids) - 1) if reuse else 0
        stats = self.stats = Stats(prompt_tokens=len(ids), prefilled_tokens=len(ids) - reused, reused_tokens=reused)
        t0 = time.perf_counter()
        self._prepare_sampler(params, ids)
        await self.prefill(ids, reused)
        recent = list(ids)
        token = await self.next_token(params, rng, recent)
        t1 = time.perf_counter()
        stats.ttft_s = t1 - t0
        stats.prefill_tok_s = len(ids) / stats.ttft_s
        pos = len(ids)
        stop_ids = self.tokenizer.stop_ids if self.tokenizer is not None else frozenset()
        self._host_s = 0.0
        steps = min(max_tokens - 1, self.max_ctx - pos)  # the most decode steps the checks below allow
        stream = (self.decode_on_gpu(token, pos, steps) if self._on_gpu()
                  else self.decode_on_host(token, pos, params, rng, recent))
        shown: list[int] = []
        try:
            while True:
                if token in stop_ids:
                    stats.stop_reason = "stop_token"
                    break
                if self._stop and not shown:  # asked during the prefill: no token is shown
                    stats.stop_reason = "stopped"
                    break
                stats.generated_tokens += 1
                shown.append(token)
                yield token
                elapsed = time.perf_counter() - t1
                if stats.generated_tokens > 1:
                    stats.decode_tok_s = (stats.generated_tokens - 1) / elapsed
                    self._roofline(stats, (len(ids) + pos) // 2)
                if stats.generated_tokens >= max_tokens:
                    stats.stop_reason = "max_tokens"
                    break
                if pos >= self.max_ctx:
                    stats.stop_reason = "context"
                    break
                if self._stop:
                    stats.stop_reason = "stopped"
                    break
                try:
                    token = await anext(stream)
                except StopAsyncIteration:  # the GPU stream ends early only on a stop request
                    stats.stop_reason = "stopped"
                    break
                pos += 1
                stats.host_ms_per_token = 1e3 * self._host_s / stats.decode_steps
        finally:
            await stream.aclose()
            # each shown token but the last went through a decode step, which wrote its K and V
            self._cached = ids + shown[:-1]

    def _roofline(self, stats: Stats, mid_pos: int) -> None:
        """Stats' bytes per decode token (at the run's middle position) and their fraction of the probe."""
        stats.bytes_per_token = self.model.decode_read_bytes(mid_pos)
        if self.read_probe is not None and self.read_probe.gbps > 0:
            stats.read_probe_gbps = self.read_probe.gbps
            stats.roofline = stats.bytes_per_token * stats.decode_tok_s / (self.read_probe.gbps * 1e9)

    async def generate(self, prompt: str, max_tokens: int = 128, params: SamplingParams = SamplingParams(),
                       chat: bool = False, system: str | None = None, stop: tuple[str, ...] = ()) -> AsyncIterator[str]:
        """The answer as pieces of text (whole UTF-8 characters), as they are decoded, ending before the
        first of the stop strings."""
        async with aclosing(self.generate_text(self.encode_prompt(prompt, chat, system), max_tokens, params,
                                               stop)) as pieces:
            async for piece in pieces:
                yield piece

    async def chat(self, messages: list[dict], max_tokens: int = 128, params: SamplingParams = SamplingParams(),
                   stop: tuple[str, ...] = ()) -> AsyncIterator[str]:
        """The assistant's next message in a conversation ([{"role", "content"}, ...], rendered with the
        model's chat template). Multi-turn: only the tokens after the longest common prefix with what the
        KV cache holds are prefilled (Stats.prefilled_tokens, reused_tokens); an edited earlier message
        re-prefills from its first changed token."""
        async with aclosing(self.generate_text(self.encode_chat(messages), max_tokens, params, stop,
                                               reuse=True)) as pieces:
            async for piece in pieces:
                yield piece

    async def generate_text(self, ids: list[int], max_tokens: int = 128, params: SamplingParams = SamplingParams(),
                            stop: tuple[str, ...] = (), reuse: bool = False) -> AsyncIterator[str]:
        """The answer to prompt ids as text pieces, cut before the first stop string (stop_reason
        "stop_string"; the tokens past it are not generated)."""
        cut = StopText(tuple(stop))
        decoder = StreamDecoder(self.tokenizer, skip_special=True)
        async with aclosing(self.generate_ids(ids, max_tokens, params, reuse)) as tokens:
            async for token in tokens:
                piece = cut.push(decoder.push(token))
                if piece:
                    yield piece
                if cut.hit:
                    break
        if cut.hit:
            self.stats.stop_reason = "stop_string"
            return
        tail = cut.push(decoder.flush()) + cut.flush()
        if tail:
            yield tail

    # -- score ----------------------------------------------------------------------------------------

    async def _collect_scores(self, n: int) -> None:
        raw = await self.device.read_buffer(self.model.act.out, 0, n * 8)
        pairs = array.array("I", raw)
        self._scores.extend((pairs[2 * i], struct.unpack("<f", struct.pack("<I", pairs[2 * i + 1]))[0])
                            for i in range(n))

    async def score(self, ids: list[int], logits: bool = False,
                    pick: list[list[int]] | None = None) -> dict[str, list]:
        """Teacher-forced: top1[i] = argmax after ids[..i], logprob[i] = log p(ids[i+1] | ids[..i]).

        logits=True adds "logits": one array of vocab floats per position of ids (the last included).
        pick (one list of token ids per position) adds "picked": log p of those ids at each position,
        computed row by row as the logits arrive (no [len(ids), vocab] array is kept)."""
        if len(ids) < 2:
            raise PromptError("score needs at least 2 tokens")
        if len(ids) > self.max_ctx:
            raise PromptError(f"the text is {len(ids)} tokens; the context holds {self.max_ctx}")
        bad = next((i for i in ids if not 0 <= i < self.config.vocab), None)
        if bad is not None:
            raise PromptError(f"token id {bad} is outside the vocabulary (0 .. {self.config.vocab - 1})")
        with self.device.collect(self._buffers):
            self.model.ensure_score()
        if pick is not None and len(pick) != len(ids):
            raise PromptError(f"pick has {len(pick)} lists of token ids for {len(ids)} positions")
        self._scores: list[tuple[int, float]] = []
        rows: list[array.array] = []
        picked: list[list[float]] = []

        def sink(row: array.array) -> None:
            if logits:
                rows.append(row)
            if pick is not None:
                picked.append(log_softmax_at(row, pick[len(picked)]))

        targets = ids[1:] + [0]
        async with self._exclusive("a score"):
            self._cached = []
            await self._run(ids, 0, "score", targets, row_sink=sink if logits or pick is not None else None)
            self._cached = list(ids)
        top1 = [t for t, _ in self._scores[:-1]]
        logprob = [lp if math.isfinite(lp) else -1e30 for _, lp in self._scores[:-1]]
        out = {"tokens": ids, "top1": top1, "logprob": logprob}
        if logits:
            out["logits"] = rows
        if pick is not None:
            out["picked"] = picked
        return out

    def attest(self) -> list[dict[str, Any]]:
        """Which kernel ran for each op in the last step."""
        return self.model.plan.attest()

    def _record_decode(self) -> None:
        """Keep the plan's last decode step as steps["decode"] (its attestation, taken once)."""
        if self._decode_unrecorded:
            self.steps["decode"] = self.model.plan.attest()
            self._decode_unrecorded = False

    def step_report(self) -> dict[str, Any]:
        """The routes of the last generation's first prefill step and last decode step (`generate --attest`):
        {"routes": {"prefill": {op: route}, "decode": {...}}, "dispatches": {"prefill": n, ...}, "layers"}."""
        self._record_decode()
        return {"routes": {kind: {r["op"]: r["route"] for r in rows} for kind, rows in self.steps.items()},
                "dispatches": {kind: sum(r["dispatches"] for r in rows) for kind, rows in self.steps.items()},
                "layers": self.config.n_layers}

    def profile_summary(self) -> list[dict[str, Any]]:
        """GPU time of the last profiled step per kernel, largest first: [{kernel, dispatches, ms, share}]."""
        per: dict[str, list] = {}
        for row in self.last_profile:
            entry = per.setdefault(row["kernel"], [0, 0])
            entry[0] += 1
            entry[1] += row["ns"]
        total = sum(ns for _, ns in per.values()) or 1
        return [{"kernel": k, "dispatches": n, "ms": ns / 1e6, "share": ns / total}
                for k, (n, ns) in sorted(per.items(), key=lambda kv: -kv[1][1])]

