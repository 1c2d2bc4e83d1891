"""The pyrite model directory: model.json (index) + weights-NNNNN.bin shards.

Runtime module (the browser loader imports it): stdlib only. `ModelIndex.from_json`
validates everything a loader relies on (part sizes for the declared shape and format,
256-byte alignment, parts inside their shard and not overlapping) so a bad file fails
here with the key or tensor named, never as a GPU error later.

Schema (version 1):
  {"format": "pyrite", "version": 1, "name", "recipe", "lossy": [tensor names],
   "source": {"file", "sha256"} | null, "config": {ModelConfig}, "tokenizer": {...} | null,
   "chat_template": str | null, "shards": [{"file", "bytes", "sha256"}],
   "tensors": {name: {"shape", "format", "group_size", "parts": {part: {"shard", "offset", "bytes"}}}}}

Each tensor's format, its parts and their layouts: pyrite/formats.py.
"""
from __future__ import annotations

import hashlib
import json
import re
from itertools import pairwise
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pyrite.errors import ModelFormatError, ShardChecksumError
from pyrite.formats import FORMATS, SUPERBLOCK, part_bytes
from pyrite.models.config import ModelConfig

FORMAT_NAME = "pyrite"
FORMAT_VERSION = 1
INDEX_FILE = "model.json"
PART_ALIGN = 256
# Keeps every shard (one fetch, one ArrayBuffer) under mobile binding limits. The one
# exception: a single part larger than this gets a shard to itself (a 151936 x 896
# q8gsw lm_head is 136 MB), since a part never straddles shards.
MAX_SHARD_BYTES = 128 << 20
GROUP_SIZES = (32, 64, 128, 256)  # 256: a K-quant superblock
_SHARD_NAME = re.compile(r"weights-\d{5}\.bin")
_SHA256 = re.compile(r"[0-9a-f]{64}")


def shard_name(i: int) -> str:
    return f"weights-{i:05d}.bin"


@dataclass(frozen=True)
class TensorPart:
    shard: int
    offset: int
    bytes: int


@dataclass(frozen=True)
class TensorEntry:
    name: str
    shape: tuple[int, ...]      # PyTorch order: [N, K] for a weight, [K] for a vector
    format: str                 # a formats.FORMATS name
    group_size: int | None      # None for f32 (formats without scales)
    parts: dict[str, TensorPart]

    def to_json(self) -> dict[str, Any]:
        return {"shape": list(self.shape), "format": self.format, "group_size": self.group_size,
                "parts": {k: {"shard": p.shard, "offset": p.offset, "bytes": p.bytes} for k, p in self.parts.items()}}


@dataclass(frozen=True)
class Shard:
    file: str
    bytes: int
    sha256: str

    def check(self, data: bytes | bytearray | memoryview) -> None:
        """Raise ShardChecksumError unless data is this shard's exact content
        (for callers that already hold the bytes, e.g. the browser after a fetch)."""
        if len(data) != self.bytes:
            raise ShardChecksumError(f"shard {self.file}: {len(data)} bytes, model.json says {self.bytes}")
        got = hashlib.sha256(data).hexdigest()
        if got != self.sha256:
            raise ShardChecksumError(f"shard {self.file}: sha256 {got}, model.json says {self.sha256}")


@dataclass(frozen=True)
class ModelIndex:
    name: str
    recipe: str
    config: ModelConfig
    tokenizer: dict[str, Any] | None   # None: converted without one (score by token ids)
    chat_template: str | None
    shards: list[Shard]
    tensors: dict[str, TensorEntry]
    lossy: list[str] = field(default_factory=list)  # tensors whose values differ from the source
    source: dict[str, Any] | None = None            # {"file", "sha256"} of the converted GGUF

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT_NAME, "version": FORMAT_VERSION, "name": self.name, "recipe": self.recipe,
            "lossy": list(self.lossy), "source": self.source, "config": self.config.to_json(),
            "tokenizer": self.tokenizer, "chat_template": self.chat_template,
            "shards": [{"file": s.file, "bytes": s.bytes, "sha256": s.sha256} for s in self.shards],
            "tensors": {name: t.to_json() for name, t in self.tensors.items()},
        }

    @classmethod
    def from_json(cls, d: Any) -> ModelIndex:
        """Parse and validate a model.json object; errors name the key or tensor."""
        _keys(d, "model.json", required=("format", "version", "name", "recipe", "config", "tokenizer",
                                          "chat_template", "shards", "tensors"), optional=("lossy", "source"))
        if d["format"] != FORMAT_NAME:
            raise ModelFormatError(f"model.json: format is {d['format']!r}, expected {FORMAT_NAME!r}")
        if d["version"] != FORMAT_VERSION:
            raise ModelFormatError(f"model.json: version {d['version']!r} is not supported (expected {FORMAT_VERSION})")
        name = _typed(d["name"], str, "name")
        recipe = _typed(d["recipe"], str, "recipe")
        chat_template = d["chat_template"]
        if chat_template is not None:
            _typed(chat_template, str, "chat_template")
        config = ModelConfig.from_json(d["config"])
        tokenizer = None if d["tokenizer"] is None else _tokenizer(d["tokenizer"])
        shards = _shards(d["shards"])
        tensors = {tname: _tensor(tname, t, shards) for tname, t in _typed(d["tensors"], dict, "tensors").items()}
        _no_overlaps(tensors, shards)
        lossy = _typed(d.get("lossy", []), list, "lossy")
        for i, t in enumerate(lossy):
            if _typed(t, str, f"lossy[{i}]") not in tensors:
                raise ModelFormatError(f"model.json: lossy names {t!r}, which is not a tensor")
        source = d.get("source")
        if source is not None:
            _keys(source, "source", required=("file", "sha256"))
        return cls(name, recipe, config, tokenizer, chat_template, shards, tensors, list(lossy), source)


# ---- validation helpers ------------------------------------------------------------------

def _typed(v: Any, t: type, where: str) -> Any:
    # bool is an int subclass; a count of True is still a format error.
    if not isinstance(v, t) or (t is int and isinstance(v, bool)):
        raise ModelFormatError(f"model.json: {where} must be {t.__name__}, got {type(v).__name__} {v!r:.60}")
    return v


def _keys(d: Any, where: str, required: tuple[str, ...], optional: tuple[str, ...] = ()) -> None:
    if not isinstance(d, dict):
        raise ModelFormatError(f"model.json: {where} must be an object, got {type(d).__name__}")
    missing = [k for k in required if k not in d]
    if missing:
        raise ModelFormatError(f"model.json: {where} is missing key(s) {missing}")
    unknown = sorted(set(d) - set(required) - set(optional))
    if unknown:
        raise ModelFormatError(f"model.json: {where} has unknown key(s) {unknown}")


_TOKENIZER_KEYS = ("type", "pre", "tokens", "merges", "token_types", "bos_id", "eos_id", "eot_id",
                   "pad_id", "add_bos", "add_eos")


def _tokenizer(d: Any) -> dict[str, Any]:
    _keys(d, "tokenizer", required=_TOKENIZER_KEYS)
    if d["type"] != "bpe":
        raise ModelFormatError(f"model.json: tokenizer.type {d['type']!r} is not supported (expected 'bpe')")
    if d["pre"] is not None:
        _typed(d["pre"], str, "tokenizer.pre")
    tokens = _typed(d["tokens"], list, "tokenizer.tokens")
    # each list's types gathered in C (map, set): a Python loop over 49,152 tokens and as many merges
    # was a tenth of a second of the page's load
    for key in ("tokens", "merges"):
        items = _typed(d[key], list, f"tokenizer.{key}")
        if not set(map(type, items)) <= {str}:
            i, s = next((i, s) for i, s in enumerate(items) if type(s) is not str)
            raise ModelFormatError(f"model.json: tokenizer.{key}[{i}] must be a string, got {s!r:.60}")
    types = _typed(d["token_types"], list, "tokenizer.token_types")
    if len(types) != len(tokens):
        raise ModelFormatError(f"model.json: tokenizer.token_types has {len(types)} entries "
                               f"for {len(tokens)} tokens")
    if not set(map(type, types)) <= {int}:
        raise ModelFormatError("model.json: tokenizer.token_types must be ints")
    for key in ("bos_id", "eos_id", "eot_id", "pad_id"):
        v = d[key]
        if v is not None and (_typed(v, int, f"tokenizer.{key}") < 0 or v >= len(tokens)):
            raise ModelFormatError(f"model.json: tokenizer.{key} {v} is outside the vocabulary (0..{len(tokens) - 1})")
    for key in ("add_bos", "add_eos"):
        _typed(d[key], bool, f"tokenizer.{key}")
    return d


def _shards(v: Any) -> list[Shard]:
    shards = []
    for i, s in enumerate(_typed(v, list, "shards")):
        where = f"shards[{i}]"
        _keys(s, where, required=("file", "bytes", "sha256"))
        file = _typed(s["file"], str, f"{where}.file")
        # A plain generated name: nothing like "../x" can reach outside the model dir.
        if not _SHARD_NAME.fullmatch(file):
            raise ModelFormatError(f"model.json: {where}.file {file!r} is not a shard name like 'weights-00000.bin'")
        if _typed(s["bytes"], int, f"{where}.bytes") < 0:
            raise ModelFormatError(f"model.json: {where}.bytes is negative")
        if not _SHA256.fullmatch(_typed(s["sha256"], str, f"{where}.sha256")):
            raise ModelFormatError(f"model.json: {where}.sha256 is not 64 lowercase hex digits")
        shards.append(Shard(file, s["bytes"], s["sha256"]))
    if len({s.file for s in shards}) != len(shards):
        raise ModelFormatError("model.json: shards lists a file twice")
    return shards


def _tensor(name: str, d: Any, shards: list[Shard]) -> TensorEntry:
    where = f"tensor {name!r}"
    _keys(d, where, required=("shape", "format", "group_size", "parts"))
    shape = _typed(d["shape"], list, f"{where}.shape")
    if not 1 <= len(shape) <= 2 or not all(type(x) is int and x > 0 for x in shape):
        raise ModelFormatError(f"model.json: {where}: shape {shape} must be 1 or 2 positive ints")
    fmt, gs = _typed(d["format"], str, f"{where}.format"), d["group_size"]
    if fmt not in FORMATS:
        raise ModelFormatError(f"model.json: {where}: format {fmt!r} is not one of {sorted(FORMATS)}")
    if not FORMATS[fmt].grouped:
        if gs is not None:
            raise ModelFormatError(f"model.json: {where}: {fmt} takes group_size null, got {gs!r}")
    else:
        if len(shape) != 2:
            raise ModelFormatError(f"model.json: {where}: {fmt} needs a 2-D shape, got {shape}")
        if gs not in GROUP_SIZES or type(gs) is not int:
            raise ModelFormatError(f"model.json: {where}: group_size {gs!r} is not one of {GROUP_SIZES}")
        if (gs == SUPERBLOCK) != bool(FORMATS[fmt].sb_words):
            raise ModelFormatError(f"model.json: {where}: group_size {gs} with {fmt} (a K-quant's group is its "
                                   f"{SUPERBLOCK}-value superblock, and only a K-quant's is)")
        if shape[1] % gs or shape[1] % 8:
            raise ModelFormatError(f"model.json: {where}: K={shape[1]} is not a multiple of group_size {gs} and 8")
    parts = _typed(d["parts"], dict, f"{where}.parts")
    if set(parts) != set(FORMATS[fmt].parts):
        raise ModelFormatError(f"model.json: {where}: {fmt} needs parts {list(FORMATS[fmt].parts)}, got {sorted(parts)}")
    out = {}
    for pname in FORMATS[fmt].parts:
        pw = f"{where} part {pname!r}"
        p = parts[pname]
        _keys(p, pw, required=("shard", "offset", "bytes"))
        shard, offset, nbytes = (_typed(p[k], int, f"{pw}.{k}") for k in ("shard", "offset", "bytes"))
        if not 0 <= shard < len(shards):
            raise ModelFormatError(f"model.json: {pw}: shard {shard} does not exist ({len(shards)} shards)")
        if offset < 0 or offset % PART_ALIGN:
            raise ModelFormatError(f"model.json: {pw}: offset {offset} is not a multiple of {PART_ALIGN}")
        want = part_bytes(fmt, shape, gs, pname)
        if nbytes != want:
            raise ModelFormatError(f"model.json: {pw}: {nbytes} bytes, {fmt} {shape} needs {want}")
        if offset + nbytes > shards[shard].bytes:
            raise ModelFormatError(f"model.json: {pw}: bytes {offset}..{offset + nbytes} run past the end of "
                                   f"{shards[shard].file} ({shards[shard].bytes} bytes)")
        out[pname] = TensorPart(shard, offset, nbytes)
    return TensorEntry(name, tuple(shape), fmt, gs, out)


def _no_overlaps(tensors: dict[str, TensorEntry], shards: list[Shard]) -> None:
    spans: list[list[tuple[int, int, str]]] = [[] for _ in shards]
    for t in tensors.values():
        for pname, p in t.parts.items():
            spans[p.shard].append((p.offset, p.offset + p.bytes, f"{t.name}:{pname}"))
    for i, rows in enumerate(spans):
        rows.sort()
        for (_, end, a), (start, _, b) in pairwise(rows):
            if start < end:
                raise ModelFormatError(f"model.json: parts {a} and {b} overlap in {shards[i].file}")
        if shards[i].bytes > MAX_SHARD_BYTES and len(rows) > 1:
            raise ModelFormatError(f"model.json: {shards[i].file} is {shards[i].bytes} bytes, over the "
                                   f"{MAX_SHARD_BYTES}-byte shard limit, and holds more than one part")


# ---- directory access ---------------------------------------------------------------------

def load_index(model_dir: str | Path) -> ModelIndex:
    """Read and validate <model_dir>/model.json."""
    path = Path(model_dir) / INDEX_FILE
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ModelFormatError(f"{path}: no such file (not a pyrite model directory)") from None
    except UnicodeDecodeError as e:
        raise ModelFormatError(f"{path}: not UTF-8 text ({e})") from None
    try:
        d = json.loads(text)
    except ValueError as e:
        raise ModelFormatError(f"{path}: not valid JSON: {e}") from None
    try:
        return ModelIndex.from_json(d)
    except ModelFormatError as e:
        raise ModelFormatError(f"{path}: {e}") from None


def save_index(model_dir: str | Path, index: ModelIndex) -> Path:
    path = Path(model_dir) / INDEX_FILE
    path.write_text(json.dumps(index.to_json(), ensure_ascii=False), encoding="utf-8")
    return path


def verify_shards(model_dir: str | Path, index: ModelIndex | None = None) -> ModelIndex:
    """Check every shard's size and sha256 against model.json before anything is uploaded.

    Raises ShardChecksumError naming the first bad shard (ModelFormatError if one is
    missing). Returns the index so callers can chain load + verify.
    """
    model_dir = Path(model_dir)
    index = index if index is not None else load_index(model_dir)
    for shard in index.shards:
        path = model_dir / shard.file
        try:
            size = path.stat().st_size
        except FileNotFoundError:
            raise ModelFormatError(f"shard {shard.file}: missing from {model_dir}") from None
        if size != shard.bytes:
            raise ShardChecksumError(f"shard {shard.file}: {size} bytes on disk, model.json says {shard.bytes}")
        h = hashlib.sha256()
        with open(path, "rb") as f:
            while chunk := f.read(1 << 22):
                h.update(chunk)
        if h.hexdigest() != shard.sha256:
            raise ShardChecksumError(f"shard {shard.file}: sha256 {h.hexdigest()}, model.json says {shard.sha256}")
    return index
