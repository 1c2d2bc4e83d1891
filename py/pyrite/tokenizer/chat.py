"""Chat prompts without jinja: ChatML families recognised by their template source.

A model's tokenizer.chat_template is matched against known skeletons
(chat_templates.py); the match names the family and yields the template's own
default system prompt, and the family's renderer writes the same text jinja
would. Anything else is a ChatTemplateError, never a guess.

Only plain system / user / assistant turns are rendered natively; Qwen2.5's tool
branches (tools, tool_calls, role "tool") raise, since nothing here calls tools.
"""
from __future__ import annotations

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


FAMILIES: tuple[ChatFamily, ...] = (
    ChatFamily("chatml", sources.CHATML, None),
    ChatFamily("chatml-loop-system", sources.CHATML_LOOP_SYSTEM, None),
    # Its system turn comes before the loop and the loop skips a leading system
    # message, which writes the same text as the loop-system family for these roles.
    ChatFamily("qwen2.5", sources.QWEN25, frozenset({"system", "user", "assistant"})),
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

    def render(self, messages: Sequence[Mapping[str, Any]], add_generation_prompt: bool = True) -> str:
        """The prompt text the template's jinja source renders for messages."""
        turns = [_checked(m, k, self.family) for k, m in enumerate(messages)]
        if not turns:
            raise ChatTemplateError("no messages to render")
        out = []
        if self.default_system is not None and turns[0][0] != "system":
            out.append(_turn("system", self.default_system))
        out += [_turn(role, content) for role, content in turns]
        if add_generation_prompt:
            out.append(f"{_IM_START}assistant\n")
        return "".join(out)


def _turn(role: str, content: str) -> str:
    return f"{_IM_START}{role}\n{content}{_IM_END}\n"


def _checked(message: Mapping[str, Any], k: int, family: ChatFamily) -> tuple[str, str]:
    """(role, content) of messages[k], or a ChatTemplateError naming what jinja would
    choke on (a missing or non-string field) or what we do not render (tools)."""
    if not isinstance(message, Mapping):
        raise ChatTemplateError(f"messages[{k}] is a {type(message).__name__}, not a dict")
    role, content = message.get("role"), message.get("content")
    if not isinstance(role, str) or not isinstance(content, str):
        raise ChatTemplateError(f"messages[{k}] needs string 'role' and 'content', got "
                                f"role={role!r}, content of type {type(content).__name__}")
    if family.roles is not None:
        if role not in family.roles:
            raise ChatTemplateError(f"messages[{k}]: role {role!r} is not rendered by the {family.name} "
                                    f"template here (supported: {sorted(family.roles)})")
        if message.get("tool_calls"):
            raise ChatTemplateError(f"messages[{k}]: tool_calls are not supported by the {family.name} renderer")
    return role, content


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


def render_chat(messages: list[dict], template: str | None, add_generation_prompt: bool = True) -> str:
    """Render messages ([{"role", "content"}, ...]) with a model's chat template."""
    return parse_chat_template(template).render(messages, add_generation_prompt)
