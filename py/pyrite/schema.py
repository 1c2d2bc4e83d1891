"""The request schema of the seam, once: every request's fields (type, bounds, default, error kind), the
runtime options, and the error kinds that can reach the page.

pyrite.web checks each worker request against REQUESTS before running it; the worker reads export() at
boot and hands it to pyrite.js, whose createEngine, Pyrite and page check the same fields with the same
rules (web/schema.js), so every path refuses a bad value with the same kind, naming the same field
(details.field). The sampling fields live in pyrite.sampling, the runtime options in graph/options.py;
this module only assembles them. docs/seam.md holds markdown() (a test keeps it current).
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from .drafts import MAX_DRAFT, METHODS
from .errors import (ChatTemplateError, DeviceError, DeviceLostError, DTypeError, EngineBusyError, GGUFError,
                     InternalError,
                     KernelError, LimitError, ModelFormatError, PromptError, ProtocolError, PyriteError,
                     RequestError, SamplingError, ShapeError, ShardChecksumError, StoppedError, StorageError,
                     TokenizerError)
from .fields import Field
from .gpu.base import ProfilingError
from .graph.options import OptionError, option_fields
from .graph.routes import RouteError
from .sampling import SAMPLING, SAMPLING_FIELDS


@dataclass(frozen=True)
class Request:
    doc: str
    fields: tuple[Field, ...]
    options: tuple[Field, ...] | None = None  # the fields of its "options" object (generate, chat)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"doc": self.doc, "fields": {f.name: f.to_json() for f in self.fields}}
        if self.options is not None:
            out["options"] = {f.name: f.to_json() for f in self.options}
        return out


PROMPT = Field("prompt", "string", doc="the text to answer (an empty one: PromptError, as the engine says)",
               required=True)
ROLES = ("system", "user", "assistant", "tool")  # the roles of a request's messages (fields.MESSAGE_KEYS)
MESSAGES = Field("messages", "messages", doc="the conversation, oldest first", values=ROLES, required=True)
MODEL = Field("model", "string", doc="the engine's model id (any other is refused)")
STREAM = Field("stream", "boolean", False, doc="an async iterable of chunks instead of one reply")
MAX_TOKENS = Field("max_tokens", "integer", 256, doc="most tokens generated (the context may end it first)",
                   minimum=1)
STOP = Field("stop", "stop", doc="the answer ends before the first of these strings")
IDS = Field("ids", "ids", doc="token ids", required=True)
# A chat turn's tools, structured output and thinking (pyrite.chat.completion checks what they hold)
TURN_FIELDS = (
    Field("tools", "list", doc="functions the model may call: [{type: \"function\", function: {name, description, "
                               "parameters}}]"),
    Field("tool_choice", "json", doc="\"auto\" (with tools), \"none\", \"required\", or {type: \"function\", "
                                     "function: {name}}: required and named calls are constrained to the schema"),
    Field("response_format", "object", doc="{type: \"json_object\"} or {type: \"json_schema\", json_schema: {name, "
                                           "schema}}: the output is constrained to parse (and validate)"),
    Field("enable_thinking", "boolean", doc="a thinking model's reasoning (reasoning_content) on or off; absent: "
                                            "the template's own"),
)
SPECULATIVE = Field("speculative", "speculative", False, values=METHODS, maximum=MAX_DRAFT,
                    doc="speculative decoding: \"ngram\" drafts the next tokens from the prompt and the text so "
                        "far and verifies them in one forward (the same output, more tokens per forward); "
                        "{method, max_draft} caps the draft; {method: \"draft\", model} drafts with a smaller "
                        "model of the same vocabulary (a model directory or URL); false: off")
MAX_CTX = Field("max_ctx", "integer", 2048, doc="positions of the KV cache (at most the model's)", minimum=1)
BLOCK_BYTES = Field("block_bytes", "integer", doc="caps one weight buffer below the adapter's binding limit",
                    minimum=1)

REQUESTS: dict[str, Request] = {
    "load": Request("load a model in place of the current one", (
        Field("model", "string", doc="a model directory: its URL, or a path of the site (models/smollm2-135m); "
              "or local:<key>", nonempty=True,
              required=True),
        MAX_CTX, BLOCK_BYTES,
        Field("options", "object", {}, doc="runtime options for the load (route_tuning, adapter_class) and after"),
    )),
    "generate": Request("stream the answer to a prompt", (PROMPT,), (
        MAX_TOKENS, STOP,
        Field("chat", "boolean", True, doc="wrap the prompt in the model's chat template"),
        Field("system", "string", doc="the chat template's system prompt (absent: the template's own)"),
        *SAMPLING_FIELDS, SPECULATIVE)),
    "chat": Request("stream the next assistant message, reusing the KV cache of the turns before",
                    (MESSAGES,), (MAX_TOKENS, STOP, *SAMPLING_FIELDS, *TURN_FIELDS, SPECULATIVE)),
    "prepare": Request("start compiling, in the background, what requests of this kind need beyond a plain one "
                       "(a speculative forward's pipelines), so their first does not wait", (
        SPECULATIVE, SAMPLING["temperature"],
        Field("wait", "boolean", False, doc="answer once they are made, not once they are started"))),
    "generate_ids": Request("greedy token ids after prompt ids", (IDS, MAX_TOKENS)),
    "render": Request("a conversation in a chat template, as transformers renders it (pyrite.chat.render)", (
        Field("messages", "list", doc="the conversation: {role, content, tool_calls, ...} as the template reads",
              required=True),
        Field("template", "string", doc="jinja source (absent: the loaded model's own, else ChatML)"),
        Field("tools", "list", doc="tools as JSON schemas"),
        Field("add_generation_prompt", "boolean", True, doc="end with the assistant's turn opened"),
        Field("variables", "object", {}, doc="more template variables: enable_thinking, date_string, ..."))),
    "encode": Request("token ids of a text", (
        Field("text", "string", "", doc="the text"),
        Field("chat", "boolean", False, doc="wrap it in the model's chat template"))),
    "score": Request("teacher-forced score of token ids", (
        IDS,
        Field("logits", "boolean", False, doc="add every position's logits (base64 f32)"),
        Field("pick", "list", doc="token-id lists, one per position: add their log-probabilities"))),
    "profile": Request("GPU time per kernel of a prefill of ids and one decode step", (IDS,)),
    "probe": Request("the adapter's read roofline", ()),
    "profiling": Request("the profiling gate for what follows: every kernel timed, decode one step per submit", (
        Field("on", "boolean", False, doc="time every kernel on the GPU (the drawn tokens stay the same)"),)),
    "cases": Request("kernel cases on the page's device", (
        Field("cases", "list", doc="pyrite.graph.single.Case JSON", required=True),)),
    "options": Request("set runtime options on the loaded engine", (
        Field("options", "object", {}, doc="runtime option -> value (see the options table)"),)),
    "memory": Request("what the worker holds, for leak checks", ()),
    "info": Request("the page's device: adapter, features, limits", ()),
    "convert": Request("convert a GGUF file the page was given into a local model (the origin's storage)", (
        Field("path", "string", doc="the file, mounted by the worker (web/worker.js)", nonempty=True, required=True),
        Field("name", "string", doc="the local model's name (absent: from the GGUF's metadata)"))),
    # the JS API's OpenAI-shaped requests (web/engine.js); the worker gets them as chat / generate
    "chat.completions": Request("createEngine's chat.completions.create",
                                (MESSAGES, MODEL, STREAM, MAX_TOKENS, STOP, *SAMPLING_FIELDS, *TURN_FIELDS,
                                 SPECULATIVE)),
    "completions": Request("createEngine's completions.create",
                           (PROMPT, MODEL, STREAM, MAX_TOKENS, STOP, *SAMPLING_FIELDS, SPECULATIVE)),
}

# Every error kind a request can end in, as the page sees it (docs/errors.md; web/schema.js ERROR_KINDS
# adds the JS side's own).
SEAM_ERRORS: tuple[type[PyriteError], ...] = (
    ProtocolError, RequestError, SamplingError, OptionError, PromptError, TokenizerError, ChatTemplateError,
    ModelFormatError, ShardChecksumError, LimitError, DeviceError, DeviceLostError, EngineBusyError, RouteError,
    ProfilingError, KernelError, ShapeError, DTypeError, StorageError, StoppedError, GGUFError, InternalError)
ERROR_KINDS: dict[str, str] = {cls.__name__: " ".join((cls.__doc__ or "").split("\n\n")[0].split())
                               for cls in SEAM_ERRORS}  # kind -> its docstring's first paragraph


def _object(where: str, fields: tuple[Field, ...], value: Any, extra: tuple[str, ...] = ()) -> dict[str, Any]:
    """value's fields, each checked (absent ones: their defaults); an unknown one is refused first."""
    if not isinstance(value, dict):
        raise RequestError(where, f"{where} must be an object, got {type(value).__name__}")
    names = [f.name for f in fields] + list(extra)
    unknown = next((k for k in value if k not in names), None)
    if unknown is not None:
        raise RequestError(unknown, f"unknown field {unknown!r} in the {where} (have: {', '.join(names)})")
    return {f.name: f.check(value.get(f.name)) for f in fields}


def check_request(name: str, request: Any, model: str | None = None) -> dict[str, Any]:
    """A request's fields checked, with the defaults of absent ones (the "options" of generate and chat
    checked likewise); RequestError / SamplingError naming the first field at fault. model: the engine's
    model id, which a "model" field must equal (the JS API)."""
    r = REQUESTS[name]
    out = _object("request", r.fields, request, ("options",) if r.options is not None else ())
    if r.options is not None:
        out["options"] = _object("options", r.options, {} if request.get("options") is None else request["options"])
    if model is not None and out.get("model") not in (None, model):
        raise RequestError("model", f"model must be this engine's model {model!r}, got {out['model']!r}")
    return out


def stops(value: str | list[str] | None) -> tuple[str, ...]:
    """A checked stop field as the engine takes it."""
    return () if value is None else (value,) if isinstance(value, str) else tuple(value)


def export() -> dict[str, Any]:
    """The whole schema as JSON data: what the worker hands pyrite.js at boot."""
    return {"requests": {name: r.to_json() for name, r in REQUESTS.items()},
            "options": {name: f.to_json() for name, f in option_fields().items()},
            "errors": ERROR_KINDS}


def _row(f: Field) -> str:
    default = "" if f.default is None else f"`{json.dumps(f.default)}`"
    must = f.must + (" (required)" if f.required else "")
    return f"| `{f.name}` | {f.type} | {must} | {default} | {f.kind.__name__} | {f.doc} |"


def markdown() -> str:
    """The request and option tables of docs/seam.md."""
    head = "| field | type | must be | default | error | meaning |\n|---|---|---|---|---|---|"
    out = []
    for name, r in REQUESTS.items():
        out += [f"### `{name}`", "", f"{r.doc[0].upper()}{r.doc[1:]}.", ""]
        out += [head, *(_row(f) for f in r.fields)] if r.fields else ["No fields."]
        if r.options is not None:
            out += ["", "Its `options`:", "", head, *(_row(f) for f in r.options)]
        out.append("")
    out += ["### Runtime options (`options`, `setOptions`, `createEngine({options})`)", "", head,
            *(_row(f) for f in option_fields().values())]
    return "\n".join(out) + "\n"
