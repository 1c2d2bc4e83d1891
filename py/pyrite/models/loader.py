"""Load a model directory onto the device: index -> every shard read and verified -> upload.

All shards are checked (size + sha256) before the first byte reaches the GPU. Natively shards are
files; in the browser they are fetched as ArrayBuffers, hashed with crypto.subtle and written
with queue.writeBuffer without ever becoming Python bytes.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable

from ..errors import ModelFormatError, ShardChecksumError
from ..gpu import COPY_DST, STORAGE, Device, in_browser
from .format import ModelIndex, Shard
from .weights import DeviceWeight

Progress = Callable[[str, int, int], None]  # (phase, done, total)


def _no_progress(phase: str, done: int, total: int) -> None:
    return None


class FileShards:
    """A model directory on disk."""

    def __init__(self, model_dir: str | Path):
        self.dir = Path(model_dir)

    async def index(self) -> ModelIndex:
        from .format import load_index
        return load_index(self.dir)

    async def read(self, shard: Shard) -> memoryview:
        path = self.dir / shard.file
        try:
            data = path.read_bytes()
        except FileNotFoundError:
            raise ModelFormatError(f"shard {shard.file}: missing from {self.dir}") from None
        shard.check(data)
        return memoryview(data)


class FetchShards:
    """A model directory served over HTTP (the page): fetch + crypto.subtle, all in JS."""

    def __init__(self, base_url: str):
        self.base = base_url.rstrip("/") + "/"

    async def _fetch(self, name: str) -> Any:
        import js  # type: ignore[import-not-found]
        resp = await js.fetch(self.base + name)
        if not resp.ok:
            raise ModelFormatError(f"{self.base}{name}: HTTP {resp.status}")
        return resp

    async def index(self) -> ModelIndex:
        resp = await self._fetch("model.json")
        try:
            return ModelIndex.from_json(json.loads(await resp.text()))
        except (ValueError, ModelFormatError) as e:
            raise ModelFormatError(f"{self.base}model.json: {e}") from None

    async def read(self, shard: Shard) -> Any:
        import js  # type: ignore[import-not-found]
        buf = await (await self._fetch(shard.file)).arrayBuffer()
        if buf.byteLength != shard.bytes:
            raise ShardChecksumError(f"shard {shard.file}: {buf.byteLength} bytes, model.json says {shard.bytes}")
        digest = js.Uint8Array.new(await js.crypto.subtle.digest("SHA-256", buf))
        got = "".join(f"{b:02x}" for b in digest.to_py())
        if got != shard.sha256:
            raise ShardChecksumError(f"shard {shard.file}: sha256 {got}, model.json says {shard.sha256}")
        return js.Uint8Array.new(buf)


def shard_source(model: str | Path) -> FileShards | FetchShards:
    """A URL in the browser, a directory path natively."""
    return FetchShards(str(model)) if in_browser() else FileShards(model)


def _slice(data: Any, offset: int, nbytes: int) -> Any:
    return data[offset:offset + nbytes] if isinstance(data, memoryview) else data.subarray(offset, offset + nbytes)


async def upload(device: Device, index: ModelIndex, source: FileShards | FetchShards,
                 progress: Progress = _no_progress) -> dict[str, DeviceWeight]:
    """Read and verify every shard, check every part against the adapter limits, then upload."""
    for entry in index.tensors.values():
        for part_name, part in entry.parts.items():
            device.check_buffer_size(f"tensor {entry.name} ({part_name})", part.bytes)
    total = sum(s.bytes for s in index.shards)
    done = 0
    shards = []
    for shard in index.shards:
        shards.append(await source.read(shard))
        done += shard.bytes
        progress("weights", done, total)
    weights: dict[str, DeviceWeight] = {}
    for i, entry in enumerate(index.tensors.values()):
        parts = {}
        for part_name, part in entry.parts.items():
            buf = device.create_buffer(part.bytes, STORAGE | COPY_DST, f"{entry.name}.{part_name}")
            device.write_buffer(buf, 0, _slice(shards[part.shard], part.offset, part.bytes))
            parts[part_name] = buf
        weights[entry.name] = DeviceWeight(entry.name, tuple(entry.shape), entry.format, entry.group_size, parts)
        progress("upload", i + 1, len(index.tensors))
    return weights
