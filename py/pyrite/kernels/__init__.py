"""Kernel registry: kernel id -> WGSL source, entry point, workgroup size, sha256.

The WGSL lives in generated/, produced from shaders/ by `python build.py shaders`
(pyrite.codegen). RUNTIME package: stdlib only.
"""
from pyrite.kernels.ids import ID_PATTERN, kernel_id
from pyrite.kernels.registry import Entry, Kernel, Registry, entries, get, ids, set_hash

__all__ = ["ID_PATTERN", "Entry", "Kernel", "Registry", "entries", "get", "ids", "kernel_id", "set_hash"]
