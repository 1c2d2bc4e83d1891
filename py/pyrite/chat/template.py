"""A model's own chat template, rendered as transformers' apply_chat_template renders it.

The template is jinja source from the checkpoint (GGUF tokenizer.chat_template, tokenizer_config.json), so
it is untrusted code: it runs in jinja2's ImmutableSandboxedEnvironment, set up as transformers sets up
its own (utils/chat_template_utils.py): trim_blocks, lstrip_blocks, loop controls, the `generation` tag;
`tojson` without HTML escaping; `raise_exception`, `strftime_now`, a plain `dict` and a `namespace` that
refuses underscore names. Everything the template sees is rebuilt from plain JSON types first.
"""
from __future__ import annotations

import json
from datetime import datetime
from functools import lru_cache
from typing import Any, Mapping, Sequence

from ..errors import ChatTemplateError

# HF's plain ChatML template: what a model without a template of its own chats through (with a notice).
CHATML = ("{% for message in messages %}{{'<|im_start|>' + message['role'] + '\n' + message['content'] + "
          "'<|im_end|>' + '\n'}}{% endfor %}{% if add_generation_prompt %}{{ '<|im_start|>assistant\n' }}{% endif %}")
DEFAULT_NAME = "chatml"

_REASONING_FIELDS = ("reasoning_content", "thinking", "reasoning")  # transformers' aliases, first is standard


def _plain(value: Any) -> Any:
    """value rebuilt from JSON types only: no object of the caller's reaches the sandbox."""
    if value is None or type(value) in (str, int, float, bool):
        return value
    if isinstance(value, str):
        return str.__str__(value)
    if isinstance(value, int):
        return int.__int__(value)
    if isinstance(value, float):
        return float.__float__(value)
    if isinstance(value, Mapping):
        return {_plain(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, tuple):
        return tuple(_plain(v) for v in value)
    return f"<{type(value).__name__}>"


def _messages(messages: Sequence[Any]) -> list[dict]:
    """The conversation as transformers hands it to the template: dicts, None values dropped, reasoning
    aliased under every name templates read."""
    if isinstance(messages, (str, bytes)) or not isinstance(messages, Sequence):
        raise ChatTemplateError(f"messages must be a list of dicts, got {type(messages).__name__}")
    out = []
    for k, m in enumerate(messages):
        if not isinstance(m, Mapping):
            raise ChatTemplateError(f"messages[{k}] is a {type(m).__name__}, not a dict")
        m = {key: v for key, v in _plain(m).items() if v is not None}
        reasoning = next((m[f] for f in _REASONING_FIELDS if m.get(f) is not None), None)
        if reasoning is not None:
            m = {"thinking": reasoning, **m, "reasoning_content": reasoning}
        out.append(m)
    return out


@lru_cache(maxsize=8)
def compiled(template: str) -> Any:
    """The template compiled once in the sandbox (a syntax error is a ChatTemplateError with its line)."""
    import jinja2
    from jinja2.ext import Extension, loopcontrols
    from jinja2.sandbox import ImmutableSandboxedEnvironment

    class Generation(Extension):
        """{% generation %}...{% endgeneration %}: transformers marks assistant text with it; renders the body."""
        tags = {"generation"}

        def parse(self, parser):
            lineno = next(parser.stream).lineno
            body = parser.parse_statements(("name:endgeneration",), drop_needle=True)
            return jinja2.nodes.CallBlock(self.call_method("_body"), [], [], body).set_lineno(lineno)

        def _body(self, caller):
            return caller()

    class Namespace(jinja2.utils.Namespace):
        def __init__(*args, **kwargs):  # jinja's own signature trick, so namespace(self=...) works
            self, args = args[0], args[1:]
            attrs = dict(*args, **kwargs)
            for name in attrs:
                Namespace._check(name)
            jinja2.utils.Namespace.__init__(self, attrs)

        def __setitem__(self, name, value):
            Namespace._check(name)
            jinja2.utils.Namespace.__setitem__(self, name, value)

        @staticmethod
        def _check(name):
            if isinstance(name, str) and name.startswith("_"):
                raise jinja2.exceptions.SecurityError(f"a namespace attribute may not start with '_': {name!r}")

    class PlainDict:
        def __call__(self, *args, **kwargs):
            return dict(*args, **kwargs)

        def fromkeys(self, *args, **kwargs):
            return dict.fromkeys(*args, **kwargs)

    def raise_exception(message):
        raise jinja2.exceptions.TemplateError(message)

    def tojson(x, ensure_ascii=False, indent=None, separators=None, sort_keys=False):
        return json.dumps(x, ensure_ascii=ensure_ascii, indent=indent, separators=separators, sort_keys=sort_keys)

    env = ImmutableSandboxedEnvironment(trim_blocks=True, lstrip_blocks=True, extensions=[Generation, loopcontrols])
    env.filters["tojson"] = tojson
    env.globals.update(raise_exception=raise_exception, strftime_now=lambda fmt: datetime.now().strftime(fmt),
                       dict=PlainDict(), namespace=Namespace)
    try:
        return env.from_string(template)
    except jinja2.TemplateSyntaxError as e:
        raise ChatTemplateError(f"the chat template does not parse: {e.message} (line {e.lineno})") from None


def render(template: str | None, messages: Sequence[Mapping[str, Any]], *, tools: Sequence[Any] | None = None,
           documents: Sequence[Any] | None = None, add_generation_prompt: bool = True, **kwargs: Any) -> str:
    """The prompt text `template` renders for messages, as transformers' apply_chat_template(tokenize=False)
    renders it; None renders the default (ChatML). kwargs reach the template as variables (bos_token,
    enable_thinking, date_string, ...). A template that raises, or reaches outside the sandbox, is a
    ChatTemplateError carrying its message."""
    import jinja2
    from jinja2.sandbox import SecurityError

    if tools is not None and (isinstance(tools, (str, bytes, Mapping)) or not isinstance(tools, Sequence)
                              or not all(isinstance(t, Mapping) for t in tools)):
        raise ChatTemplateError(f"tools must be a list of JSON schemas (dicts), got {type(tools).__name__}")
    if documents is not None and not all(isinstance(d, Mapping) for d in documents):
        raise ChatTemplateError("documents must be a list of dicts with 'title' and 'text'")
    chat = _messages(messages)
    try:
        return compiled(template if template is not None else CHATML).render(
            messages=chat, tools=_plain(tools), documents=_plain(documents),
            add_generation_prompt=add_generation_prompt, **_plain(kwargs))
    except SecurityError as e:
        raise ChatTemplateError(f"the chat template tried to leave its sandbox: {e}") from None
    except jinja2.TemplateError as e:
        raise ChatTemplateError(f"the chat template refused: {e.message or e}") from None
    except (TypeError, ValueError, KeyError, IndexError, AttributeError) as e:
        raise ChatTemplateError(f"the chat template failed on these messages: {type(e).__name__}: {e}") from None
