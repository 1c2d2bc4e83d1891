"""Chat prompts without jinja: ChatML families recognised by their template source.

A model's tokenizer.chat_template is matched against known skeletons
(chat_templates.py); the match names the family and yields the template's own
default system prompt, and the family's renderer writes the same text jinja
would. Anything else is a ChatTemplateError, never a guess.

System / user / assistant turns render in every family; the qwen2.5 family also renders its
template's tool branches: a tool list in the system turn, assistant tool_calls and role "tool"
results, with `tojson` as transformers defines it (json.dumps, ensure_ascii=False, keys unsorted).
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from pyrite.errors import ChatTemplateError
from pyrite.tokenizer import chat_templates as sources

_IM_START, _IM_END = "<|im_start|>", "<|im_end|>"


@dataclass(frozen=True)
class ChatFamily:
    """One template family: its skeleton and how its loop treats messages."""

    name: str
    skeleton: str
    # Roles the template writes as ChatML turns; None: any role, verbatim.
    roles: frozenset[str] | None
    tools: bool = False  # renders tools, tool_calls and role "tool" (Qwen2.5's branches)


FAMILIES: tuple[ChatFamily, ...] = (
    ChatFamily("chatml", sources.CHATML, None),
    ChatFamily("chatml-loop-system", sources.CHATML_LOOP_SYSTEM, None),
    # Its system turn comes before the loop and the loop skips a leading system
    # message, which writes the same text as the loop-system family for these roles.
    ChatFamily("qwen2.5", sources.QWEN25, frozenset({"system", "user", "assistant", "tool"}), tools=True),
)

_patterns: dict[str, re.Pattern[str]] = {}


def _pattern(family: ChatFamily) -> re.Pattern[str]:
    """The skeleton as a regex; the default prompt (no quotes or escapes, so it reads
    the same inside any jinja literal) is captured once and must repeat identically."""
    pat = _patterns.get(family.name)
    if pat is None:
        first, *rest = family.skeleton.split(sources.DEFAULT_SYSTEM)
        body = re.escape(first)
        for k, part in enumerate(rest):
            body += (r"(?P<system>[^'\"\\{}]*)" if k == 0 else "(?P=system)") + re.escape(part)
        # jinja drops one trailing newline of a template, so it is optional here.
        pat = _patterns[family.name] = re.compile(body.removesuffix(re.escape("\n")) + r"\n?")
    return pat


@dataclass(frozen=True)
class ChatTemplate:
    """A recognised chat template: its family and its default system prompt (None: none)."""

    family: ChatFamily
    default_system: str | None

    def render(self, messages: Sequence[Mapping[str, Any]], add_generation_prompt: bool = True,
               tools: Sequence[Any] | None = None) -> str:
        """The prompt text the template's jinja source renders for messages (and tools)."""
        if tools and not self.family.tools:
            raise ChatTemplateError(f"the {self.family.name} template renders no tools")
        turns = [_checked(m, k, self.family) for k, m in enumerate(messages)]
        if not turns:
            raise ChatTemplateError("no messages to render")
        out = []
        first_system = turns[0]["role"] == "system"
        if tools:
            system = turns[0]["content"] if first_system else self.default_system
            out.append(f"{_IM_START}system\n{system}{_TOOLS_HEAD}"
                       + "".join("\n" + _tojson(t) for t in tools) + _TOOLS_TAIL)
        elif self.default_system is not None and not first_system:
            out.append(_turn("system", self.default_system))
        skip_first = self.family.tools and first_system and tools
        for k, m in enumerate(turns):
            if k == 0 and skip_first:
                continue
            if m["role"] == "tool" and self.family.tools:
                opens = k == 0 or turns[k - 1]["role"] != "tool"
                closes = k == len(turns) - 1 or turns[k + 1]["role"] != "tool"
                out.append((f"{_IM_START}user" if opens else "") + f"\n<tool_response>\n{m['content']}\n"
                           f"</tool_response>" + (f"{_IM_END}\n" if closes else ""))
            elif m.get("tool_calls"):
                calls = "".join(_tool_call(c) for c in m["tool_calls"])
                content = f"\n{m['content']}" if m["content"] else ""
                out.append(f"{_IM_START}assistant{content}{calls}{_IM_END}\n")
            else:
                out.append(_turn(m["role"], m["content"]))
        if add_generation_prompt:
            out.append(f"{_IM_START}assistant\n")
        return "".join(out)


_TOOLS_HEAD = ("\n\n# Tools\n\nYou may call one or more functions to assist with the user query.\n\n"
               "You are provided with function signatures within <tools></tools> XML tags:\n<tools>")
_TOOLS_TAIL = ("\n</tools>\n\nFor each function call, return a json object with function name and arguments "
               "within <tool_call></tool_call> XML tags:\n<tool_call>\n{\"name\": <function-name>, "
               "\"arguments\": <args-json-object>}\n</tool_call><|im_end|>\n")


def _tojson(x: Any) -> str:
    # transformers' tojson filter (chat_template_utils): json.dumps with ensure_ascii=False
    return json.dumps(x, ensure_ascii=False)


def _tool_call(call: Any) -> str:
    if not isinstance(call, Mapping):
        raise ChatTemplateError(f"a tool call must be an object, got {type(call).__name__}")
    fn = call.get("function", call)
    if not isinstance(fn, Mapping) or not isinstance(fn.get("name"), str) or "arguments" not in fn:
        raise ChatTemplateError(f"a tool call needs a 'name' (string) and 'arguments', got {call!r:.80}")
    return f'\n<tool_call>\n{{"name": "{fn["name"]}", "arguments": {_tojson(fn["arguments"])}}}\n</tool_call>'


def _turn(role: str, content: str) -> str:
    return f"{_IM_START}{role}\n{content}{_IM_END}\n"


def _checked(message: Mapping[str, Any], k: int, family: ChatFamily) -> dict[str, Any]:
    """messages[k] as {role, content, tool_calls?}, or a ChatTemplateError naming what jinja would
    choke on (a missing or non-string field) or what this family does not render."""
    if not isinstance(message, Mapping):
        raise ChatTemplateError(f"messages[{k}] is a {type(message).__name__}, not a dict")
    role, content, calls = message.get("role"), message.get("content"), message.get("tool_calls")
    if calls and family.tools and role == "assistant" and content is None:
        content = ""
    if not isinstance(role, str) or not isinstance(content, str):
        raise ChatTemplateError(f"messages[{k}] needs string 'role' and 'content', got "
                                f"role={role!r}, content of type {type(content).__name__}")
    if family.roles is not None:
        if role not in family.roles:
            raise ChatTemplateError(f"messages[{k}]: role {role!r} is not rendered by the {family.name} "
                                    f"template here (supported: {sorted(family.roles)})")
        if calls and not (family.tools and role == "assistant"):
            raise ChatTemplateError(f"messages[{k}]: tool_calls are not supported by the {family.name} renderer "
                                    f"on role {role!r}")
    return {"role": role, "content": content, "tool_calls": calls if family.tools else None}


def parse_chat_template(template: str | None) -> ChatTemplate:
    """Recognise a tokenizer.chat_template; None means plain ChatML without a default system prompt."""
    if template is None:
        return ChatTemplate(FAMILIES[0], None)
    for family in FAMILIES:
        m = _pattern(family).fullmatch(template)
        if m is not None:
            return ChatTemplate(family, m.groupdict().get("system"))
    head = template[:80].replace("\n", "\\n")
    raise ChatTemplateError(f"unsupported chat template ({len(template)} chars, starting {head!r}); "
                            f"known families: {[f.name for f in FAMILIES]}")


ROLES = ("system", "user", "assistant")


def render_chat(messages: list[dict], template: str | None, add_generation_prompt: bool = True,
                tools: list[Any] | None = None) -> str:
    """Render messages ([{"role", "content"}, ...]) and tools (JSON schemas) with a model's chat template."""
    return parse_chat_template(template).render(messages, add_generation_prompt, tools)
