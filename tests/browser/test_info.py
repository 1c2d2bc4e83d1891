"""The page's WebGPU device as the worker (Python) sees it, cross-checked with the adapter the page's
main thread gets from navigator.gpu directly. Nothing here names one adapter: whatever Chromium gives
(SwiftShader in headless CI), the worker must report it and ask for its best."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from pyrite.driver import DIST
from pyrite.gpu.adapter_class import classify
from pyrite.gpu.base import OPTIONAL_FEATURES

pytestmark = pytest.mark.browser

# The adapter straight from JS, no Python involved: the reference for what the worker reports.
ADAPTER_JS = """async () => {
  const a = await navigator.gpu.requestAdapter({powerPreference: "high-performance"});
  const limits = {};
  for (const k in a.limits) limits[k] = a.limits[k];
  return {features: [...a.features], limits, vendor: a.info.vendor, architecture: a.info.architecture,
          device: a.info.device, description: a.info.description, fallback: !!a.isFallbackAdapter};
}"""

# The WebGPU spec's defaults, which every conforming adapter meets or exceeds.
SPEC_DEFAULT_LIMITS = {
    "maxStorageBufferBindingSize": 128 << 20,
    "maxComputeWorkgroupStorageSize": 16 << 10,
    "maxComputeInvocationsPerWorkgroup": 256,
    "maxStorageBuffersPerShaderStage": 8,
}


@pytest.fixture(scope="module")
def info(session, loaded):
    return session.info()


@pytest.fixture(scope="module")
def adapter(session, loaded):
    return session.page.evaluate(ADAPTER_JS)


def test_info_is_the_pages_adapter_with_every_optional_feature_it_has(info, adapter):
    assert info["backend"] == "browser"
    assert info["adapter"]["architecture"] == adapter["architecture"]
    assert info["adapter"]["vendor"] == adapter["vendor"]
    assert info["adapter_class"] == classify(adapter["vendor"], adapter["architecture"], adapter["device"],
                                             adapter["description"], fallback=adapter["fallback"])
    # The device asks for every optional feature the adapter has, and for no other.
    for feature in OPTIONAL_FEATURES:
        assert (feature in info["features"]) == (feature in adapter["features"]), feature


def test_info_limits_are_the_adapters_best(info, adapter):
    for name, floor in SPEC_DEFAULT_LIMITS.items():
        assert info["limits"][name] >= floor, name
    # The device is requested with the adapter's best limits, so every reported max matches it.
    for name, value in info["limits"].items():
        if name.startswith("max"):
            assert value == adapter["limits"][name], name


def test_load_info_matches_the_model_and_device(loaded, info):
    index = json.loads((Path(DIST) / "models" / "smollm2-135m" / "model.json").read_text())
    assert loaded["model"] == index["name"]
    for key in ("arch", "n_layers", "hidden", "n_heads", "n_kv_heads", "vocab"):
        assert loaded["config"][key] == index["config"][key], key
    assert loaded["device"] == info
    assert 0 < loaded["max_ctx"] <= index["config"]["max_ctx"]


def test_page_shows_adapter_and_model(page, loaded, adapter):
    device = page.evaluate("window.pyrite.model.device.adapter")
    assert device["architecture"] and device["architecture"] in page.text_content("#adapter")
    shown = page.text_content("#features").split(", ")  # the adapter panel lists the adapter's features
    for feature in OPTIONAL_FEATURES:
        assert (feature in shown) == (feature in adapter["features"]), (feature, shown)
    assert loaded["model"] in page.text_content("#model-info")
