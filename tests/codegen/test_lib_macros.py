"""shaders/_lib/*.wgsli: macros templates import; never kernels, and a change there re-renders users."""
from __future__ import annotations

import pytest

from pyrite.codegen.errors import CodegenError
from pyrite.codegen.render import render_all

LIB = """\
{% macro guard(n) %}
    if (gid.x >= {{ n }}) {
        return;
    }
{%- endmacro %}
"""

USER_WGSL = """\
{% import "_lib/util.wgsli" as lib %}
@group(0) @binding(0) var<storage, read_write> dst: array<f32>;

@compute @workgroup_size({{ WG }})
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
{{ lib.guard("arrayLength(&dst)") }}
    dst[gid.x] = 1.0;
}
"""

USER_YAML = """\
defaults: {WG: 64}
variants:
  - name: one
    params: {}
"""


def lib_tree(kit, tmp_path, lib=LIB):
    return kit.write_tree(tmp_path, {"shaders/_lib/util.wgsli": lib, "shaders/fill/fill.wgsl": USER_WGSL,
                                     "shaders/fill/fill.yaml": USER_YAML})


def test_macro_expands_in_place_and_lib_is_no_kernel(kit, tmp_path):
    kernels = render_all(lib_tree(kit, tmp_path))
    assert [k.id for k in kernels] == ["fill_one"]
    text = kernels[0].payload.decode()
    assert "    if (gid.x >= arrayLength(&dst)) {\n        return;\n    }\n    dst[gid.x] = 1.0;" in text


def test_editing_a_macro_changes_the_kernels_that_use_it(kit, tmp_path):
    before = render_all(lib_tree(kit, tmp_path))[0].sha256
    (tmp_path / "shaders/_lib/util.wgsli").write_text(LIB.replace(">=", ">"), encoding="utf-8")
    assert render_all(tmp_path)[0].sha256 != before


def test_only_macro_files_in_lib(kit, tmp_path):
    lib_tree(kit, tmp_path)
    (tmp_path / "shaders/_lib/stray.wgsl").write_text("// not a macro file\n", encoding="utf-8")
    with pytest.raises(CodegenError, match="_lib/ holds only .wgsli"):
        render_all(tmp_path)


def test_missing_macro_file_names_the_kernel(kit, tmp_path):
    kit.write_tree(tmp_path, {"shaders/fill/fill.wgsl": USER_WGSL, "shaders/fill/fill.yaml": USER_YAML})
    with pytest.raises(CodegenError, match=r"fill_one.*missing macro file"):
        render_all(tmp_path)
