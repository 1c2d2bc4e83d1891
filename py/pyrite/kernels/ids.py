"""Kernel ids: the one naming rule shared by the shader generator and the runtime.

Both sides compose ids with kernel_id(), so a typo in an op's registration block fails
when the registry is read, not at dispatch.
"""
from __future__ import annotations

import re

from pyrite.errors import KernelError

# Ids become file names (generated/<id>.wgsl) on case-insensitive file systems too,
# hence lower case only.
ID_PATTERN = re.compile(r"[a-z0-9_]+")


def kernel_id(family: str, variant: str, *suffixes: str) -> str:
    """'_'.join([family, variant, *suffixes]), checked against [a-z0-9_]+."""
    parts = [family, variant, *suffixes]
    for part in parts:
        if not isinstance(part, str) or not part:
            raise KernelError(f"kernel id part {part!r} of {parts!r} must be a non-empty string")
    kid = "_".join(parts)
    if not ID_PATTERN.fullmatch(kid):
        raise KernelError(f"kernel id {kid!r} must match [a-z0-9_]+")
    return kid
