"""Host-only: convert an HF transformers checkpoint directory into a pyrite model directory.

    convert_hf(src_dir, out_dir, recipe="exact") -> out_dir

Input: config.json plus model.safetensors or a sharded model.safetensors.index.json; tensors in
f32, f16 or bf16 (read by pyrite's own safetensors reader); tokenizer.json when present.
Recipes: exact (every tensor f32: f16/bf16 widen without loss), q8 (2-D weights as q8gsw gs 32,
listed in "lossy"), q4 (2-D weights as q4gsw gs 32, lossy). 1-D tensors are always f32.
Tensors are renamed to pyrite's (GGUF) names by models/hf.py; the config and the tensors must agree
(every tensor the graph reads present with its shape, nothing left over). Writing is the GGUF
converter's: a temporary sibling published only when complete.
"""
from __future__ import annotations

import os
from pathlib import Path

import numpy as np

from pyrite.models.convert import PackedStream, Progress, check_recipe, write_model_dir
from pyrite.models.format import MAX_SHARD_BYTES
from pyrite.models.hf_plan import matched_tensors, read_config
from pyrite.models.hf_tokenizer import tokenizer_from_hf
from pyrite.models.safetensors import Checkpoint, TensorInfo
from pyrite.quant.packing import PackedTensor, quantize_q4gsw, quantize_q8gsw


def as_f32(info: TensorInfo, raw: bytes) -> np.ndarray:
    """A checkpoint tensor as float32 (exact for f16 and bf16)."""
    if info.dtype == "F32":
        x = np.frombuffer(raw, dtype="<f4")
    elif info.dtype == "F16":
        x = np.frombuffer(raw, dtype="<f2").astype(np.float32)
    else:  # BF16: the top half of an f32
        x = (np.frombuffer(raw, dtype="<u2").astype(np.uint32) << 16).view(np.float32)
    return x.reshape(info.shape)


def pack(name: str, x: np.ndarray, recipe: str) -> tuple[PackedTensor, bool]:
    """(packed, lossy?) for one float tensor under a recipe."""
    if x.ndim == 1 or recipe == "exact":
        return PackedTensor("f32", x.shape, None, {"data": np.ascontiguousarray(x, dtype="<f4").tobytes()}), False
    if recipe == "q8":
        return quantize_q8gsw(x, 32, name), True
    return quantize_q4gsw(x, 32, name), True


def convert_hf(src: str | os.PathLike, out_dir: str | os.PathLike, recipe: str = "exact",
               name: str | None = None, progress: Progress = None,
               max_shard_bytes: int = MAX_SHARD_BYTES) -> Path:
    """Convert the HF checkpoint directory src into a pyrite model directory at out_dir."""
    check_recipe(recipe)
    src = Path(src)
    config, config_json = read_config(src)
    ckpt = Checkpoint(src)
    names = matched_tensors(ckpt, config, src)
    tokenizer, chat_template = tokenizer_from_hf(src, config.vocab, config_json)

    def tensors() -> PackedStream:
        for ours, hf in names.items():
            info = ckpt.tensors[hf]
            packed, lossy = pack(ours, as_f32(info, ckpt.read(hf)), recipe)
            yield ours, packed, lossy, f"{info.dtype}->{packed.format}"

    fields = dict(name=name or src.name.lower(), recipe=recipe, config=config, tokenizer=tokenizer,
                  chat_template=chat_template, source={"file": src.name, "sha256": None})
    return write_model_dir(out_dir, tensors(), len(names), fields, progress, max_shard_bytes)
