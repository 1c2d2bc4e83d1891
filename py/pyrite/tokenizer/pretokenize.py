"""Pre-tokenizers: split text into the pieces BPE runs on, as HF tokenizers does.

The reference splits use Oniguruma regexes with Unicode classes (\\p{L}, \\p{N},
\\s) that Python's `re` lacks, so each pattern is a hand-written scanner over a
per-character class. At every position the scanner tries the pattern's
alternatives in order and takes the first that matches, with the same greedy
and look-ahead behaviour as the regex, so the pieces are identical.

GPT-2:  's|'t|'re|'ve|'m|'ll|'d| ?\\p{L}+| ?\\p{N}+| ?[^\\s\\p{L}\\p{N}]+|\\s+(?!\\S)|\\s+
Qwen2:  (?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\\r\\n\\p{L}\\p{N}]?\\p{L}+|\\p{N}| ?[^\\s\\p{L}\\p{N}]+[\\r\\n]*
        |\\s*[\\r\\n]+|\\s+(?!\\S)|\\s+
Llama3: Qwen2's with \\p{N}{1,3} in place of \\p{N}.
"""
from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from typing import Callable

from pyrite.errors import TokenizerError

# Character classes. \p{L} is general category L* (exactly str.isalpha), \p{N} is
# N* (str.isnumeric is wider: it also takes CJK numerals such as 一, which are Lo),
# and Oniguruma's \s is the Unicode White_Space property (str.isspace is wider: it
# also takes U+001C..U+001F).
LETTER, NUMBER, SPACE, OTHER = 0, 1, 2, 3

WHITE_SPACE = frozenset(
    "\t\n\x0b\x0c\r \x85\xa0\u1680"
    + "".join(chr(c) for c in range(0x2000, 0x200B))
    + "\u2028\u2029\u202f\u205f\u3000"
)
_NEWLINE = ("\r", "\n")
_CONTRACTIONS_1 = ("s", "t", "m", "d")   # 's 't 'm 'd
_CONTRACTIONS_2 = ("re", "ve", "ll")     # 're 've 'll

_class_cache: dict[str, int] = {}


def char_class(c: str) -> int:
    """LETTER, NUMBER, SPACE or OTHER for one character (cached: texts reuse few characters)."""
    k = _class_cache.get(c)
    if k is None:
        if c in WHITE_SPACE:
            k = SPACE
        elif c.isalpha():
            k = LETTER
        elif unicodedata.category(c)[0] == "N":
            k = NUMBER
        else:
            k = OTHER
        _class_cache[c] = k
    return k


def _classes(text: str) -> list[int]:
    get = _class_cache.get
    return [k if (k := get(c)) is not None else char_class(c) for c in text]


def _run(cls: list[int], i: int, n: int, k: int) -> int:
    """End of the run of class k that starts at i."""
    while i < n and cls[i] == k:
        i += 1
    return i


def _fold(c: str) -> str:
    # (?i:...) uses simple case folding: 'S and 'ſ (long s) match 's, but 'ß
    # (which folds to two characters) does not.
    f = c.casefold()
    return f if len(f) == 1 else c


def _contraction(text: str, i: int, fold: bool) -> int:
    """End of a contraction ('s 't 're 've 'm 'll 'd) at text[i] == "'", or 0."""
    a, b = text[i + 1:i + 2], text[i + 2:i + 3]
    if fold:
        a, b = _fold(a), _fold(b)
    if a in _CONTRACTIONS_1:
        return i + 2
    if a + b in _CONTRACTIONS_2:
        return i + 3
    return 0


def _space_end(text: str, cls: list[int], i: int, n: int) -> int:
    """\\s+(?!\\S)|\\s+ at a whitespace character: a run followed by a non-space keeps
    its last character back (it becomes the prefix of the next piece), unless the
    run is that one character."""
    k = _run(cls, i, n, SPACE)
    if k < n and k - 1 > i:
        return k - 1
    return k


def _gpt2_end(text: str, cls: list[int], i: int, n: int) -> int:
    """End of the GPT-2 pattern's match at i."""
    c = text[i]
    if c == "'":
        j = _contraction(text, i, fold=False)
        if j:
            return j
    # ' ?\p{L}+', ' ?\p{N}+', ' ?[^\s\p{L}\p{N}]+': an optional literal space, then
    # a run of one class (the space is \s, so it never starts a run itself).
    j = i + 1 if c == " " and i + 1 < n and cls[i + 1] != SPACE else i
    k = cls[j]
    if k != SPACE:
        return _run(cls, j, n, k)
    return _space_end(text, cls, i, n)


def _qwen_end(text: str, cls: list[int], i: int, n: int, max_digits: int) -> int:
    """End of the Qwen2 (max_digits 1) or Llama 3 (max_digits 3) pattern's match at i."""
    c, k = text[i], cls[i]
    if c == "'":
        j = _contraction(text, i, fold=True)
        if j:
            return j
    # [^\r\n\p{L}\p{N}]?\p{L}+: one optional non-newline, non-letter, non-digit prefix.
    if k == LETTER:
        return _run(cls, i, n, LETTER)
    if k != NUMBER and c not in _NEWLINE and i + 1 < n and cls[i + 1] == LETTER:
        return _run(cls, i + 1, n, LETTER)
    # \p{N} or \p{N}{1,3}
    if k == NUMBER:
        return min(_run(cls, i, n, NUMBER), i + max_digits)
    # ' ?[^\s\p{L}\p{N}]+[\r\n]*'
    j = i + 1 if c == " " and i + 1 < n and cls[i + 1] == OTHER else i
    if cls[j] == OTHER:
        j = _run(cls, j, n, OTHER)
        while j < n and text[j] in _NEWLINE:
            j += 1
        return j
    # \s*[\r\n]+: the whitespace run up to and including its last newline.
    end = _run(cls, i, n, SPACE)
    last = max(text.rfind("\r", i, end), text.rfind("\n", i, end))
    if last >= 0:
        return last + 1
    return _space_end(text, cls, i, n)


def _scan(text: str, end_at: Callable[[str, list[int], int, int], int]) -> list[str]:
    cls, n = _classes(text), len(text)
    pieces, i = [], 0
    while i < n:
        j = end_at(text, cls, i, n)
        pieces.append(text[i:j])
        i = j
    return pieces


def split_gpt2(text: str) -> list[str]:
    """HF ByteLevel(add_prefix_space=False, use_regex=True) pieces (before byte mapping)."""
    return _scan(text, _gpt2_end)


def split_smollm(text: str) -> list[str]:
    """SmolLM2: Digits(individual_digits=True) then the GPT-2 split of each non-digit stretch."""
    pieces: list[str] = []
    start = 0
    for i, c in enumerate(text):
        if char_class(c) == NUMBER:
            if start < i:
                pieces += split_gpt2(text[start:i])
            pieces.append(c)
            start = i + 1
    if start < len(text):
        pieces += split_gpt2(text[start:])
    return pieces


def split_qwen2(text: str) -> list[str]:
    """Qwen2: Split(pattern, Isolated); every character is matched, so there are no gaps."""
    return _scan(text, lambda t, c, i, n: _qwen_end(t, c, i, n, 1))


def split_llama3(text: str) -> list[str]:
    """Llama 3: the Qwen2 pattern with digits grouped up to three."""
    return _scan(text, lambda t, c, i, n: _qwen_end(t, c, i, n, 3))


@dataclass(frozen=True)
class PreTokenizer:
    """How one GGUF `tokenizer.ggml.pre` family turns text into BPE input."""

    name: str
    split: Callable[[str], list[str]]
    # Unicode normalisation applied to text between added tokens (HF's normalizer).
    normalize: str | None
    # HF BPE ignore_merges: a piece that is itself in the vocabulary is one token.
    ignore_merges: bool


PRE_TOKENIZERS: dict[str, PreTokenizer] = {
    # GPT-2 and everything that copied its tokenizer.json
    "gpt2": PreTokenizer("gpt2", split_gpt2, None, False),
    # SmolLM/SmolLM2: every digit alone, then GPT-2
    "smollm": PreTokenizer("smollm", split_smollm, None, False),
    # Qwen2/2.5/3: tokenizer.json has an NFC normalizer
    "qwen2": PreTokenizer("qwen2", split_qwen2, "NFC", False),
    # Llama 3.x: no normalizer, ignore_merges true
    "llama-bpe": PreTokenizer("llama-bpe", split_llama3, None, True),
}


def pre_tokenizer(name: str) -> PreTokenizer:
    """The PreTokenizer for a GGUF `tokenizer.ggml.pre` value."""
    try:
        return PRE_TOKENIZERS[name]
    except KeyError:
        raise TokenizerError(
            f"unsupported pre-tokenizer {name!r} (tokenizer.ggml.pre); supported: {sorted(PRE_TOKENIZERS)}"
        ) from None
