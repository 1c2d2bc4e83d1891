"""The adapter-free validator (naga under Node.js): what it refuses and how it says so, on kernels
written here. No GPU: the same verdicts on a machine with no adapter at all."""
from __future__ import annotations

import pytest

from pyrite.codegen import validate as v
from pyrite.codegen.errors import CodegenError
from pyrite.codegen.render import RenderedKernel

HEAD = "@group(0) @binding(0) var<storage, read_write> d: array<f32>;\n"
MAIN = "@compute @workgroup_size(64) fn main(@builtin(global_invocation_id) g: vec3<u32>) {{ {} }}\n"


def kernel(body: str, head: str = HEAD, wg: tuple[int, int, int] = (64, 1, 1), kid: str = "t_k") -> RenderedKernel:
    payload = (head + MAIN.format(body)).replace("workgroup_size(64)", f"workgroup_size({', '.join(map(str, wg))})")
    return RenderedKernel(kid, "t", "shaders/t/k.wgsl", "f32", {}, payload.encode(), "main", wg)


@pytest.fixture(autouse=True)
def own_verdicts(tmp_path, monkeypatch, naga_validate):
    monkeypatch.setenv("PYRITE_CACHE", str(tmp_path))


def test_a_plain_kernel_passes():
    assert v.failures([kernel("d[g.x] = d[g.x] * 2.0;")]) == []


def test_a_type_error_carries_nagas_message():
    [line] = v.failures([kernel("let x: u32 = 1.5;")])
    assert line.startswith("kernel t_k (shaders/t/k.wgsl): does not compile; naga parse error:")
    assert "`x` is expected to be `u32`" in line


def test_subgroups_are_declared_or_refused_by_feature_name():
    [line] = v.failures([kernel("d[g.x] = subgroupAdd(d[g.x]);")])
    assert "uses subgroupAdd, which needs the subgroups feature: declare `enable subgroups;`" in line
    declared = kernel("d[g.x] = subgroupAdd(d[g.x]);", head="enable subgroups;\n" + HEAD)
    assert v.failures([declared]) == [] and declared.features == ["subgroups"]


def test_f16_without_its_enable_names_shader_f16():
    [line] = v.failures([kernel("let h = f16(d[g.x]); d[g.x] = f32(h);")])
    assert "it uses f16, which needs the shader-f16 feature: declare `enable f16;`" in line
    declared = kernel("let h = f16(d[g.x]); d[g.x] = f32(h);", head="enable f16;\n" + HEAD)
    assert v.failures([declared]) == [] and declared.features == ["shader-f16"]


def test_an_unknown_extension_is_refused_by_name():
    [line] = v.failures([kernel("d[g.x] = 1.0;", head="enable chromium_experimental_thing;\n" + HEAD)])
    assert "enables chromium_experimental_thing, which no WebGPU feature pyrite knows provides" in line


def test_the_browser_targets_limits_hold_whatever_the_machine_offers():
    big = kernel("t[g.x % 4096u] = vec4<f32>(d[g.x]);", head=HEAD + "var<workgroup> t: array<vec4<f32>, 4096>;\n")
    [line] = v.failures([big])
    assert "65536 bytes of workgroup memory, over the limit of 32768 (maxComputeWorkgroupStorageSize)" in line
    [line] = v.failures([kernel("d[g.x] = 1.0;", wg=(512, 1, 1))])
    assert "512 invocations, over the limit of 256" in line and "maxComputeWorkgroupSizeX" in line
    many = "".join(f"@group(0) @binding({i + 1}) var<storage, read> s{i}: array<f32>;\n" for i in range(10))
    [line] = v.failures([kernel("d[g.x] = s0[g.x] + s9[g.x];", head=HEAD + many)])
    assert "11 storage buffers, over the limit of 10 (maxStorageBuffersPerShaderStage)" in line


def test_validate_names_every_failing_kernel():
    bad = [kernel("let x: u32 = 1.5;", kid="t_a"), kernel("d[g.x] = 1.0;", kid="t_ok"),
           kernel("d[g.x] = subgroupAdd(d[g.x]);", kid="t_b")]
    with pytest.raises(CodegenError, match="2 kernel\\(s\\): failed validation") as raised:
        v.validate(bad)
    assert "kernel t_a " in str(raised.value) and "kernel t_b " in str(raised.value) and "t_ok" not in str(raised.value)


def test_a_passed_kernel_is_remembered_and_a_failing_one_is_not(monkeypatch):
    runs = []
    real = v._run
    monkeypatch.setattr(v, "_run", lambda args, stdin="": runs.append(args) or real(args, stdin))
    good, bad = kernel("d[g.x] = 1.0;"), kernel("let x: u32 = 1.5;")
    v.validate([good])
    v.validate([good])
    assert len([r for r in runs if r == []]) == 1 and len(list(v.verdicts().iterdir())) == 1
    for _ in range(2):
        assert v.failures([bad])
    assert len([r for r in runs if r == []]) == 3 and len(list(v.verdicts().iterdir())) == 1


def test_no_node_is_one_line_saying_what_to_install(monkeypatch):
    monkeypatch.setattr(v.shutil, "which", lambda name: None)
    with pytest.raises(CodegenError, match="needs Node.js .* install Node.js and npm"):
        v.failures([kernel("d[g.x] = 3.0;")])
