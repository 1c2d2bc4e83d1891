"""Strict manifest loading and expansion (no GPU)."""
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
