"""Streaming detokenization: text out as soon as it is whole UTF-8."""
from __future__ import annotations

import codecs

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
