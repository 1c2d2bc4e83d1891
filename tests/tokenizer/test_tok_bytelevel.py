"""The byte-level alphabet vs transformers' bytes_to_unicode."""
from __future__ import annotations

from transformers.convert_slow_tokenizer import bytes_to_unicode

from pyrite.tokenizer.bytelevel import BYTE_TO_CHAR, symbols_to_bytes, text_to_symbols


def test_alphabet_matches_transformers():
    assert {b: c for b, c in enumerate(BYTE_TO_CHAR)} == bytes_to_unicode()


def test_every_byte_round_trips():
    raw = bytes(range(256))
    spelled = "".join(BYTE_TO_CHAR)
    assert symbols_to_bytes(spelled) == raw
    assert text_to_symbols("é ") == BYTE_TO_CHAR[0xC3] + BYTE_TO_CHAR[0xA9] + "Ġ"


def test_token_outside_alphabet_is_its_own_utf8():
    # a character that is not a byte symbol: the token is raw text (an added token)
    assert symbols_to_bytes("<tool call>") == b"<tool call>"
