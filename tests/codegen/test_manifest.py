"""Strict manifest loading and expansion (no GPU): variants, forall, combos, and axes (a product of
named axes whose points set any parameters, less what its exclusions match: linear.yaml's
kind x norm x tile)."""
from __future__ import annotations

from pathlib import Path

import pytest

from pyrite.codegen.manifest import Expansion, load_manifest
from pyrite.errors import ManifestError


def _load(tmp_path: Path, text: str):
    path = tmp_path / "k.yaml"
    path.write_text(text, encoding="utf-8")
    return load_manifest(path)


def _error(tmp_path: Path, text: str) -> ManifestError:
    with pytest.raises(ManifestError) as info:
        _load(tmp_path, text)
    assert info.value.path == str(tmp_path / "k.yaml")
    assert str(tmp_path / "k.yaml") in str(info.value)
    return info.value


def test_forall_is_a_cross_product_in_written_order(tmp_path):
    m = _load(tmp_path, """
defaults: {QUANT: sym, DTYPE: f32, GS: 32}
variants:
  - name: q4gsw
    params: {QUANT: sym}
  - name: q4a
    params: {QUANT: affine}
forall:
  DTYPE:
    - {suffix: f32, value: f32}
    - {suffix: f16, value: f16}
  GS:
    - {suffix: g32, value: 32}
    - {suffix: g128, value: 128}
""")
    exps = m.expand()
    assert [(e.variant, e.suffixes) for e in exps] == [
        (v, (d, g)) for v in ("q4gsw", "q4a") for d in ("f32", "f16") for g in ("g32", "g128")
    ]
    assert exps[0] == Expansion("q4gsw", ("f32", "g32"), {"QUANT": "sym", "DTYPE": "f32", "GS": 32})
    assert exps[-1] == Expansion("q4a", ("f16", "g128"), {"QUANT": "affine", "DTYPE": "f16", "GS": 128})


def test_combos_and_plain_variants(tmp_path):
    m = _load(tmp_path, """
defaults: {DTYPE: f32, N: 4}
variants:
  - name: a
  - name: b
    params: {N: 8}
combos:
  - {suffix: f32_x, params: {DTYPE: f32}}
  - {suffix: i32, params: {DTYPE: i32}}
""")
    assert [(e.variant, e.suffixes, e.params) for e in m.expand()] == [
        ("a", ("f32_x",), {"DTYPE": "f32", "N": 4}),
        ("a", ("i32",), {"DTYPE": "i32", "N": 4}),
        ("b", ("f32_x",), {"DTYPE": "f32", "N": 8}),
        ("b", ("i32",), {"DTYPE": "i32", "N": 8}),
    ]
    m = _load(tmp_path, "variants: [{name: only}]\n")
    assert m.expand() == [Expansion("only", (), {})]


@pytest.mark.parametrize(
    "text, key, words",
    [
        ("defaults: {}\nvariants: [{name: a}]\nextras: 1\n", "extras", "unknown key"),
        ("defaults: {A: 1}\nvariants:\n  - params: {A: 2}\n", "variants[0].name", "missing"),
        ("defaults: {A: 1}\nvariants:\n  - name: a\n    nmae: b\n", "variants[0].nmae", "unknown key"),
        ("defaults: {A: 1}\nvariants: [{name: a}]\nforall:\n  A: []\n", "forall.A", "no entries"),
        ("defaults: {A: 1}\nvariants: []\n", "variants", "no entries"),
        ("defaults: {A: 1}\n", "variants", "missing"),
        ("", "variants", "empty"),
        ("defaults: {A: 1}\nvariants:\n  - name: a\n    params: {B: 2}\n", "variants[0].params.B", "does not declare"),
        ("defaults: {A: 1}\nvariants: [{name: a}]\nforall:\n  B: [{suffix: x, value: 1}]\n", "forall.B", "defaults declares"),
        ("defaults: {A: 1}\nvariants: [{name: a}]\ncombos:\n  - {suffix: x, params: {Z: 1}}\n", "combos[0].params.Z", "does not declare"),
        ("defaults: {A: 1}\nvariants: [{name: a}, {name: a}]\n", "variants[1].name", "duplicate variant"),
        ("defaults: {A: 1}\nvariants: [{name: Big}]\n", "variants[0].name", "[a-z0-9_]+"),
        ("defaults: {A: 1}\nvariants: [{name: 3}]\n", "variants[0].name", "[a-z0-9_]+"),
        ("defaults: [1, 2]\nvariants: [{name: a}]\n", "defaults", "mapping"),
        ("defaults: {A: {x: 1}}\nvariants: [{name: a}]\n", "defaults.A", "string, number, bool"),
        ("defaults: {KERNEL: x}\nvariants: [{name: a}]\n", "defaults.KERNEL", "reserved"),
        ("defaults: {A-B: 1}\nvariants: [{name: a}]\n", "defaults.A-B", "identifiers"),
        ("variants: {name: a}\n", "variants", "must be a list"),
        ("variants: [a]\n", "variants[0]", "must be a mapping"),
        ("defaults: {A: 1}\nvariants: [{name: a}]\nforall:\n  A: [{suffix: x}]\n", "forall.A[0].value", "missing"),
        ("defaults: {A: 1}\nvariants: [{name: a}]\nforall:\n  A: [{suffix: x, value: 1}, {suffix: x, value: 2}]\n",
         "forall.A[1].suffix", "duplicate suffix"),
        ("defaults: {A: 1}\nvariants: [{name: a}]\nforall: {A: [{suffix: x, value: 1}]}\ncombos: [{suffix: y, params: {A: 2}}]\n",
         "combos", "not both"),
        ("defaults: {A: 1}\nvariants: [{name: a, params: {A: 2}}]\nforall: {A: [{suffix: x, value: 1}]}\n",
         "variants[0].params.A", "also set by forall"),
        ("- just\n- a list\n", "(top level)", "mapping"),
        ("variants: [{name: a}\n", "(yaml)", "not valid YAML"),
    ],
)
def test_malformed_manifests_name_the_key(tmp_path, text, key, words):
    err = _error(tmp_path, text)
    assert err.key == key
    assert words in err.problem


@pytest.mark.parametrize(
    "text, key",
    [
        ("defaults: {A: 1}\nvariants: [{name: a}]\nvariants: [{name: b}]\n", "variants"),
        ("defaults:\n  A: 1\n  A: 2\nvariants: [{name: a}]\n", "A"),
        ("defaults: {A: 1}\nvariants:\n  - name: a\n    name: b\n", "name"),
    ],
)
def test_duplicate_keys_are_refused(tmp_path, text, key):
    err = _error(tmp_path, text)
    assert err.key == key
    assert "duplicate key" in err.problem and "lines" in err.problem


# -- axes ----------------------------------------------------------------------------------------
HEAD = "defaults: {K: plain, N: 0, T: 1, W: 64}\nvariants: [{name: q4}, {name: f32}]\n"
AXES = """axes:
  kind:
    - {name: plain, suffix: "", params: {K: plain}}
    - {name: qkv, params: {K: qkv}}
  norm:
    - {name: after, suffix: "", params: {N: 0}}
    - {name: norm, params: {N: 1}}
  tile:
    - {name: m1, params: {T: 1}}
    - {name: gemm, params: {T: 8, W: 32}}
"""


def test_the_product_in_written_order_with_empty_suffixes_left_out_of_the_id(tmp_path):
    m = _load(tmp_path, HEAD + AXES)
    exps = m.expand()
    assert [(e.variant, e.suffixes) for e in exps[:8]] == [
        ("q4", ("m1",)), ("q4", ("gemm",)), ("q4", ("norm", "m1")), ("q4", ("norm", "gemm")),
        ("q4", ("qkv", "m1")), ("q4", ("qkv", "gemm")), ("q4", ("qkv", "norm", "m1")), ("q4", ("qkv", "norm", "gemm"))]
    assert len(exps) == 16 and exps[0].params == {"K": "plain", "N": 0, "T": 1, "W": 64}
    assert exps[7].params == {"K": "qkv", "N": 1, "T": 8, "W": 32}


def test_exclusions_leave_out_every_point_they_match(tmp_path):
    m = _load(tmp_path, HEAD + AXES + "exclude:\n  - {kind: plain, norm: norm}\n  - {norm: norm, tile: [gemm]}\n")
    assert [e.suffixes for e in m.expand() if e.variant == "q4"] == [("m1",), ("gemm",), ("qkv", "m1"), ("qkv", "gemm"),
                                                                     ("qkv", "norm", "m1")]


def test_a_variant_limited_exclusion_leaves_points_out_of_those_variants_only(tmp_path):
    m = _load(tmp_path, HEAD + AXES + "exclude:\n  - {variant: f32, kind: qkv}\n  - {variant: [q4], tile: gemm, norm: norm}\n")
    names = {(e.variant, "_".join(e.suffixes)) for e in m.expand()}
    assert len(names) == 16 - 4 - 2
    assert ("q4", "qkv_m1") in names and ("f32", "qkv_m1") not in names
    assert ("f32", "norm_gemm") in names and ("q4", "norm_gemm") not in names and ("q4", "qkv_norm_gemm") not in names


def test_the_repository_linear_manifest_names_its_hundred_and_sixty_seven_combos(tmp_path):
    m = load_manifest(Path(__file__).parents[2] / "shaders/linear/linear.yaml")
    suffixes = {"_".join(c.suffixes) for c in m.combos}
    assert len(m.combos) == 167 and {"m1_vec", "qkv_rope_norm_m1_vec", "gate_up_gemm_bk64", "wide", "coop_sg",
                                    "qkv_rope_norm_m8_vec_wide",
                                    "qkv_rope_norm_coop4_sg", "gate_up_norm_coop", "coop_trace",
                                    "qkv_rope_coop4_sg_trace", "part_coop_sg_k", "qkv_rope_norm_sum_coop4_k",
                                    "gate_up_norm_part_coop_k", "coop_sg_m8_trace", "qkv_rope_norm_coop4_m8",
                                    "gate_up_norm_coop_sg_m8", "part_coop_k_trace", "qkv_rope_part_coop4_sg_k_trace",
                                    "qkv_rope_norm_m2_vec", "gate_up_norm_m16_vec", "part_coop_sg_k_m8",
                                    "qkv_rope_norm_sum_coop4_k_m8", "gate_up_norm_part_coop_k_m8"} <= suffixes
    assert not {"norm_m1", "qkv_norm_gemm", "gate_up_norm_gemm_bk64", "qkv_rope_coop", "coop4", "m1_vec_trace",
                "qkv_coop_trace", "gate_up_norm_coop_trace", "coop_k", "sum_coop_sg_k", "part_coop",
                "sum_coop_k_trace", "qkv_rope_part_coop_k", "qkv_rope_coop_m8", "coop4_m8", "part_coop_m8",
                "m8_vec_trace", "coop_k_m8", "sum_coop_sg_k_m8", "part_coop_k_m8_trace", "norm_m4_vec"} & suffixes


@pytest.mark.parametrize("text, key, words", [
    (AXES + "exclude:\n  - {size: big}\n", "exclude[0].size", "unknown axis (axes: kind, norm, tile; or variant)"),
    (AXES + "exclude:\n  - {variant: q9, tile: m1}\n", "exclude[0].variant", "unknown point 'q9' (axis variant has q4, f32)"),
    (AXES + "exclude:\n  - {variant: q4}\n", "exclude[0]", "names only variants"),
    (AXES + "exclude:\n  - {norm: norm}\n  - {variant: f32, norm: norm}\n", "exclude[1]", "excludes nothing"),
    (AXES + "exclude:\n  - {tile: [m9]}\n", "exclude[0].tile", "unknown point 'm9' (axis tile has m1, gemm)"),
    (AXES + "exclude:\n  - {norm: norm}\n  - {norm: norm, tile: m1}\n", "exclude[1]", "excludes nothing"),
    (AXES + "exclude:\n  - {}\n", "exclude[0]", "non-empty mapping"),
    (AXES + "exclude: []\n", "exclude", "no entries"),
    (AXES + "exclude:\n  - {kind: [plain, qkv]}\n", "exclude", "leaves no point"),
    ("axes:\n  tile:\n    - {name: m1, params: {T: 1}}\n    - {name: m1, params: {T: 8}}\n", "axes.tile[1].name",
     "duplicate name 'm1' in axis tile"),
    ("axes:\n  tile:\n    - {name: a, suffix: x, params: {T: 1}}\n    - {name: b, suffix: x, params: {T: 8}}\n",
     "axes.tile[1].suffix", "duplicate suffix 'x'"),
    ("axes:\n  kind: [{name: a, params: {T: 1}}]\n  tile: [{name: b, params: {T: 8}}]\n", "axes.tile[0].params.T",
     "also set by axis kind"),
    ("axes:\n  kind: [{name: a, params: {T: 1}}, {name: a_c, params: {T: 2}}]\n  tile: [{name: c, params: {W: 1}},"
     " {name: d, suffix: '', params: {W: 2}}]\n", "axes", "give the suffix 'a_c' of an earlier point"),
    ("axes:\n  tile: [{name: m1, params: {Z: 1}}]\n", "axes.tile[0].params.Z", "does not declare"),
    ("axes:\n  tile: [{name: m1, suffix: Big, params: {T: 1}}]\n", "axes.tile[0].suffix", 'or ""'),
    ("axes:\n  tile: [{name: m1}]\n", "axes.tile[0].params", "missing"),
    ("axes:\n  tile: [{name: m1, params: {T: 1}, value: 2}]\n", "axes.tile[0].value", "unknown key"),
    ("axes: {}\n", "axes", "non-empty mapping"),
    ("axes:\n  tile: []\n", "axes.tile", "no entries"),
    ("exclude:\n  - {tile: m1}\n", "exclude", "does not give"),
    (AXES + "forall:\n  T: [{suffix: x, value: 1}]\n", "axes", "not both forall and axes"),
])
def test_malformed_axes_name_the_key(tmp_path, text, key, words):
    err = _error(tmp_path, HEAD + text)
    assert err.key == key and words in err.problem, (err.key, err.problem)


def test_a_variant_override_an_axis_replaces_is_refused(tmp_path):
    err = _error(tmp_path, "defaults: {T: 1}\nvariants: [{name: a, params: {T: 2}}]\naxes:\n  tile: [{name: m1, params: {T: 1}}]\n")
    assert err.key == "variants[0].params.T" and "also set by forall/combos" in err.problem
