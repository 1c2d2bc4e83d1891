"""What a kernel needs, read from its text (codegen/needs.py): pure functions, no GPU, no Node."""
from __future__ import annotations

import pytest

from pyrite.codegen import needs


def test_declared_features_come_from_enable_directives():
    assert needs.declared_features("@compute @workgroup_size(1) fn main() {}") == []
    assert needs.declared_features("enable subgroups;\nenable f16;\n") == ["shader-f16", "subgroups"]
    assert needs.declared_features("enable f16, subgroups;\n") == ["shader-f16", "subgroups"]
    assert needs.declared_features("// enable f16;\n") == []
    with pytest.raises(ValueError, match="enables dual_source_blending"):
        needs.declared_features("enable dual_source_blending;\n")


def test_subgroup_uses_are_found_in_calls_and_builtin_values():
    assert needs.subgroup_uses("let s = subgroupAdd(x) + subgroupBroadcast(y, 0u);") == ["subgroupAdd",
                                                                                         "subgroupBroadcast"]
    assert needs.subgroup_uses("fn main(@builtin(subgroup_size) n: u32) {}") == ["subgroup_size"]
    assert needs.subgroup_uses("let subgroup_sum = 1.0; // subgroupAdd(x)") == []


@pytest.mark.parametrize("ty, size_align", [
    ("f32", (4, 4)), ("atomic<u32>", (4, 4)), ("vec2<f32>", (8, 8)), ("vec3<f32>", (12, 16)),
    ("vec4<f32>", (16, 16)), ("array<f32, 256>", (1024, 4)), ("array<vec3<f32>, 2>", (32, 16)),
    ("array<array<f32, 2>, 32>", (256, 4)), ("array<atomic<u32>, 1024>", (4096, 4)),
])
def test_sizes_follow_wgsl_layout(ty, size_align):
    assert needs.size_align(ty) == size_align


def test_an_unknown_type_is_not_guessed():
    with pytest.raises(ValueError, match="cannot size workgroup type Foo"):
        needs.size_align("Foo")
    with pytest.raises(ValueError, match="cannot size"):
        needs.size_align("array<f32, N>")  # naga's rewrite has literals; a name means something unread


def test_workgroup_bytes_round_each_variable_to_16():
    naga = "var<workgroup> a: array<f32, 3>;\nvar<workgroup> n: atomic<u32>;\nvar<storage> s: array<f32>;\n"
    assert needs.workgroup_bytes(naga) == 16 + 16


def test_limit_problems_name_each_limit():
    assert needs.limit_problems((256, 1, 1), 32768, 10) == []
    found = needs.limit_problems((16, 32, 1), 32769, 11)
    assert len(found) == 3 and "512 invocations" in found[0] and "32769 bytes" in found[1] and "11 storage" in found[2]
    assert needs.limit_problems((1, 1, 65), 0, 0) == ["workgroup size z = 65, over the limit of 64 "
                                                      "(maxComputeWorkgroupSizeZ)"]
