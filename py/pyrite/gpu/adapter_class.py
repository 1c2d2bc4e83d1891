"""The adapter class routes are chosen by: "cpu" for software adapters, "gpu" for everything else.

A CPU adapter (SwiftShader, llvmpipe/lavapipe, WARP, a fallback adapter, wgpu's adapter type CPU) runs
a dispatch on a few cores: its fastest kernels give each invocation whole rows of W. A GPU has 20-100
compute units and wants thousands of invocations, adjacent lanes reading adjacent words, and sums
reduced across lanes. The runtime option adapter_class=cpu|gpu overrides what is read here.
"""
from __future__ import annotations

CLASSES = ("cpu", "gpu")
# Software rasterizers, as they name themselves in vendor / architecture / device / description.
SOFTWARE_NAMES = ("swiftshader", "llvmpipe", "lavapipe", "softpipe", "warp", "microsoft basic render")


def classify(vendor: str = "", architecture: str = "", device: str = "", description: str = "", *,
             adapter_type: str = "", fallback: bool = False) -> str:
    """ "cpu" or "gpu" from an adapter's info: wgpu's adapter_type ("CPU", "DiscreteGPU", ...), the
    browser's isFallbackAdapter, and the software rasterizers' names."""
    if fallback or adapter_type.strip().lower() == "cpu":
        return "cpu"
    names = " ".join((vendor, architecture, device, description)).lower()
    return "cpu" if any(s in names for s in SOFTWARE_NAMES) else "gpu"
