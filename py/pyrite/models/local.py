"""Local models in the page: a GGUF or an HF folder the user gave, converted in the worker and kept in
the origin's storage.

    await convert_local(path, store, ...) -> {"key", "name", "bytes", ...}   (the "convert" request)
    LocalShards(key)                                                         (a "local:<key>" model loads)

`store` is web/local.js, registered in the worker as pyrite_local: a directory per model in the origin
private file system (OPFS). A conversion writes its shards into a fresh directory and model.json last,
so only a finished model is ever listed; a failure or a stop removes the directory, and one a closed
tab left half written (no model.json, no conversion holding its lock) is removed at the next listing.

The source is read in slices (the worker mounts the Files on Emscripten's WORKERFS, so GGUFFile and the
safetensors reader read them as files without holding them), tensor by tensor, repacked by
quant/purepack.py (the page has no numpy),
and each tensor's parts are handed to the store before the next is read: neither the whole file nor a
second copy of the model is held.
"""
from __future__ import annotations

import hashlib
import json
import struct
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pyrite.errors import DTypeError, ModelFormatError, StoppedError, StorageError
from pyrite.formats import FORMATS, part_bytes
from pyrite.models.format import MAX_SHARD_BYTES, ModelIndex, Shard, TensorEntry
from pyrite.models.gguf_exact import check_exact, model_fields, stored_format, widened
from pyrite.models.hf_plan import matched_tensors, read_config
from pyrite.models.hf_tokenizer import tokenizer_from_hf
from pyrite.models.loader import read_counted, verified
from pyrite.models.row_blocks import plan_row_blocks
from pyrite.models.shard_writer import ShardWriter
from pyrite.models.safetensors import Checkpoint
from pyrite.quant.gguf import GGUFFile, GGUFTensorInfo
from pyrite.quant.packed import PackedTensor
from pyrite.quant.purepack import pack_gguf_pure, widen_to_q8_pure

LOCAL_PREFIX = "local:"
Progress = Callable[[str, int, int], None]
_HASH_SLICE = 1 << 22


def is_local(model: str) -> bool:
    return str(model).startswith(LOCAL_PREFIX)


class LocalShards:
    """A model kept in the origin's storage (web/local.js): model.json and each shard read from there and
    verified (size and sha256) like a served one."""

    def __init__(self, model: str):
        self.key = str(model)[len(LOCAL_PREFIX):].strip("/")

    async def index(self) -> ModelIndex:
        import pyrite_local  # type: ignore[import-not-found]  # web/local.js, in the worker
        try:
            text = await pyrite_local.readText(self.key, "model.json")
        except Exception as e:
            raise StorageError(f"local model {self.key!r} is not in this browser's storage ({e})") from None
        try:
            return ModelIndex.from_json(json.loads(text))
        except (ValueError, ModelFormatError) as e:
            raise ModelFormatError(f"local model {self.key!r}: {e}") from None

    async def read_all(self, shards: list[Shard], progress: Progress) -> list[Any]:
        return await read_counted(self, shards, progress)

    async def read(self, shard: Shard) -> Any:
        import pyrite_local  # type: ignore[import-not-found]
        try:
            buf = await pyrite_local.read(self.key, shard.file)
        except Exception as e:
            raise StorageError(f"local model {self.key!r}: shard {shard.file} is missing ({e})") from None
        return await verified(buf, shard)


def _pack(g: GGUFFile, info: GGUFTensorInfo, widen: set[str]) -> PackedTensor:
    name, shape, t = info.name, tuple(info.shape), info.type_name
    if t == "BF16":
        return PackedTensor("f32", shape, None, {"data": bf16_to_f32(g.tensor_bytes(name))})
    if len(shape) == 1 and t not in ("F32", "F16"):
        return PackedTensor("f32", shape, None, {"data": vector_to_f32(g.tensor_bytes(name), t, name)})
    if name in widen:
        return widen_to_q8_pure(g.tensor_bytes(name), t, shape, name)
    return pack_gguf_pure(g.tensor_bytes(name), t, shape, name)


# A quantized vector (a norm's weight) widens to f32 as gguf-py computes it: d * q is exact in f32, and
# a double's + m rounded to f32 equals f32's own + m (53 >= 2 * 24 + 2 bits). type -> block bytes
_VECTOR_BLOCKS = {"Q8_0": 34, "Q4_0": 18, "Q4_1": 20}


def vector_to_f32(raw: bytes, t: str, name: str) -> bytes:
    """A Q8_0 / Q4_0 / Q4_1 vector dequantized to f32 bytes, as gguf-py does (a few thousand values)."""
    size = _VECTOR_BLOCKS.get(t)
    if size is None:
        raise DTypeError(f"vector {name!r} is {t}: the page's converter widens F32, F16, BF16, Q8_0, Q4_0 and "
                         f"Q4_1 vectors (convert this file with `python -m pyrite.models.convert`)")
    out: list[float] = []
    for at in range(0, len(raw), size):
        d = struct.unpack_from("<e", raw, at)[0]
        if t == "Q8_0":
            out += [d * q for q in struct.unpack_from("<32b", raw, at + 2)]
            continue
        qs = raw[at + size - 16:at + size]
        q = [b & 15 for b in qs] + [b >> 4 for b in qs]
        if t == "Q4_0":
            out += [d * (v - 8) for v in q]
        else:
            m = struct.unpack_from("<e", raw, at + 2)[0]
            out += [d * v + m for v in q]
    return struct.pack(f"<{len(out)}f", *out)


def bf16_to_f32(raw: bytes) -> bytes:
    """bf16 is the top half of an f32: each value's two bytes become bytes 2 and 3 of four."""
    out = bytearray(2 * len(raw))
    out[2::4], out[3::4] = raw[0::2], raw[1::2]
    return bytes(out)


@dataclass
class Plan:
    """A source checked and planned: the model.json fields, how many tensors, the bytes they will take
    (alignment included), and the packed tensors in order, made one at a time when iterated."""

    fields: dict[str, Any]
    count: int
    need: int
    tensors: Callable[[], Iterator[tuple[str, PackedTensor]]]


def _need(entries: list[tuple[str, tuple[int, ...], str, int | None]], binding_limit: int) -> int:
    """The bytes of (name, shape, format, group size) tensors, each checked to load on this adapter (row
    blocks under its binding limit: a LimitError before anything is written)."""
    total = 0
    for name, shape, fmt, gs in entries:
        plan_row_blocks(name, shape, fmt, gs, binding_limit)
        total += sum(part_bytes(fmt, shape, gs, p) + 255 for p in FORMATS[fmt].parts)
    return total


def gguf_plan(path: Path, name: str | None, binding_limit: int) -> Plan:
    """A GGUF file under the exact recipe."""
    g = GGUFFile(path)
    check_exact(g)
    widen = widened(g)
    fields = model_fields(g, "exact", name, None)
    need = _need([(i.name, tuple(i.shape), *stored_format(i, i.name in widen)) for i in g.tensors.values()],
                 binding_limit)
    fields["source"] = {"file": path.name, "sha256": source_digest(path)}
    return Plan(fields, len(g.tensors), need,
                lambda: ((info.name, _pack(g, info, widen)) for info in g.tensors.values()))


def hf_plan(src: Path, name: str | None, binding_limit: int) -> Plan:
    """An HF checkpoint folder (config.json, safetensors, tokenizer files) under the exact recipe: every
    tensor f32 (f16 and bf16 widen exactly), as models/convert_hf.py writes it."""
    config, config_json = read_config(src)
    ckpt = Checkpoint(src)
    names = matched_tensors(ckpt, config, src)
    tokenizer, chat_template = tokenizer_from_hf(src, config.vocab, config_json)
    fields = dict(name=name or src.name.lower(), recipe="exact", config=config, tokenizer=tokenizer,
                  chat_template=chat_template, source={"file": src.name, "sha256": None})
    need = _need([(ours, tuple(ckpt.tensors[hf].shape), "f32", None) for ours, hf in names.items()], binding_limit)

    def tensors() -> Iterator[tuple[str, PackedTensor]]:
        for ours, hf in names.items():
            info = ckpt.tensors[hf]
            raw = ckpt.read(hf)
            data = bf16_to_f32(raw) if info.dtype == "BF16" else \
                pack_gguf_pure(raw, info.dtype, tuple(info.shape), hf).parts["data"]
            yield ours, PackedTensor("f32", tuple(info.shape), None, {"data": data})
    return Plan(fields, len(names), need, tensors)


def source_plan(path: Path, name: str | None, binding_limit: int) -> Plan:
    """A .gguf file, or a folder the worker mounted: its one .gguf, or an HF checkpoint (config.json)."""
    if not path.is_dir():
        return gguf_plan(path, name, binding_limit)
    files = sorted(p.name for p in path.iterdir())
    ggufs = [f for f in files if f.lower().endswith(".gguf")]
    if len(ggufs) == 1 and "config.json" not in files:
        return gguf_plan(path / ggufs[0], name, binding_limit)
    if "config.json" not in files:
        raise ModelFormatError(f"the files given ({', '.join(files) or 'none'}) are neither one .gguf file nor an "
                               f"HF checkpoint folder (config.json, *.safetensors, tokenizer.json)")
    return hf_plan(path, name, binding_limit)


def source_digest(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        while chunk := f.read(_HASH_SLICE):
            h.update(chunk)
    return h.hexdigest()


def _to_js(data: bytes) -> Any:
    """bytes as a JS Uint8Array in the page (copied: the store queues it); natively as they are."""
    if sys.platform != "emscripten":
        return data
    from pyodide.ffi import to_js  # type: ignore[import-not-found]
    return to_js(data)


class _StoreFile:
    """One shard being written: the bytes go to the store's queue for this file (web/local.js)."""

    def __init__(self, store: Any, key: str, name: str):
        self.store, self.key, self.name = store, key, name

    def write(self, data: bytes) -> None:
        self.store.write(self.key, self.name, _to_js(data))

    def close(self) -> None:
        self.store.close(self.key, self.name)


async def convert_local(path: str | Path, store: Any, *, name: str | None = None, binding_limit: int,
                        progress: Progress, stopped: Callable[[], bool],
                        max_shard_bytes: int = MAX_SHARD_BYTES) -> dict[str, Any]:
    """The GGUF file or HF folder at path (exact recipe) into a new local model;
    {"key", "name", "bytes", "tensors", "arch"}.

    Every check comes before the first write: the source parses, every tensor is kept exactly, the
    architecture and tokenizer are known, every tensor fits the adapter, and the storage quota holds the
    planned size. stopped() is asked between tensors (StoppedError)."""
    path = Path(path)
    plan = source_plan(path, name, binding_limit)
    estimate = await store.estimate()
    free = int(estimate.quota) - int(estimate.usage)
    if plan.need > free:
        raise StorageError(f"{path.name}: the converted model needs {plan.need} bytes, this origin's storage has "
                           f"{free} free (quota {int(estimate.quota)}, used {int(estimate.usage)})", plan.need, free)
    key = await store.create(plan.fields["name"])
    writer = ShardWriter(lambda shard: _StoreFile(store, key, shard), max_shard_bytes)
    try:
        tensors: dict[str, TensorEntry] = {}
        for i, (tname, packed) in enumerate(plan.tensors(), start=1):
            if stopped():
                raise StoppedError(f"the conversion of {path.name} was stopped at tensor {i}/{plan.count}; "
                                   f"nothing was kept")
            parts = {p: writer.add(packed.parts[p]) for p in FORMATS[packed.format].parts}
            tensors[tname] = TensorEntry(tname, tuple(packed.shape), packed.format, packed.group_size, parts)
            await _drain(store, key, plan.need, free)
            progress("convert", i, plan.count)
        shards = writer.close()
        index = ModelIndex(shards=shards, tensors=tensors, lossy=[], **plan.fields)
        ModelIndex.from_json(index.to_json())  # never keep a model.json the loader rejects
        await _drain(store, key, plan.need, free)
        await store.commit(key, json.dumps(index.to_json()))
    except BaseException:
        writer.abort()
        await store.discard(key)
        raise
    return {"key": key, "name": index.name, "bytes": writer.total, "tensors": plan.count, "arch": index.config.arch}


async def _drain(store: Any, key: str, need: int, free: int) -> None:
    """Every write handed over so far settled (bounded memory); a failed one (the quota) as StorageError."""
    try:
        await store.drain(key)
    except Exception as e:
        raise StorageError(f"the origin's storage refused a shard ({e}); the model needs {need} bytes, "
                           f"{free} were free", need, free) from None
