"""`python build.py bench --gpu --quick` (bench/gpu_truth.py) for real on the native adapter (lavapipe
here): random-weight SmolLM2 geometry, every decode GEMV route, decode and prefill through Engine, the
attention routes; and its refusals (no adapter, an unknown flag) writing nothing."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from pyrite.ops import linear

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "bench" / "gpu_truth.py"
COOP = {"gemv_coop", "gemv_coop_sg", "gemv_coop4", "gemv_coop4_sg"}
PREFILL = {"tiled", "wide", "gemm", "gemm_bk64", "gemm_coop", "gemm_coop_sg"}

pytestmark = pytest.mark.gpu


def run(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    env = {**os.environ, "XDG_RUNTIME_DIR": os.environ.get("XDG_RUNTIME_DIR", "/tmp"), **(env or {})}
    return subprocess.run([sys.executable, str(SCRIPT), *args], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=600)


@pytest.fixture(scope="module")
def truth(tmp_path_factory):
    out = tmp_path_factory.mktemp("gpu-truth") / "truth.json"
    # its own cache: the tuned engine's measured choices must not reach other tests' "cached" loads
    cache = tmp_path_factory.mktemp("cache")
    proc = run("--quick", "--out", str(out), env={"PYRITE_CACHE": str(cache)})
    assert proc.returncode == 0, (f"gpu_truth.py failed ({proc.returncode}):\n{proc.stdout[-3000:]}\n"
                                  f"{proc.stderr[-3000:]}")
    return proc.stdout, json.loads(out.read_text())


def test_the_run_is_complete_and_says_what_quick_cut(truth):
    out, doc = truth
    assert doc["complete"] and doc["quick"] and doc["errors"] == []
    assert any(c.startswith("models:") for c in doc["cut"]) and any("decode_ctx" in c for c in doc["cut"])
    assert doc["probe"]["gbps"] > 0 and doc["adapter"]["adapter_class"] in ("cpu", "gpu")
    assert doc["models"][0]["layers"] == 2 and doc["host"]["loadavg_end"] is not None
    assert "probe:" in out and "GB/s" in out and "roofline" in out


def test_every_decode_route_is_timed_as_a_fraction_of_the_probe(truth):
    _, doc = truth
    probe = doc["probe"]["gbps"]
    decode = {r.name for r in linear.ROUTES if linear.tile(r.variant).tm == 1}
    if "subgroups" not in doc["adapter"]["features"]:
        decode -= {"gemv_coop_sg", "gemv_coop4_sg"}
    timed = {r["route"] for r in doc["gemv"]}
    assert decode <= timed and COOP & decode <= timed
    for r in doc["gemv"]:
        assert r["gbps"] > 0 and r["ms"] > 0, r
        assert r["fraction"] == pytest.approx(r["gbps"] / probe, rel=1e-2, abs=1e-4), r
        if r["route"] in COOP:
            assert r["adapter_class"] == "gpu", r  # forced on a cpu-class adapter: they fit the gpu class only
    # the coop4 tiles rotate whole RoPE quads: they fit the qkv projection only
    assert {r["shape"] for r in doc["gemv"] if "coop4" in r["route"]} == {"attn_qkv"}


def test_decode_runs_on_both_classes_with_a_roofline(truth):
    _, doc = truth
    rows = doc["decode"]
    variants = {r["variant"] for r in rows}
    assert {"auto"} <= variants
    if doc["adapter"]["adapter_class"] == "cpu":
        assert "gpu" in variants  # the coop routes end to end on a CPU adapter
    for r in rows:
        assert r["decode_tok_s"] > 0 and r["roofline"] > 0 and r["tokens"] >= 2, r
        assert r["routes_class"] == (r["options"].get("adapter_class") or doc["adapter"]["adapter_class"])
    assert {r["context"] for r in rows} == {32, 64}
    decode = doc["tuning"]["models"]["smollm2-135m-q4-l2"]["gpu"]["context_64"]["decode"]
    assert decode["attn_qkv"].startswith("qkv_fused/gemv_coop4") and decode["ffn_down"].startswith("gemv_coop")


def test_every_prefill_route_has_a_rate_at_each_length(truth):
    _, doc = truth
    unfit = {u["route"] for u in doc["prefill_unfit"]}
    for route in (PREFILL - unfit) | {"auto"}:
        rows = [r for r in doc["prefill"] if r["route"] == route]
        assert {r["tokens"] for r in rows} == {16, 32}, route
        for r in rows:
            assert r["prefill_tok_s"] > 0 and r["linear_gflops"] > 0 and r["fraction"] > 0, r
            if route in PREFILL:  # the pin is what ran
                assert r["attested"]["attn_output"] == route, r


def test_attention_routes_and_the_routes_picked(truth):
    _, doc = truth
    routes = {(r["kind"], r["route"]) for r in doc["attention"]}
    assert {("prefill", "stream_q16"), ("decode", "flash_decode"), ("channel", "qk_row")} <= routes
    assert all(r["ms"] > 0 for r in doc["attention"])
    tuning = doc["tuning"]
    assert tuning["route_tuning"] in ("available", "not available")
    auto = tuning["models"]["smollm2-135m-q4-l2"]["auto"]
    assert {"attn_qkv", "attn", "ffn_down", "output"} <= set(auto["context_64"]["decode"])


def test_no_adapter_exits_non_zero_and_writes_nothing(tmp_path):
    out = tmp_path / "truth.json"
    # no Vulkan driver and the Vulkan backend forced: wgpu finds no adapter (without the force it falls
    # back to GL, which is an adapter)
    proc = run("--quick", "--out", str(out),
               env={"VK_ICD_FILENAMES": "/nonexistent", "VK_DRIVER_FILES": "/nonexistent",
                    "WGPU_BACKEND_TYPE": "Vulkan"})
    assert proc.returncode == 3, proc.stderr
    assert "no GPU adapter" in proc.stderr and "nothing written" in proc.stderr
    assert not out.exists() and list(tmp_path.iterdir()) == []


def test_an_unknown_flag_is_a_usage_error(tmp_path):
    proc = run("--quick", "--out", str(tmp_path / "x.json"), "--fast")
    assert proc.returncode == 2 and "unrecognized arguments: --fast" in proc.stderr
    assert list(tmp_path.iterdir()) == []
