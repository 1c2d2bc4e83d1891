"""Read the generated kernel registry (generated/registry.json + one .wgsl per kernel).

RUNTIME module: runs under Pyodide, so stdlib only (no numpy, jinja2 or yaml). The files
are package data, read through importlib.resources so an installed wheel works as well
as a source checkout.
"""
from __future__ import annotations

import difflib
import hashlib
import json
import zipfile
from dataclasses import dataclass, field
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

from pyrite.errors import KernelError

REGISTRY_FILE = "registry.json"
REGISTRY_VERSION = 1


@dataclass(frozen=True)
class Kernel:
    """One generated kernel, ready to hand to createShaderModule."""

    id: str
    source: str                          # the WGSL text of generated/<id>.wgsl
    entry: str                           # compute entry point ("main")
    workgroup_size: tuple[int, int, int]
    sha256: str                          # of the generated file's bytes
    params: dict = field(hash=False)     # template parameters it was rendered with
    features: tuple[str, ...] = ()       # the WebGPU features its `enable` directives need


@dataclass(frozen=True)
class Entry:
    """What registry.json says of one kernel, without reading its WGSL: where ops read the facts a
    manifest declares (dtypes, tiles, head dims) instead of restating them."""

    id: str
    family: str
    template: str                        # the template's file stem: "map" for shaders/elementwise/map.wgsl
    variant: str
    params: dict = field(hash=False)


class Registry:
    """The kernels of one generated/ directory; each kernel is read once, on first get()."""

    def __init__(self, directory: Traversable | Path | ArchivePath):
        self.directory = directory
        index = directory / REGISTRY_FILE
        try:
            doc = json.loads(index.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise KernelError(
                f"{index}: no kernel registry; run `python build.py shaders` to generate it"
            ) from None
        except (OSError, ValueError) as exc:
            raise KernelError(f"{index}: unreadable kernel registry: {exc}") from exc
        if not isinstance(doc, dict) or doc.get("version") != REGISTRY_VERSION:
            raise KernelError(f"{index}: expected registry version {REGISTRY_VERSION}")
        self._entries: dict[str, dict] = doc.get("kernels", {})
        self._cache: dict[str, Kernel] = {}
        # the kernel set's identity: every kernel's id and sha256 (what a measured route choice holds for)
        self.set_hash = hashlib.sha256("".join(f"{k}={e['sha256']};" for k, e in sorted(self._entries.items()))
                                       .encode()).hexdigest()

    def ids(self) -> list[str]:
        return sorted(self._entries)

    def entries(self, family: str | None = None, template: str | None = None) -> list[Entry]:
        """The kernels of `family` (every family's, if None; of one template, if given), in id order."""
        out = []
        for kid in sorted(self._entries):
            e = self._entries[kid]
            stem = e["source"].rsplit("/", 1)[-1].removesuffix(".wgsl")
            if family in (None, e["family"]) and template in (None, stem):
                out.append(Entry(kid, e["family"], stem, e["variant"], dict(e["params"])))
        if not out:
            raise KernelError(f"no kernels of family {family!r}" + (f", template {template!r}" if template else ""))
        return out

    def get(self, kernel_id: str) -> Kernel:
        kernel = self._cache.get(kernel_id)
        if kernel is None:
            kernel = self._cache[kernel_id] = self._load(kernel_id)
        return kernel

    def _load(self, kernel_id: str) -> Kernel:
        entry = self._entries.get(kernel_id)
        if entry is None:
            close = difflib.get_close_matches(kernel_id, self._entries, n=5, cutoff=0.6)
            hint = f"; close matches: {', '.join(close)}" if close else ""
            raise KernelError(f"unknown kernel {kernel_id!r} ({len(self._entries)} registered){hint}")
        path = self.directory / entry["file"]
        try:
            payload = path.read_bytes()
        except OSError as exc:
            raise KernelError(f"kernel {kernel_id}: cannot read {path}: {exc}") from exc
        # A hand-edited or half-regenerated file must not run under a stale registry entry.
        digest = hashlib.sha256(payload).hexdigest()
        if digest != entry["sha256"]:
            raise KernelError(
                f"kernel {kernel_id}: {path} has sha256 {digest}, registry says {entry['sha256']}; "
                "run `python build.py shaders`"
            )
        x, y, z = entry["workgroup_size"]
        return Kernel(
            id=kernel_id,
            source=payload.decode("utf-8"),
            entry=entry["entry"],
            workgroup_size=(x, y, z),
            sha256=digest,
            params=dict(entry["params"]),
            features=tuple(entry.get("features", ())),
        )


def default_directory() -> Traversable:
    """pyrite/kernels/generated as package data."""
    return resources.files("pyrite.kernels") / "generated"


_default: Registry | None = None


def default_registry() -> Registry:
    global _default
    if _default is None:
        _default = Registry(default_directory())
    return _default


@dataclass(frozen=True)
class ArchivePath:
    """A file or folder inside a zip, read with ZipFile.read (a lookup in its index). zipfile.Path lists
    the archive's implied folders first, per instance: under the page's Python that was 0.13 s of each
    load's plan phase."""

    archive: zipfile.ZipFile
    name: str

    def __truediv__(self, child: str) -> "ArchivePath":
        return ArchivePath(self.archive, f"{self.name.rstrip('/')}/{child}")

    def read_bytes(self) -> bytes:
        try:
            return self.archive.read(self.name)
        except KeyError:
            raise FileNotFoundError(f"{self} is not in the archive") from None

    def read_text(self, encoding: str = "utf-8") -> str:
        return self.read_bytes().decode(encoding)

    def __str__(self) -> str:
        return f"{self.archive.filename}/{self.name}"


def read_from_archive(wheel: str | Path | zipfile.ZipFile) -> None:
    """Read the kernels from inside pyrite's wheel (a zip, or the ZipFile open on it) from here on, not from
    unpacked package data: the page's restored Python (pyrite/resume.py) writes the wheel whole rather than
    unpack its 1,600 kernels. A registry read already (the snapshot's heap holds the one resume.prepare()
    read from this same wheel's files) keeps its entries: only where the kernels are read from changes."""
    global _default
    archive = wheel if isinstance(wheel, zipfile.ZipFile) else zipfile.ZipFile(wheel)
    directory = ArchivePath(archive, "pyrite/kernels/generated")
    if _default is None:
        _default = Registry(directory)
    else:
        _default.directory = directory


def get(kernel_id: str) -> Kernel:
    """The kernel registered as kernel_id; KernelError (with close matches) if unknown."""
    return default_registry().get(kernel_id)


def ids() -> list[str]:
    """Every registered kernel id, sorted."""
    return default_registry().ids()


def set_hash() -> str:
    """The sha256 of the registered kernel set (every id with its file's sha256)."""
    return default_registry().set_hash


def entries(family: str | None = None, template: str | None = None) -> list[Entry]:
    """The registered kernels of `family` (every family's, if None; of one template, if given), in id order."""
    return default_registry().entries(family, template)
