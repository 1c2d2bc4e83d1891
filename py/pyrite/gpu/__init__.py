"""pyrite.gpu: one Device interface, two backends chosen by platform (Pyodide -> browser, else native)."""
from __future__ import annotations

import sys

from .base import (COPY_DST, COPY_SRC, MAP_READ, STORAGE, UNIFORM, AdapterInfo, Buffer, Command, Copy, Device,
                   Dispatch, Limits)


def in_browser() -> bool:
    """True under Pyodide (emscripten), where navigator.gpu is the only way to the GPU."""
    return sys.platform == "emscripten"


async def request_device(power_preference: str = "high-performance") -> Device:
    """The platform's device: the browser backend under Pyodide, wgpu-py everywhere else."""
    if in_browser():
        from .browser import request_device as request
    else:
        from .native import request_device as request
    return await request(power_preference)


__all__ = ["AdapterInfo", "Buffer", "COPY_DST", "COPY_SRC", "Command", "Copy", "Device", "Dispatch", "Limits",
           "MAP_READ", "STORAGE", "UNIFORM", "in_browser", "request_device"]
