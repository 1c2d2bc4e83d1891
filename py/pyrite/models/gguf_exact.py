"""What a GGUF becomes under the exact recipe, numpy-free (the native converter and the page's share it).

- check_exact: every tensor is one the recipe keeps as it is (DTypeError naming the first that is not),
  checked before anything is read or written.
- widened: the Q4_0 / Q5_0 members of a fused group whose siblings are Q8_0, stored q8gsw losslessly
  so the group packs into one kernel.
- model_fields: the model.json fields a GGUF's metadata gives (name, config, tokenizer, chat template).
"""
from __future__ import annotations

from typing import Any

from pyrite.errors import DTypeError, ModelFormatError
from pyrite.formats import FORMATS, SUPERBLOCK
from pyrite.models.config import ModelConfig
from pyrite.quant.gguf import GGUFFile, GGUFTensorInfo

# GGUF types the exact recipe repacks bit for bit (quant/packing.py EXACT_PACKERS, quant/purepack.py)
EXACT_TYPES = ("Q4_0", "Q4_1", "Q8_0", "Q5_0", "Q5_1", "Q4_K", "Q5_K", "Q6_K")
FLOAT_TYPES = ("F32", "F16", "BF16")  # widen to f32 exactly
# Symmetric 32-value blocks that widen to q8gsw exactly: (block bytes, the offset q - offset removes)
WIDENS_TO_Q8 = {"Q4_0": (18, 8), "Q5_0": (22, 16)}
# The loader packs these members by rows where their formats agree (models/packing.py), for one fused kernel
PACKED_GROUPS = (("attn_q", "attn_k", "attn_v"), ("ffn_gate", "ffn_up"))
# When GGUF metadata names no end-of-turn token, take the first of these that is a
# control token (llama.cpp's llama-vocab fallback list, abridged).
_EOT_CANDIDATES = ("<|eot_id|>", "<|im_end|>", "<|end|>", "<end_of_turn>", "<|endoftext|>")
_TOKEN_TYPE_CONTROL = 3


def stored_format(info: GGUFTensorInfo, widen: bool = False) -> tuple[str, int | None]:
    """(pyrite format, group size) an exactly kept tensor is stored as (widen: one of widened())."""
    if len(info.shape) == 1 or info.type_name in FLOAT_TYPES:
        return "f32", None
    if widen:
        return "q8gsw", 32
    fmt = next(f for f in FORMATS.values() if info.type_name in f.gguf)
    return fmt.name, SUPERBLOCK if fmt.sb_words else 32


def check_keepable(g: GGUFFile, info: GGUFTensorInfo) -> None:
    """A matrix the exact recipe keeps as it is; DTypeError naming the tensor and its type otherwise."""
    t = info.type_name
    if len(info.shape) == 2 and t not in EXACT_TYPES and t not in FLOAT_TYPES:
        raise DTypeError(f"{g.path}: tensor {info.name!r} is {t}, which the exact recipe cannot keep (it keeps "
                         f"{', '.join([*EXACT_TYPES, *FLOAT_TYPES])}); convert with recipe q8 or q4 to "
                         f"requantize it (lossy)")


def check_exact(g: GGUFFile) -> None:
    """Every tensor of g keepable (check_keepable), 1-D or 2-D."""
    for info in g.tensors.values():
        if len(info.shape) > 2:
            raise ModelFormatError(f"{g.path}: tensor {info.name!r} has shape {list(info.shape)}; "
                                   f"pyrite stores 1-D and 2-D only")
        check_keepable(g, info)


def widened(g: GGUFFile) -> set[str]:
    """The tensors the exact recipe stores as q8gsw, losslessly (kquants.widen_to_q8): Q4_0 / Q5_0 members
    of a packed group whose other members are Q8_0 (a Q4_K_M file's Q5_0 attn_q / attn_k beside its
    Q8_0 attn_v), so the group packs and runs fused."""
    out: set[str] = set()
    blocks = {name.rsplit(".", 2)[0] for name in g.tensors if name.startswith("blk.")}
    for blk in blocks:
        for group in PACKED_GROUPS:
            names = [f"{blk}.{m}.weight" for m in group if f"{blk}.{m}.weight" in g.tensors]
            types = {n: g.tensors[n].type_name for n in names}
            if "Q8_0" in types.values() and len(set(types.values())) > 1 and \
                    all(t == "Q8_0" or t in WIDENS_TO_Q8 for t in types.values()):
                out |= {n for n, t in types.items() if t in WIDENS_TO_Q8}
    return out


def tokenizer_from_gguf(g: GGUFFile) -> dict[str, Any]:
    """The model.json "tokenizer" object from tokenizer.ggml.* metadata (byte-level BPE only)."""
    model = g.get("tokenizer.ggml.model")
    if model != "gpt2":
        raise ModelFormatError(f"{g.path}: tokenizer.ggml.model {model!r} is not supported "
                               f"(pyrite reads byte-level BPE, 'gpt2')")
    tokens = g.get("tokenizer.ggml.tokens")
    if not tokens:
        raise ModelFormatError(f"{g.path}: no tokenizer.ggml.tokens")
    types = g.get("tokenizer.ggml.token_type") or [1] * len(tokens)
    eot = g.get("tokenizer.ggml.eot_token_id")
    if eot is None:
        ids = {s: i for i, s in enumerate(tokens) if types[i] == _TOKEN_TYPE_CONTROL}
        eot = next((ids[s] for s in _EOT_CANDIDATES if s in ids), None)
    return {
        "type": "bpe",
        "pre": g.get("tokenizer.ggml.pre"),
        "tokens": tokens,
        "merges": g.get("tokenizer.ggml.merges") or [],
        "token_types": types,
        "bos_id": g.get("tokenizer.ggml.bos_token_id"),
        "eos_id": g.get("tokenizer.ggml.eos_token_id"),
        "eot_id": eot,
        "pad_id": g.get("tokenizer.ggml.padding_token_id"),
        "add_bos": bool(g.get("tokenizer.ggml.add_bos_token", False)),
        "add_eos": bool(g.get("tokenizer.ggml.add_eos_token", False)),
    }


def default_name(g: GGUFFile) -> str:
    """"smollm2-135m" from general.basename + general.size_label, else the file stem."""
    base, size = g.get("general.basename"), g.get("general.size_label")
    if base and size:
        return f"{base}-{size}".lower()
    return g.path.stem.lower()


def model_fields(g: GGUFFile, recipe: str, name: str | None, source: dict[str, Any] | None) -> dict[str, Any]:
    """The ModelIndex fields other than shards, tensors and lossy (an unknown architecture or tokenizer
    raises here, before any tensor is read)."""
    return dict(name=name or default_name(g), recipe=recipe, config=ModelConfig.from_gguf(g.metadata, g.tensors),
                tokenizer=tokenizer_from_gguf(g), chat_template=g.get("tokenizer.chat_template"), source=source)
