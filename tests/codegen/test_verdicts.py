"""The validator remembers only what compiled: a kernel compiled once is not compiled again on this
device (its verdict file), a kernel that fails is never remembered, and another code is compiled."""
from __future__ import annotations

import pytest

from pyrite.codegen import validate as v
from pyrite.codegen.errors import CodegenError
from pyrite.codegen.render import RenderedKernel

GOOD = b"@compute @workgroup_size(1) fn main() {}\n"
BAD = b"@compute @workgroup_size(1) fn main() { let x: u32 = 1.5; }\n"


def kernel(payload: bytes) -> RenderedKernel:
    return RenderedKernel("t_k", "t", "shaders/t/k.wgsl", "f32", {}, payload, "main", (1, 1, 1))


@pytest.mark.gpu
def test_a_compiled_kernel_is_remembered_and_a_failing_one_is_not(tmp_path, monkeypatch, wgpu_validate):
    monkeypatch.setenv("PYRITE_CACHE", str(tmp_path))
    compiled = []
    device = v._device()
    real = type(device).create_shader_module
    monkeypatch.setattr(type(device), "create_shader_module", lambda self, **kw: compiled.append(kw) or real(self, **kw))
    v.validate(kernel(GOOD))
    v.validate(kernel(GOOD))
    assert len(compiled) == 1 and len(list(v.verdicts().iterdir())) == 1
    for _ in range(2):
        with pytest.raises(CodegenError, match="does not compile"):
            v.validate(kernel(BAD))
    assert len(compiled) == 3 and len(list(v.verdicts().iterdir())) == 1
