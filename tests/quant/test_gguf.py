"""pyrite.quant.gguf vs the reference reader (gguf.GGUFReader), on both real model
files, a synthetic file with every metadata type, and corrupted copies."""
from __future__ import annotations

import struct
from pathlib import Path

import numpy as np
import pytest
from gguf import GGUFReader, GGUFValueType

from pyrite.errors import GGUFError
from pyrite.quant.gguf import GGML_TYPES, GGUFFile, read_gguf
from support.gguf import write_gguf

_READER_PSEUDO_FIELDS = {"GGUF.version", "GGUF.tensor_count", "GGUF.kv_count"}


def assert_matches_reference(path: Path, check_data: bool = True) -> GGUFFile:
    ours, ref = read_gguf(path), GGUFReader(path)
    assert ours.version == ref.fields["GGUF.version"].contents()
    assert ours.alignment == ref.alignment
    assert ours.data_offset == ref.data_offset

    ref_fields = {k: f for k, f in ref.fields.items() if k not in _READER_PSEUDO_FIELDS}
    assert list(ours.fields) == list(ref_fields)  # same keys, same order
    for key, rf in ref_fields.items():
        f = ours.fields[key]
        assert f.type == rf.types[0], key
        if f.type == GGUFValueType.ARRAY:
            assert f.item_type == rf.types[-1], key
        assert f.value == rf.contents(), key

    assert list(ours.tensors) == [t.name for t in ref.tensors]
    for rt in ref.tensors:
        t = ours.tensors[rt.name]
        assert t.dims == tuple(int(d) for d in rt.shape), rt.name
        assert t.ggml_type.id == int(rt.tensor_type), rt.name
        assert t.type_name == rt.tensor_type.name
        assert (t.n_elements, t.n_bytes, t.data_offset) == (rt.n_elements, rt.n_bytes, rt.data_offset), rt.name
        if check_data:
            assert ours.tensor_bytes(rt.name) == rt.data.tobytes(), rt.name
    return ours


def test_smollm2_matches_gguf_package(smollm2_gguf):
    g = assert_matches_reference(smollm2_gguf)
    assert g.get("general.architecture") == "llama"
    assert len(g.get("tokenizer.ggml.tokens")) == 49152
    assert {t.type_name for t in g.tensors.values()} == {"Q4_1", "Q8_0", "F32"}
    assert g.tensors["blk.0.ffn_down.weight"].shape == (576, 1536)


@pytest.mark.slow
def test_qwen_matches_gguf_package(qwen_gguf):
    g = assert_matches_reference(qwen_gguf, check_data=False)
    assert g.file_size == 491_400_064
    assert {t.type_name for t in g.tensors.values()} == {"Q5_0", "Q8_0", "Q6_K", "Q4_K", "F32"}
    # Data spot check on one tensor of each type (all 491 MB would only slow the suite).
    ref = {t.name: t for t in GGUFReader(qwen_gguf).tensors}
    for name in ("output.weight", "token_embd.weight", "blk.0.ffn_down.weight", "blk.0.attn_q.bias"):
        assert g.tensors[name].type_name in ("Q8_0", "Q5_0", "Q6_K", "F32")
        assert g.tensor_bytes(name) == ref[name].data.tobytes()


def test_type_table_matches_gguf_package():
    from gguf.constants import GGML_QUANT_SIZES, GGMLQuantizationType

    for qt in GGMLQuantizationType:
        if qt.name == "Q8_1":  # gguf-py keeps the pre-fp16 40-byte layout; ggml's is 36
            assert GGML_TYPES[qt.value].type_size == 36
            continue
        t = GGML_TYPES[qt.value]
        assert (t.name, t.block_size, t.type_size) == (qt.name, *GGML_QUANT_SIZES[qt])


# ---- synthetic files ---------------------------------------------------------------------------

ALL_KINDS = {
    "t.u8": (200, GGUFValueType.UINT8), "t.i8": (-100, GGUFValueType.INT8),
    "t.u16": (60000, GGUFValueType.UINT16), "t.i16": (-30000, GGUFValueType.INT16),
    "t.u32": (4_000_000_000, GGUFValueType.UINT32), "t.i32": (-2_000_000_000, GGUFValueType.INT32),
    "t.f32": (0.1, GGUFValueType.FLOAT32), "t.bool": (True, GGUFValueType.BOOL),
    "t.str": ("héllo wörld ✓", GGUFValueType.STRING), "t.u64": (2**63 + 5, GGUFValueType.UINT64),
    "t.i64": (-(2**62), GGUFValueType.INT64), "t.f64": (1e-300, GGUFValueType.FLOAT64),
    "t.arr_i32": ([1, -2, 3], None), "t.arr_f32": ([0.5, -1.25], None),
    "t.arr_str": (["a", "", "ĠĠ tok"], None), "t.arr_bool": ([True, False], None),
}


@pytest.fixture
def synthetic(tmp_path) -> Path:
    rng = np.random.default_rng(3)
    return write_gguf(tmp_path / "s.gguf", {
        "a.weight": (rng.standard_normal((5, 64)), "Q4_0"),
        "b.weight": (rng.standard_normal((3, 32)), "Q8_0"),
        "c.weight": (rng.standard_normal(7), "F32"),
        "d.weight": (rng.standard_normal((2, 3)), "F16"),
    }, kv=ALL_KINDS, alignment=64)


def test_synthetic_every_value_type(synthetic):
    g = assert_matches_reference(synthetic)
    assert g.alignment == 64 and g.data_offset % 64 == 0
    for key, (value, _) in ALL_KINDS.items():
        got = g.get(key)
        if key.endswith("f32"):
            assert got == pytest.approx(value, rel=1e-7)
        else:
            assert got == value, key
    assert g.tensors["a.weight"].dims == (64, 5) and g.tensors["a.weight"].shape == (5, 64)
    assert g.tensors["d.weight"].type_name == "F16"


def test_version_2_reads_like_3(synthetic, tmp_path):
    data = bytearray(synthetic.read_bytes())
    struct.pack_into("<I", data, 4, 2)  # v2 and v3 share the layout (v3 added big-endian)
    p = tmp_path / "v2.gguf"
    p.write_bytes(bytes(data))
    g = assert_matches_reference(p)
    assert g.version == 2


# ---- corrupted copies ---------------------------------------------------------------------------

def _patched(src: Path, dst: Path, edit) -> Path:
    data = bytearray(src.read_bytes())
    edit(data)
    dst.write_bytes(bytes(data))
    return dst


def _tensor_info_at(data: bytearray, name: str) -> int:
    """Offset of n_dims in the tensor info of `name` (right after its name string)."""
    needle = struct.pack("<Q", len(name)) + name.encode()
    i = bytes(data).index(needle)
    return i + len(needle)


def _expect(path: Path, *words: str) -> GGUFError:
    with pytest.raises(GGUFError) as e:
        read_gguf(path)
    msg = str(e.value)
    assert str(path) in msg
    for w in words:
        assert w in msg, msg
    return e.value


def test_missing_file(tmp_path):
    _expect(tmp_path / "nope.gguf", "no such file")


def test_directory(tmp_path):
    _expect(tmp_path, "directory")


def test_wrong_magic(synthetic, tmp_path):
    p = _patched(synthetic, tmp_path / "m.gguf", lambda d: d.__setitem__(slice(0, 4), b"GGML"))
    _expect(p, "wrong magic")


@pytest.mark.parametrize("version, words", [(1, ("unsupported GGUF version 1",)), (4, ("version 4",)),
                                            (3 << 24, ("big-endian",))])
def test_unsupported_version(synthetic, tmp_path, version, words):
    p = _patched(synthetic, tmp_path / "v.gguf", lambda d: struct.pack_into("<I", d, 4, version))
    _expect(p, *words)


@pytest.mark.parametrize("frac", [0.0, 0.01, 0.05, 0.2, 0.5, 0.8, 0.95, 0.99])
def test_truncated_header(synthetic, tmp_path, frac):
    # the cuts land in the fixed header, the key/values and the tensor infos
    cut = int(frac * read_gguf(synthetic).data_offset)
    p = tmp_path / "t.gguf"
    p.write_bytes(synthetic.read_bytes()[:cut])
    _expect(p, "truncated")


def test_truncated_tensor_data(synthetic, tmp_path):
    last = read_gguf(synthetic).tensors["d.weight"]
    p = tmp_path / "t.gguf"
    p.write_bytes(synthetic.read_bytes()[:last.data_offset + last.n_bytes - 1])  # one byte short
    _expect(p, "truncated tensor data", "d.weight")


def test_dims_overflow(synthetic, tmp_path):
    def edit(d):
        at = _tensor_info_at(d, "b.weight")
        struct.pack_into("<Q", d, at + 4 + 8, 2**40)  # ne[1]
    _expect(_patched(synthetic, tmp_path / "o.gguf", edit), "b.weight", "overflowing dims")


def test_too_many_dims(synthetic, tmp_path):
    _expect(_patched(synthetic, tmp_path / "n.gguf",
                     lambda d: struct.pack_into("<I", d, _tensor_info_at(d, "c.weight"), 9)), "c.weight", "9 dims")


def test_unknown_tensor_type(synthetic, tmp_path):
    def edit(d):
        at = _tensor_info_at(d, "c.weight")  # 1 dim: n_dims u32, ne[0] u64, then the type
        struct.pack_into("<I", d, at + 4 + 8, 99)
    _expect(_patched(synthetic, tmp_path / "u.gguf", edit), "c.weight", "unknown ggml type 99")


def test_block_size_mismatch(synthetic, tmp_path):
    def edit(d):
        at = _tensor_info_at(d, "a.weight")
        struct.pack_into("<Q", d, at + 4, 48)  # ne[0] 48 is not a multiple of Q4_0's 32
    _expect(_patched(synthetic, tmp_path / "b.gguf", edit), "a.weight", "block size 32")


def test_misaligned_tensor_offset(synthetic, tmp_path):
    def edit(d):
        at = _tensor_info_at(d, "b.weight")  # 2 dims, type, then offset
        off = struct.unpack_from("<Q", d, at + 4 + 16 + 4)[0]
        struct.pack_into("<Q", d, at + 4 + 16 + 4, off + 8)
    _expect(_patched(synthetic, tmp_path / "a.gguf", edit), "b.weight", "alignment 64")


def test_bad_string_length(synthetic, tmp_path):
    def edit(d):
        i = bytes(d).index(b"t.str") - 8  # the key's u64 length
        struct.pack_into("<Q", d, i, 2**50)
    _expect(_patched(synthetic, tmp_path / "s.gguf", edit), "bad string length")


def test_absurd_counts(synthetic, tmp_path):
    _expect(_patched(synthetic, tmp_path / "c.gguf", lambda d: struct.pack_into("<Q", d, 8, 2**60)),
            "tensor count")
    _expect(_patched(synthetic, tmp_path / "k.gguf", lambda d: struct.pack_into("<Q", d, 16, 2**60)),
            "metadata count")


def test_unknown_value_type(synthetic, tmp_path):
    def edit(d):
        i = bytes(d).index(b"t.u8") + len(b"t.u8")
        struct.pack_into("<I", d, i, 77)
    _expect(_patched(synthetic, tmp_path / "v.gguf", edit), "t.u8", "unknown value type 77")


def test_bad_alignment(synthetic, tmp_path):
    def edit(d):
        i = bytes(d).index(b"general.alignment") + len(b"general.alignment") + 4
        struct.pack_into("<I", d, i, 48)
    _expect(_patched(synthetic, tmp_path / "al.gguf", edit), "general.alignment")


def test_invalid_utf8_key(synthetic, tmp_path):
    def edit(d):
        i = bytes(d).index(b"t.str")
        d[i] = 0xFF
    _expect(_patched(synthetic, tmp_path / "x.gguf", edit), "UTF-8")


def test_unknown_tensor_name(synthetic):
    with pytest.raises(GGUFError, match="no tensor named 'zz'"):
        read_gguf(synthetic).tensor_bytes("zz")
