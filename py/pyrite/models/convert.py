"""Host-only: convert a GGUF file into a pyrite model directory.

    convert_gguf(src, out_dir, recipe="exact") -> out_dir

Recipes (what each GGUF tensor becomes):
  exact  Q4_0 -> q4gsw, Q4_1 -> q4a, Q8_0 -> q8gsw, Q5_0 -> q5, Q5_1 -> q5a, Q4_K -> q4k,
         Q5_K -> q5k, Q6_K -> q6k, F32/F16/BF16 -> f32: all bit-exact, each at its GGUF size
         (q6k: +0.95%). Nothing is requantized: a 2-D tensor of another type (Q2_K, Q3_K,
         the IQ types) is refused, named (recipes q8 and q4 take it, lossy); a 1-D one of
         any type widens to f32 exactly. A Q4_0 / Q5_0 member of Q/K/V (or gate/up) whose
         siblings are Q8_0 is stored q8gsw, still exact (its int8 values at its own scales), so
         the group packs into one fused kernel (a Q4_K_M file's Q5_0 attn_q, attn_k, Q8_0 attn_v).
  q8     every 2-D weight as q8gsw gs 32: Q8_0 sources repacked bit-exactly, the rest
         requantized (listed in "lossy"); 1-D tensors f32.
  q4     every 2-D weight (token_embd included) as q4gsw gs 32: Q4_0 sources are
         repacked bit-exactly, everything else is dequantized and requantized with ggml
         Q4_0 rounding (listed in "lossy"); 1-D tensors f32.

The directory is built in a temporary sibling and renamed into place at the end, so a
failure leaves no partial model and an existing out_dir is replaced only on success.
"""
from __future__ import annotations

import fcntl
import hashlib
import os
import secrets
import shutil
import tempfile
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import numpy as np

from pyrite.errors import ModelFormatError, PyriteError
from pyrite.formats import FORMATS
from pyrite.models.format import MAX_SHARD_BYTES, ModelIndex, TensorEntry, save_index
from pyrite.models.gguf_exact import FLOAT_TYPES, check_exact, model_fields, widened
from pyrite.models.shard_writer import ShardWriter
from pyrite.quant.dequant import dequant_gguf
from pyrite.quant.gguf import GGUFFile, GGUFTensorInfo
from pyrite.quant.kquants import widen_to_q8
from pyrite.quant.packing import PackedTensor, pack_gguf, quantize_q4gsw, quantize_q8gsw

__all__ = ["RECIPES", "RecipeError", "convert_gguf", "convert_cached", "write_model_dir", "widened"]

Progress = Callable[[str], None] | None
RECIPES = ("exact", "q8", "q4")


class RecipeError(PyriteError, ValueError):
    """An unknown conversion recipe."""


# ---- tensor plans ---------------------------------------------------------------------------

def _pack(g: GGUFFile, info: GGUFTensorInfo, recipe: str, widen: set[str]) -> tuple[PackedTensor, bool]:
    """(packed tensor, lossy?) for one GGUF tensor under a recipe (`widen`: the exact recipe's widened())."""
    name, shape, t = info.name, info.shape, info.type_name
    if len(shape) > 2:
        raise ModelFormatError(f"{g.path}: tensor {name!r} has shape {list(shape)}; pyrite stores 1-D and 2-D only")
    if len(shape) == 1 or (recipe == "exact" and t in FLOAT_TYPES):
        if t in ("F32", "F16"):
            return pack_gguf(g.tensor_bytes(name), t, shape, name), False
        # A quantized vector or a bf16 tensor widens to f32 without loss.
        return PackedTensor("f32", shape, None, {"data": dequant_gguf(g, name).astype("<f4").tobytes()}), False
    if recipe == "exact":  # convert_gguf checked every tensor is keepable
        if name in widen:
            return widen_to_q8(g.tensor_bytes(name), t, shape, name), False
        return pack_gguf(g.tensor_bytes(name), t, shape, name), False
    if recipe == "q8":
        if t == "Q8_0":
            return pack_gguf(g.tensor_bytes(name), t, shape, name), False
        return quantize_q8gsw(_as_float(g, info), 32, name), True
    # recipe "q4"
    if t == "Q4_0":
        return pack_gguf(g.tensor_bytes(name), t, shape, name), False
    return quantize_q4gsw(_as_float(g, info), 32, name), True


def _as_float(g: GGUFFile, info: GGUFTensorInfo) -> np.ndarray:
    if info.type_name in ("F32", "F16"):
        dtype = "<f4" if info.type_name == "F32" else "<f2"
        return np.frombuffer(g.tensor_bytes(info.name), dtype=dtype).astype(np.float32).reshape(info.shape)
    return dequant_gguf(g, info.name)


def _sha256_file(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        while chunk := f.read(1 << 22):
            h.update(chunk)
    return h.hexdigest()


# ---- the converter --------------------------------------------------------------------------------

def converter_fingerprint() -> str:
    """sha256 over the sources that decide a converted model's bytes: a cached model directory
    built by another version of them is stale."""
    root = Path(__file__).resolve().parent.parent
    h = hashlib.sha256()
    for rel in ("models/convert.py", "models/gguf_exact.py", "models/shard_writer.py", "models/format.py", "models/config.py", "quant/gguf.py",
                "quant/packing.py", "quant/layout.py", "quant/kquants.py", "quant/dequant.py", "formats.py", "tokenizer/gguf_meta.py"):
        h.update((root / rel).read_bytes())
    return h.hexdigest()


def convert_gguf(src: str | os.PathLike, out_dir: str | os.PathLike, recipe: str = "exact",
                 name: str | None = None, progress: Progress = None,
                 max_shard_bytes: int = MAX_SHARD_BYTES) -> Path:
    """Convert the GGUF at src into a pyrite model directory at out_dir (see module doc)."""
    check_recipe(recipe)
    src = Path(src)
    g = GGUFFile(src)
    if recipe == "exact":  # every tensor checked before anything is read or written
        check_exact(g)
    fields = model_fields(g, recipe, name, {"file": src.name, "sha256": _sha256_file(src)})
    widen = widened(g) if recipe == "exact" else set()

    def tensors():
        for info in g.tensors.values():
            packed, is_lossy = _pack(g, info, recipe, widen)
            yield info.name, packed, is_lossy, f"{info.type_name}->{packed.format}"

    return write_model_dir(out_dir, tensors(), len(g.tensors), fields, progress, max_shard_bytes)


def check_recipe(recipe: str) -> None:
    if recipe not in RECIPES:
        raise RecipeError(f"unknown recipe {recipe!r}; choose one of {RECIPES}")


PackedStream = Iterable[tuple[str, PackedTensor, bool, str]]  # (name, packed, lossy?, "src->dst" note)


def write_model_dir(out_dir: str | os.PathLike, tensors: PackedStream, count: int, fields: dict[str, Any],
                    progress: Progress = None, max_shard_bytes: int = MAX_SHARD_BYTES) -> Path:
    """Write packed tensors into shards and model.json (ModelIndex `fields` + the tensor index) in a
    temporary sibling, check it parses, then publish it as out_dir (see module doc)."""
    out_dir = Path(out_dir)
    say = progress or (lambda line: None)
    out_dir.parent.mkdir(parents=True, exist_ok=True)
    tmp = _fresh_sibling(out_dir, "tmp")
    tmp.mkdir()  # not mkdtemp: its 0700 mode would stick to the published dir
    writer = ShardWriter(lambda shard: open(tmp / shard, "wb"), max_shard_bytes)
    try:
        index_tensors: dict[str, TensorEntry] = {}
        lossy: list[str] = []
        for i, (tname, packed, is_lossy, note) in enumerate(tensors, start=1):
            parts = {p: writer.add(packed.parts[p]) for p in FORMATS[packed.format].parts}
            index_tensors[tname] = TensorEntry(tname, tuple(packed.shape), packed.format, packed.group_size, parts)
            if is_lossy:
                lossy.append(tname)
            say(f"tensor {i}/{count} {tname} {note}{' (lossy)' if is_lossy else ''}, {writer.total} bytes written")
        shards = writer.close()
        index = ModelIndex(shards=shards, tensors=index_tensors, lossy=lossy, **fields)
        # Round-trip through the strict parser: never publish a model.json the loader rejects.
        ModelIndex.from_json(index.to_json())
        save_index(tmp, index)
        say(f"wrote {writer.total} bytes in {len(shards)} shard(s), {len(lossy)} lossy tensor(s)")
        _publish(tmp, out_dir)
    except BaseException:
        writer.abort()
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return out_dir


def convert_cached(src: str | os.PathLike, out_dir: str | os.PathLike, recipe: str = "exact",
                   name: str | None = None, progress: Progress = None) -> Path:
    """convert_gguf, skipped when out_dir already holds this source converted with this recipe by
    these converter sources (a stamp file beside model.json records all three)."""
    src, out = Path(src), Path(out_dir)
    key = f"{src.name}:{src.stat().st_size}:{recipe}:{converter_fingerprint()}"
    stamp = out / ".converted"
    out.parent.mkdir(parents=True, exist_ok=True)
    lock_path = Path(tempfile.gettempdir()) / f"pyrite-convert-{hashlib.sha256(str(out.resolve()).encode()).hexdigest()[:16]}.lock"
    with open(lock_path, "w") as lock:  # beside nothing of the model's: its folder holds models only
        fcntl.flock(lock, fcntl.LOCK_EX)  # two processes asking (parallel test workers) convert once
        if (out / "model.json").exists() and stamp.exists() and stamp.read_text() == key:
            return out
        convert_gguf(src, out, recipe=recipe, name=name, progress=progress)
        stamp.write_text(key)
    return out


def _fresh_sibling(out_dir: Path, tag: str) -> Path:
    """An unused hidden name next to out_dir (same filesystem, so rename is atomic)."""
    while True:
        p = out_dir.with_name(f".{out_dir.name}.{tag}-{os.getpid()}-{secrets.token_hex(4)}")
        if not p.exists():
            return p


def _publish(tmp: Path, out_dir: Path) -> None:
    """Move the finished tmp dir to out_dir, replacing an old one only now."""
    if not out_dir.exists():
        tmp.rename(out_dir)
        return
    old = _fresh_sibling(out_dir, "old")
    out_dir.rename(old)
    try:
        tmp.rename(out_dir)
    except BaseException:
        old.rename(out_dir)
        raise
    shutil.rmtree(old, ignore_errors=True)
