"""Pre-tokenizer scanners vs HF tokenizers' own pre-tokenizers (no model needed)."""
from __future__ import annotations

import random

import pytest

from pyrite.errors import TokenizerError
from pyrite.tokenizer.bytelevel import text_to_symbols
from pyrite.tokenizer.pretokenize import (LETTER, NUMBER, OTHER, PRE_TOKENIZERS, SPACE, char_class,
                                          pre_tokenizer)

# Characters where a naive emulation goes wrong: case-folded contractions ('S, 'ſ,
# not 'ß), letters that are numerals (一), numbers that are not digits (½ ² Ⅷ),
# whitespace Python knows but Oniguruma does not (\x1c), and the reverse.
ALPHABET = (list("aZsStTrReEvVmMlLdD''' \t\n\r0123456789.,!?-_()#*/\\\"")
            + ["\r\n", "  "]
            + list("éüß日本語一二三½²Ⅷ٣\u0301\u0308👋🏽🤖\u00a0\u3000\u2009\x85\x0b\x0c\x1c\x1f\u200bſK\u2028ǅ𝐀\u0660"))


def _ours(pre: str, text: str) -> list[str]:
    # HF's pipelines end in a ByteLevel step, which reports pieces byte-level spelled.
    return [text_to_symbols(p) for p in pre_tokenizer(pre).split(text)]


def _hf(hf_pre, pre: str, text: str) -> list[str]:
    return [p for p, _ in hf_pre(pre).pre_tokenize_str(text)]


@pytest.mark.parametrize("pre", sorted(PRE_TOKENIZERS))
def test_corpus_matches_hf(pre, hf_pre, corpus):
    for text in corpus:
        assert _ours(pre, text) == _hf(hf_pre, pre, text), text


@pytest.mark.parametrize("pre", sorted(PRE_TOKENIZERS))
def test_random_strings_match_hf(pre, hf_pre):
    rng = random.Random(pre)
    for _ in range(3000):
        text = "".join(rng.choice(ALPHABET) for _ in range(rng.randint(1, 24)))
        assert _ours(pre, text) == _hf(hf_pre, pre, text), repr(text)


@pytest.mark.parametrize("pre, text, pieces", [
    # GPT-2: a space run gives its last space to the word after it
    ("gpt2", "a   b", ["a", "  ", " b"]),
    ("gpt2", "x  \tb", ["x", "  ", "\t", "b"]),
    ("gpt2", "it's 'S", ["it", "'s", " '", "S"]),
    # SmolLM: every digit alone, so the space before a number stands alone
    ("smollm", "x 123", ["x", " ", "1", "2", "3"]),
    # Qwen2: case-insensitive contractions, punctuation prefixes a word, newlines kept with whitespace
    ("qwen2", "IT'S (hello)\n\n  x", ["IT", "'S", " (", "hello", ")\n\n", " ", " x"]),
    ("qwen2", "a \n\t b", ["a", " \n", "\t", " b"]),
    ("llama-bpe", "1234567", ["123", "456", "7"]),
])
def test_known_splits(pre, text, pieces):
    assert pre_tokenizer(pre).split(text) == pieces


def test_character_classes():
    assert char_class("一") == LETTER          # a numeral by value, but category Lo
    assert char_class("Ⅷ") == NUMBER and char_class("½") == NUMBER
    assert char_class("\u3000") == SPACE and char_class("\x85") == SPACE
    assert char_class("\x1c") == OTHER         # str.isspace() says yes, Unicode White_Space no
    assert char_class("\u0301") == OTHER       # combining marks are neither L nor N
    assert char_class("\u200b") == OTHER


def test_unknown_pre_is_a_typed_error():
    with pytest.raises(TokenizerError, match="'tekken'"):
        pre_tokenizer("tekken")
