"""The model.json "tokenizer" dict, built from GGUF `tokenizer.ggml.*` metadata.

tokenizer_dict_from_metadata takes any key -> value mapping (pyrite's own GGUF
reader gives one; stdlib only). tokenizer_dict_from_gguf reads a file with the
`gguf` package's GGUFReader (host only: that package needs numpy).
"""
from __future__ import annotations

import os
from typing import Any, Mapping

from pyrite.errors import TokenizerError

# GGUF tokenizer.ggml.model names byte-level BPE "gpt2" (after the model that introduced it).
_GGUF_MODEL_TYPES = {"gpt2": "bpe"}


def tokenizer_dict_from_metadata(meta: Mapping[str, Any], source: str = "GGUF metadata") -> dict[str, Any]:
    """{"type", "pre", "tokens", "merges", "token_types", "bos_id", "eos_id", "eot_id",
    "pad_id", "add_bos", "add_eos"} from GGUF metadata; source names the file in errors."""
    model = meta.get("tokenizer.ggml.model")
    if model not in _GGUF_MODEL_TYPES:
        raise TokenizerError(f"{source}: tokenizer.ggml.model {model!r} is not supported "
                             f"(supported: {sorted(_GGUF_MODEL_TYPES)}, byte-level BPE)")
    for key in ("tokenizer.ggml.tokens", "tokenizer.ggml.merges", "tokenizer.ggml.token_type"):
        if key not in meta:
            raise TokenizerError(f"{source}: {key} is missing")
    tokens = [str(t) for t in meta["tokenizer.ggml.tokens"]]
    token_types = [int(t) for t in meta["tokenizer.ggml.token_type"]]
    if len(token_types) != len(tokens):
        raise TokenizerError(f"{source}: tokenizer.ggml.token_type has {len(token_types)} entries, "
                             f"tokenizer.ggml.tokens has {len(tokens)}")

    def token_id(key: str) -> int | None:
        v = meta.get(f"tokenizer.ggml.{key}")
        return None if v is None else int(v)

    return {
        "type": _GGUF_MODEL_TYPES[model],
        # llama.cpp calls a GGUF without this key "default"; Tokenizer rejects it by name.
        "pre": str(meta.get("tokenizer.ggml.pre", "default")),
        "tokens": tokens,
        "merges": [str(m) for m in meta["tokenizer.ggml.merges"]],
        "token_types": token_types,
        "bos_id": token_id("bos_token_id"),
        "eos_id": token_id("eos_token_id"),
        "eot_id": token_id("eot_token_id"),
        "pad_id": token_id("padding_token_id"),
        # Absent flags mean "no": HF's SmolLM2 and Qwen2 tokenizers add neither.
        "add_bos": bool(meta.get("tokenizer.ggml.add_bos_token", False)),
        "add_eos": bool(meta.get("tokenizer.ggml.add_eos_token", False)),
    }


def gguf_tokenizer_metadata(path: str | os.PathLike) -> dict[str, Any]:
    """The tokenizer.* metadata of a GGUF file, read with the `gguf` package (host only)."""
    from gguf import GGUFReader  # host-only dependency (numpy); the runtime never imports this

    reader = GGUFReader(os.fspath(path))
    return {k: f.contents() for k, f in reader.fields.items() if k.startswith("tokenizer.")}


def tokenizer_dict_from_gguf(path: str | os.PathLike) -> dict[str, Any]:
    """tokenizer_dict_from_metadata over a GGUF file read with the `gguf` package (host only)."""
    return tokenizer_dict_from_metadata(gguf_tokenizer_metadata(path), source=os.fspath(path))
