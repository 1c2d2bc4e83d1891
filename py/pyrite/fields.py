"""One field of a request as data: its type, bounds, default, and the error kind a bad value raises.

Field.check is the one check every path runs: Python here, and the page through web/schema.js, which
applies the same rules to the same fields, exported by pyrite.schema at boot. None is "absent" (the
field's default). Types:

    number     a finite number, not a bool, within the bounds
    integer    an int, not a bool, within the bounds (JS: a number with no fraction, below 1e21,
               which JSON carries as an integer)
    boolean    true or false
    string     a string; nonempty: at least one character
    stop       a non-empty string, or a list of them
    messages   a non-empty list of {role: one of values, content: a string}; an assistant message may add
               tool_calls (then content may be null) and reasoning_content, a tool message tool_call_id
               and name; nothing else (MESSAGE_KEYS)
    choice     one of values (not a bool)
    ids        a list of integers >= 0 (token ids)
    list       a list (its items are the request's own business)
    object     a JSON object
    json       any JSON value (its request checks what it holds)
    speculative  false, a method (one of values, but MODEL_METHOD), or {method, max_draft: an integer in
               1 .. maximum, model: a non-empty string, given with MODEL_METHOD and only with it}
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Callable

from .errors import FieldError, RequestError

MODEL_METHOD = "draft"  # the speculative method that drafts with another model, named by its model key

# role -> the fields its message may have (OpenAI's shape; the template reads them back, pyrite.chat)
MESSAGE_KEYS = {"system": ("role", "content"), "user": ("role", "content"),
                "assistant": ("role", "content", "tool_calls", "reasoning_content"),
                "tool": ("role", "content", "tool_call_id", "name")}
CALL_KEYS = ("id", "type", "function")  # one of an assistant message's tool_calls
CALL_FUNCTION_KEYS = ("name", "arguments")  # its function (arguments: a JSON string)


@dataclass(frozen=True)
class Field:
    name: str
    type: str
    default: Any = None
    kind: type[FieldError] = RequestError
    doc: str = ""
    minimum: float | None = None
    maximum: float | None = None
    exclusive_minimum: bool = False
    exclusive_maximum: bool = False
    nonempty: bool = False   # string: at least one character
    values: tuple = ()       # choice: the allowed values; messages: the roles
    required: bool = False

    def __post_init__(self) -> None:
        if self.type not in _CHECKS:
            raise ValueError(f"field {self.name}: unknown type {self.type!r} (known: {', '.join(_CHECKS)})")

    @property
    def must(self) -> str:
        """What a value must be, in words (the messages of every path say it the same way)."""
        if self.type in ("number", "integer") and (self.minimum is not None or self.maximum is not None):
            return _bounds(self)
        return _MUST[self.type](self)

    def problem(self, value: Any) -> tuple[str, str] | None:
        """(the path at fault, its message) for a value the field refuses; None when it allows it."""
        return _CHECKS[self.type](self, value)

    def check(self, value: Any) -> Any:
        """The value (None: the default), or the field's error kind naming the field."""
        if value is None:
            if self.required:
                raise self.kind(self.name, f"{self.name} is required: {self.must}")
            return self.default
        bad = self.problem(value)
        if bad is not None:
            raise self.kind(*bad)
        return value

    def to_json(self) -> dict[str, Any]:
        """The field as the page reads it (web/schema.js): only what is set."""
        out: dict[str, Any] = {"type": self.type, "default": self.default, "kind": self.kind.__name__,
                               "must": self.must, "doc": self.doc}
        for key in ("minimum", "maximum"):
            if getattr(self, key) is not None:
                out[key] = getattr(self, key)
        for key in ("exclusive_minimum", "exclusive_maximum", "nonempty", "required"):
            if getattr(self, key):
                out[key] = True
        if self.values:
            out["values"] = list(self.values)
        return out


def _number(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and (isinstance(v, int) or math.isfinite(v))


def _integer(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _within(f: Field, v: float) -> bool:
    lo = f.minimum is None or (v > f.minimum if f.exclusive_minimum else v >= f.minimum)
    return lo and (f.maximum is None or (v < f.maximum if f.exclusive_maximum else v <= f.maximum))


def _show(v: Any) -> str:
    text = repr(v)
    return text if len(text) <= 80 else text[:77] + "..."


def _num(x: float) -> str:
    """A bound in words: 2**64 rather than its twenty digits."""
    if isinstance(x, int) and x >= 2 ** 32 and x & (x - 1) == 0:
        return f"2**{x.bit_length() - 1}"
    return f"{x:g}" if isinstance(x, float) else str(x)


def _bounds(f: Field) -> str:
    if f.minimum is not None and f.maximum is not None:
        if f.type == "integer" and not f.exclusive_minimum:
            hi = f"{_num(f.maximum)} - 1" if f.exclusive_maximum else _num(f.maximum)
            return f"in {_num(f.minimum)} .. {hi}"
        return (f"in {'(' if f.exclusive_minimum else '['}{_num(f.minimum)}, "
                f"{_num(f.maximum)}{')' if f.exclusive_maximum else ']'}")
    what = "an integer " if f.type == "integer" else ""
    if f.minimum is not None:
        return f"{what}{'>' if f.exclusive_minimum else '>='} {_num(f.minimum)}"
    return f"{what}{'<' if f.exclusive_maximum else '<='} {_num(f.maximum)}"


def _refused(f: Field, v: Any, path: str | None = None, must: str | None = None) -> tuple[str, str]:
    path = path or f.name
    return path, f"{path} must be {must or f.must}, got {_show(v)}"


def _simple(ok: Callable[[Field, Any], bool]) -> Callable[[Field, Any], tuple[str, str] | None]:
    return lambda f, v: None if ok(f, v) else _refused(f, v)


def _extra(at: str, value: dict, keys: tuple[str, ...], what: str) -> tuple[str, str] | None:
    extra = next((k for k in value if k not in keys), None)
    if extra is None:
        return None
    return f"{at}.{extra}", f"{at}.{extra} is not {what} field ({{{', '.join(keys)}}})"


def _tool_calls(f: Field, v: Any, at: str) -> tuple[str, str] | None:
    if not isinstance(v, list) or not v:
        return _refused(f, v, at, "a non-empty list of {id, type, function}")
    for j, call in enumerate(v):
        here = f"{at}[{j}]"
        if not isinstance(call, dict):
            return _refused(f, call, here, "{id, type, function}")
        bad = _extra(here, call, CALL_KEYS, "a tool call")
        if bad is not None:
            return bad
        if not isinstance(call.get("id"), str):
            return _refused(f, call.get("id"), f"{here}.id", "a string")
        if call.get("type") != "function":
            return _refused(f, call.get("type"), f"{here}.type", '"function"')
        fn = call.get("function")
        if not isinstance(fn, dict):
            return _refused(f, fn, f"{here}.function", "{name, arguments}")
        bad = _extra(f"{here}.function", fn, CALL_FUNCTION_KEYS, "a tool call's function")
        if bad is not None:
            return bad
        for key in CALL_FUNCTION_KEYS:
            if not isinstance(fn.get(key), str):
                return _refused(f, fn.get(key), f"{here}.function.{key}", "a string")
    return None


def _messages(f: Field, v: Any) -> tuple[str, str] | None:
    if not isinstance(v, list) or not v:
        return _refused(f, v)
    for i, m in enumerate(v):
        at = f"{f.name}[{i}]"
        if not isinstance(m, dict):
            return _refused(f, m, at, "{role, content}")
        role = m.get("role")
        if role not in f.values:
            return _refused(f, role, f"{at}.role", f"one of {', '.join(f.values)}")
        calls = role == "assistant" and m.get("tool_calls") is not None  # a message of calls needs no content
        if not isinstance(m.get("content"), str) and not (calls and m.get("content") is None):
            return _refused(f, m.get("content"), f"{at}.content",
                            "a string (or null beside tool_calls)" if role == "assistant" else "a string")
        bad = _extra(at, m, MESSAGE_KEYS[role], f"a {role} message's")
        if bad is None and calls:
            bad = _tool_calls(f, m["tool_calls"], f"{at}.tool_calls")
        if bad is not None:
            return bad
        for key in ("reasoning_content", "tool_call_id", "name"):  # tool_call_id: required of a tool message
            if (key in m or (key == "tool_call_id" and role == "tool")) and not isinstance(m.get(key), str):
                return _refused(f, m.get(key), f"{at}.{key}", "a string")
    return None


def _speculative(f: Field, v: Any) -> tuple[str, str] | None:
    if v is False or (isinstance(v, str) and v in f.values and v != MODEL_METHOD):
        return None
    if isinstance(v, str) and v == MODEL_METHOD:  # its shorthand has no room for the model
        return _refused(f, v, f"{f.name}.model", f"given with method '{MODEL_METHOD}': {{method, model}}")
    if not isinstance(v, dict):
        return _refused(f, v)
    bad = _extra(f.name, v, ("method", "max_draft", "model"), "a speculative")
    if bad is not None:
        return bad
    if not isinstance(v.get("method"), str) or v["method"] not in f.values:
        return _refused(f, v.get("method"), f"{f.name}.method", f"one of {', '.join(repr(m) for m in f.values)}")
    most = v.get("max_draft")
    if most is not None and not (_integer(most) and 1 <= most <= f.maximum):
        return _refused(f, most, f"{f.name}.max_draft", f"an integer in 1 .. {_num(f.maximum)}")
    model = v.get("model")
    if v["method"] == MODEL_METHOD and not (isinstance(model, str) and model):
        return _refused(f, model, f"{f.name}.model", "a model's directory or URL (a non-empty string)")
    if v["method"] != MODEL_METHOD and model is not None:
        return _refused(f, model, f"{f.name}.model", f"absent: only method '{MODEL_METHOD}' drafts with a model")
    return None


def _stop(f: Field, v: Any) -> bool:
    return (isinstance(v, str) and v != "") or (isinstance(v, list) and all(isinstance(s, str) and s for s in v))


_CHECKS: dict[str, Callable[[Field, Any], tuple[str, str] | None]] = {
    "number": _simple(lambda f, v: _number(v) and _within(f, v)),
    "integer": _simple(lambda f, v: _integer(v) and _within(f, v)),
    "boolean": _simple(lambda f, v: isinstance(v, bool)),
    "string": _simple(lambda f, v: isinstance(v, str) and (v != "" or not f.nonempty)),
    "stop": _simple(_stop),
    "messages": _messages,
    "choice": _simple(lambda f, v: not isinstance(v, bool) and v in f.values),
    "ids": _simple(lambda f, v: isinstance(v, list) and all(_integer(t) and t >= 0 for t in v)),
    "list": _simple(lambda f, v: isinstance(v, list)),
    "object": _simple(lambda f, v: isinstance(v, dict)),
    "json": lambda f, v: None,
    "speculative": _speculative,
}

_MUST: dict[str, Callable[[Field], str]] = {
    "number": lambda f: "a finite number",
    "integer": lambda f: "an integer",
    "boolean": lambda f: "true or false",
    "string": lambda f: "a non-empty string" if f.nonempty else "a string",
    "stop": lambda f: "a non-empty string or a list of them",
    "messages": lambda f: "a non-empty list of {role, content}",
    "choice": lambda f: f"one of {', '.join(repr(v) for v in f.values)}",
    "ids": lambda f: "a list of token ids (integers >= 0)",
    "list": lambda f: "a list",
    "object": lambda f: "an object",
    "json": lambda f: "any JSON value",
    "speculative": lambda f: (f"false, {' or '.join(repr(m) for m in f.values if m != MODEL_METHOD)}, or "
                              f"{{method, max_draft (1 .. {_num(f.maximum)}), model (method '{MODEL_METHOD}')}}"),
}
