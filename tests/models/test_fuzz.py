"""Fuzzing the readers of files a user hands pyrite (tests/fuzzing.py): the GGUF reader, the model.json
loader, the shard loader (upload onto the null device) and the safetensors reader, each with mutations
of real files: the tiny GGUFs the converter tests write, the model directory converted from one, and a
safetensors file written by the safetensors package. Every input ends in a PyriteError or a valid
object, within the time and memory limits; `pytest --long` runs four times as many inputs."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from safetensors.numpy import save_file

from fuzzing import check, fuzz_settings, mutated, mutated_json
from pyrite.gpu.null import null_device
from pyrite.models.config import ModelConfig
from pyrite.models.convert import convert_gguf
from pyrite.models.format import INDEX_FILE, load_index
from pyrite.models.loader import FileShards, upload
from pyrite.models.safetensors import SafetensorsFile
from pyrite.quant.gguf import read_gguf
from pyrite.sync import run_sync
from pyrite.chat.template import compiled
from pyrite.tokenizer import Tokenizer
from pyrite.tokenizer.gguf_meta import tokenizer_dict_from_gguf
from support.gguf import write_tiny_gguf


pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def seeds(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("seeds")
    for i in range(2):
        write_tiny_gguf(root / f"tiny-{i}.gguf", seed=i)
    convert_gguf(root / "tiny-0.gguf", root / "model")
    rng = np.random.default_rng(0)
    save_file({"model.embed_tokens.weight": rng.standard_normal((40, 16)).astype(np.float16),
               "model.norm.weight": np.ones(16, np.float32), "model.layers.0.mlp.up_proj.weight":
               rng.standard_normal((24, 16)).astype(np.float32)},
              str(root / "model.safetensors"), metadata={"format": "pt"})
    return root


def read_everything_gguf(path: Path) -> None:
    g = read_gguf(path)
    for name in g.tensors:
        g.tensor_bytes(name)
    ModelConfig.from_gguf(g.metadata, list(g.tensors))
    tokenizer = tokenizer_dict_from_gguf(path)
    Tokenizer.from_dict(tokenizer)


def test_gguf_reader(seeds, tmp_path, long_run):
    files = [p.read_bytes() for p in sorted(seeds.glob("tiny-*.gguf"))]
    path = tmp_path / "fuzzed.gguf"

    @fuzz_settings(long_run)
    @given(data=mutated(files, hot=2048))
    def one(data: bytes) -> None:
        path.write_bytes(data)
        check("gguf", lambda: read_everything_gguf(path), len(data))

    one()


def load_model_dir(model: Path) -> None:
    index = load_index(model)
    if index.tokenizer is not None:
        Tokenizer.from_dict(index.tokenizer)
    if index.chat_template is not None:
        compiled(index.chat_template)


def test_model_json_loader(seeds, tmp_path, long_run):
    doc = json.loads((seeds / "model" / INDEX_FILE).read_text())
    text = (seeds / "model" / INDEX_FILE).read_bytes()
    model = tmp_path / "model"
    model.mkdir()

    @fuzz_settings(long_run, inputs_per_example=2)
    @given(edited=mutated_json(doc), raw=mutated([text], hot=len(text)))
    def one(edited, raw: bytes) -> None:
        for data in (json.dumps(edited).encode(), raw):  # a structure-aware edit, and a byte-level one
            (model / INDEX_FILE).write_bytes(data)
            check("model.json", lambda: load_model_dir(model), len(data))

    one()


def test_shard_loader(seeds, tmp_path, long_run):
    """A model directory with an edited model.json (its shard intact), then with an edited shard (its
    model.json intact), loaded onto the null device: every shard is checked before anything reaches it,
    so an edited shard under the intact model.json always ends in a ShardChecksumError."""
    source = seeds / "model"
    doc = json.loads((source / INDEX_FILE).read_text())
    shard_name = doc["shards"][0]["file"]
    shard = (source / shard_name).read_bytes()
    model = tmp_path / "model"
    shutil.copytree(source, model)

    def load() -> None:
        index = load_index(model)
        run_sync(upload(null_device(), index, FileShards(model)))

    @fuzz_settings(long_run, inputs_per_example=2)
    @given(edited=mutated_json(doc), data=mutated([shard]))
    def one(edited, data: bytes) -> None:
        assert data != shard
        # an edit may also leave a loadable model.json: equal as JSON text (true == 1 in Python, not in JSON)
        unedited = ("valid",) if json.dumps(edited) == json.dumps(doc) else ()
        for index, weights, expect in ((edited, shard, unedited), (doc, data, ("ShardChecksumError",))):
            (model / INDEX_FILE).write_text(json.dumps(index))
            (model / shard_name).write_bytes(weights)
            check("shards", load, len(weights), expect)

    one()


def test_safetensors_reader(seeds, tmp_path, long_run):
    seed = (seeds / "model.safetensors").read_bytes()
    path = tmp_path / "fuzzed.safetensors"

    def read() -> None:
        f = SafetensorsFile(path)
        for name in f.tensors:
            f.read(name)

    @fuzz_settings(long_run)
    @given(data=mutated([seed], hot=512))
    def one(data: bytes) -> None:
        path.write_bytes(data)
        check("safetensors", read, len(data))

    one()
