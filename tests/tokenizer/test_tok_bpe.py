"""BPE merge order on synthetic vocabularies vs HF tokenizers' BPE model."""
from __future__ import annotations

import random

import pytest

from pyrite.errors import TokenizerError
from pyrite.tokenizer import Tokenizer
from pyrite.tokenizer.bytelevel import BYTE_TO_CHAR


def _synthetic(seed: int, n_merges: int, pre: str = "gpt2") -> dict:
    """Every byte symbol plus random merges chained over a 3-letter alphabet, so long
    words see ties, overlaps ("a a" in "aaa") and merges of merged symbols."""
    rng = random.Random(seed)
    tokens = list(BYTE_TO_CHAR)
    pool, merges, seen = ["a", "b", "c"], [], set()
    while len(merges) < n_merges:
        left, right = rng.choice(pool), rng.choice(pool)
        if (left, right) in seen or len(left + right) > 12:
            continue
        seen.add((left, right))
        merges.append(f"{left} {right}")
        if left + right not in tokens:
            tokens.append(left + right)
            pool.append(left + right)
    return {"type": "bpe", "pre": pre, "tokens": tokens, "merges": merges,
            "token_types": [1] * len(tokens), "bos_id": None, "eos_id": None}


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_long_words_match_hf(seed, make_hf_reference):
    d = _synthetic(seed, 150)
    ours, ref = Tokenizer.from_dict(d), make_hf_reference(d)
    rng = random.Random(seed)
    for _ in range(300):
        word = "".join(rng.choice("abc") for _ in range(rng.randint(1, 60)))
        assert ours.encode(word) == ref.encode(word).ids, word


def test_ignore_merges_takes_whole_vocabulary_words(make_hf_reference):
    # "abc" is in the vocabulary but the merges only reach "a" + "bc".
    tokens = [*BYTE_TO_CHAR, "bc", "abc"]
    d = {"type": "bpe", "pre": "llama-bpe", "tokens": tokens, "merges": ["b c"],
         "token_types": [1] * len(tokens)}
    ours, ref = Tokenizer.from_dict(d), make_hf_reference(d)
    assert ours.encode("abc") == ref.encode("abc").ids == [tokens.index("abc")]
    assert ours.encode("abc abcd") == ref.encode("abc abcd").ids
    assert Tokenizer.from_dict({**d, "pre": "qwen2"}).encode("abc") == [97, tokens.index("bc")]


def test_merge_result_missing_from_vocabulary_is_a_typed_error():
    d = {"type": "bpe", "pre": "gpt2", "tokens": list(BYTE_TO_CHAR), "merges": ["a b"],
         "token_types": [1] * 256}
    with pytest.raises(TokenizerError, match="'ab'"):
        Tokenizer.from_dict(d).encode("ab")
