"""pyrite's safetensors reader: equal to the safetensors package on real files (every dtype,
sharded index), and every malformed file a typed error naming the file and the tensor."""
from __future__ import annotations

import json
import struct
from pathlib import Path

import numpy as np
import pytest
import torch
from safetensors.torch import save_file

from pyrite.errors import ModelFormatError
from pyrite.models.safetensors import Checkpoint, SafetensorsError, SafetensorsFile


def raw_file(path: Path, header: dict, data: bytes = b"", header_len: int | None = None) -> Path:
    blob = json.dumps(header).encode()
    path.write_bytes(struct.pack("<Q", len(blob) if header_len is None else header_len) + blob + data)
    return path


def test_reads_what_the_safetensors_package_writes(tmp_path):
    g = torch.Generator().manual_seed(0)
    tensors = {"a.f32": torch.randn(3, 5, generator=g), "b.f16": torch.randn(7, generator=g).half(),
               "c.bf16": torch.randn(2, 4, generator=g).bfloat16(), "d.empty": torch.zeros(0, 3)}
    save_file(tensors, str(tmp_path / "model.safetensors"), metadata={"format": "pt"})
    f = SafetensorsFile(tmp_path / "model.safetensors")
    assert f.metadata == {"format": "pt"}
    assert {n: (t.dtype, t.shape) for n, t in f.tensors.items()} == {
        "a.f32": ("F32", (3, 5)), "b.f16": ("F16", (7,)), "c.bf16": ("BF16", (2, 4)), "d.empty": ("F32", (0, 3))}
    for name, t in tensors.items():
        want = t.view(torch.int16).numpy().tobytes() if t.dtype == torch.bfloat16 else t.numpy().tobytes()
        assert f.read(name) == want


def test_sharded_index(tmp_path):
    save_file({"x": torch.ones(4)}, str(tmp_path / "model-00001-of-00002.safetensors"))
    save_file({"y": torch.zeros(2, 2)}, str(tmp_path / "model-00002-of-00002.safetensors"))
    (tmp_path / "model.safetensors.index.json").write_text(json.dumps(
        {"metadata": {}, "weight_map": {"x": "model-00001-of-00002.safetensors",
                                        "y": "model-00002-of-00002.safetensors"}}))
    ck = Checkpoint(tmp_path)
    assert sorted(ck.tensors) == ["x", "y"] and ck.read("x") == np.ones(4, np.float32).tobytes()


def test_bad_index_entries(tmp_path):
    save_file({"x": torch.ones(4)}, str(tmp_path / "a.safetensors"))
    index = tmp_path / "model.safetensors.index.json"
    index.write_text(json.dumps({"weight_map": {"y": "a.safetensors"}}))
    with pytest.raises(SafetensorsError, match="'y' is mapped to a.safetensors, which does not hold it"):
        Checkpoint(tmp_path)
    index.write_text(json.dumps({"weight_map": {"x": "../a.safetensors"}}))
    with pytest.raises(SafetensorsError, match="not a file beside the index"):
        Checkpoint(tmp_path)
    index.write_text("{")
    with pytest.raises(SafetensorsError, match="weight_map"):
        Checkpoint(tmp_path)
    with pytest.raises(SafetensorsError, match="neither model.safetensors"):
        Checkpoint(tmp_path / "nothing")


T = {"dtype": "F32", "shape": [2, 2], "data_offsets": [0, 16]}


@pytest.mark.parametrize("header,data,header_len,match", [
    ({"w": T}, b"\0" * 16, 10_000, r"header length 10000 runs past the end"),
    ({"w": T}, b"\0" * 8, None, r"tensor 'w': data_offsets \[0, 16\] run past the end"),
    ({"w": {**T, "dtype": "I8"}}, b"\0" * 16, None, r"tensor 'w': dtype 'I8' is not supported"),
    ({"w": {**T, "data_offsets": [0, 12]}}, b"\0" * 16, None, r"tensor 'w'.*hold 12 bytes, F32 \[2, 2\] needs 16"),
    ({"w": T, "v": {**T, "data_offsets": [8, 24]}}, b"\0" * 24, None, r"tensors 'w' and 'v' overlap"),
    ({"w": {**T, "shape": [2, -2]}}, b"\0" * 16, None, r"tensor 'w': shape \[2, -2\]"),
    ({"w": {"dtype": "F32", "shape": [1]}}, b"\0" * 4, None, r"tensor 'w': expected keys"),
    ({"w": {**T, "data_offsets": [16, 0]}}, b"\0" * 16, None, r"tensor 'w': data_offsets \[16, 0\]"),
])
def test_malformed_files_are_typed_errors(tmp_path, header, data, header_len, match):
    path = raw_file(tmp_path / "bad.safetensors", header, data, header_len)
    with pytest.raises(SafetensorsError, match=match) as e:
        SafetensorsFile(path)
    assert "bad.safetensors" in str(e.value) and isinstance(e.value, ModelFormatError)


def test_truncated_and_garbage_headers(tmp_path):
    (tmp_path / "short.safetensors").write_bytes(b"\1\0\0")
    with pytest.raises(SafetensorsError, match="too short"):
        SafetensorsFile(tmp_path / "short.safetensors")
    p = tmp_path / "garbage.safetensors"
    p.write_bytes(struct.pack("<Q", 4) + b"{{{{")
    with pytest.raises(SafetensorsError, match="not valid JSON"):
        SafetensorsFile(p)
    full = raw_file(tmp_path / "cut.safetensors", {"w": T}, b"\0" * 16).read_bytes()
    (tmp_path / "cut.safetensors").write_bytes(full[:20])
    with pytest.raises(SafetensorsError, match="runs past the end"):
        SafetensorsFile(tmp_path / "cut.safetensors")
