"""Random-weight model directories at the presets' real geometries, for bench/gpu_truth.py.

The truth run measures speed, not text, so it needs no checkpoint and no download: every packed part
is raw random bits from a seed (any bits are a valid q4gsw / q8gsw weight), every scale one fp16
constant that keeps each projection's output near unit variance (so the residual stream, the softmax
and the argmax stay finite), norms ones and biases small. The directory is written by the converter's
own writer (models/convert.py write_model_dir: shards, sha256, model.json round-tripped through the
strict parser), so Engine.load reads it as it reads a converted model. No tokenizer: the engine is
driven by ids, and with no stop ids a generation always runs to max_tokens.
"""
from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np

from pyrite.formats import FORMATS, part_bytes
from pyrite.models.config import PRESETS, ModelConfig, tensor_shapes
from pyrite.models.convert import write_model_dir
from pyrite.quant.packing import PackedTensor

GROUP = 32
# The standard deviation of the stored q (q4: nibble - 8 uniform on [-8, 7]; q8: int8 uniform).
Q_STD = {"q4gsw": math.sqrt((16 ** 2 - 1) / 12), "q8gsw": math.sqrt((256 ** 2 - 1) / 12)}
RECIPE_FORMAT = {"q4": "q4gsw", "q8": "q8gsw"}  # convert.py's lossy recipes: every 2-D weight in one format


@dataclass(frozen=True)
class Spec:
    """One model of the run: a preset's geometry (layers cut in --quick) in one recipe's format."""

    preset: str
    recipe: str
    layers: int | None = None  # None: the preset's own

    @property
    def name(self) -> str:
        return f"{self.preset}-{self.recipe}" + (f"-l{self.layers}" if self.layers else "")

    @property
    def config(self) -> ModelConfig:
        base = PRESETS[self.preset]
        return replace(base, n_layers=self.layers) if self.layers else base

    @property
    def format(self) -> str:
        return RECIPE_FORMAT[self.recipe]


def random_bits(gen: np.random.BitGenerator, nbytes: int) -> bytes:
    """nbytes of raw generator output: random_raw is several times faster than Generator.bytes, and the
    full run writes about 1.6 GB of weights."""
    return gen.random_raw(-(-nbytes // 8)).view(np.uint8)[:nbytes].tobytes()


def random_tensor(gen: np.random.BitGenerator, name: str, shape: tuple[int, ...], fmt: str) -> PackedTensor:
    """A [N, K] weight in fmt with random q and a constant scale; a vector as f32 (norm gains ones,
    biases a small spread)."""
    if len(shape) == 1:
        if name.endswith(".bias"):
            data = ((gen.random_raw(shape[0]) % 2001).astype(np.float32) / 1000 - 1) * 0.02
        else:
            data = np.ones(shape, np.float32)
        return PackedTensor("f32", shape, None, {"data": data.astype("<f4").tobytes()})
    scale = np.float16(1.0 / (Q_STD[fmt] * math.sqrt(shape[1])))
    parts = {"q": random_bits(gen, part_bytes(fmt, shape, GROUP, "q"))}
    for p in FORMATS[fmt].parts[1:]:
        parts[p] = np.full(part_bytes(fmt, shape, GROUP, p) // 2, scale, "<f2").tobytes()
    return PackedTensor(fmt, shape, GROUP, parts)


def write_random_model(spec: Spec, out_dir: Path, seed: int) -> Path:
    """The model directory of spec under out_dir/spec.name, weights from seed; returns its path."""
    config = spec.config
    shapes = tensor_shapes(config)
    gen = np.random.SFC64(seed)

    def tensors() -> Iterator[tuple[str, PackedTensor, bool, str]]:
        for name, shape in shapes.items():
            yield name, random_tensor(gen, name, shape, spec.format), True, f"random seed {seed}"

    fields = {"name": spec.name, "recipe": spec.recipe, "config": config, "tokenizer": None,
              "chat_template": None, "source": None}
    return write_model_dir(out_dir / spec.name, tensors(), len(shapes), fields)
