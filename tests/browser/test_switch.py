"""The page's #model picker: every model of build.json listed with its size, Qwen2.5-Coder (exact
recipe) picked and loaded (its Load button), asked, stopped and asked again, a switch while an answer
streams, and SmolLM2 back with exactly the GPU bytes it had after the first load (the worker frees the
old model first).

Runs last of the page tests (file order) and leaves SmolLM2 loaded, as it found it."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from pyrite.driver import DIST
from .test_page import GENERATE_TIMEOUT_MS, assert_idle, ask, finish, output_log, state, stats_tokens

pytestmark = pytest.mark.browser

QWEN, SMOLLM = "qwen2.5-coder-0.5b", "smollm2-135m"
LOAD_TIMEOUT_MS = 900_000  # 670 MB fetched, hashed and uploaded on SwiftShader


def pick(page, model_id: str) -> dict:
    """Choose a model in #model and press Load, as a user would; wait for the page to be ready; its load
    info. (Choosing alone loads nothing: test_page_keyboard.)"""
    page.select_option("#model", model_id)
    page.click("#load-model")
    page.wait_for_function(f"() => window.pyrite?.model?.model === {json.dumps(model_id)} && "
                           "document.getElementById('status').dataset.state === 'ready'",
                           timeout=LOAD_TIMEOUT_MS, polling=500)
    return page.evaluate("window.pyrite.model")


def test_picker_lists_every_built_model_with_its_size(page):
    built = json.loads((Path(DIST) / "build.json").read_text())["models"]
    assert {m["id"] for m in built} >= {QWEN, SMOLLM}
    options = page.eval_on_selector_all("#model option", "os => os.map(o => [o.value, o.textContent])")
    assert [v for v, _ in options] == [m["id"] for m in built]
    for (value, text), m in zip(options, built):
        assert f"{m['bytes'] / 1e6:.0f} MB" in text and m["arch"] in text, text
    assert page.input_value("#model") == SMOLLM and page.is_enabled("#model")


def test_qwen_streams_stops_and_answers_again_then_smollm_comes_back_as_it_was(page, loaded):
    first_bytes = loaded["gpu_bytes"]
    qwen = pick(page, QWEN)
    assert qwen["config"]["arch"] == "qwen2" and qwen["gpu_bytes"] > first_bytes
    assert QWEN in page.text_content("#model-info")

    ask(page, "Write a Python function that adds two numbers.", max_tokens=20, chat=True)
    assert finish(page) == "ready", page.text_content("#status")
    assert len(output_log(page)) >= 16 and stats_tokens(page) >= 16
    assert "def " in page.text_content("#output"), page.text_content("#output")
    steps = page.evaluate("window.pyrite.lastSteps")
    assert steps["routes"]["decode"]["blk.0.attn_qkv"] == "qkv_fused/gemv_vec/norm_folded" and steps["layers"] == 24
    assert steps["routes"]["decode"]["blk.0.ffn_gate_up"] == "gate_up/gemv_vec/norm_folded"
    # six per layer plus four, plus one each for the embedding and lm_head where the adapter's binding
    # limit splits a table (the 136 MB q8 lm_head) into two row blocks
    assert 6 * 24 + 4 <= steps["dispatches"]["decode"] <= 6 * 24 + 6

    ask(page, "Once upon a time", max_tokens=200)  # stopped mid-answer, then asked again
    page.wait_for_function("() => window.__outputLog.filter(e => e.len > 0).length >= 2",
                           timeout=GENERATE_TIMEOUT_MS, polling=100)
    page.click("#stop")
    assert finish(page) == "ready" and "ended: stopped" in page.text_content("#stats")
    ask(page, "def add(a, b):", max_tokens=4)
    assert finish(page) == "ready", page.text_content("#status")
    assert page.text_content("#output")
    assert_idle(page)

    # Loading a model while an answer streams stops the answer (its stats say so, before the load
    # clears them); the page then loads and is usable.
    ask(page, "Once upon a time", max_tokens=200)
    page.wait_for_function("() => window.__outputLog.filter(e => e.len > 0).length >= 1",
                           timeout=GENERATE_TIMEOUT_MS, polling=100)
    page.evaluate("""() => { window.__stats = []; const stats = document.getElementById("stats");
      new MutationObserver(() => window.__stats.push(stats.textContent)).observe(stats, {childList: true}); }""")
    back = pick(page, SMOLLM)
    assert any("ended: stopped" in t for t in page.evaluate("window.__stats")), page.evaluate("window.__stats")
    assert page.text_content("#stats") == ""  # cleared when the load started
    assert back["gpu_bytes"] == first_bytes, (back["gpu_bytes"], first_bytes)
    assert page.input_value("#model") == SMOLLM
    ask(page, "Hello", max_tokens=2)
    assert finish(page) == "ready", page.text_content("#status")
    assert state(page) == "ready" and page.text_content("#output")
    assert_idle(page)
