"""Fixtures for the tokenizer tests: the two test models' tokenizer dicts (read with
the `gguf` package) and HF `tokenizers` references built from the same vocab/merges."""
from __future__ import annotations

import pytest
from tokenizers import AddedToken, Regex, decoders, models, normalizers
from tokenizers import Tokenizer as HFTokenizer
from tokenizers import pre_tokenizers as pt

from pyrite.models.sources import SourceError, fetch_qwen25_coder, fetch_smollm2
from pyrite.tokenizer.gguf_meta import gguf_tokenizer_metadata, tokenizer_dict_from_metadata
from pyrite.tokenizer.tokenizer import CONTROL, USER_DEFINED, Tokenizer

QWEN2_SPLIT = (r"(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}"
               r"| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+")
LLAMA3_SPLIT = QWEN2_SPLIT.replace(r"\p{N}|", r"\p{N}{1,3}|")


def hf_pre_tokenizer(pre: str):
    """HF pre-tokenizer of each family, as in the models' own tokenizer.json."""
    if pre == "gpt2":
        return pt.ByteLevel(add_prefix_space=False, use_regex=True)
    if pre == "smollm":
        return pt.Sequence([pt.Digits(individual_digits=True), pt.ByteLevel(add_prefix_space=False, use_regex=True)])
    split = {"qwen2": QWEN2_SPLIT, "llama-bpe": LLAMA3_SPLIT}[pre]
    return pt.Sequence([pt.Split(Regex(split), behavior="isolated", invert=False),
                        pt.ByteLevel(add_prefix_space=False, use_regex=False)])


def hf_reference(d: dict) -> HFTokenizer:
    """An HF tokenizer equivalent to the model's tokenizer.json, from our dict.

    qwen2 gets Qwen2's NFC normalizer (transformers' Qwen2Tokenizer sets it);
    llama-bpe gets Llama 3's ignore_merges. Control tokens are special added
    tokens, user-defined ones plain added tokens, none normalized (as in the
    models' tokenizer.json).
    """
    vocab = {t: i for i, t in enumerate(d["tokens"])}
    merges = [tuple(m.split(" ")) for m in d["merges"]]
    tok = HFTokenizer(models.BPE(vocab=vocab, merges=merges, ignore_merges=d["pre"] == "llama-bpe"))
    if d["pre"] == "qwen2":
        tok.normalizer = normalizers.NFC()
    tok.pre_tokenizer = hf_pre_tokenizer(d["pre"])
    tok.decoder = decoders.ByteLevel()
    added = [AddedToken(d["tokens"][i], special=k == CONTROL, normalized=False)
             for i, k in enumerate(d["token_types"]) if k in (CONTROL, USER_DEFINED)]
    tok.add_special_tokens([a for a in added if a.special])
    tok.add_tokens([a for a in added if not a.special])
    return tok


def _fetch(fetch):
    try:
        return fetch()
    except SourceError as e:
        pytest.fail(f"test model unavailable: {e}")


@pytest.fixture(scope="session")
def smollm_path():
    return _fetch(fetch_smollm2)


@pytest.fixture(scope="session")
def qwen_path():
    return _fetch(fetch_qwen25_coder)


@pytest.fixture(scope="session")
def smollm_meta(smollm_path) -> dict:
    return gguf_tokenizer_metadata(smollm_path)


@pytest.fixture(scope="session")
def qwen_meta(qwen_path) -> dict:
    return gguf_tokenizer_metadata(qwen_path)


@pytest.fixture(scope="session")
def smollm_dict(smollm_meta, smollm_path) -> dict:
    return tokenizer_dict_from_metadata(smollm_meta, str(smollm_path))


@pytest.fixture(scope="session")
def qwen_dict(qwen_meta, qwen_path) -> dict:
    return tokenizer_dict_from_metadata(qwen_meta, str(qwen_path))


@pytest.fixture(scope="session", params=["smollm", "qwen2"])
def model(request) -> str:
    """Parametrises a test over both test models' tokenizers."""
    return request.param


@pytest.fixture(scope="session")
def tok_dict(model, request) -> dict:
    return request.getfixturevalue({"smollm": "smollm_dict", "qwen2": "qwen_dict"}[model])


@pytest.fixture(scope="session")
def tok(tok_dict) -> Tokenizer:
    return Tokenizer.from_dict(tok_dict)


@pytest.fixture(scope="session")
def ref(tok_dict) -> HFTokenizer:
    return hf_reference(tok_dict)


@pytest.fixture(scope="session")
def hf_pre():
    """hf_pre_tokenizer, for tests (conftest helpers are reached through fixtures)."""
    return hf_pre_tokenizer


@pytest.fixture(scope="session")
def make_hf_reference():
    return hf_reference


PROSE = ("The history of the Roman Empire is often divided into four eras. It's a story "
         "we've told for centuries; they'll keep telling it, I'm sure -- and you'd agree?")
CODE = '''def fib(n: int) -> int:
    """Return the n-th Fibonacci number."""
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b  # tuple swap
    return a


if __name__ == "__main__":\r\n\tprint(fib(30), {"k": [1, 2.5e-3, 0x1F]})
'''
CORPUS = [
    "", " ", "a", "Hello world!", PROSE, CODE,
    "I'M SHOUTING, YOU'RE WHISPERING, WE'VE SAID IT, THEY'LL HEAR, SHE'D KNOW, IT'S 'ſ 'ß 'K",
    "numbers: 0 7 42 1234567890 3.14159 -12,345.67 1e10 0x1F 2024-01-31 ½ ² Ⅷ ٣٤ 一二三",
    "日本語のテキストです。中文文本，包括标点符号！한국어 텍스트 ภาษาไทย हिन्दी العربية",
    "emoji: 👋🏽 🤖 👨‍👩‍👧‍👦 🇫🇷 ❤️ 🏳️‍🌈 ✨🎉",
    "accents: café naïve résumé Ångström Đakovo Łódź ñandú",
    "combining: cafe\u0301 nai\u0308ve e\u0301\u0302 a\u20dd Z\u0351\u0337a\u0316lgo",
    "hangul jamo: \u1112\u1161\u11ab\u1100\u1173\u11af",
    "spaces:  two   three    four\tone tab\t\ttwo tabs \n\n\nthree newlines\r\n\r\nCRLF   ",
    "trailing spaces   ", "   leading spaces", "\n\n\n", "\t \t \n \n", "a \n b",
    "unicode spaces:\u00a0nbsp\u3000ideographic\u2009thin\u202fnarrow \x85nel \u2028ls",
    "controls:\x00\x01\x1c\x1f\x7f\u200b\u200d\ufeff end",
    "<|im_start|>system\nYou are helpful.<|im_end|>\n<|im_start|>user\nHi!<|im_end|>\n<|im_start|>assistant\n",
    "<|endoftext|><|endoftext|>text<|im_end|> <|im_start|> <|im_start|x <|im_end",
    "<tool_call>{\"name\": \"f\"}</tool_call> and <file_sep> <jupyter_code>x=1",
    "symbols: !!! ??? ... --- ((( ))) [[ ]] {{ }} <<< >>> @@ ## $$ %% ^^ && ** __ ++ == ~~ || \\\\ //",
    "URLs: https://example.com/a/b?c=d&e=f#g user@mail.org C:\\Windows\\path",
    "x" * 300 + " " + "ab" * 200 + " " + "=" * 100,
]


@pytest.fixture(scope="session")
def corpus() -> list[str]:
    return CORPUS
