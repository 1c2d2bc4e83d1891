"""Byte-level BPE tokenizer built from GGUF vocabulary metadata (pure Python, runs in Pyodide).

encode: split out added tokens -> normalise (per pre-tokenizer family) ->
pre-tokenize -> byte-level spell -> BPE. decode: token bytes, joined, UTF-8.
"""
from __future__ import annotations

import re
import unicodedata
from itertools import compress, repeat
from operator import eq
from typing import Any, Iterable, Mapping

from pyrite.errors import TokenizerError
from pyrite.tokenizer.bpe import BytePairEncoder
from pyrite.tokenizer.bytelevel import symbols_to_bytes, text_to_symbols
from pyrite.tokenizer.pretokenize import pre_tokenizer

# GGUF token types (llama.cpp's llama_token_type) that behave specially: added tokens,
# matched whole in text and decoded as their own text. The rest (1 normal, 2 unknown,
# 5 unused, 6 byte) are plain byte-level vocabulary entries here.
CONTROL, USER_DEFINED, UNUSED = 3, 4, 5  # UNUSED: padding rows past the real vocabulary ("[PAD151665]")

# Control tokens that end an assistant turn in the chat formats we know; llama.cpp
# treats the same names as end-of-generation.
END_OF_TURN_TOKENS = (
    "<|im_end|>", "<|endoftext|>", "<|eot_id|>", "<|eom_id|>", "<|end_of_text|>",
    "<|end|>", "<end_of_turn>", "<EOT>",
)

_REQUIRED = ("type", "pre", "tokens", "merges", "token_types")

# Distinct pieces in a long chat stay far below this; the bound only keeps a
# pathological input (random text) from growing the per-piece cache without limit.
_PIECE_CACHE_LIMIT = 1 << 16


class Tokenizer:
    """A byte-level BPE tokenizer. Build it with Tokenizer.from_dict(model_json["tokenizer"])."""

    def __init__(self, tokens: list[str], merges: list[str], token_types: list[int], pre: str,
                 bos_id: int | None = None, eos_id: int | None = None, eot_id: int | None = None,
                 pad_id: int | None = None, add_bos: bool = False, add_eos: bool = False):
        if len(token_types) != len(tokens):
            raise TokenizerError(f"token_types has {len(token_types)} entries but tokens has {len(tokens)}")
        for name, tid in (("bos_id", bos_id), ("eos_id", eos_id), ("eot_id", eot_id), ("pad_id", pad_id)):
            if tid is not None and not 0 <= tid < len(tokens):
                raise TokenizerError(f"{name} {tid} is outside the vocabulary (size {len(tokens)})")
        # the per-token work in C (map, zip, compress): Python loops over the 49,152 tokens and merges
        # were a tenth of a second of the page's load
        if set(map(str.count, merges, repeat(" "))) - {1}:
            bad = next(m for m in merges if m.count(" ") != 1)
            raise TokenizerError(f"merge {bad!r} is not two symbols separated by one space")
        self._pre = pre_tokenizer(pre)
        self._tokens = tokens
        self._types = token_types
        self._ids = dict(zip(tokens, range(len(tokens))))
        self._bpe = BytePairEncoder(self._ids, merges, self._pre.ignore_merges)
        self._bos_id, self._eos_id, self._eot_id, self._pad_id = bos_id, eos_id, eot_id, pad_id
        self.add_bos, self.add_eos = add_bos, add_eos
        self._control = frozenset(_ids_of_type(token_types, CONTROL))
        user = _ids_of_type(token_types, USER_DEFINED)
        # As in HF: special (control) tokens are recognised in text only on request;
        # user-defined added tokens always are.
        self._added_all = _added_token_pattern(tokens, [*self._control, *user])
        self._added_user = _added_token_pattern(tokens, user)
        self._piece_cache: dict[str, tuple[int, ...]] = {}
        self._bytes_cache: dict[int, bytes] = {}

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> "Tokenizer":
        """Build from the model.json "tokenizer" dict (see gguf_meta.tokenizer_dict_from_metadata)."""
        missing = [k for k in _REQUIRED if k not in d]
        if missing:
            raise TokenizerError(f"tokenizer dict lacks {missing}")
        if d["type"] != "bpe":
            raise TokenizerError(f"unsupported tokenizer type {d['type']!r}; only byte-level 'bpe' is implemented")
        return cls(list(d["tokens"]), list(d["merges"]), list(map(int, d["token_types"])), d["pre"],
                   bos_id=d.get("bos_id"), eos_id=d.get("eos_id"), eot_id=d.get("eot_id"),
                   pad_id=d.get("pad_id"), add_bos=bool(d.get("add_bos", False)),
                   add_eos=bool(d.get("add_eos", False)))

    # ---- vocabulary -------------------------------------------------------

    @property
    def vocab_size(self) -> int:
        return len(self._tokens)

    @property
    def pre(self) -> str:
        return self._pre.name

    @property
    def bos_id(self) -> int | None:
        return self._bos_id

    @property
    def eos_id(self) -> int | None:
        return self._eos_id

    @property
    def eot_id(self) -> int | None:
        return self._eot_id

    @property
    def pad_id(self) -> int | None:
        return self._pad_id

    @property
    def special_tokens(self) -> dict[str, str]:
        """bos_token, eos_token, pad_token as strings, where the model has them: what transformers hands a
        chat template (its special_tokens_map)."""
        named = (("bos_token", self._bos_id), ("eos_token", self._eos_id), ("pad_token", self._pad_id))
        return {name: self._tokens[i] for name, i in named if i is not None}

    @property
    def stop_ids(self) -> frozenset[int]:
        """Ids that end generation: eos, eot and end-of-turn control tokens present in the vocab."""
        ids = {i for i in (self._eos_id, self._eot_id) if i is not None}
        ids.update(i for name in END_OF_TURN_TOKENS
                   if (i := self._ids.get(name)) is not None and i in self._control)
        return frozenset(ids)

    def id_to_token(self, token_id: int) -> str:
        """The vocabulary string of an id (byte-level spelled for normal tokens)."""
        self._check_id(token_id)
        return self._tokens[token_id]

    def token_to_id(self, token: str) -> int | None:
        """The id of a vocabulary string, or None when it is not in the vocabulary."""
        return self._ids.get(token)

    def is_unused(self, token_id: int) -> bool:
        """True for padding entries (type unused): no text of the model's, never part of constrained output."""
        return self._types[token_id] == UNUSED

    def is_control(self, token_id: int) -> bool:
        """True for control tokens (the ones decode(skip_special=True) drops)."""
        return token_id in self._control

    def token_bytes(self, token_id: int) -> bytes:
        """The bytes one token stands for; added tokens stand for their own UTF-8 text."""
        b = self._bytes_cache.get(token_id)
        if b is None:
            self._check_id(token_id)
            tok = self._tokens[token_id]
            b = tok.encode("utf-8") if self._types[token_id] in (CONTROL, USER_DEFINED) else symbols_to_bytes(tok)
            self._bytes_cache[token_id] = b
        return b

    def _check_id(self, token_id: int) -> None:
        if not 0 <= token_id < len(self._tokens):
            raise TokenizerError(f"token id {token_id} is outside the vocabulary (size {len(self._tokens)})")

    # ---- encode / decode --------------------------------------------------

    def encode(self, text: str, add_special: bool = False, parse_special: bool = True) -> list[int]:
        """Token ids for text.

        add_special: prepend BOS / append EOS where the model asks for them (add_bos / add_eos).
        parse_special: control tokens written in the text (``<|im_start|>``) become their ids;
        when False they are tokenized as plain text. User-defined tokens always match.
        """
        ids: list[int] = []
        if add_special and self.add_bos and self._bos_id is not None:
            ids.append(self._bos_id)
        pattern = self._added_all if parse_special else self._added_user
        if pattern is None:
            self._encode_plain(text, ids)
        else:
            # re.split with one capture group alternates plain text and added tokens.
            for k, part in enumerate(pattern.split(text)):
                if k % 2:
                    ids.append(self._ids[part])
                elif part:
                    self._encode_plain(part, ids)
        if add_special and self.add_eos and self._eos_id is not None:
            ids.append(self._eos_id)
        return ids

    def _encode_plain(self, text: str, out: list[int]) -> None:
        if self._pre.normalize is not None:
            text = unicodedata.normalize(self._pre.normalize, text)
        cache, bpe = self._piece_cache, self._bpe
        for piece in self._pre.split(text):
            ids = cache.get(piece)
            if ids is None:
                if len(cache) >= _PIECE_CACHE_LIMIT:
                    cache.clear()
                ids = cache[piece] = bpe.encode(text_to_symbols(piece))
            out.extend(ids)

    def decode(self, ids: Iterable[int], skip_special: bool = False) -> str:
        """Text for ids; invalid UTF-8 (a split multi-byte character) becomes U+FFFD."""
        buf = bytearray()
        for i in ids:
            if skip_special and i in self._control:
                continue
            buf += self.token_bytes(i)
        return buf.decode("utf-8", errors="replace")


def _ids_of_type(token_types: list[int], kind: int) -> list[int]:
    """The ids whose token type is kind, in order."""
    return list(compress(range(len(token_types)), map(eq, token_types, repeat(kind))))


def _added_token_pattern(tokens: list[str], ids: list[int]) -> re.Pattern[str] | None:
    """A regex matching any of the given tokens, leftmost then longest (as HF's
    LeftmostLongest automaton): at one position the alternation tries longer first."""
    texts = sorted({tokens[i] for i in ids if tokens[i]}, key=len, reverse=True)
    if not texts:
        return None
    return re.compile("(" + "|".join(map(re.escape, texts)) + ")")
