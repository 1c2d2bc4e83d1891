"""Entry point and @workgroup_size reading (no GPU)."""
from __future__ import annotations

import pytest

from pyrite.codegen.errors import CodegenError
from pyrite.codegen.wgsl import entry_point, strip_comments

BODY = "fn main(@builtin(global_invocation_id) gid: vec3<u32>) {}\n"


@pytest.mark.parametrize(
    "prelude, attrs, size",
    [
        ("", "@compute @workgroup_size(64)", (64, 1, 1)),
        ("", "@compute @workgroup_size(64u)", (64, 1, 1)),
        ("", "@compute @workgroup_size(8, 8)", (8, 8, 1)),
        ("", "@compute @workgroup_size(4i, 2u, 3)", (4, 2, 3)),
        ("", "@compute @workgroup_size(0x20,)", (32, 1, 1)),
        ("", "@workgroup_size(16, 4)\n@compute", (16, 4, 1)),
        ("const WG = 64u;\n", "@compute @workgroup_size(WG)", (64, 1, 1)),
        ("const WG: u32 = 128;\n", "@compute @workgroup_size(WG)", (128, 1, 1)),
        ("const TX: u32 = 16u;\nconst TY = TX / 2u;\n", "@compute @workgroup_size(TX, TY)", (16, 8, 1)),
        ("override WG: u32 = 256;\n", "@compute @workgroup_size(WG)", (256, 1, 1)),
        ("@id(0) override WG: u32 = 32u;\n", "@compute @workgroup_size(WG, 2 * 2)", (32, 4, 1)),
        ("const WG = 64u;\nconst WG2 = u32(WG * 2);\n", "@compute @workgroup_size(WG2)", (128, 1, 1)),
    ],
)
def test_workgroup_size(prelude, attrs, size):
    ep = entry_point(prelude + attrs + "\n" + BODY, "k.wgsl")
    assert ep.name == "main"
    assert ep.workgroup_size == size


def test_comments_and_helpers_are_ignored():
    text = (
        "// @compute @workgroup_size(1) fn main() {}\n"
        "/* @compute @workgroup_size(2) fn other() {} /* nested */ still comment */\n"
        "const WG = 32u; // const WG = 999u;\n"
        "fn helper(x: f32) -> f32 { return x; }\n"
        "@compute @workgroup_size(WG, 2) // trailing\n" + BODY
    )
    assert entry_point(text, "k.wgsl").workgroup_size == (32, 2, 1)
    assert strip_comments("a /* x\ny */ b // z\nc").split("\n") == ["a ", " b ", "c"]


@pytest.mark.parametrize(
    "text, words",
    [
        ("@compute @workgroup_size(64)\nfn run() {}\n", "must be named 'main'"),
        ("fn main() {}\n", "found 0"),
        ("@compute @workgroup_size(64) fn main() {}\n@compute @workgroup_size(64) fn two() {}\n", "found 2 (main, two)"),
        ("@compute fn main() {}\n", "no @workgroup_size"),
        ("@compute @workgroup_size(1, 2, 3, 4) fn main() {}\n", "1 to 3"),
        ("@compute @workgroup_size(WG) fn main() {}\n", "no module-scope const or override"),
        ("override WG: u32;\n@compute @workgroup_size(WG) fn main() {}\n", "no default"),
        ("const A = B;\nconst B = A;\n@compute @workgroup_size(A) fn main() {}\n", "refers to itself"),
        ("@compute @workgroup_size(0) fn main() {}\n", ">= 1"),
        ("@compute @workgroup_size(max(1, 2)) fn main() {}\n", "cannot evaluate"),
    ],
)
def test_bad_entry_points_are_named(text, words):
    with pytest.raises(CodegenError) as info:
        entry_point(text, "shaders/f/k.wgsl")
    assert info.value.where == "shaders/f/k.wgsl"
    assert words in info.value.problem
