"""The repository's own shaders/, rendered and compiled in a tmp copy (the real tree is
only read): every template expands, every kernel compiles on the browser-target limits."""
from __future__ import annotations

import shutil

import pytest

from pyrite.codegen.cli import DEFAULT_ROOT
from pyrite.codegen.generate import generate


def test_repository_shaders_render_and_compile(tmp_path, naga_validate):
    shaders = DEFAULT_ROOT / "shaders"
    assert any(shaders.glob("*/*.wgsl")), f"{shaders} has no shader sources"
    shutil.copytree(shaders, tmp_path / "shaders")
    result = generate(tmp_path, validator=naga_validate)
    assert result.kernels
    for kernel in result.kernels:
        assert kernel.entry == "main" and min(kernel.workgroup_size) >= 1
        assert (tmp_path / "py/pyrite/kernels/generated" / kernel.file).read_bytes() == kernel.payload
