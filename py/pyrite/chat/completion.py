"""One assistant turn in OpenAI's chat.completions shape: tools, tool_choice, response_format and
enable_thinking checked before any GPU work; the prompt rendered with them; the constraint they ask for
(pyrite.constrain: a JSON schema, or the call a required or named tool_choice forces); the streamed text
cut into content, reasoning_content and tool_calls (output.py).

    turn = ChatTurn.of(engine.prompts, messages, tools=tools, tool_choice="auto")
    async for delta in turn.deltas(engine, max_tokens=256):   # {"content": ...}, {"tool_calls": [...]}, ...
        ...
    turn.message(), turn.finish_reason(engine.stats.stop_reason)

Engine.chat_completion wraps the deltas in the chat.completion object (response) or the chunks (chunks);
the page's worker streams the same deltas (pyrite.web), so every path parses the model's output once, here.
"""
from __future__ import annotations

import time
import uuid
from contextlib import aclosing
from dataclasses import dataclass, replace
from typing import Any, AsyncIterator

from ..constrain import Automaton, compile_json_object, compile_schema
from ..errors import RequestError
from ..sampling import OPTION_KEYS, SamplingParams
from ..schema import MESSAGES, STOP, stops
from ..stats import Stats
from .output import OutputParser, output_format
from .tools import ToolChoice, call_schema, check_tool_choice, check_tools, tools_for_template

# Engine stop reasons -> OpenAI's finish_reason ("abort": the user stopped it; OpenAI has no word for it)
FINISH = {"stop_token": "stop", "stop_string": "stop", "max_tokens": "length", "context": "length",
          "stopped": "abort"}
FORMAT_TYPES = ("text", "json_object", "json_schema")
SCHEMA_KEYS = ("name", "schema", "strict", "description")


def check_response_format(value: Any, where: str = "response_format") -> dict | None:
    """OpenAI's response_format: {"type": "text"} (None: no constraint), {"type": "json_object"}, or
    {"type": "json_schema", "json_schema": {name, schema, strict?, description?}}; RequestError naming the
    path at fault (the schema itself is checked when it compiles)."""
    if value is None:
        return None
    if not isinstance(value, dict) or value.get("type") not in FORMAT_TYPES:
        raise RequestError(f"{where}.type", f"{where} must be {{\"type\": one of {', '.join(FORMAT_TYPES)}}}, "
                                            f"got {value!r:.80}")
    extra = next((k for k in value if k not in ("type", "json_schema")), None)
    if extra is not None or (value["type"] != "json_schema" and "json_schema" in value):
        key = extra or "json_schema"
        raise RequestError(f"{where}.{key}", f"{where}.{key} is not a field of a {value['type']} response_format")
    if value["type"] == "text":
        return None
    if value["type"] == "json_schema":
        spec = value.get("json_schema")
        if not isinstance(spec, dict):
            raise RequestError(f"{where}.json_schema", f"{where}.json_schema must be {{name, schema, strict}}")
        extra = next((k for k in spec if k not in SCHEMA_KEYS), None)
        if extra is not None:
            raise RequestError(f"{where}.json_schema.{extra}",
                               f"{where}.json_schema.{extra} is not a field of json_schema ({', '.join(SCHEMA_KEYS)})")
        if not isinstance(spec.get("name"), str) or not spec["name"]:
            raise RequestError(f"{where}.json_schema.name", f"{where}.json_schema.name must be a non-empty string")
        if not isinstance(spec.get("schema"), dict):
            raise RequestError(f"{where}.json_schema.schema", f"{where}.json_schema.schema must be a JSON schema object")
    return value


def response_constraint(response_format: dict | None) -> Automaton | None:
    """The automaton of a checked response_format (None: free text)."""
    if response_format is None:
        return None
    if response_format["type"] == "json_object":
        return compile_json_object()
    return compile_schema(response_format["json_schema"]["schema"], where="response_format.json_schema.schema")


def call_constraint(tools: list[dict], choice: ToolChoice, style: str) -> Automaton | None:
    """The automaton of the call a required or named tool_choice forces, written as the model writes calls
    (hermes: in a <tool_call> block; Llama 3: the bare JSON object)."""
    schema = call_schema(tools, choice)
    if schema is None:
        return None
    around = (b"<tool_call>\n", b"\n</tool_call>") if style == "hermes" else (b"", b"")
    return compile_schema(schema, where="tools", around=around)


@dataclass
class ChatTurn:
    """A checked turn: the prompt's ids, the constraint, and the parser of what the model writes."""
    ids: list[int]
    constraint: Automaton | None
    parser: OutputParser
    compile_s: float = 0.0  # the constraint's compile (Stats.constraint_compile_s)
    stats: Stats | None = None  # the generation's, once the deltas ran to their end

    @classmethod
    def of(cls, prompts: Any, messages: list[dict], *, tools: Any = None, tool_choice: Any = None,
           response_format: Any = None, enable_thinking: bool | None = None) -> "ChatTurn":
        """Everything checked and compiled, in the order a user fixes them, before any GPU work."""
        MESSAGES.check(messages)
        checked_tools = check_tools(tools) if tools is not None else []
        choice = check_tool_choice("auto" if tool_choice is None else tool_choice, checked_tools)
        fmt_request = check_response_format(response_format)
        if fmt_request is not None and choice.mode in ("required", "function"):
            raise RequestError("response_format", "response_format cannot be combined with a tool_choice that "
                                                  "forces a call (the call's own schema constrains the output)")
        if fmt_request is not None or checked_tools:
            prompts.tokenizer_for("response_format" if fmt_request is not None else "tools")
        style = output_format(prompts.chat_template).tools
        t0 = time.perf_counter()
        call = call_constraint(checked_tools, choice, style)
        constraint = response_constraint(fmt_request) or call
        compile_s = time.perf_counter() - t0
        variables = {} if enable_thinking is None else {"enable_thinking": enable_thinking}
        if constraint is not None and enable_thinking is None:
            variables["enable_thinking"] = False  # a constraint holds from the first token: no room to think
        shown = tools_for_template(checked_tools, choice)
        text = prompts.render_chat(messages, tools=shown, **variables)
        fmt = output_format(prompts.chat_template, text)
        if call is not None and fmt.tools == "none":  # a template that knows no calls: the forced one is bare JSON
            fmt = replace(fmt, tools="llama3")
        fmt = replace(fmt, bare_calls=tuple(t["function"]["name"] for t in shown or ()))
        return cls(prompts.encode_rendered(text), constraint, OutputParser(fmt), compile_s)

    async def deltas(self, engine: Any, max_tokens: int = 256, params: SamplingParams = SamplingParams(),
                     stop: tuple[str, ...] = (), speculative: Any = None) -> AsyncIterator[dict]:
        """The turn's deltas as the model writes it (each {"content"}, {"reasoning_content"} or
        {"tool_calls"}), reusing the KV cache of the turns before."""
        async for piece in engine.generate_text(self.ids, max_tokens, params, stop, reuse=True,
                                                constraint=self.constraint, speculative=speculative):
            for delta in self.parser.feed(piece):
                yield delta
        for delta in self.parser.finish():
            yield delta
        self.stats = engine.stats
        self.stats.constraint_compile_s = self.compile_s

    def message(self) -> dict[str, Any]:
        return self.parser.message()

    def finish_reason(self, stop_reason: str) -> str:
        """OpenAI's finish_reason: "tool_calls" when the model called a tool, else the stop reason's."""
        return self.parser.finish_reason(FINISH.get(stop_reason, "stop"))


def request_options(stop: Any, sampling: dict[str, Any]) -> tuple[SamplingParams, tuple[str, ...]]:
    """A chat completion's sampling fields and stop strings, checked (an unknown field: RequestError)."""
    unknown = next((k for k in sampling if k not in OPTION_KEYS), None)
    if unknown is not None:
        raise RequestError(unknown, f"unknown field {unknown!r} of a chat completion")
    return SamplingParams.from_options(sampling), stops(STOP.check(stop))


def completion_id() -> str:
    return f"chatcmpl-{uuid.uuid4().hex[:24]}"


def usage(stats: Stats) -> dict[str, Any]:
    """OpenAI's usage, and speculative: {drafted, accepted} where speculative decoding ran."""
    out: dict[str, Any] = {"prompt_tokens": stats.prompt_tokens, "completion_tokens": stats.generated_tokens,
                           "total_tokens": stats.prompt_tokens + stats.generated_tokens}
    if stats.speculative:
        out["speculative"] = {"drafted": stats.drafted_tokens, "accepted": stats.accepted_tokens}
    return out


async def response(model: str, turn: ChatTurn, deltas: AsyncIterator[dict]) -> dict[str, Any]:
    """The non-streaming chat.completion object, once the turn's deltas ran to their end."""
    async with aclosing(deltas) as running:
        async for _ in running:
            pass
    choice = {"index": 0, "message": turn.message(), "finish_reason": turn.finish_reason(turn.stats.stop_reason)}
    return {"id": completion_id(), "object": "chat.completion", "created": int(time.time()), "model": model,
            "choices": [choice], "usage": usage(turn.stats)}


async def chunks(model: str, turn: ChatTurn, deltas: AsyncIterator[dict]) -> AsyncIterator[dict[str, Any]]:
    """A chat.completion.chunk per delta of the turn, as the model writes it; the last: an empty delta,
    the finish_reason and the usage."""
    cid = completion_id()
    async with aclosing(deltas) as running:
        async for delta in running:
            yield chunk(cid, model, {"role": "assistant", **delta})
    yield chunk(cid, model, {}, turn.finish_reason(turn.stats.stop_reason), turn.stats)


def chunk(cid: str, model: str, delta: dict, finish_reason: str | None = None,
          stats: Stats | None = None) -> dict[str, Any]:
    """One chat.completion.chunk (the last one: an empty delta, the finish_reason and the usage)."""
    out = {"id": cid, "object": "chat.completion.chunk", "created": int(time.time()), "model": model,
           "choices": [{"index": 0, "delta": delta, "finish_reason": finish_reason}]}
    return {**out, "usage": usage(stats)} if stats is not None else out
