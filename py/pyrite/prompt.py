"""Prompts: text or a chat conversation -> checked token ids (the tokenizer and the chat template)."""
from __future__ import annotations

from typing import Any

from .chat import DEFAULT_NAME, render
from .chat.tools import messages_for_template
from .errors import PromptError, PyriteError, RequestError
from .schema import MESSAGES
from .tokenizer import Tokenizer


class Prompts:
    """Token ids of prompts for one model: refused when empty or when they leave no room in its context
    for an answer."""

    def __init__(self, model: str, tokenizer: Tokenizer | None, chat_template: str | None, max_ctx: int):
        self.model, self.tokenizer, self.chat_template, self.max_ctx = model, tokenizer, chat_template, max_ctx

    @property
    def special_tokens(self) -> dict[str, str]:
        """The tokenizer's special tokens as the template reads them (bos_token, eos_token, pad_token)."""
        return self.tokenizer.special_tokens if self.tokenizer is not None else {}

    @property
    def notices(self) -> list[str]:
        """What a user of this model should know about its prompts."""
        if self.tokenizer is not None and self.chat_template is None:
            return [f"model {self.model} has no chat template of its own: chats use the default ({DEFAULT_NAME})"]
        return []

    def _tokenizer(self) -> Tokenizer:
        if self.tokenizer is None:
            raise PromptError(f"model {self.model} has no tokenizer (its checkpoint had no tokenizer.json): "
                              f"give token ids instead (score --ids-file)")
        return self.tokenizer

    def tokenizer_for(self, field: str) -> Tokenizer:
        """The tokenizer a request field needs (response_format, tools): RequestError naming it without one."""
        if self.tokenizer is None:
            raise RequestError(field, f"{field} needs the model's tokenizer, and model {self.model} has none "
                                      f"(its checkpoint had no tokenizer.json)")
        return self.tokenizer

    def encode(self, text: str) -> list[int]:
        """Token ids of text (with the model's BOS when it adds one), unchecked."""
        return self._tokenizer().encode(text, add_special=True)

    def text(self, prompt: str, chat: bool = False, system: str | None = None) -> list[int]:
        """A prompt as it is, or (chat) as the user's message after an optional system message."""
        if not prompt:
            raise PromptError("the prompt is empty")
        if chat:
            return self.chat(([{"role": "system", "content": system}] if system else []) +
                             [{"role": "user", "content": prompt}])
        return self.checked(self.encode(prompt))

    def chat(self, messages: list[dict], tools: list[dict] | None = None, **variables: Any) -> list[int]:
        """A conversation in the model's chat template (pyrite.chat.render), ready for the assistant's turn,
        encoded as transformers encodes it: the template writes any BOS itself."""
        return self.encode_rendered(self.render_chat(messages, tools, **variables))

    def render_chat(self, messages: list[dict], tools: list[dict] | None = None, **variables: Any) -> str:
        """The conversation's text in the model's chat template, with tools and template variables
        (enable_thinking, ...), ready for the assistant's turn."""
        MESSAGES.check(messages)  # the seam's own field: RequestError naming the message at fault
        last = messages[-1]  # a tool's result may be empty: the template still writes the response around it
        if last["role"] != "tool" and not (last.get("content") or "").strip() and not last.get("tool_calls"):
            raise PromptError(f"the prompt is empty (messages[{len(messages) - 1}] has no content)")
        self._tokenizer()
        return render(self.chat_template, messages_for_template(messages), tools=tools,
                      **{**self.special_tokens, **variables})

    def warm(self) -> None:
        """Compile the chat template (and import jinja2) now, off a chat's path: about 0.4 s in the page. A
        template that refuses this conversation says so to the chat that uses it, not here."""
        try:
            self.render_chat([{"role": "user", "content": "Hi"}])
        except PyriteError:
            pass

    def encode_rendered(self, text: str) -> list[int]:
        """A rendered chat prompt's ids, checked: its special tokens are parsed, no BOS is added."""
        return self.checked(self._tokenizer().encode(text))

    def checked(self, ids: list[int]) -> list[int]:
        if not ids:
            raise PromptError("the prompt encodes to no tokens")
        if len(ids) >= self.max_ctx:
            raise PromptError(f"the prompt is {len(ids)} tokens; the context holds {self.max_ctx} "
                              f"(at least one must remain for the answer)")
        return ids
