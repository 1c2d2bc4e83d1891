"""The page's converter (models/local.py) run natively against an in-memory store with web/local.js's
protocol: the model it keeps is the native exact converter's, byte for byte; every check comes before
the first write; a failure or a stop keeps nothing."""
from __future__ import annotations

import asyncio
import json
from types import SimpleNamespace

import numpy as np
import pytest

from pyrite.errors import DTypeError, GGUFError, LimitError, ModelFormatError, StoppedError, StorageError
from pyrite.models.convert import convert_gguf
from pyrite.models.format import load_index
from pyrite.models.local import convert_local
from support.gguf import write_gguf, write_tiny_gguf


class MemoryStore:
    """web/local.js's writer half, in memory: directories of files, model.json written last."""

    def __init__(self, quota: int = 1 << 40, fail_after: int | None = None):
        self.quota, self.fail_after = quota, fail_after
        self.dirs: dict[str, dict[str, bytearray]] = {}
        self.committed: set[str] = set()
        self.writes = 0
        self.error: Exception | None = None

    async def estimate(self):
        return SimpleNamespace(usage=sum(len(b) for d in self.dirs.values() for b in d.values()), quota=self.quota)

    async def create(self, name):
        key = f"{name}-{len(self.dirs)}"
        self.dirs[key] = {}
        return key

    def write(self, key, file, data):
        self.writes += 1
        if self.fail_after is not None and self.writes > self.fail_after:
            self.error = OSError("QuotaExceededError")
        self.dirs[key].setdefault(file, bytearray()).extend(data)

    def close(self, key, file):
        pass

    async def drain(self, key):
        if self.error:
            raise self.error

    async def commit(self, key, model_json):
        self.dirs[key]["model.json"] = bytearray(model_json.encode())
        self.committed.add(key)

    async def discard(self, key):
        del self.dirs[key]


def convert(path, store, limit=1 << 30, stopped=lambda: False, events=None):
    progress = (lambda *e: events.append(e)) if events is not None else (lambda *e: None)
    return asyncio.run(convert_local(path, store, binding_limit=limit, progress=progress, stopped=stopped))


def test_the_kept_model_is_the_native_exact_conversion(tmp_path):
    src = write_tiny_gguf(tmp_path / "tiny.gguf")
    native = load_index(convert_gguf(src, tmp_path / "native"))
    store, events = MemoryStore(), []
    made = convert(src, store, events=events)
    files = store.dirs[made["key"]]
    kept = json.loads(bytes(files["model.json"]))
    assert made["name"] == native.name and made["tensors"] == len(native.tensors) == len(events)
    assert events[-1] == ("convert", len(native.tensors), len(native.tensors))
    assert kept == native.to_json()
    for shard in native.shards:
        assert bytes(files[shard.file]) == (tmp_path / "native" / shard.file).read_bytes()
    assert made["bytes"] == sum(s.bytes for s in native.shards)


def test_bad_files_are_refused_before_anything_is_written(tmp_path):
    junk = tmp_path / "notes.gguf"
    junk.write_bytes(b"not a gguf at all" * 10)
    src = write_tiny_gguf(tmp_path / "tiny.gguf")
    cut = tmp_path / "cut.gguf"
    cut.write_bytes(src.read_bytes()[:-1000])
    q2 = write_gguf(tmp_path / "q2.gguf", {"w": (np.zeros((32, 84), np.uint8), "Q2_K")})  # raw blocks
    mamba = write_gguf(tmp_path / "mamba.gguf", {"w": (np.zeros((4, 32), np.float32), "F32")}, arch="mamba")
    for path, kind, named in ((junk, GGUFError, "not a GGUF"), (cut, GGUFError, "cut.gguf"), (q2, DTypeError, "Q2_K"),
                              (mamba, ModelFormatError, "'mamba'")):
        store = MemoryStore()
        with pytest.raises(kind, match=named):
            convert(path, store)
        assert store.dirs == {} and store.writes == 0, path


def test_quota_and_limits_are_checked_first_with_both_numbers(tmp_path):
    src = write_tiny_gguf(tmp_path / "tiny.gguf")
    store = MemoryStore(quota=1000)
    with pytest.raises(StorageError) as e:
        convert(src, store)
    assert e.value.available == 1000 and e.value.needed > 1000 and str(e.value.needed) in str(e.value)
    assert store.dirs == {}
    store = MemoryStore()
    with pytest.raises(LimitError):
        convert(src, store, limit=64)
    assert store.dirs == {}


def test_a_failed_write_or_a_stop_keeps_nothing(tmp_path):
    src = write_tiny_gguf(tmp_path / "tiny.gguf")
    store = MemoryStore(fail_after=3)
    with pytest.raises(StorageError):
        convert(src, store)
    assert store.dirs == {} and not store.committed
    store, asked = MemoryStore(), []
    with pytest.raises(StoppedError):
        convert(src, store, stopped=lambda: asked.append(1) or len(asked) > 4)
    assert store.dirs == {} and not store.committed and store.writes > 0


@pytest.mark.parametrize("dtype", ["float32", "bfloat16", "float16"])
def test_an_hf_folder_keeps_the_native_exact_conversion(tmp_path, dtype):
    import torch

    from hf_checkpoints import make_checkpoint
    from pyrite.models.convert_hf import convert_hf
    src = make_checkpoint("qwen3-0.6b", tmp_path / "qwen3", dtype=getattr(torch, dtype))
    native = load_index(convert_hf(src, tmp_path / "native"))
    store = MemoryStore()
    made = convert(src, store)
    files = store.dirs[made["key"]]
    assert json.loads(bytes(files["model.json"])) == native.to_json() and made["arch"] == "qwen3"
    for shard in native.shards:
        assert bytes(files[shard.file]) == (tmp_path / "native" / shard.file).read_bytes()


def test_an_hf_folder_without_config_or_weights_is_refused_by_name(tmp_path):
    from hf_checkpoints import make_checkpoint
    src = make_checkpoint("llama-3.2-1b", tmp_path / "llama")
    (tmp_path / "no-weights").mkdir()
    (tmp_path / "no-weights" / "config.json").write_bytes((src / "config.json").read_bytes())
    (tmp_path / "no-config").mkdir()
    (tmp_path / "no-config" / "model.safetensors").symlink_to(src / "model.safetensors")
    for folder, named in (("no-weights", "safetensors"), ("no-config", "config.json")):
        store = MemoryStore()
        with pytest.raises(ModelFormatError, match=named):
            convert(tmp_path / folder, store)
        assert store.dirs == {}, folder
