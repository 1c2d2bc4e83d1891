"""quant/purepack.py, the numpy-free repackers of the in-page converter: every part byte for byte the
numpy packers' (packing.pack_gguf, kquants.widen_to_q8), the same errors, and importable with numpy
blocked."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from pyrite.errors import ShapeError
from pyrite.formats import FORMATS
from pyrite.quant import purepack
from pyrite.quant.kquants import BLOCKS, widen_to_q8
from pyrite.quant.packed import PackedTensor
from pyrite.quant.packing import pack_gguf
from pyrite.quant.purepack import pack_gguf_pure, widen_to_q8_pure
from support.gguf import random_blocks

PY = Path(__file__).resolve().parents[2] / "py"
TYPES = ["Q4_0", "Q4_1", "Q8_0", "Q5_0", "Q5_1", "Q4_K", "Q5_K", "Q6_K"]
SMALL = {"Q4_0": 18, "Q4_1": 20, "Q8_0": 34}  # bytes per block of the types support.gguf does not cover
SHAPES_32 = [(1, 32), (3, 32), (7, 96), (13, 256), (6, 512)]
SHAPES_256 = [(1, 256), (3, 256), (7, 512), (13, 768), (5, 1024)]


def blocks(type_name: str, n: int, k: int, rng: np.random.Generator) -> bytes:
    """Random valid blocks: random quant bits, finite fp16 fields (some 0, -0, subnormal or 65504)."""
    if type_name in BLOCKS:
        return random_blocks(type_name, n, k, rng).tobytes()
    nb, halves = n * k // 32, 2 if type_name == "Q4_1" else 1
    b = rng.integers(0, 256, (nb, SMALL[type_name]), dtype=np.uint8)
    pool = np.array([0.0, -0.0, 6e-8, -3e-5, 65504.0], dtype=np.float16)
    h = np.where(rng.random((nb, halves)) < 0.2, rng.choice(pool, (nb, halves)),
                 (rng.standard_normal((nb, halves)) * 0.05).astype(np.float16))
    b[:, :2 * halves] = h.astype("<f2").view(np.uint8).reshape(nb, -1)
    return b.tobytes()


def assert_same(got: PackedTensor, want: PackedTensor) -> None:
    assert type(got) is PackedTensor
    assert (got.format, got.shape, got.group_size) == (want.format, want.shape, want.group_size)
    assert list(got.parts) == list(want.parts)
    for part, data in want.parts.items():
        assert isinstance(got.parts[part], bytes) and got.parts[part] == data, part


@pytest.fixture(params=["default", "tiny"])
def chunk(request, monkeypatch):
    """The default chunk and one of ~1 KB, so most tensors span several chunks and end in a short one."""
    if request.param == "tiny":
        monkeypatch.setattr(purepack, "_CHUNK", 1000)


@pytest.mark.parametrize("type_name", TYPES)
def test_pack_gguf_pure_equals_numpy(type_name, chunk):
    rng = np.random.default_rng(TYPES.index(type_name))
    for n, k in SHAPES_256 if type_name.endswith("_K") else SHAPES_32:
        raw = blocks(type_name, n, k, rng)
        assert_same(pack_gguf_pure(raw, type_name, (n, k), "w"), pack_gguf(raw, type_name, (n, k), "w"))


@pytest.mark.parametrize("type_name", ["Q4_0", "Q5_0"])
def test_widen_to_q8_pure_equals_numpy(type_name, chunk):
    rng = np.random.default_rng(3)
    for n, k in SHAPES_32:
        raw = blocks(type_name, n, k, rng)
        assert_same(widen_to_q8_pure(raw, type_name, (n, k), "w"), widen_to_q8(raw, type_name, (n, k), "w"))


def test_every_f16_bit_pattern_widens_as_numpy(chunk):
    """All 65536 halves: normals, zeros, subnormals, infinities and NaNs (payload and sign kept)."""
    raw = np.arange(1 << 16, dtype=np.uint16)[np.random.default_rng(0).permutation(1 << 16)].tobytes()
    for shape in [(1 << 16,), (256, 256), (64, 4, 256)]:
        assert_same(pack_gguf_pure(raw, "F16", shape, "w"), pack_gguf(raw, "F16", shape, "w"))


def test_f32_is_copied():
    raw = np.random.default_rng(0).integers(0, 1 << 32, 1000, dtype=np.uint32).tobytes()
    for shape in [(1000,), (10, 100)]:
        assert_same(pack_gguf_pure(raw, "F32", shape, "w"), pack_gguf(raw, "F32", shape, "w"))


def test_any_buffer_is_accepted():
    raw = blocks("Q6_K", 3, 512, np.random.default_rng(0))
    want = pack_gguf(raw, "Q6_K", (3, 512), "w")
    for buf in (bytearray(raw), memoryview(raw), memoryview(b"xx" + raw)[2:], np.frombuffer(raw, np.uint8)):
        assert_same(pack_gguf_pure(buf, "Q6_K", (3, 512), "w"), want)


def test_no_rows():
    """N = 0: every part, empty (the numpy packers fail to reshape here, so no comparison)."""
    for type_name in TYPES:
        p = pack_gguf_pure(b"", type_name, (0, 512), "w")
        assert p.shape == (0, 512) and list(p.parts) == list(FORMATS[p.format].parts)
        assert not any(p.parts.values())


def same_error(pure, numpy_call) -> None:
    with pytest.raises(ShapeError) as want:
        numpy_call()
    with pytest.raises(ShapeError) as got:
        pure()
    assert str(got.value) == str(want.value)


@pytest.mark.parametrize("type_name", TYPES)
def test_the_errors_are_the_numpy_ones(type_name):
    k = 256 if type_name.endswith("_K") else 64
    raw = blocks(type_name, 2, k, np.random.default_rng(0))
    name = "blk.0.ffn_down.weight"
    for bad_raw, shape in [(raw[:-1], (2, k)), (raw + raw[:1], (2, k)), (raw, (3, k)),  # byte counts
                           (raw, (2, k + 8)), (raw, (2 * k // 8, 8)), (raw, (2 * k,)), (raw, (1, 2, k))]:
        same_error(lambda: pack_gguf_pure(bad_raw, type_name, shape, name),
                   lambda: pack_gguf(bad_raw, type_name, shape, name))


def test_unknown_types_and_float_counts_are_refused_alike():
    for type_name in ("Q2_K", "BF16", "IQ4_XS"):
        same_error(lambda: pack_gguf_pure(b"", type_name, (1, 256), "w"),
                   lambda: pack_gguf(b"", type_name, (1, 256), "w"))
    for type_name, raw in [("F32", bytes(40)), ("F16", bytes(20))]:
        same_error(lambda: pack_gguf_pure(raw, type_name, (3, 4), "w"), lambda: pack_gguf(raw, type_name, (3, 4), "w"))


@pytest.mark.parametrize("type_name", ["Q4_0", "Q5_0"])
def test_widen_errors_are_the_numpy_ones(type_name):
    raw = blocks(type_name, 2, 64, np.random.default_rng(0))
    for bad_raw, shape in [(raw[:-1], (2, 64)), (raw, (2, 48)), (raw, (128,))]:
        same_error(lambda: widen_to_q8_pure(bad_raw, type_name, shape, "w"),
                   lambda: widen_to_q8(bad_raw, type_name, shape, "w"))


def test_widen_refuses_other_types():
    with pytest.raises(ShapeError, match="Q8_0"):
        widen_to_q8_pure(bytes(34), "Q8_0", (1, 32), "w")


def test_packed_tensor_is_one_class():
    from pyrite.quant import packing
    assert packing.PackedTensor is PackedTensor


def test_imports_and_packs_without_numpy():
    """The page's Pyodide has no numpy: with it blocked, the module imports and packs."""
    code = ("import sys; sys.modules['numpy'] = None\n"
            "from pyrite.quant.purepack import pack_gguf_pure\n"
            "p = pack_gguf_pure(bytes(144), 'Q4_K', (1, 256))\n"
            "assert p.format == 'q4k' and len(p.parts['q']) == 128\n"
            "assert not any(m == 'numpy' or m.startswith('numpy.') for m in sys.modules if sys.modules[m])\n")
    env = dict(os.environ, PYTHONPATH=str(PY))
    r = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
