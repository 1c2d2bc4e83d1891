"""Streaming detokenization: text out as soon as it is whole UTF-8."""
from __future__ import annotations

import codecs
from typing import AsyncIterator

from pyrite.tokenizer.tokenizer import Tokenizer


class StreamDecoder:
    """Turns generated ids into text pieces one id at a time.

    A token can end inside a multi-byte character (byte-level BPE splits emoji and
    CJK across tokens), so push() holds back an incomplete trailing sequence until
    the bytes that finish it arrive; bytes that can never become valid UTF-8 come
    out as U+FFFD, as in Tokenizer.decode. The concatenated output of every push
    and the final flush equals decode() of the same ids.
    """

    def __init__(self, tokenizer: Tokenizer, skip_special: bool = False):
        self._tokenizer = tokenizer
        self._skip_special = skip_special
        self._utf8 = codecs.getincrementaldecoder("utf-8")(errors="replace")

    def push(self, token_id: int) -> str:
        """The text completed by this token ("" while a character is still partial)."""
        if self._skip_special and self._tokenizer.is_control(token_id):
            return ""
        return self._utf8.decode(self._tokenizer.token_bytes(token_id))

    def flush(self) -> str:
        """Whatever is held back (an unfinished character becomes U+FFFD); then reset."""
        text = self._utf8.decode(b"", final=True)
        self._utf8.reset()
        return text


class StopText:
    """Cuts a text stream at the first of some stop strings (OpenAI's `stop`): push() returns what can
    be shown now, holding back a tail that could still grow into a stop string; once one appears,
    `hit` is set and nothing after the text before it comes out."""

    def __init__(self, stops: tuple[str, ...] = ()):
        if any(not isinstance(s, str) or not s for s in stops):
            raise ValueError(f"stop strings must be non-empty strings, got {list(stops)!r}")
        self.stops = stops
        self.hit = False
        self._held = ""

    def push(self, text: str) -> str:
        if self.hit:
            return ""
        held = self._held + text
        cut = min((i for i in (held.find(s) for s in self.stops) if i >= 0), default=-1)
        if cut >= 0:
            self.hit, self._held = True, ""
            return held[:cut]
        keep = max((n for s in self.stops for n in range(min(len(s) - 1, len(held)), 0, -1)
                    if held.endswith(s[:n])), default=0)  # the longest tail that starts a stop string
        self._held = held[len(held) - keep:]
        return held[:len(held) - keep]

    def flush(self) -> str:
        """The held tail at the end of the stream (it never became a stop string)."""
        text, self._held = ("" if self.hit else self._held), ""
        return text


async def text_pieces(tokens: AsyncIterator[int], decoder: StreamDecoder, cut: StopText) -> AsyncIterator[str]:
    """A token stream as text pieces (whole UTF-8 characters), cut before the first stop string: there it
    stops reading tokens (cut.hit), so a generation behind `tokens` ends as the text does."""
    async for token in tokens:
        piece = cut.push(decoder.push(token))
        if piece:
            yield piece
        if cut.hit:
            return
    tail = cut.push(decoder.flush()) + cut.flush()
    if tail:
        yield tail
