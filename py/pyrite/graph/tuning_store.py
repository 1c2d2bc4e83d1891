"""Where measured route choices are kept between loads (graph/tuning.py): a folder natively, the
browser's Cache Storage in the page, memory in tests. A store reads and writes whole text records by
name; a missing record reads as None."""
from __future__ import annotations

import os
from pathlib import Path
from typing import Protocol


class Store(Protocol):
    async def read(self, name: str) -> str | None: ...

    async def write(self, name: str, text: str) -> None: ...


class MemoryStore:
    def __init__(self) -> None:
        self.records: dict[str, str] = {}

    async def read(self, name: str) -> str | None:
        return self.records.get(name)

    async def write(self, name: str, text: str) -> None:
        self.records[name] = text


class FolderStore:
    """One file per record; written to a temporary name and renamed, so a reader never sees half."""

    def __init__(self, folder: Path) -> None:
        self.folder = Path(folder)

    async def read(self, name: str) -> str | None:
        try:
            return (self.folder / name).read_text(encoding="utf-8")
        except (FileNotFoundError, NotADirectoryError):
            return None
        except (OSError, UnicodeDecodeError) as exc:
            return f"unreadable: {exc}"  # parsed as a corrupt record: ignored with a notice

    async def write(self, name: str, text: str) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        tmp = self.folder / f".{name}.{os.getpid()}.tmp"
        tmp.write_text(text, encoding="utf-8")
        tmp.replace(self.folder / name)


class BrowserStore:
    """The page's Cache Storage (caches, in the worker too), cache CACHE, one entry per record."""

    CACHE = "pyrite-route-tuning"

    async def read(self, name: str) -> str | None:
        from js import caches  # Pyodide: the worker's global scope
        hit = await (await caches.open(self.CACHE)).match(self._url(name))
        return None if hit is None else await hit.text()

    async def write(self, name: str, text: str) -> None:
        from js import Response, caches
        await (await caches.open(self.CACHE)).put(self._url(name), Response.new(text))

    @staticmethod
    def _url(name: str) -> str:
        return f"/pyrite-route-tuning/{name}"
