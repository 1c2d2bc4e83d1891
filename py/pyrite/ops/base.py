"""Checks shared by op handlers. The route model itself lives in pyrite.graph.routes."""
from __future__ import annotations

from typing import Sequence

from ..errors import DTypeError


def check_format(op: str, fmt: str, allowed: Sequence[str]) -> None:
    if fmt not in allowed:
        raise DTypeError(f"{op}: weight format {fmt!r} is not supported (supported: {', '.join(allowed)})")
