"""model.json: strict validation (each rule, error naming the key or tensor) and shard
checksums, on a converted tiny model."""
from __future__ import annotations

import copy
import json

import pytest

from pyrite.errors import ModelFormatError, ShardChecksumError
from pyrite.models.format import (MAX_SHARD_BYTES, ModelIndex, load_index, part_bytes, save_index,
                                  verify_shards)


@pytest.fixture
def doc(tiny_model) -> dict:
    return json.loads((tiny_model / "model.json").read_text())


def test_round_trip(tiny_model, doc):
    index = load_index(tiny_model)
    assert index.to_json() == doc
    assert ModelIndex.from_json(index.to_json()) == index
    save_index(tiny_model, index)
    assert json.loads((tiny_model / "model.json").read_text()) == doc


def test_part_sizes():
    assert part_bytes("f32", [7], None, "data") == 28
    assert part_bytes("q4gsw", [3, 64], 32, "q") == 96
    assert part_bytes("q4a", [3, 64], 32, "min") == 12    # 6 halves
    assert part_bytes("q8gsw", [3, 32], 32, "scale") == 8  # 3 halves, padded to 2 words
    assert part_bytes("q8gsw", [3, 32], 32, "q") == 96
    assert part_bytes("q5", [3, 64], 32, "qh") == 24      # a bit per value
    assert part_bytes("q6k", [3, 512], 256, "qh") == 384  # two bits per value
    assert part_bytes("q6k", [3, 512], 256, "sb") == 120  # 5 words per superblock
    assert part_bytes("q4k", [3, 512], 256, "sb") == 96


def _part(d: dict, tensor: str, part: str) -> dict:
    return d["tensors"][tensor]["parts"][part]


Q, K, NORM = "blk.0.attn_q.weight", "blk.0.attn_k.weight", "output_norm.weight"
GATE, UP = "blk.0.ffn_gate.weight", "blk.0.ffn_up.weight"  # the tiny model's q6k and q5a tensors

# each case: (edit of the document, words the error must contain)
CASES = {
    "format": (lambda d: d.update(format="gguf"), ["format", "'gguf'"]),
    "version": (lambda d: d.update(version=2), ["version 2"]),
    "missing key": (lambda d: d.pop("shards"), ["missing", "shards"]),
    "unknown key": (lambda d: d.update(extra=1), ["unknown", "extra"]),
    "name type": (lambda d: d.update(name=5), ["name must be str"]),
    "config": (lambda d: d["config"].update(n_heads=5), ["n_heads 5", "n_kv_heads 2"]),
    "config key": (lambda d: d["config"].pop("rms_eps"), ["config", "rms_eps"]),
    "tokenizer type": (lambda d: d["tokenizer"].update(type="spm"), ["tokenizer.type", "'spm'"]),
    "tokenizer id": (lambda d: d["tokenizer"].update(eos_id=10**6), ["tokenizer.eos_id", "outside"]),
    "token types": (lambda d: d["tokenizer"]["token_types"].pop(), ["token_types", "entries"]),
    "merges": (lambda d: d["tokenizer"]["merges"].append(3), ["tokenizer.merges[5]"]),
    "add_bos": (lambda d: d["tokenizer"].update(add_bos=1), ["tokenizer.add_bos must be bool"]),
    "shard name": (lambda d: d["shards"][0].update(file="../evil.bin"), ["shards[0].file", "../evil.bin"]),
    "shard sha": (lambda d: d["shards"][0].update(sha256="XYZ"), ["shards[0].sha256"]),
    "shard twice": (lambda d: d["shards"].append(dict(d["shards"][0])), ["twice"]),
    "shape": (lambda d: d["tensors"][Q].update(shape=[64, 0]), ["'blk.0.attn_q.weight'", "shape"]),
    "fmt": (lambda d: d["tensors"][Q].update(format="q3"), ["'blk.0.attn_q.weight'", "'q3'"]),
    "gs": (lambda d: d["tensors"][Q].update(group_size=48), ["'blk.0.attn_q.weight'", "group_size 48"]),
    "gs f32": (lambda d: d["tensors"][NORM].update(group_size=32), ["'output_norm.weight'", "null"]),
    "1-D quant": (lambda d: d["tensors"][Q].update(shape=[4096]), ["'blk.0.attn_q.weight'", "2-D"]),
    "K vs gs": (lambda d: d["tensors"][Q].update(group_size=128), ["K=64", "group_size 128"]),
    "parts": (lambda d: d["tensors"][K]["parts"].pop("min"), ["'blk.0.attn_k.weight'", "min"]),
    "K-quant gs": (lambda d: d["tensors"][GATE].update(group_size=32), ["'blk.0.ffn_gate.weight'", "group_size 32 with q6k"]),
    "gs 256": (lambda d: d["tensors"][Q].update(group_size=256), ["group_size 256 with q4gsw", "superblock"]),
    "qh part": (lambda d: d["tensors"][UP]["parts"].pop("qh"), ["'blk.0.ffn_up.weight'", "qh"]),
    "sb bytes": (lambda d: _part(d, GATE, "sb").update(bytes=476), ["476 bytes", "q6k [96, 256] needs 1920"]),
    "part key": (lambda d: _part(d, K, "q").pop("shard"), ["part 'q'", "shard"]),
    "part shard": (lambda d: _part(d, K, "q").update(shard=9), ["shard 9"]),
    "part align": (lambda d: _part(d, K, "q").update(offset=100), ["offset 100", "256"]),
    "part bytes": (lambda d: _part(d, K, "q").update(bytes=10), ["10 bytes", "needs 1024"]),
    "part past end": (lambda d: _part(d, NORM, "data").update(offset=d["shards"][0]["bytes"]),
                      ["'output_norm.weight'", "past the end"]),
    "overlap": (lambda d: _part(d, "blk.0.attn_norm.weight", "data").update(
                    offset=_part(d, NORM, "data")["offset"]), ["overlap"]),
    "lossy": (lambda d: d.update(lossy=["nope"]), ["lossy", "'nope'"]),
    "bool count": (lambda d: _part(d, NORM, "data").update(shard=False), ["shard must be int"]),
}


@pytest.mark.parametrize("case", list(CASES))
def test_validation(doc, case):
    edit, words = CASES[case]
    bad = copy.deepcopy(doc)
    edit(bad)
    with pytest.raises(ModelFormatError) as e:
        ModelIndex.from_json(bad)
    for w in words:
        assert w in str(e.value), (case, str(e.value))


def test_oversize_shard_must_hold_one_part(doc):
    d = copy.deepcopy(doc)
    d["shards"][0]["bytes"] = MAX_SHARD_BYTES + 1
    with pytest.raises(ModelFormatError, match="more than one part"):
        ModelIndex.from_json(d)


def test_load_index_errors(tmp_path):
    with pytest.raises(ModelFormatError, match="no such file"):
        load_index(tmp_path)
    (tmp_path / "model.json").write_text("{not json")
    with pytest.raises(ModelFormatError, match="not valid JSON"):
        load_index(tmp_path)
    (tmp_path / "model.json").write_text('{"format": "pyrite"}')
    with pytest.raises(ModelFormatError, match=r"model.json.*missing key"):
        load_index(tmp_path)


def test_verify_shards(tiny_model):
    index = verify_shards(tiny_model)
    shard = tiny_model / index.shards[0].file
    data = bytearray(shard.read_bytes())
    index.shards[0].check(data)

    data[1000] ^= 1
    shard.write_bytes(bytes(data))
    with pytest.raises(ShardChecksumError, match="weights-00000.bin: sha256"):
        verify_shards(tiny_model)
    with pytest.raises(ShardChecksumError, match="weights-00000.bin"):
        index.shards[0].check(data)

    shard.write_bytes(bytes(data[:-1]))
    with pytest.raises(ShardChecksumError, match="weights-00000.bin.*bytes"):
        verify_shards(tiny_model)

    shard.unlink()
    with pytest.raises(ModelFormatError, match="weights-00000.bin: missing"):
        verify_shards(tiny_model)


def test_runtime_modules_import_without_numpy():
    # model.json, config and GGUF parsing run under Pyodide, which has no numpy
    import subprocess
    import sys

    code = ("import sys; import pyrite.models.format, pyrite.models.config, pyrite.quant.gguf; "
            "assert 'numpy' not in sys.modules, 'numpy imported'")
    subprocess.run([sys.executable, "-c", code], check=True)
