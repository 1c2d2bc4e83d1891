"""The worker seam: every request the page's worker (web/worker.js) makes, in one table.

The worker calls handle(type, payload_json, emit) for every request, load included; a request is an
async function registered with @request, taking the payload (a dict, checked against its table in
pyrite.schema first: absent fields hold their defaults) and `emit` (events: "progress", "piece") and
returning something JSON can carry. Each call hands JS only strings (JSON) and numbers, so no PyProxy
outlives it. An error crosses the seam once, in one shape: {"kind", "message", "details"} (kind: the
Python error class; details: the fields a typed error carries, such as a LimitError's limit or a
RequestError's field; an unexpected exception is an InternalError carrying its type, message and
traceback). The worker reads schema_json() at boot (the schema, for pyrite.js and the page).

Immediate requests (stop, lose_device) are plain functions the worker runs at once, outside its queue,
so they can land in the middle of a generate.
"""
from __future__ import annotations

import asyncio
import base64
import gc
import json
import sys
from dataclasses import asdict
from urllib.parse import urljoin
from typing import Any, Awaitable, Callable

from . import schema
from .chat import render as render_template
from .chat.completion import ChatTurn
from .engine import Engine
from .errors import InternalError, ProtocolError, PyriteError
from .gpu import Device, request_device
from .models.local import is_local
from .resume import resumed  # noqa: F401  (the worker calls it on a restored Python)
from .sampling import SamplingParams

Emit = Callable[[str, str], Any]  # (event, JSON data) -> the worker posts it to the page
Handler = Callable[[dict, Emit], Awaitable[Any]]

REQUESTS: dict[str, Handler] = {}
IMMEDIATE: dict[str, Callable[[], None]] = {}

_engine: Engine | None = None
_page_device: Device | None = None  # one device per page, kept across model switches
_converting = {"stop": False}  # the running conversion's stop flag (set by the stop request)


def request(fn: Handler) -> Handler:
    """Register an async request under its function's name."""
    REQUESTS[fn.__name__] = fn
    return fn


def immediate(fn: Callable[[], None]) -> Callable[[], None]:
    """Register a request the worker runs at once, outside its queue."""
    IMMEDIATE[fn.__name__] = fn
    return fn


def error_shape(e: BaseException) -> dict[str, Any]:
    """The one shape an error takes across the seam: kind, message and the typed error's fields (an
    exception that is no PyriteError: InternalError with its type, message and traceback)."""
    if not isinstance(e, PyriteError):
        e = InternalError.of(e)
    details = {k: v for k, v in vars(e).items() if isinstance(v, (str, int, float, bool)) and not k.startswith("_")}
    return {"kind": type(e).__name__, "message": str(e), "details": details}


async def handle(type: str, payload_json: str, emit: Emit) -> str:
    """Run one request: JSON {"result": ...} or {"error": {"kind", "message", "details"}}; never raises,
    so a failure reaches the page as a readable message, never as a dead worker."""
    try:
        if type in IMMEDIATE:  # sent before the worker knew them (during boot): they run as they come
            return run_immediate(type)
        fn = REQUESTS.get(type)
        if fn is None:
            raise ProtocolError(f"unknown request type {type!r} (have {sorted(REQUESTS) + sorted(IMMEDIATE)})")
        try:
            payload = json.loads(payload_json or "{}")
        except ValueError as e:
            raise ProtocolError(f"{type}: the payload is not JSON ({e})") from None
        if not isinstance(payload, dict):
            raise ProtocolError(f"{type}: the payload must be a JSON object, got {payload_json[:80]!r}")
        return json.dumps({"result": await fn(schema.check_request(type, payload), emit)})
    except Exception as e:
        return json.dumps({"error": error_shape(e)})


def run_immediate(type: str) -> str:
    """Run an immediate request: JSON {"result": null} or {"error": ...}."""
    try:
        fn = IMMEDIATE.get(type)
        if fn is None:
            raise ProtocolError(f"{type!r} is not an immediate request (have {sorted(IMMEDIATE)})")
        fn()
        return json.dumps({"result": None})
    except Exception as e:
        return json.dumps({"error": error_shape(e)})


def immediate_types() -> str:
    """The immediate requests' names (JSON list), read once by the worker at boot."""
    return json.dumps(sorted(IMMEDIATE))


def schema_json() -> str:
    """The request schema (pyrite.schema.export), read once by the worker at boot and handed to pyrite.js."""
    return json.dumps(schema.export())


async def _device() -> Device:
    """The page's device, else a fresh one (kernel cases and info work before a load; a load after the
    device was lost gets a new one)."""
    global _page_device
    if _page_device is None or _page_device.lost is not None:
        _page_device = await request_device()
    return _page_device


def _engine_or_raise() -> Engine:
    if _engine is None:
        raise ProtocolError("no model is loaded (load one first)")
    return _engine


# -- requests -------------------------------------------------------------------------------------

def site_url(path: str) -> str:
    """A path of the site as a URL, in the page (the worker runs from the site's root); natively, as it is."""
    if sys.platform != "emscripten":
        return path
    import js  # type: ignore[import-not-found]  # Pyodide only
    return urljoin(str(js.location.href), path)


@request
async def load(p: dict, emit: Emit) -> dict:
    """Load the model directory p["model"] (a path of the site, such as models/smollm2-135m) in place of
    the current one, whose GPU buffers are freed first (on the same device):
    {"model", "config", "device", "max_ctx", "gpu_bytes", "tuning"}. p["options"]: runtime options read at
    load (route_tuning, adapter_class) and after. p["block_bytes"] caps one weight buffer below
    the adapter's binding limit (Engine.load), as a smaller adapter would."""
    global _engine
    replaced = _engine is not None
    if replaced:
        _engine.close()
        _engine = None

    def progress(phase: str, done: int, total: int) -> None:
        emit("progress", json.dumps({"phase": phase, "done": done, "total": total}))

    model = p["model"] if is_local(p["model"]) else site_url(p["model"].rstrip("/") + "/")
    _engine = await Engine.load(model, device=await _device(), max_ctx=p["max_ctx"], progress=progress,
                                block_bytes=p["block_bytes"], options=p["options"])
    for text in _engine.prompts.notices:
        emit("notice", text)
    if replaced:  # gpu_bytes counts only what is still held (a page's first load leaves no garbage to
        gc.collect()  # collect, and a collection of the restored heap took 0.07-0.1 s of its Ready)
    asyncio.get_running_loop().call_soon(_engine.prompts.warm)  # runs after this answer: the first chat skips it
    return {"model": _engine.index.name, "config": _engine.config.to_json(), "device": _engine.device.describe(),
            "max_ctx": _engine.max_ctx, "gpu_bytes": _engine.device.live_bytes,
            "tuning": _engine.resident.tuning.to_dict()}


def _answer(engine: Engine) -> dict:
    return {"stats": engine.stats.to_dict(), "attest": _kernel_counts(engine), "steps": engine.step_report()}


@request
async def generate(p: dict, emit: Emit) -> dict:
    """Stream the answer to p["prompt"] as "piece" events: {"stats", "attest", "steps"}."""
    engine = _engine_or_raise()
    o = p["options"]
    async for piece in engine.generate(p["prompt"], max_tokens=o["max_tokens"], params=SamplingParams.from_options(o),
                                       chat=o["chat"], system=o["system"], stop=schema.stops(o["stop"]),
                                       speculative=o["speculative"]):
        emit("piece", piece)
    return _answer(engine)


@request
async def chat(p: dict, emit: Emit) -> dict:
    """Stream the assistant's next message in the conversation p["messages"], reusing the KV cache of the
    turns before: each delta (pyrite.chat.completion: content, reasoning_content or tool_calls) as a
    "delta" event, and its content also as a "piece" event: {"stats", "attest", "steps", "message",
    "finish_reason"}."""
    engine = _engine_or_raise()
    o = p["options"]
    turn = ChatTurn.of(engine.prompts, p["messages"], tools=o["tools"], tool_choice=o["tool_choice"],
                       response_format=o["response_format"], enable_thinking=o["enable_thinking"])
    async for delta in turn.deltas(engine, o["max_tokens"], SamplingParams.from_options(o), schema.stops(o["stop"]),
                                   o["speculative"]):
        if "content" in delta:
            emit("piece", delta["content"])
        emit("delta", json.dumps(delta))
    return {**_answer(engine), "message": turn.message(), "finish_reason": turn.finish_reason(engine.stats.stop_reason)}


def _kernel_counts(engine: Engine) -> dict[str, int]:
    counts: dict[str, int] = {}
    for row in engine.attest():
        counts[row["kernel"]] = counts.get(row["kernel"], 0) + 1
    return counts


@request
async def prepare(p: dict, emit: Emit) -> dict:
    """Start compiling what requests with p["speculative"] on (and p["temperature"]'s pick) need beyond a
    plain one, in the background (Engine.prepare): {"compiling": how many were not made yet}, once
    started, or with p["wait"] once made."""
    engine = _engine_or_raise()
    params = SamplingParams.from_options({"temperature": p["temperature"]})
    return {"compiling": await engine.prepare(p["speculative"], params, wait=p["wait"])}


@request
async def generate_ids(p: dict, emit: Emit) -> dict:
    """Greedy token ids for prompt ids (bench and CLI --backend browser): {"ids", "stats", "steps"}."""
    engine = _engine_or_raise()
    out = [t async for t in engine.generate_ids(p["ids"], p["max_tokens"])]
    return {"ids": out, "stats": engine.stats.to_dict(), "steps": engine.step_report()}


@request
async def profile(p: dict, emit: Emit) -> dict:
    """GPU time per kernel (timestamp queries) for a prefill of p["ids"] and one decode step:
    {"prefill": [...], "decode": [...]} (see Engine.profile_summary)."""
    return await _engine_or_raise().profile(p["ids"])


@request
async def probe(p: dict, emit: Emit) -> dict:
    """The adapter's read roofline (Engine.measure_read_bandwidth): {gbps, kernel, nbytes, timer}."""
    return asdict(await _engine_or_raise().measure_read_bandwidth())


@request
async def encode(p: dict, emit: Emit) -> dict:
    return {"ids": _engine_or_raise().encode_prompt(p["text"], p["chat"])}


@request
async def render(p: dict, emit: Emit) -> dict:
    """p["messages"] in p["template"] (absent: the loaded model's own template and special tokens, or
    ChatML with no model): {"text"}; a template that refuses them is a ChatTemplateError."""
    template, specials = p["template"], {}
    if template is None and _engine is not None:
        template, specials = _engine.prompts.chat_template, _engine.prompts.special_tokens
    return {"text": render_template(template, p["messages"], tools=p["tools"],
                                add_generation_prompt=p["add_generation_prompt"], **{**specials, **p["variables"]})}


@request
async def score(p: dict, emit: Emit) -> dict:
    """Teacher-forced score of p["ids"]: {"tokens", "top1", "logprob"}; p["logits"] adds "logits": base64
    of little-endian f32 [len(ids), vocab] (for agreement tests: small vocabularies); p["pick"] (a list
    of token-id lists, one per position) adds "picked", their log-probabilities."""
    logits = p["logits"]
    r = await _engine_or_raise().score(p["ids"], logits=logits, pick=p["pick"])
    if logits:
        r["logits"] = base64.b64encode(b"".join(row.tobytes() for row in r["logits"])).decode()
    return r


@request
async def cases(p: dict, emit: Emit) -> dict:
    """Kernel cases (pyrite.ops.single.Case JSON) on this page's device; outputs base64."""
    from .ops.single import Case, run_cases
    ran = await run_cases(await _device(), [Case.from_json(d) for d in p["cases"]])
    return {"results": [{"outputs": {k: base64.b64encode(v).decode() for k, v in outputs.items()}, "attest": attest}
                        for outputs, attest in ran]}


@request
async def profiling(p: dict, emit: Emit) -> dict:
    """Set the profiling gate (Engine.profiling) for the generations that follow: {"on"}."""
    engine = _engine_or_raise()
    engine.profiling = p["on"]
    return {"on": engine.profiling}


@request
async def options(p: dict, emit: Emit) -> dict:
    """Set runtime options on the loaded engine (read per execution, no rebuild); all of them."""
    engine = _engine_or_raise()
    engine.options.update(p["options"])
    return dict(engine.options)


@request
async def memory(p: dict, emit: Emit) -> dict:
    """What the worker holds, for leak checks: GPU buffer bytes, Python objects (after a collection), and
    the WebAssembly heap (in the page; 0 natively)."""
    gc.collect()
    heap = 0
    if sys.platform == "emscripten":
        import pyodide_js  # type: ignore[import-not-found]  # Pyodide only
        heap = int(pyodide_js._module.HEAP8.length)
    return {"gpu_bytes": _page_device.live_bytes if _page_device is not None else 0,
            "py_objects": len(gc.get_objects()), "wasm_heap_bytes": heap}


@request
async def convert(p: dict, emit: Emit) -> dict:
    """Convert the GGUF file at p["path"] (the worker mounted the page's File there) into a local model,
    with "convert" progress per tensor: {"key", "name", "bytes", "tensors", "arch"}; it loads as
    local:<key>. The stop request ends it between tensors, leaving nothing behind."""
    import pyrite_local  # type: ignore[import-not-found]  # web/local.js
    from .models.loader import binding_limit
    from .models.local import convert_local

    def progress(phase: str, done: int, total: int) -> None:
        emit("progress", json.dumps({"phase": phase, "done": done, "total": total}))

    _converting["stop"] = False
    return await convert_local(p["path"], pyrite_local, name=p["name"], binding_limit=binding_limit(await _device()),
                               progress=progress, stopped=lambda: _converting["stop"])


@request
async def info(p: dict, emit: Emit) -> dict:
    """Adapter, backend, features and limits of the page's device."""
    return (await _device()).describe()


# -- immediate requests ---------------------------------------------------------------------------

@immediate
def stop() -> None:
    """End a running generate (after its current token, or at once while it waits for a decode batch), or
    a running conversion (after its current tensor)."""
    _converting["stop"] = True
    if _engine is not None:
        _engine.stop()


@immediate
def lose_device() -> None:
    """Test hook: destroy the page's device (GPUDevice.destroy), as a driver reset would lose it."""
    if _page_device is not None:
        _page_device.destroy()
