"""Load a model directory onto the device: index -> every shard read and verified -> upload.

All shards are checked (size + sha256) before the first byte reaches the GPU, and every tensor's
row blocks are planned against the adapter's binding limit before the first download (a part too
large for one binding is split into row blocks, see row_blocks.py). Natively shards are
files; in the browser web/worker.js's shard reader hands them over as ArrayBuffers (from its cache or
the network), hashed with crypto.subtle and written with queue.writeBuffer without ever becoming
Python bytes.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable

from ..errors import ModelFormatError, ShardChecksumError
from ..gpu import COPY_DST, STORAGE, Device
from ..formats import ROW_PARTS, part_bytes
from .format import ModelIndex, Shard, TensorEntry
from ..graph.device_weights import DeviceWeight
from .packing import Pack, pack_spans, plan_packs
from .row_blocks import plan_row_blocks

Progress = Callable[[str, int, int], None]  # (phase, done, total)


def _no_progress(phase: str, done: int, total: int) -> None:
    return None


async def read_counted(source: Any, shards: list[Shard], progress: Progress) -> list[Any]:
    """Every shard by source.read, verified, in order; "weights" progress in bytes after each one."""
    out, done, total = [], 0, sum(s.bytes for s in shards)
    for shard in shards:
        out.append(await source.read(shard))
        done += shard.bytes
        progress("weights", done, total)
    return out


class FileShards:
    """A model directory on disk."""

    def __init__(self, model_dir: str | Path):
        self.dir = Path(model_dir)

    async def index(self) -> ModelIndex:
        from .format import load_index
        return load_index(self.dir)

    async def read_all(self, shards: list[Shard], progress: Progress) -> list[memoryview]:
        return await read_counted(self, shards, progress)

    async def read(self, shard: Shard) -> memoryview:
        path = self.dir / shard.file
        try:
            data = path.read_bytes()
        except FileNotFoundError:
            raise ModelFormatError(f"shard {shard.file}: missing from {self.dir}") from None
        shard.check(data)
        return memoryview(data)


class FetchShards:
    """A model directory served over HTTP (the page): model.json by fetch; each shard from web/worker.js's
    shard reader (web/shards.js, registered as pyrite_shards: the weight cache, byte progress), or by a
    plain fetch in a Pyodide page of another host, verified here with crypto.subtle. The bytes stay in JS."""

    def __init__(self, base_url: str):
        self.base = base_url.rstrip("/") + "/"

    async def index(self) -> ModelIndex:
        import js  # type: ignore[import-not-found]
        url = self.base + "model.json"
        try:
            resp = await js.fetch(url)
        except Exception as e:  # a network failure: fetch rejects with a TypeError
            raise ModelFormatError(f"{url}: the download failed ({e})") from None
        if not resp.ok:
            raise ModelFormatError(f"{url}: HTTP {resp.status}: {self.base} is not a pyrite model directory "
                                   f"(it has no model.json; `pyrite convert` makes one)")
        text = await resp.text()
        try:
            data = json.loads(text)
        except ValueError:  # a server that answers every path with its index page, say
            raise ModelFormatError(f"{url}: not JSON ({resp.headers.get('Content-Type') or 'no type'}, starting "
                                   f"{text[:40]!r}): {self.base} is not a pyrite model directory") from None
        try:
            return ModelIndex.from_json(data)
        except (ValueError, ModelFormatError) as e:
            raise ModelFormatError(f"{url}: {e}") from None

    async def read_all(self, shards: list[Shard], progress: Progress) -> list[Any]:
        """Every shard, verified, in order. The reader counts their bytes as they stream and reports the
        "weights" progress itself (one source), against the total handed to it here."""
        reader = _shard_reader()
        if reader is None:  # a host page of its own (examples/python.html): plain fetches, counted per shard
            return await read_counted(self, shards, progress)
        await reader.begin(sum(s.bytes for s in shards))
        return [await self.read(shard) for shard in shards]

    async def read(self, shard: Shard) -> Any:
        """The shard's bytes, verified; a copy the reader kept that fails is read again with cache
        "reload" (from the network, replacing the kept one)."""
        try:
            return await self._read(shard, reload=False)
        except ShardChecksumError:
            return await self._read(shard, reload=True)

    async def _read(self, shard: Shard, reload: bool) -> Any:
        url = self.base + shard.file
        reader = _shard_reader()
        try:
            buf = await (reader.read(url, shard.sha256, shard.bytes, reload) if reader is not None else
                         _fetch_bytes(url, reload))
        except Exception as e:  # a network failure, an HTTP error, a body that broke off
            raise ModelFormatError(f"{url}: the download failed ({e}); loading again resumes from the shards "
                                   f"already kept") from None
        data = await verified(buf, shard)
        if reader is not None:
            reader.keep(shard.sha256, buf)  # the page keeps verified shards only
        return data


def _shard_reader() -> Any:
    """web/shards.js, which web/worker.js registers as pyrite_shards; None in a host page of its own."""
    try:
        import pyrite_shards  # type: ignore[import-not-found]
    except ImportError:
        return None
    return pyrite_shards


async def _fetch_bytes(url: str, reload: bool) -> Any:
    import js  # type: ignore[import-not-found]
    from pyodide.ffi import to_js  # type: ignore[import-not-found]
    resp = await js.fetch(url, to_js({"cache": "reload" if reload else "default"}, dict_converter=js.Object.fromEntries))
    if not resp.ok:
        raise OSError(f"HTTP {resp.status}")
    return await resp.arrayBuffer()


async def verified(buf: Any, shard: Shard) -> Any:
    """A JS ArrayBuffer holding the shard, checked (size, sha256 by crypto.subtle), as a Uint8Array."""
    import js  # type: ignore[import-not-found]
    if buf.byteLength != shard.bytes:
        raise ShardChecksumError(f"shard {shard.file}: {buf.byteLength} bytes, model.json says {shard.bytes}")
    digest = js.Uint8Array.new(await js.crypto.subtle.digest("SHA-256", buf))
    got = "".join(f"{b:02x}" for b in digest.to_py())
    if got != shard.sha256:
        raise ShardChecksumError(f"shard {shard.file}: sha256 {got}, model.json says {shard.sha256}")
    return js.Uint8Array.new(buf)


def _slice(data: Any, offset: int, nbytes: int) -> Any:
    return data[offset:offset + nbytes] if isinstance(data, memoryview) else data.subarray(offset, offset + nbytes)


Piece = tuple[Any, int, int, int]  # (data, src, dst, n): data[src:src + n] goes to dst
JS_PIECES = 8  # more pieces than this are small (group-major scales): gathered in Python, see _gather
STRETCH_GAP = 1 << 20  # pieces of one source this close are read in one copy


def _gather(pieces: list[Piece], size: int) -> Any:
    """A new `size`-byte array holding data[src:src + n] at dst for each (data, src, dst, n): a bytearray
    natively; in the browser a JS Uint8Array (the bytes never enter Python) where the pieces are few,
    else a bytearray filled from one copy per stretch of nearby pieces (a packed tensor's group-major
    scales are 36-54 pieces of a few hundred bytes: an FFI call each was a tenth of a second of SmolLM2's
    upload in the page)."""
    if all(isinstance(data, memoryview) for data, *_ in pieces):
        return gather_stretches(pieces, size, lambda data, lo, hi: data[lo:hi])
    if len(pieces) > JS_PIECES:
        return gather_stretches(pieces, size, lambda data, lo, hi: data.subarray(lo, hi).to_bytes())
    import js  # type: ignore[import-not-found]
    out = js.Uint8Array.new(size)
    for data, src, dst, n in pieces:
        out.set(data.subarray(src, src + n), dst)
    return out


def stretches(pieces: list[Piece], gap: int = STRETCH_GAP) -> list[tuple[Any, int, int, list[Piece]]]:
    """Runs of pieces reading one source with less than `gap` bytes between them: (data, lo, hi, pieces)."""
    runs: list[list] = []
    for piece in sorted(pieces, key=lambda p: (id(p[0]), p[1])):
        data, src, _, n = piece
        if runs and runs[-1][0] is data and src <= runs[-1][2] + gap:
            runs[-1][2] = max(runs[-1][2], src + n)
            runs[-1][3].append(piece)
        else:
            runs.append([data, src, src + n, [piece]])
    return [(data, lo, hi, run) for data, lo, hi, run in runs]


def gather_stretches(pieces: list[Piece], size: int, read: Callable[[Any, int, int], Any]) -> bytearray:
    """_gather with each stretch of the sources read once: read(data, lo, hi) -> its bytes."""
    out = bytearray(size)
    for data, lo, hi, run in stretches(pieces):
        held = memoryview(read(data, lo, hi))
        for _, src, dst, n in run:
            out[dst:dst + n] = held[src - lo:src - lo + n]
    return out


def block_part(data: Any, entry: TensorEntry, part: str, n0: int, n1: int) -> Any:
    """Rows [n0, n1) of one part of a matrix, laid out as that block's own part.

    q / data rows are contiguous: one slice. scale / min are fp16 [K/gs, N], group-major: each
    group's run of block rows is gathered into [K/gs, n1 - n0]."""
    p = entry.parts[part]
    shape = (n1 - n0, *entry.shape[1:])
    if (n0, n1) == (0, entry.shape[0]):
        return _slice(data, p.offset, p.bytes)
    if part in ROW_PARTS:
        row = part_bytes(entry.format, (1, *entry.shape[1:]), entry.group_size, part)
        return _slice(data, p.offset + n0 * row, (n1 - n0) * row)
    n, groups = entry.shape[0], entry.shape[1] // entry.group_size
    spans = [(data, p.offset + 2 * (g * n + n0), 2 * g * (n1 - n0), 2 * (n1 - n0)) for g in range(groups)]
    return _gather(spans, part_bytes(entry.format, shape, entry.group_size, part))


def _upload_block(device: Device, entry: TensorEntry, shards: list[Any], n0: int, n1: int) -> DeviceWeight:
    """Rows [n0, n1) of a tensor as one DeviceWeight (the whole tensor keeps its own name)."""
    whole = (n0, n1) == (0, entry.shape[0])
    name = entry.name if whole else f"{entry.name}[{n0}:{n1}]"
    shape = (n1 - n0, *entry.shape[1:])
    parts = {}
    for part_name, part in entry.parts.items():
        size = part_bytes(entry.format, shape, entry.group_size, part_name)
        buf = device.create_buffer(size, STORAGE | COPY_DST, f"{name}.{part_name}")
        device.write_buffer(buf, 0, block_part(shards[part.shard], entry, part_name, n0, n1))
        parts[part_name] = buf
    return DeviceWeight(name, shape, entry.format, entry.group_size, parts, row0=n0)


def binding_limit(device: Device, block_bytes: int | None = None) -> int:
    """The most bytes one weight part may hold: the adapter's binding and buffer limits, or less."""
    limit = min(device.limits.max_storage_buffer_binding_size, device.limits.max_buffer_size)
    return limit if block_bytes is None else min(limit, block_bytes)


def pack_part(shards: list[Any], pack: Pack, part: str) -> Any:
    """One part of a packed tensor (models/packing.py), gathered straight from its members' shards."""
    size = part_bytes(pack.format, pack.shape, pack.group_size, part)
    return _gather([(shards[m.parts[part].shard], src, dst, n) for m, src, dst, n in pack_spans(pack, part)], size)


def _upload_pack(device: Device, pack: Pack, shards: list[Any]) -> DeviceWeight:
    """The members of a pack as one tensor."""
    parts = {}
    for part_name in pack.members[0].parts:
        data = pack_part(shards, pack, part_name)
        buf = device.create_buffer(part_bytes(pack.format, pack.shape, pack.group_size, part_name),
                                   STORAGE | COPY_DST, f"{pack.name}.{part_name}")
        device.write_buffer(buf, 0, data)
        parts[part_name] = buf
    return DeviceWeight(pack.name, pack.shape, pack.format, pack.group_size, parts)


async def upload(device: Device, index: ModelIndex, source: Any,
                 progress: Progress = _no_progress, block_bytes: int | None = None,
                 pack: bool = True) -> dict[str, DeviceWeight]:
    """Plan every tensor's row blocks against the adapter limits (a LimitError before any download),
    read and verify every shard, then upload block by block. With pack, the members of each fused
    projection that can be packed are uploaded as one tensor instead (models/packing.py)."""
    limit = binding_limit(device, block_bytes)
    plans = {name: plan_row_blocks(name, e.shape, e.format, e.group_size, limit) for name, e in index.tensors.items()}
    packs = plan_packs(index, limit) if pack else []
    packed = {m.name for p in packs for m in p.members}
    shards = await source.read_all(index.shards, progress)
    weights: dict[str, DeviceWeight] = {}
    singles = [e for e in index.tensors.values() if e.name not in packed]
    steps = len(singles) + len(packs)
    for i, p in enumerate(packs):
        weights[p.name] = _upload_pack(device, p, shards)
        progress("upload", i + 1, steps)
    for i, entry in enumerate(singles, start=len(packs)):
        ranges = plans[entry.name]
        if len(ranges) == 1:
            weights[entry.name] = _upload_block(device, entry, shards, 0, entry.shape[0])
        else:
            blocks = tuple(_upload_block(device, entry, shards, n0, n1) for n0, n1 in ranges)
            weights[entry.name] = DeviceWeight(entry.name, tuple(entry.shape), entry.format, entry.group_size,
                                               {}, blocks=blocks)
        progress("upload", i + 1, steps)
    return weights
