"""Tokenizer on the real SmolLM2 and Qwen2.5-Coder vocabularies vs HF tokenizers."""
from __future__ import annotations

import random
import time
import unicodedata

from pyrite.tokenizer import Tokenizer


def test_encode_matches_hf(tok, ref, corpus):
    for text in corpus:
        assert tok.encode(text) == ref.encode(text, add_special_tokens=False).ids, text


def test_encode_without_parsing_special_matches_hf(tok, ref, corpus):
    ref.encode_special_tokens = True   # HF: special added tokens are plain text
    try:
        for text in corpus:
            assert tok.encode(text, parse_special=False) == ref.encode(text, add_special_tokens=False).ids, text
    finally:
        ref.encode_special_tokens = False


def test_special_tokens_parse_only_on_request(tok):
    im_end = tok.token_to_id("<|im_end|>")
    assert tok.encode("<|im_end|>") == [im_end]
    assert im_end not in tok.encode("<|im_end|>", parse_special=False)


def test_random_text_matches_hf(tok, ref):
    rng = random.Random(7)
    pool = "ab Zé日本👋\u0301 \n\t1230.,'s'LL<|im_end|>\u00a0"
    for _ in range(300):
        text = "".join(rng.choice(pool) for _ in range(rng.randint(1, 40)))
        assert tok.encode(text) == ref.encode(text, add_special_tokens=False).ids, repr(text)


def test_decode_matches_hf(tok, ref, corpus):
    for text in corpus:
        ids = ref.encode(text, add_special_tokens=False).ids
        for skip in (False, True):
            assert tok.decode(ids, skip_special=skip) == ref.decode(ids, skip_special_tokens=skip), text


def test_decode_of_partial_characters_matches_hf(tok, ref):
    ids = tok.encode("👋🏽 日本")
    for k in range(len(ids)):
        part = ids[:k] + ids[k + 1:]   # drop one token: leaves broken UTF-8 somewhere
        assert tok.decode(part) == ref.decode(part, skip_special_tokens=False)


def test_round_trip(tok, corpus):
    for text in corpus:
        expected = unicodedata.normalize("NFC", text) if tok.pre == "qwen2" else text
        assert tok.decode(tok.encode(text)) == expected, text


def test_qwen_normalises_to_nfc(qwen_dict):
    tok = Tokenizer.from_dict(qwen_dict)
    assert tok.encode("cafe\u0301") == tok.encode("café")


def test_skip_special_drops_only_control_tokens(tok):
    text = "<|im_start|>user\nhi<|im_end|>"
    ids = tok.encode(text)
    assert tok.decode(ids) == text
    assert tok.decode(ids, skip_special=True) == "user\nhi"
    assert [i for i in ids if tok.is_control(i)] == [tok.token_to_id("<|im_start|>"), tok.token_to_id("<|im_end|>")]


class CountingBPE:
    """Wraps a tokenizer's BPE and counts the pieces it is asked to merge."""

    def __init__(self, bpe):
        self.bpe, self.calls = bpe, 0

    def encode(self, symbols):
        self.calls += 1
        return self.bpe.encode(symbols)


def test_a_few_thousand_characters_merge_each_distinct_piece_once(tok_dict, ref, corpus):
    """What keeps a long prompt fast on any machine: the per-piece cache runs BPE once per distinct
    piece (the time is printed, not asserted)."""
    text = "\n".join(corpus) * 2   # ~5k characters, every piece at least twice
    tok = Tokenizer.from_dict(tok_dict)   # a cold per-piece cache
    tok._bpe = counting = CountingBPE(tok._bpe)
    t0 = time.perf_counter()
    ids = tok.encode(text)
    print(f"\nencoding {len(text)} characters took {time.perf_counter() - t0:.3f} s")
    assert ids == ref.encode(text, add_special_tokens=False).ids
    first = counting.calls
    assert 0 < first <= len(set(tok._pre.split(text))), first
    assert tok.encode(text) == ids and counting.calls == first  # all from the cache now
