"""What a generation measured (Stats), decode's fraction of the read roofline, the attestation of the
steps it ran (StepLog), decode under the profiling gate (profiled_steps) and the profile summary.
Imports nothing above graph/: what it runs (the engine's step, the sampler's pick) is passed in."""
from __future__ import annotations

import asyncio
import time
from dataclasses import asdict, dataclass
from typing import Any, AsyncIterator, Awaitable, Callable, Sequence

from .graph.plan import Plan
from .graph.tape import DecodeCounts


@dataclass
class Stats:
    prompt_tokens: int = 0
    generated_tokens: int = 0
    ttft_s: float = 0.0          # prompt in -> first token out
    prefill_tok_s: float = 0.0   # prefilled tokens (not those the KV cache already held) per second of TTFT
    decode_tok_s: float = 0.0    # tokens after the first, per second
    stop_reason: str = ""        # "stop_token" | "stop_string" | "max_tokens" | "context" | "stopped"
    decode_steps: int = 0        # decode steps run (a batch may run past a stop: those are not shown)
    decode_submits: int = 0      # submits they took (graph/tape.py: several steps per submit)
    host_ms_per_token: float = 0.0  # host time to encode and submit a decode step (no GPU wait), per step
    decode_path: str = ""        # "tape/js" | "tape/python": batches replayed (graph/tape.py) by web/tape.js
                                 # or from Python; "host": one profiled step per submit (the profiling gate);
                                 # "forward": jump-forward's forwards, one per submit (graph/multistep.py)
    bytes_per_token: int = 0     # bytes a decode step reads: every weight once, and the KV cache at the
                                 # run's middle position (LlamaModel.decode_read_bytes)
    read_probe_gbps: float = 0.0  # the adapter's streaming-read roofline (ops/probe.py), once measured
                                  # (Engine.measure_read_bandwidth); 0 until then
    roofline: float = 0.0        # bytes_per_token x decode_tok_s / the probe: decode's fraction of it
    prefilled_tokens: int = 0    # prompt tokens run through the model (the rest came from the KV cache)
    reused_tokens: int = 0       # prompt tokens whose K and V the cache already held (Engine.chat)
    tuning_s: float = 0.0        # seconds the load spent choosing routes by measurement (graph/tuning.py)
    constraint_compile_s: float = 0.0  # the response_format's or forced call's automaton compiled (pyrite.constrain)
    constraint_setup_s: float = 0.0    # its first use on this engine: the token table, buffers and pipelines
    forced_tokens: int = 0       # tokens a constraint forced (jump-forward): run through a forward, never picked
    tokens_per_forward: float = 0.0  # decode's tokens per forward: (steps + the tokens beside their picks that
                                     # stood: forced ones and accepted drafts) / steps
    speculative: str = ""        # speculative decoding's method ("ngram"), "" when off (graph/speculative.py)
    drafted_tokens: int = 0      # tokens it drafted for verify forwards
    accepted_tokens: int = 0     # of them, the ones that stood
    pipelines_waited: int = 0    # pipelines it waited for, not made before it asked (a shape's or a section's
                                 # first use; Engine.prepare starts a speculative forward's ahead)

    @classmethod
    def of_prompt(cls, tokens: int, reused: int, tuning_s: float) -> "Stats":
        """A generation's stats before its prefill: `reused` of the prompt's tokens are in the KV cache already."""
        return cls(prompt_tokens=tokens, prefilled_tokens=tokens - reused, reused_tokens=reused, tuning_s=tuning_s)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    def first_token(self, ttft_s: float) -> None:
        """The prefill ended in the first token, ttft_s after the prompt came in."""
        self.ttft_s, self.prefill_tok_s = ttft_s, self.prefilled_tokens / ttft_s

    def decoded(self, decode_s: float, bytes_per_token: int, probe_gbps: float | None) -> None:
        """The tokens shown so far, decode_s after the first: decode's rate, the bytes a step reads and,
        once the probe ran, decode's fraction of its rate. The first token alone has no decode rate."""
        if self.generated_tokens < 2:
            return
        self.decode_tok_s, self.bytes_per_token = (self.generated_tokens - 1) / decode_s, bytes_per_token
        if probe_gbps:
            self.read_probe_gbps = probe_gbps
            self.roofline = bytes_per_token * self.decode_tok_s / (probe_gbps * 1e9)

    def counted(self, counts: DecodeCounts) -> None:
        """What the decode stream ran: steps, submits, host time per step, tokens per forward."""
        self.decode_steps, self.decode_submits = counts.steps, counts.submits
        self.forced_tokens += counts.forced - counts.accepted  # after the prompt's (Sampler.prepare's lead)
        self.drafted_tokens, self.accepted_tokens = counts.drafted, counts.accepted
        self.tokens_per_forward = (counts.steps + counts.forced) / counts.steps if counts.steps else 0.0
        if self.tokens_per_forward > 1:  # a forward's tokens read the weights once between them
            self.roofline /= self.tokens_per_forward
        self.host_ms_per_token = 1e3 * counts.host_s / counts.steps if counts.steps else 0.0


class StepLog:
    """The attestation of a generation: its first prefill step's routes, and its last decode step's,
    taken lazily (once per generation, not per token) before anything else moves the plan."""

    def __init__(self, plan: Plan):
        self.plan = plan
        self.steps: dict[str, list[dict[str, Any]]] = {}
        self._decoded = False  # the plan still holds a decode step that steps lacks

    def prefilled(self) -> None:
        self.steps = {"prefill": self.plan.attest()}

    def decoded(self) -> None:
        self._decoded = True

    def flush(self) -> None:
        """Keep the plan's last decode step as steps["decode"]: called before a run replaces it."""
        if self._decoded:
            self.steps["decode"] = self.plan.attest()
            self._decoded = False

    def report(self, layers: int) -> dict[str, Any]:
        """{"routes": {"prefill": {op: route}, "decode": {...}}, "choices": {"prefill": {op: "rule" or
        "measured"}, ...} (graph/tuning.py), "dispatches": {"prefill": n, ...}, "layers", "adapter_class":
        the class the routes were chosen for}."""
        self.flush()
        return {"routes": {kind: {r["op"]: r["route"] for r in rows} for kind, rows in self.steps.items()},
                "choices": {kind: {r["op"]: r["choice"] for r in rows} for kind, rows in self.steps.items()},
                "dispatches": {kind: sum(r["dispatches"] for r in rows) for kind, rows in self.steps.items()},
                "layers": layers, "adapter_class": self.plan.adapter_class}


def profile_summary(rows: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """GPU time of a profiled step per kernel, largest first: [{kernel, dispatches, ms, share}]."""
    per: dict[str, list] = {}
    for row in rows:
        entry = per.setdefault(row["kernel"], [0, 0])
        entry[0] += 1
        entry[1] += row["ns"]
    total = sum(ns for _, ns in per.values()) or 1
    return [{"kernel": k, "dispatches": n, "ms": ns / 1e6, "share": ns / total}
            for k, (n, ns) in sorted(per.items(), key=lambda kv: -kv[1][1])]


async def profiled_steps(step: Callable[[list[int], int, Sequence[str]], Awaitable[None]],
                         picked: Callable[[], Awaitable[int]], token: int, pos: int, steps: int,
                         sections: Sequence[str], counts: DecodeCounts,
                         drain: asyncio.Event | None = None) -> AsyncIterator[int]:
    """Decode under the profiling gate: one step per submit (Engine.step, which times each kernel on the
    GPU), the token it picked read back (Sampler.token) before the next; the host time of each counted.
    Once drain is set (a run follows the token: graph/multistep.py), it ends after the step it took."""
    for i in range(steps):
        if drain is not None and drain.is_set():
            return
        t0 = time.perf_counter()
        await step([token], pos + i, sections)
        counts.submitted(1, time.perf_counter() - t0)
        token = await picked()
        yield token
