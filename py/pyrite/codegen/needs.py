"""What a kernel needs of a device, read from its WGSL: the optional features it declares, and the
limits it reaches (workgroup invocations, workgroup memory, storage buffers).

Pure functions over text, so that validation needs no adapter: validate.py runs naga with every
capability on, then holds each kernel to what it declares here and to the browser target's limits.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from pyrite.codegen.wgsl import strip_comments
from pyrite.kernels import MAX_STORAGE_BINDINGS

# WGSL `enable` extensions -> the WebGPU feature a device needs for them.
ENABLES = {"subgroups": "subgroups", "f16": "shader-f16"}
_ENABLE = re.compile(r"^\s*enable\s+([\w\s,]+);", re.MULTILINE)
# What uses the subgroups extension: its builtin functions and its two builtin values.
_SUBGROUP_USE = re.compile(r"\b(subgroup\w+|quad(?:Broadcast|Swap\w*))\s*\(|@builtin\s*\(\s*(subgroup_\w+)\s*\)")


@dataclass(frozen=True)
class TargetLimits:
    """The browser target a kernel must fit, whatever the build machine offers (SwiftShader's figures:
    256 invocations, 32 KiB workgroup memory, 10 storage buffers per stage)."""

    invocations: int = 256
    size: tuple[int, int, int] = (256, 256, 64)
    workgroup_bytes: int = 32768
    storage_buffers: int = MAX_STORAGE_BINDINGS


TARGET = TargetLimits()


def declared_features(code: str) -> list[str]:
    """The WebGPU features the kernel's `enable` directives name, sorted; an unknown extension raises
    ValueError naming it."""
    names = {n.strip() for group in _ENABLE.findall(strip_comments(code)) for n in group.split(",") if n.strip()}
    unknown = sorted(names - set(ENABLES))
    if unknown:
        raise ValueError(f"enables {', '.join(unknown)}, which no WebGPU feature pyrite knows provides")
    return sorted(ENABLES[n] for n in names)


def subgroup_uses(code: str) -> list[str]:
    """The subgroup builtins the kernel uses (functions and values), sorted."""
    return sorted({a or b for a, b in _SUBGROUP_USE.findall(strip_comments(code))})


# Size and alignment of the types workgroup memory holds (WGSL's memory layout rules).
_SCALARS = {"f32": (4, 4), "u32": (4, 4), "i32": (4, 4), "f16": (2, 2), "bool": (4, 4)}
_VEC = re.compile(r"vec([234])<(\w+)>")


def _split_args(text: str) -> list[str]:
    """The top-level comma-separated parts of a template's arguments."""
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        depth += (ch == "<") - (ch == ">")
        if ch == "," and depth == 0:
            parts.append(text[start:i].strip())
            start = i + 1
    parts.append(text[start:].strip())
    return parts


def size_align(ty: str) -> tuple[int, int]:
    """(size, alignment) in bytes of a workgroup variable's type, as naga writes it (array sizes as
    literals); ValueError for a type this does not know."""
    ty = ty.strip()
    if ty in _SCALARS:
        return _SCALARS[ty]
    if ty.startswith("atomic<") and ty.endswith(">"):
        return size_align(ty[len("atomic<"):-1])
    vec = _VEC.fullmatch(ty)
    if vec:
        n, (size, _) = int(vec.group(1)), size_align(vec.group(2))
        return size * n, size * (4 if n == 3 else n)
    if ty.startswith("array<") and ty.endswith(">"):
        parts = _split_args(ty[len("array<"):-1])
        if len(parts) == 2 and parts[1].rstrip("iu").isdigit():
            size, align = size_align(parts[0])
            stride = -(-size // align) * align
            return stride * int(parts[1].rstrip("iu")), align
    raise ValueError(f"cannot size workgroup type {ty}")


_WORKGROUP_VAR = re.compile(r"var<workgroup>\s*(\w+)\s*:\s*([^;]+);")


def workgroup_bytes(naga_wgsl: str) -> int:
    """Workgroup memory the kernel declares, as WebGPU counts it against maxComputeWorkgroupStorageSize:
    each variable's size rounded up to 16 bytes. Reads naga's rewrite, whose array sizes are literals."""
    return sum(-(-size_align(ty)[0] // 16) * 16 for _, ty in _WORKGROUP_VAR.findall(naga_wgsl))


def storage_buffers(code: str) -> int:
    """Storage buffers the kernel declares (each counts against maxStorageBuffersPerShaderStage)."""
    return len(re.findall(r"var\s*<\s*storage\b", strip_comments(code)))


def limit_problems(workgroup_size: tuple[int, int, int], memory: int, buffers: int,
                   target: TargetLimits = TARGET) -> list[str]:
    """What of the kernel's shape exceeds the target's limits (empty: it fits)."""
    out = []
    invocations = workgroup_size[0] * workgroup_size[1] * workgroup_size[2]
    if invocations > target.invocations:
        out.append(f"workgroup {list(workgroup_size)} is {invocations} invocations, over the limit of "
                   f"{target.invocations} (maxComputeInvocationsPerWorkgroup)")
    for axis, (n, cap) in zip("xyz", zip(workgroup_size, target.size)):
        if n > cap:
            out.append(f"workgroup size {axis} = {n}, over the limit of {cap} (maxComputeWorkgroupSize{axis.upper()})")
    if memory > target.workgroup_bytes:
        out.append(f"{memory} bytes of workgroup memory, over the limit of {target.workgroup_bytes} "
                   "(maxComputeWorkgroupStorageSize)")
    if buffers > target.storage_buffers:
        out.append(f"{buffers} storage buffers, over the limit of {target.storage_buffers} "
                   "(maxStorageBuffersPerShaderStage)")
    return out
