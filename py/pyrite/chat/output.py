"""The assistant's streamed text -> OpenAI's message shape: content, reasoning_content and tool_calls.

The engine streams text pieces with the special tokens stripped, but Qwen's <think>, </think>, <tool_call>
and </tool_call> are ordinary added tokens and stay in the text. OutputParser cuts them out as they stream:
never a partial tag as content (a piece may end inside one), reasoning between <think> and </think>, a
tool call per <tool_call> block (hermes: Qwen2.5, Qwen3, Hermes), or a whole message of JSON calls
(Llama 3.x). Whatever does not parse as a call comes back as the content the model wrote, never an error.
"""
from __future__ import annotations

import json
import re
import secrets
from dataclasses import dataclass
from typing import Any, Callable

THINK, END_THINK = "<think>", "</think>"
TOOL_CALL, END_TOOL_CALL = "<tool_call>", "</tool_call>"
PYTHON_TAG = "<|python_tag|>"  # Llama 3.x opens a call with it (a special token the engine may have stripped)
_CALL_KEYS = {"name", "arguments", "parameters", "type"}  # what a call object may hold ("type": Llama 3.1's)
# Llama 3.x templates say: Respond in the format {"name": function name, "parameters": dictionary ...}
_LLAMA3_CALLS = re.compile(r'"name"[^\n]{0,60}"parameters"')


@dataclass(frozen=True)
class OutputFormat:
    """How a model writes its turn: tool calls ("hermes" | "llama3" | "none"), whether it reasons in <think>,
    and whether the prompt already opened <think> (its text starts as reasoning)."""
    tools: str = "none"
    reasoning: bool = False
    start_in_reasoning: bool = False
    # the request's tools, whose call written as a bare JSON message also counts (small hermes models, such
    # as Qwen2.5-Coder-0.5B, often leave out the <tool_call> tags)
    bare_calls: tuple[str, ...] = ()


def output_format(template: str | None, prompt_text: str = "") -> OutputFormat:
    """The output format a chat template teaches its model (None: the default ChatML, plain text);
    prompt_text, the rendered prompt, says whether the turn starts inside <think>."""
    source = template or ""
    tools = "hermes" if TOOL_CALL in source else "llama3" if _LLAMA3_CALLS.search(source) else "none"
    opened = prompt_text.rstrip().endswith(THINK)
    return OutputFormat(tools=tools, reasoning=THINK in source, start_in_reasoning=opened)


def _call_id() -> str:
    return "call_" + secrets.token_hex(12)


def _call(obj: Any) -> tuple[str, str] | None:
    """(name, arguments as a JSON string) of a call object {"name", "arguments" | "parameters"}; None when
    obj is no call (the text it came from is then content)."""
    if not isinstance(obj, dict) or not set(obj) <= _CALL_KEYS or not isinstance(obj.get("name"), str):
        return None
    if not obj["name"] or ("arguments" in obj) == ("parameters" in obj) or obj.get("type", "function") != "function":
        return None
    args = obj["arguments"] if "arguments" in obj else obj["parameters"]
    if isinstance(args, str):  # some models write the arguments as a JSON string, as OpenAI sends them
        try:
            args = json.loads(args)
        except ValueError:
            return None
    if not isinstance(args, dict):
        return None
    return obj["name"], json.dumps(args, ensure_ascii=False)


def _json_calls(text: str) -> list[tuple[str, str]] | None:
    """Llama 3.x's calls: one JSON call object, or several separated by ';' (an optional <|python_tag|>
    first); None when text is anything else."""
    text = text.strip()
    if text.startswith(PYTHON_TAG):
        text = text[len(PYTHON_TAG):].lstrip()
    decoder, calls, at = json.JSONDecoder(), [], 0
    while at < len(text):
        try:
            obj, at = decoder.raw_decode(text, at)
        except ValueError:
            return None
        call = _call(obj)
        if call is None:
            return None
        calls.append(call)
        rest = text[at:].lstrip()
        if rest.startswith(";"):
            rest = rest[1:].lstrip()
        elif rest:
            return None
        at = len(text) - len(rest)
    return calls or None


def _partial(text: str, tags: tuple[str, ...]) -> int:
    """Length of the longest end of text that could begin one of tags (held back until the next piece)."""
    for k in range(min(len(text), max(map(len, tags), default=1) - 1), 0, -1):
        if any(t.startswith(text[-k:]) for t in tags):
            return k
    return 0


class _Channel:
    """One text field of the message (content or reasoning_content) as it streams. After a tag its first
    newlines are dropped (lstrip), and `hold` characters at its end wait until more text follows, so that
    the whitespace a tag or a tool call brings can be dropped with it (Qwen3's template strips both when
    it renders the message back)."""

    def __init__(self, key: str, hold: str):
        self.key, self.hold = key, hold
        self.text, self.held, self.lstrip = "", "", False

    def put(self, text: str) -> str:
        """What of text (after any held characters) can go out now."""
        if self.lstrip:
            text = text.lstrip("\n")
            self.lstrip = not text
        body = text.rstrip(self.hold)
        if not body:
            self.held += text
            return ""
        out, self.held = self.held + body, text[len(body):]
        self.text += out
        return out

    def release(self) -> str:
        out, self.held = self.held, ""
        self.text += out
        return out


class OutputParser:
    """OpenAI streaming deltas from the assistant's text pieces: feed(piece) and finish() return deltas,
    each {"content": str}, {"reasoning_content": str} or {"tool_calls": [one call with its index]}; then
    message() is the whole message and finish_reason(base) the choice's reason. ids: the tool call ids
    (default call_ + 24 random hex digits)."""

    def __init__(self, fmt: OutputFormat, *, ids: Callable[[], str] | None = None):
        self.fmt, self._ids = fmt, ids or _call_id
        # content's whitespace around a hermes call is the call's, not the message's: held until text follows
        self._content = _Channel("content", " \t\r\n" if fmt.tools == "hermes" else "")
        self._reasoning = _Channel("reasoning_content", "\n")  # Qwen3's "<think>\n...\n</think>\n\n"
        self._reasoning.lstrip = True
        self._calls: list[dict] = []
        self._buf = ""
        self._state = "reasoning" if fmt.start_in_reasoning else "content"  # | "tool" | "json"
        self._at_start = True  # no content yet: a Llama 3.x message of JSON calls may still begin
        self._finished = False

    def feed(self, piece: str) -> list[dict]:
        """The deltas that piece completes (none while it may still be part of a tag or a call)."""
        self._buf += piece
        out: list[dict] = []
        self._scan(out, final=False)
        return _merged(out)

    def finish(self) -> list[dict]:
        """The deltas still held back: a partial tag, an unclosed block (as content), Llama 3.x's calls."""
        out: list[dict] = []
        self._scan(out, final=True)  # leaves text only in an unclosed block or Llama 3.x's JSON
        if self._state == "tool":  # an unclosed block is the text the model wrote
            self._emit(out, self._content, TOOL_CALL + self._buf)
        elif self._state == "json":
            calls = _json_calls(self._buf)
            if calls and self.fmt.tools != "llama3" and any(name not in self.fmt.bare_calls for name, _ in calls):
                calls = None  # a bare JSON answer that only looks like a call
            if calls is None:
                self._emit(out, self._content, self._buf)
            for name, args in calls or ():
                self._add_call(out, name, args)
        self._buf = ""
        if not self._calls:  # held whitespace belongs to the content unless a call claimed it
            self._emit(out, self._content, release=True)
        self._finished = True
        return _merged(out)

    def message(self) -> dict[str, Any]:
        """The assistant message, OpenAI's shape (after finish)."""
        if not self._finished:
            raise RuntimeError("OutputParser.message() before finish()")
        content = self._content.text
        out: dict[str, Any] = {"role": "assistant", "content": None if self._calls and not content.strip()
                               else content}
        if self._reasoning.text:
            out["reasoning_content"] = self._reasoning.text
        if self._calls:
            out["tool_calls"] = [{k: v for k, v in c.items() if k != "index"} for c in self._calls]
        return out

    def finish_reason(self, base: str) -> str:
        """"tool_calls" when the message called any tool, otherwise base ("stop", "length")."""
        return "tool_calls" if self._calls else base

    # -- the scanner -------------------------------------------------------------------------------

    def _tags(self) -> tuple[str, ...]:
        if self._state == "reasoning":
            return (END_THINK,)
        return (THINK,) * self.fmt.reasoning + (TOOL_CALL,) * (self.fmt.tools == "hermes")

    def _scan(self, out: list[dict], final: bool) -> None:
        """Consume the buffer up to what the next piece may still change (final: all of it)."""
        while self._buf:
            if self._state == "tool":
                end = self._buf.find(END_TOOL_CALL)
                if end < 0:
                    return
                body, self._buf = self._buf[:end], self._buf[end + len(END_TOOL_CALL):]
                self._tool_block(out, body)
                self._state = "content"
                continue
            if self._state == "json":
                return
            if self._state == "content" and self._at_start and (self.fmt.tools == "llama3" or self.fmt.bare_calls):
                lead = self._buf.lstrip()
                after = lead[len(PYTHON_TAG):].lstrip() if lead.startswith(PYTHON_TAG) else lead
                if after.startswith("{"):
                    self._state = "json"
                    return
                if not final and (not after or PYTHON_TAG.startswith(lead)):
                    return  # only whitespace, or the tag itself, so far
            channel = self._reasoning if self._state == "reasoning" else self._content
            tags = self._tags()
            found = [(i, t) for t in tags if (i := self._buf.find(t)) >= 0]
            if not found:
                keep = 0 if final else _partial(self._buf, tags)
                self._emit(out, channel, self._buf[:len(self._buf) - keep])
                self._buf = self._buf[len(self._buf) - keep:]
                return
            at, tag = min(found)
            self._emit(out, channel, self._buf[:at])
            self._buf = self._buf[at + len(tag):]
            if tag == THINK:
                self._state, self._reasoning.lstrip = "reasoning", True
            elif tag == END_THINK:
                self._reasoning.held = ""  # the newlines before </think> are the tag's
                self._state, self._content.lstrip = "content", True
            else:
                self._state = "tool"

    def _tool_block(self, out: list[dict], body: str) -> None:
        """One closed <tool_call> block: a call, or (malformed) the text the model wrote, tags and all."""
        try:
            call = _call(json.loads(body))
        except ValueError:
            call = None
        if call is None:
            self._emit(out, self._content, TOOL_CALL + body + END_TOOL_CALL)
        else:
            self._content.held = ""  # the whitespace before a call is the call's
            self._add_call(out, *call)

    def _add_call(self, out: list[dict], name: str, args: str) -> None:
        call = {"index": len(self._calls), "id": self._ids(), "type": "function",
                "function": {"name": name, "arguments": args}}
        self._calls.append(call)
        out.append({"tool_calls": [call]})

    def _emit(self, out: list[dict], channel: _Channel, text: str = "", release: bool = False) -> None:
        sent = channel.release() if release else channel.put(text)
        if sent:
            if channel is self._content:
                self._at_start = False
            out.append({channel.key: sent})


def _merged(deltas: list[dict]) -> list[dict]:
    """Adjacent text deltas of one field joined (a piece that completes a held tag prefix gives two)."""
    out: list[dict] = []
    for d in deltas:
        key = next(iter(d))
        if out and key != "tool_calls" and key in out[-1]:
            out[-1] = {key: out[-1][key] + d[key]}
        else:
            out.append(d)
    return out
