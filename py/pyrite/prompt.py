"""Prompts: text or a chat conversation -> checked token ids (the tokenizer and the chat template)."""
from __future__ import annotations

from .errors import PromptError
from .schema import MESSAGES
from .tokenizer import Tokenizer, render_chat


class Prompts:
    """Token ids of prompts for one model: refused when empty or when they leave no room in its context
    for an answer."""

    def __init__(self, model: str, tokenizer: Tokenizer | None, chat_template: str | None, max_ctx: int):
        self.model, self.tokenizer, self.chat_template, self.max_ctx = model, tokenizer, chat_template, max_ctx

    def encode(self, text: str) -> list[int]:
        """Token ids of text (with the model's BOS when it adds one), unchecked."""
        if self.tokenizer is None:
            raise PromptError(f"model {self.model} has no tokenizer (its checkpoint had no tokenizer.json): "
                              f"give token ids instead (score --ids-file)")
        return self.tokenizer.encode(text, add_special=True)

    def text(self, prompt: str, chat: bool = False, system: str | None = None) -> list[int]:
        """A prompt as it is, or (chat) as the user's message after an optional system message."""
        if not prompt:
            raise PromptError("the prompt is empty")
        if chat:
            return self.chat(([{"role": "system", "content": system}] if system else []) +
                             [{"role": "user", "content": prompt}])
        return self.checked(self.encode(prompt))

    def chat(self, messages: list[dict]) -> list[int]:
        """A conversation in the model's chat template, ready for the assistant's turn."""
        MESSAGES.check(messages)  # the seam's own field: RequestError naming the message at fault
        if not messages[-1]["content"].strip():
            raise PromptError(f"the prompt is empty (messages[{len(messages) - 1}] has no content)")
        return self.checked(self.encode(render_chat(messages, self.chat_template)))

    def checked(self, ids: list[int]) -> list[int]:
        if not ids:
            raise PromptError("the prompt encodes to no tokens")
        if len(ids) >= self.max_ctx:
            raise PromptError(f"the prompt is {len(ids)} tokens; the context holds {self.max_ctx} "
                              f"(at least one must remain for the answer)")
        return ids
