"""Parts into shards: each part 256-byte aligned, never split across shards, each shard hashed as written.

A new shard starts when the next part would pass the limit; a part larger than the limit gets a shard
to itself. Shard files come from an opener (name -> an object with write and close), so the same writer
fills a directory natively (models/convert.py) and the origin's storage in the page
(models/convert_page.py).
"""
from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import Protocol

from pyrite.models.format import PART_ALIGN, Shard, TensorPart, shard_name


class ShardFile(Protocol):
    def write(self, data: bytes) -> object: ...
    def close(self) -> object: ...


class ShardWriter:
    def __init__(self, opener: Callable[[str], ShardFile], limit: int):
        self.opener, self.limit = opener, limit
        self.shards: list[Shard] = []
        self.f: ShardFile | None = None
        self.pos = 0
        self.sealed = False  # the open shard holds an oversize part: nothing may follow
        self.total = 0

    def add(self, data: bytes) -> TensorPart:
        start = -(-self.pos // PART_ALIGN) * PART_ALIGN
        if self.f is not None and (self.sealed or start + len(data) > self.limit):
            self._finish()
        if self.f is None:
            self.f = self.opener(shard_name(len(self.shards)))
            self.hash, self.pos, start, self.sealed = hashlib.sha256(), 0, 0, False
        pad = b"\0" * (start - self.pos)
        for chunk in (pad, data):
            if chunk:
                self.f.write(chunk)
                self.hash.update(chunk)
        self.pos = start + len(data)
        self.total += len(pad) + len(data)
        self.sealed = len(data) > self.limit
        return TensorPart(len(self.shards), start, len(data))

    def _finish(self) -> None:
        self.f.close()
        self.shards.append(Shard(shard_name(len(self.shards)), self.pos, self.hash.hexdigest()))
        self.f = None

    def close(self) -> list[Shard]:
        if self.f is not None:
            self._finish()
        return self.shards

    def abort(self) -> None:
        if self.f is not None:
            self.f.close()
            self.f = None
