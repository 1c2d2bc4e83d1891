"""Source discovery, template rendering and collision checks (no GPU)."""
from __future__ import annotations

import hashlib

import jinja2
import pytest

from pyrite.codegen.errors import CodegenError
from pyrite.codegen.render import render_all
from pyrite.errors import ManifestError



def test_ids_headers_and_params(kit, tree):
    kernels = {k.id: k for k in render_all(tree)}
    assert sorted(kernels) == kit.BASIC_IDS
    neg = kernels["ew_neg_i32"]
    assert (neg.family, neg.variant, neg.source, neg.entry) == ("ew", "neg", "shaders/ew/unary.wgsl", "main")
    assert neg.params == {"OP": "neg", "DTYPE": "i32", "WG": 64}
    assert neg.workgroup_size == (64, 1, 1)
    text = neg.payload.decode()
    assert text.splitlines()[0] == "// generated from shaders/ew/unary.wgsl -- do not edit"
    assert "// ew_neg_i32: dst = neg(src), variant neg" in text
    assert "array<i32>" in text and "-src[gid.x]" in text and "{{" not in text and "{%" not in text
    assert neg.sha256 == hashlib.sha256(neg.payload).hexdigest()
    copy = kernels["ew_copy"]
    assert (copy.variant, copy.params) == ("copy", {})
    assert copy.payload.decode() == "// generated from shaders/ew/copy.wgsl -- do not edit\n" + kit.COPY_WGSL


def test_template_renders_exactly_as_jinja2_does(kit, tree):
    # The reference: jinja2 itself with the environment the spec names.
    env = jinja2.Environment(
        undefined=jinja2.StrictUndefined, keep_trailing_newline=True, trim_blocks=True, lstrip_blocks=True
    )
    expected = env.from_string(kit.UNARY_WGSL).render(OP="abs", DTYPE="f32", WG=64, KERNEL="ew_abs_f32", VARIANT="abs")
    kernel = next(k for k in render_all(tree) if k.id == "ew_abs_f32")
    assert kernel.payload.decode() == "// generated from shaders/ew/unary.wgsl -- do not edit\n" + expected


def test_output_does_not_depend_on_file_creation_order(kit, tmp_path):
    a = kit.write_tree(tmp_path / "a", kit.BASIC_TREE)
    b = kit.write_tree(tmp_path / "b", dict(reversed(list(kit.BASIC_TREE.items()))))
    assert [(k.id, k.payload) for k in render_all(a)] == [(k.id, k.payload) for k in render_all(b)]


def test_crlf_sources_give_the_same_bytes(kit, tmp_path):
    a = kit.write_tree(tmp_path / "a", kit.BASIC_TREE)
    b = tmp_path / "b"
    for rel, text in kit.BASIC_TREE.items():
        (b / rel).parent.mkdir(parents=True, exist_ok=True)
        (b / rel).write_bytes(text.replace("\n", "\r\n").encode())
    assert [k.payload for k in render_all(a)] == [k.payload for k in render_all(b)]


def test_plain_file_with_template_syntax_names_file_and_line(kit, tmp_path):
    kit.write_tree(tmp_path, {"shaders/ew/copy.wgsl": kit.COPY_WGSL.replace("const WG: u32 = 64u;", "const WG: u32 = {{ WG }};")})
    with pytest.raises(CodegenError) as info:
        render_all(tmp_path)
    assert info.value.where == "shaders/ew/copy.wgsl:2"
    assert "'{{'" in info.value.problem and "copy.yaml" in info.value.problem


@pytest.mark.parametrize("marker", ["{%", "{#"])
def test_plain_file_other_jinja_markers(kit, tmp_path, marker):
    kit.write_tree(tmp_path, {"shaders/ew/copy.wgsl": kit.COPY_WGSL + f"// {marker} x\n"})
    with pytest.raises(CodegenError, match=r"copy\.wgsl:12"):
        render_all(tmp_path)


def test_manifest_without_template(kit, tmp_path):
    kit.write_tree(tmp_path, {"shaders/ew/copy.wgsl": kit.COPY_WGSL, "shaders/ew/lonely.yaml": kit.UNARY_YAML})
    with pytest.raises(CodegenError, match=r"shaders/ew/lonely\.yaml: manifest without a template: lonely\.wgsl"):
        render_all(tmp_path)


def test_two_families_producing_one_id(kit, tmp_path):
    # shaders/ew_abs/f32.wgsl and the abs/f32 expansion of shaders/ew/unary both mean ew_abs_f32.
    kit.write_tree(tmp_path, {**kit.BASIC_TREE, "shaders/ew_abs/f32.wgsl": kit.COPY_WGSL})
    with pytest.raises(CodegenError) as info:
        render_all(tmp_path)
    assert info.value.where == "kernel ew_abs_f32"
    assert "shaders/ew/unary.wgsl" in info.value.problem and "shaders/ew_abs/f32.wgsl" in info.value.problem
    assert "generated/ew_abs_f32.wgsl" in info.value.problem


def test_two_templates_producing_one_id(kit, tmp_path):
    other_yaml = "defaults: {OP: abs, DTYPE: f32, WG: 64}\nvariants: [{name: abs_f32}]\n"
    kit.write_tree(tmp_path, {**kit.BASIC_TREE, "shaders/ew/other.wgsl": kit.UNARY_WGSL, "shaders/ew/other.yaml": other_yaml})
    with pytest.raises(CodegenError, match="kernel ew_abs_f32: produced twice"):
        render_all(tmp_path)


def test_duplicate_variant_names(kit, tmp_path):
    yaml = kit.UNARY_YAML.replace("  - name: neg\n", "  - name: abs\n")
    kit.write_tree(tmp_path, {**kit.BASIC_TREE, "shaders/ew/unary.yaml": yaml})
    with pytest.raises(ManifestError) as info:
        render_all(tmp_path)
    assert info.value.key == "variants[1].name" and "duplicate variant name 'abs'" in info.value.problem


def test_bad_ids(kit, tmp_path):
    kit.write_tree(tmp_path, {"shaders/EW/copy.wgsl": kit.COPY_WGSL})
    with pytest.raises(CodegenError, match=r"shaders/EW/copy\.wgsl: kernel id 'EW_copy' must match"):
        render_all(tmp_path)


def test_nested_sources_are_refused(kit, tmp_path):
    kit.write_tree(tmp_path, {"shaders/ew/deep/copy.wgsl": kit.COPY_WGSL})
    with pytest.raises(CodegenError, match=r"shaders/ew/deep/copy\.wgsl: shader sources must sit at"):
        render_all(tmp_path)


def test_template_names_without_defaults(kit, tmp_path):
    # Only the neg branch uses SCALE: StrictUndefined alone would pass the abs variants.
    wgsl = kit.UNARY_WGSL.replace("-src[gid.x];", "-src[gid.x] * {{ SCALE }};")
    kit.write_tree(tmp_path, {**kit.BASIC_TREE, "shaders/ew/unary.wgsl": wgsl})
    with pytest.raises(ManifestError) as info:
        render_all(tmp_path)
    assert info.value.key == "defaults" and "SCALE" in info.value.problem


def test_template_syntax_error_names_line(kit, tmp_path):
    wgsl = kit.UNARY_WGSL.replace("{% endif %}", "")
    kit.write_tree(tmp_path, {**kit.BASIC_TREE, "shaders/ew/unary.wgsl": wgsl})
    with pytest.raises(CodegenError, match=r"shaders/ew/unary\.wgsl:\d+: jinja2 syntax error"):
        render_all(tmp_path)


def test_template_render_error_names_kernel(kit, tmp_path):
    wgsl = kit.UNARY_WGSL.replace("{{ OP }}(src", "{{ OP.missing }}(src")
    kit.write_tree(tmp_path, {**kit.BASIC_TREE, "shaders/ew/unary.wgsl": wgsl})
    with pytest.raises(CodegenError, match=r"shaders/ew/unary\.wgsl \(kernel ew_abs_f32\): rendering failed"):
        render_all(tmp_path)


def test_rendered_kernel_without_entry_point(kit, tmp_path):
    wgsl = kit.UNARY_WGSL.replace("fn main(", "fn {{ VARIANT }}_main(")
    kit.write_tree(tmp_path, {**kit.BASIC_TREE, "shaders/ew/unary.wgsl": wgsl})
    with pytest.raises(CodegenError, match=r"kernel ew_abs_f32\).*it must be named 'main'"):
        render_all(tmp_path)
