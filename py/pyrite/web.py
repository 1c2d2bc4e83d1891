"""What the page's worker (web/worker.js) calls, under Pyodide. Each call hands JS only strings and
numbers (JSON for structures), so no PyProxy outlives a call; callbacks are JS functions."""
from __future__ import annotations

import gc
import json
from dataclasses import asdict
from typing import Any, Callable

from .engine import Engine
from .errors import PyriteError
from .gpu import Device, request_device
from .sampling import SamplingParams

_engine: Engine | None = None
_page_device: Device | None = None  # one device per page, kept across model switches


def _error(e: BaseException) -> str:
    kind = type(e).__name__ if isinstance(e, (PyriteError, ValueError)) else "InternalError"
    return json.dumps({"error": str(e), "kind": kind})


async def load(model_url: str, on_progress: Callable[[str, int, int], Any], max_ctx: int = 2048) -> str:
    """Load the model at model_url in place of the current one, whose GPU buffers are freed first (on
    the same device); returns JSON {"model", "config", "device", "max_ctx", "gpu_bytes"} or an error."""
    global _engine
    try:
        if _engine is not None:
            _engine.close()
            _engine = None
        _engine = await Engine.load(model_url, device=await _device(), max_ctx=max_ctx, progress=on_progress)
        gc.collect()  # gpu_bytes counts only what is still held
    except Exception as e:  # reported to the page as a readable message, never a dead worker
        return _error(e)
    return json.dumps({"model": _engine.index.name, "config": _engine.config.to_json(),
                       "device": _engine.device.describe(), "max_ctx": _engine.max_ctx,
                       "gpu_bytes": _engine.device.live_bytes})


async def _device() -> Device:
    """The page's device, else a fresh one (kernel cases and info work before a load; a load after the
    device was lost gets a new one)."""
    global _page_device
    if _page_device is None or _page_device.lost is not None:
        _page_device = await request_device()
    return _page_device


def lose_device() -> None:
    """Test hook: destroy the page's device (GPUDevice.destroy), as a driver reset would lose it. Like
    stop, it skips the worker's queue, so it can land in the middle of a generate."""
    if _page_device is not None:
        _page_device.destroy()


def _engine_or_raise() -> Engine:
    if _engine is None:
        raise PyriteError("no model is loaded")
    return _engine


async def generate(prompt: str, options_json: str, on_piece: Callable[[str], Any]) -> str:
    """Stream the answer through on_piece(text); returns JSON stats (or an error)."""
    try:
        engine = _engine_or_raise()
        o = json.loads(options_json or "{}")
        params = SamplingParams.from_options(o)
        async for piece in engine.generate(prompt, max_tokens=int(o.get("max_tokens", 256)), params=params,
                                           chat=bool(o.get("chat", True)), system=o.get("system")):
            on_piece(piece)
        return json.dumps({"stats": engine.stats.to_dict(), "attest": _kernel_counts(engine),
                           "steps": engine.step_report()})
    except Exception as e:
        return _error(e)


def _kernel_counts(engine: Engine) -> dict[str, int]:
    counts: dict[str, int] = {}
    for row in engine.attest():
        counts[row["kernel"]] = counts.get(row["kernel"], 0) + 1
    return counts


def stop() -> None:
    if _engine is not None:
        _engine.stop()


async def generate_ids(ids_json: str, max_tokens: int) -> str:
    """Greedy token ids for prompt ids (bench and CLI --backend browser); JSON {"ids", "stats", "steps"}."""
    try:
        engine = _engine_or_raise()
        out = [t async for t in engine.generate_ids(json.loads(ids_json), max_tokens)]
        return json.dumps({"ids": out, "stats": engine.stats.to_dict(), "steps": engine.step_report()})
    except Exception as e:
        return _error(e)


async def profile(ids_json: str) -> str:
    """GPU time per kernel (timestamp queries) for a prefill of ids and one decode step:
    JSON {"prefill": [...], "decode": [...]} (see Engine.profile_summary)."""
    try:
        engine = _engine_or_raise()
        ids = json.loads(ids_json)
        engine.profiling = True
        try:
            await engine.prefill(ids)
            prefill = engine.profile_summary()
            await engine.decode_one(ids[-1], len(ids))
            decode = engine.profile_summary()
        finally:
            engine.profiling = False
        return json.dumps({"prefill": prefill, "decode": decode})
    except Exception as e:
        return _error(e)


async def probe() -> str:
    """The adapter's read roofline (Engine.measure_read_bandwidth): JSON {gbps, kernel, nbytes, timer}."""
    try:
        return json.dumps(asdict(await _engine_or_raise().measure_read_bandwidth()))
    except Exception as e:
        return _error(e)


async def encode(text: str, chat: bool = False) -> str:
    try:
        return json.dumps({"ids": _engine_or_raise().encode_prompt(text, chat)})
    except Exception as e:
        return _error(e)


async def score(ids_json: str, logits: bool = False, pick_json: str = "null") -> str:
    """Teacher-forced score of token ids: JSON {"tokens", "top1", "logprob"}; logits=True adds
    "logits": base64 of little-endian f32 [len(ids), vocab] (for agreement tests: small vocabularies);
    pick_json (a list of token-id lists, one per position) adds "picked", their log-probabilities."""
    import base64
    try:
        r = await _engine_or_raise().score(json.loads(ids_json), logits=bool(logits),
                                           pick=json.loads(pick_json or "null"))
        if logits:
            r["logits"] = base64.b64encode(b"".join(row.tobytes() for row in r["logits"])).decode()
        return json.dumps(r)
    except Exception as e:
        return _error(e)


async def run_cases(cases_json: str) -> str:
    """Kernel cases (pyrite.graph.single.Case JSON) on this page's device; outputs base64."""
    import base64

    from .graph.single import Case, run_case
    try:
        device = await _device()
        results = []
        for d in json.loads(cases_json):
            outputs, attest = await run_case(device, Case.from_json(d))
            results.append({"outputs": {k: base64.b64encode(v).decode() for k, v in outputs.items()},
                            "attest": attest})
        return json.dumps({"results": results})
    except Exception as e:
        return _error(e)


async def options(options_json: str) -> str:
    """Set runtime options on the loaded engine (read per execution, no rebuild); JSON of all of them."""
    try:
        engine = _engine_or_raise()
        engine.options.update(json.loads(options_json or "{}"))
        return json.dumps(dict(engine.options))
    except Exception as e:
        return _error(e)


async def info() -> str:
    """Adapter, backend, features and limits of the page's device."""
    try:
        return json.dumps((await _device()).describe())
    except Exception as e:
        return _error(e)
