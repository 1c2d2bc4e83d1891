"""Kernel registry: kernel id -> WGSL source, entry point, workgroup size, sha256.

The WGSL lives in generated/, produced from shaders/ by `python build.py shaders`
(pyrite.codegen). RUNTIME package: stdlib only.
"""
from pyrite.kernels.ids import ID_PATTERN, kernel_id
from pyrite.kernels.registry import Entry, Kernel, Registry, entries, get, ids, set_hash

# The storage bindings per stage every generated kernel is validated under (pyrite.codegen.validate:
# SwiftShader's limit): a kernel that would bind more is not generated, whatever the adapter allows.
MAX_STORAGE_BINDINGS = 10

__all__ = ["ID_PATTERN", "MAX_STORAGE_BINDINGS", "Entry", "Kernel", "Registry", "entries", "get", "ids", "kernel_id",
           "set_hash"]
