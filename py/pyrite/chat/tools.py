"""Tools of a chat request (OpenAI's shape), checked before any GPU work, and what they become: the list the
chat template shows the model, and the JSON schema of the call a "required" or named tool_choice forces.

Every refusal is a RequestError naming the field path at fault (tools[1].function.name), as the seam's own
fields do (pyrite.fields).
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote

from ..errors import RequestError

NAME = re.compile(r"[a-zA-Z0-9_-]{1,64}")  # OpenAI's rule for a function's name
TOOL_KEYS = ("type", "function")
FUNCTION_KEYS = ("name", "description", "parameters", "strict")
CHOICES = ("auto", "none", "required")
TOOLS_BASE = "https://pyrite.invalid/tools/"   # each tool's parameters: a schema document of its own


@dataclass(frozen=True)
class ToolChoice:
    """What the model may do with the tools: answer or call ("auto"), only answer ("none"), call some tool
    ("required"), or call the function `name` ("function")."""
    mode: str
    name: str | None = None


def _show(v: Any) -> str:
    text = json.dumps(v, ensure_ascii=False, default=repr)
    return text if len(text) <= 80 else text[:77] + "..."


def _must(path: str, must: str, v: Any) -> RequestError:
    return RequestError(path, f"{path} must be {must}, got {_show(v)}")


def _keys(path: str, value: dict, known: tuple[str, ...], what: str) -> None:
    extra = next((k for k in value if k not in known), None)
    if extra is not None:
        raise RequestError(f"{path}.{extra}", f"{path}.{extra} is not a field of {what} ({{{', '.join(known)}}})")


def _function(at: str, value: dict, what: str, keys: tuple[str, ...]) -> dict:
    """The function object of {"type": "function", "function": {...}}: a tool's, a named tool_choice's."""
    _keys(at, value, TOOL_KEYS, what)
    if value.get("type") != "function":
        raise _must(f"{at}.type", '"function"', value.get("type"))
    fn = value.get("function")
    if not isinstance(fn, dict):
        raise _must(f"{at}.function", f"an object {{{', '.join(keys)}}}", fn)
    _keys(f"{at}.function", fn, keys, f"{what}'s function")
    return fn


def check_tools(tools: Any, field: str = "tools") -> list[dict]:
    """The request's tools, each {"type": "function", "function": {name, description?, parameters?,
    strict?}}, normalized (parameters default to an object of no properties); RequestError naming the path
    of the first fault (an unknown key, a bad or repeated name, a mistyped field)."""
    if not isinstance(tools, list):
        raise _must(field, 'a list of {"type": "function", "function": {...}}', tools)
    out, names = [], set()
    for i, tool in enumerate(tools):
        at = f"{field}[{i}]"
        if not isinstance(tool, dict):
            raise _must(at, 'an object {"type": "function", "function": {...}}', tool)
        fn = _function(at, tool, "a tool", FUNCTION_KEYS)
        name = fn.get("name")
        if not isinstance(name, str) or not NAME.fullmatch(name):
            raise _must(f"{at}.function.name", "1 to 64 of a-z, A-Z, 0-9, _ and -", name)
        if name in names:
            raise RequestError(f"{at}.function.name", f"{at}.function.name {name!r} names a function twice")
        names.add(name)
        for key, kind, must in (("description", str, "a string"), ("parameters", dict, "a JSON schema object"),
                                ("strict", bool, "true or false")):
            if key in fn and not isinstance(fn[key], kind):
                raise _must(f"{at}.function.{key}", must, fn[key])
        # parameters go last when absent: the templates write the tool with tojson, in the request's key order
        out.append({"type": "function", "function": fn if "parameters" in fn else
                    {**fn, "parameters": {"type": "object", "properties": {}}}})
    return out


def check_tool_choice(choice: Any, tools: list[dict], field: str = "tool_choice") -> ToolChoice:
    """The request's tool_choice over its checked tools (absent: "auto" with tools, "none" without):
    "auto", "none", "required" or {"type": "function", "function": {"name": ...}} naming one of them."""
    names = [t["function"]["name"] for t in tools]
    if choice is None:
        return ToolChoice("auto" if tools else "none")
    if choice in CHOICES:
        if choice == "required" and not tools:
            raise RequestError(field, f"{field} is \"required\" but the request has no tools")
        return ToolChoice(choice)
    if not isinstance(choice, dict):
        raise _must(field, f'one of {", ".join(CHOICES)} or {{"type": "function", "function": {{"name": ...}}}}',
                    choice)
    name = _function(field, choice, "a tool choice", ("name",)).get("name")
    if name not in names:
        known = f"the tools are {', '.join(names)}" if names else "the request has no tools"
        raise RequestError(f"{field}.function.name", f"{field}.function.name {_show(name)} is no tool ({known})")
    return ToolChoice("function", name)


def _call_object(fn: dict) -> dict:
    """The schema of one call of fn: {"name": fn's name, "arguments": an object fn's parameters allow}."""
    args = fn["parameters"] if "type" in fn["parameters"] else {"type": "object", **fn["parameters"]}
    # its own base, so that its "#/$defs/..." references resolve in it, not in the call object around it
    args = {"$id": f"{TOOLS_BASE}{quote(fn['name'], safe='')}.json", **args}
    return {"type": "object", "properties": {"name": {"const": fn["name"]}, "arguments": args},
            "required": ["name", "arguments"], "additionalProperties": False}


def call_schema(tools: list[dict], choice: ToolChoice) -> dict | None:
    """The JSON schema of the call object {"name", "arguments"} the model must write for a "required" (any
    of the tools) or named tool_choice; None where the model may answer in text ("auto", "none")."""
    if choice.mode == "function":
        return _call_object(next(t["function"] for t in tools if t["function"]["name"] == choice.name))
    if choice.mode == "required":
        calls = [_call_object(t["function"]) for t in tools]
        return calls[0] if len(calls) == 1 else {"anyOf": calls}
    return None


def tools_for_template(tools: list[dict], choice: ToolChoice) -> list[dict] | None:
    """The tools the chat template shows the model: none for "none" (and for no tools: the templates test
    `if tools`, and some render an empty list), only the named one for a named choice."""
    if choice.mode == "none" or not tools:
        return None
    if choice.mode == "function":
        return [t for t in tools if t["function"]["name"] == choice.name]
    return tools


def messages_for_template(messages: list[dict]) -> list[dict]:
    """A checked conversation (OpenAI's shape) as the templates read it: a call's arguments, a JSON string in
    OpenAI's shape, as the object it encodes (Qwen2.5's and Llama 3's templates write it with tojson, which
    would quote the string again), and the null content of a message of calls as "" (Qwen3's template
    concatenates it)."""
    out = []
    for m in messages:
        if m.get("tool_calls"):
            m = {**m, "content": m.get("content") or "",
                 "tool_calls": [{**c, "function": {**c["function"], "arguments": _arguments(c["function"])}}
                                for c in m["tool_calls"]]}
        out.append(m)
    return out


def _arguments(fn: dict) -> Any:
    try:
        args = json.loads(fn["arguments"])
    except (TypeError, ValueError):
        return fn["arguments"]
    return args if isinstance(args, dict) else fn["arguments"]
