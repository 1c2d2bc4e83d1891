"""Smoke test of `python build.py bench`: the real driver (bench/run.py) at tiny sizes.

pyrite (WebGPU, SwiftShader) and wllama (wasm, 1 and 2 threads) really run in headless Chromium;
the test checks that the run succeeds and that every number it reports is there and positive.
"""
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
RUN = ROOT / "bench" / "run.py"
PROMPT_TOKENS, GEN_TOKENS = 16, 8
METRICS = ("prefill_tok_s", "decode_tok_s", "ttft_s")

pytestmark = [pytest.mark.browser, pytest.mark.slow]


@pytest.fixture(scope="module")
def bench_run(tmp_path_factory):
    # a missing browser or build is a failure, not a skip (`python build.py test` provides both)
    assert shutil.which("chromium") is not None, "Debian's chromium is not installed"
    assert (ROOT / "dist" / "build.json").is_file() and (ROOT / "dist" / "wllama" / "index.js").is_file(), \
        "dist/ is not built: run `python build.py build` (build.py test does)"
    out = tmp_path_factory.mktemp("bench") / "results.json"
    cmd = [sys.executable, str(RUN), "--prompt-tokens", str(PROMPT_TOKENS), "--gen-tokens", str(GEN_TOKENS),
           "--threads", "1,2", "--ready-models", "smollm2-135m", "--out", str(out)]
    env = {**os.environ, "XDG_RUNTIME_DIR": os.environ.get("XDG_RUNTIME_DIR", "/tmp")}
    proc = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, timeout=900)
    assert proc.returncode == 0, f"bench/run.py failed ({proc.returncode}):\n{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}"
    return proc.stdout, json.loads(out.read_text())


def test_runs_present(bench_run):
    _, results = bench_run
    assert set(results["runs"]) == {"pyrite", "pyrite-tuned", "wllama-1t", "wllama-2t"}
    assert results["skipped"] == {}


@pytest.mark.parametrize("name", ["pyrite", "pyrite-tuned", "wllama-1t", "wllama-2t"])
def test_metrics_positive(bench_run, name):
    _, results = bench_run
    run = results["runs"][name]
    for key in METRICS:
        assert run[key] > 0, f"{name}.{key} = {run[key]!r}"
    assert run["prompt_tokens"] > 0 and run["generated_tokens"] > 1


def test_pyrite_reports_its_decode_loop(bench_run):
    out, results = bench_run
    run = results["runs"]["pyrite"]
    assert run["decode_path"] == "tape/js" and run["host_ms_per_token"] > 0
    assert run["decode_steps"] >= GEN_TOKENS - 1 and 1 <= run["decode_submits"] <= run["decode_steps"]
    layers = results["pyrite_model"]["config"]["n_layers"]
    assert run["dispatches_per_token"] == 6 * layers + 4
    assert results["model"]["weight_bytes"] > 0 and "dispatches per token" in out and "GB/s" in out
    # the roofline: the page's own read probe, and decode's bytes per second as a fraction of it
    assert results["probe"]["gbps"] > 0 and run["read_probe_gbps"] == results["probe"]["gbps"]
    assert run["bytes_per_token"] > results["model"]["weight_bytes"] // 2  # every weight, the table's row aside
    assert run["roofline"] == pytest.approx(run["bytes_per_token"] * run["decode_tok_s"] / (run["read_probe_gbps"] * 1e9))
    assert "of the page's read probe" in out


def test_same_prompt_and_lengths(bench_run):
    _, results = bench_run
    assert results["prompt"]["tokens"] == PROMPT_TOKENS
    assert results["runs"]["pyrite"]["prompt_tokens"] == PROMPT_TOKENS
    for name in ("wllama-1t", "wllama-2t"):
        run = results["runs"][name]
        assert abs(run["prompt_tokens"] - PROMPT_TOKENS) <= 3
        assert run["generated_tokens"] == GEN_TOKENS  # wllama ignores EOS: always the full count
        assert run["threads_used"] == run["threads_requested"]
    assert 1 <= results["runs"]["pyrite"]["generated_tokens"] <= GEN_TOKENS


def test_metadata(bench_run):
    _, results = bench_run
    assert results["chromium"] and results["date"] and results["adapter"]
    assert results["wllama_env"]["crossOriginIsolated"] is True
    assert results["model"]["bytes"] > 0


def test_table_printed(bench_run):
    stdout, _ = bench_run
    for label in ("prefill tok/s", "decode tok/s", "time to first token s", "pyrite/wllama-1t", "pyrite/wllama-2t"):
        assert label in stdout


def test_the_tuned_run_measured_its_routes_and_agrees(bench_run):
    _, results = bench_run
    assert results["tuning"]["mode"] == "on" and results["tuning"]["measured"] > 0
    assert results["greedy_agreement"]["pyrite-tuned"]["common_prefix_tokens"] == GEN_TOKENS


def test_time_to_ready_cold_and_warm_with_its_phases(bench_run):
    out, results = bench_run
    r = results["ready"]["smollm2-135m"]
    for kind in ("cold", "warm"):
        phases = r[kind]["phases"]
        assert set(phases) == {"runtime", "weights", "upload", "plan", "pipelines"}
        assert r[kind]["ready_s"] > 0 and abs(sum(phases.values()) - r[kind]["ready_s"]) < 0.05 * r[kind]["ready_s"]
        assert f"smollm2-135m {kind}: Ready in" in out
