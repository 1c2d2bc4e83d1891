"""The page end to end, through its UI: progress while loading, an answer streaming into #output (the
answer being written, in the conversation #log), Stop, errors that leave the page usable, model output's
own markup shown as text, and no WebGPU at all.

SwiftShader decodes slowly on a 2-core machine (about a token per second or two), so answers are
short and most prompts skip the chat template (its system prompt alone is ~30 tokens to prefill).
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from pyrite.driver import DIST, BrowserError

pytestmark = pytest.mark.browser

GENERATE_TIMEOUT_MS = 300_000  # one short answer on SwiftShader, with room for a loaded machine

# Logs every change of the answer being written (#output, made by Send inside #log): time, text length.
OBSERVE_OUTPUT_JS = """() => {
  const log = document.getElementById("log");
  const t0 = performance.now();
  window.__outputObserver?.disconnect();
  window.__outputLog = [];
  let last = -1;
  window.__outputObserver = new MutationObserver(() => {
    const len = document.getElementById("output")?.textContent.length ?? 0;
    if (len !== last) window.__outputLog.push({t: performance.now() - t0, len});
    last = len;
  });
  window.__outputObserver.observe(log, {childList: true, characterData: true, subtree: true});
}"""
# The tags the markdown renderer may make (web/markdown.js); anything else in an answer came from its text.
MARKDOWN_TAGS = {"P", "BR", "HR", "EM", "STRONG", "DEL", "CODE", "PRE", "BLOCKQUOTE", "UL", "OL", "LI", "A", "H1",
                 "H2", "H3", "H4", "H5", "H6", "TABLE", "THEAD", "TBODY", "TR", "TH", "TD", "BUTTON"}

STATE_JS = "() => document.getElementById('status').dataset.state"


def state(page) -> str:
    return page.evaluate(STATE_JS)


def ask(page, prompt: str, *, max_tokens: int, chat: bool = False, temperature: float = 0.0) -> None:
    """Fill the form and press Send (leaves the answer running)."""
    page.evaluate("document.getElementById('settings').open = true")
    page.fill("#prompt", prompt)
    page.fill("#max-tokens", str(max_tokens))
    page.fill("#temperature", str(temperature))
    page.set_checked("#chat", chat)
    page.evaluate(OBSERVE_OUTPUT_JS)
    page.click("#send")


def finish(page, timeout_ms: int = GENERATE_TIMEOUT_MS) -> str:
    """Wait until the page leaves the generating state; returns the new state."""
    page.wait_for_function(f"() => ({STATE_JS})() !== 'generating'", timeout=timeout_ms, polling=250)
    return state(page)


def output_log(page) -> list[dict]:
    """#output's changes since ask(), with text (the reset to empty left out)."""
    return [e for e in page.evaluate("window.__outputLog") if e["len"] > 0]


def stats_tokens(page) -> int:
    m = re.search(r"· (\d+) tokens ·", page.text_content("#stats"))
    assert m, page.text_content("#stats")
    return int(m[1])


def assert_idle(page) -> None:
    """Ready for the next prompt: Send on, Stop off."""
    assert page.is_enabled("#send")
    assert page.is_disabled("#stop")


def assert_plain_text(page) -> None:
    """The answer holds only what the markdown renderer makes: no tag or attribute from the model's text."""
    tags = page.evaluate("[...document.getElementById('output').querySelectorAll('*')].map(e => e.tagName)")
    assert set(tags) <= MARKDOWN_TAGS, tags
    handlers = page.evaluate("[...document.querySelectorAll('#log *')].flatMap(e => [...e.attributes])"
                             ".map(a => a.name).filter(n => n.startsWith('on'))")
    assert handlers == [], handlers


def test_load_showed_progress(page, loaded):
    """The load (done by the fixture through the UI) walked the phases with MB and a forward-only bar."""
    log = loaded["progress_log"]
    labels = [e["label"] for e in log]
    assert any(label.startswith("Starting Python (Pyodide)") for label in labels), labels
    assert any(label.startswith("Uploading tensors to the GPU") for label in labels), labels
    assert any(label.startswith("Building the plan") for label in labels), labels
    compiled = [re.fullmatch(r"Compiling pipelines (\d+)/(\d+)", label) for label in labels]
    compiled = [(int(m[1]), int(m[2])) for m in compiled if m]
    assert compiled and all(d <= t for d, t in compiled) and compiled[-1][0] == compiled[-1][1], labels
    plan_at = next(i for i, label in enumerate(labels) if label.startswith("Building the plan"))
    assert all(i > plan_at for i, label in enumerate(labels) if label.startswith("Compiling"))  # plan first
    index = json.loads((Path(DIST) / "models" / "smollm2-135m" / "model.json").read_text())
    total_mb = f"{sum(s['bytes'] for s in index['shards']) / 1e6:.1f}"
    weights = [re.fullmatch(r"Downloading weights ([\d.]+) / ([\d.]+) MB", label) for label in labels]
    weights = [m for m in weights if m]
    assert weights and all(m[2] == total_mb for m in weights), labels
    assert weights[-1][1] == total_mb
    values = [e["value"] for e in log]
    assert values == sorted(values) and values[-1] == 1.0
    assert all(e["state"] == "loading" and not e["hidden"] for e in log)
    assert page.evaluate("document.getElementById('progress-box').hidden")


def test_answer_streams_token_by_token(page):
    ask(page, "Write a story about a dragon.", max_tokens=20, chat=True)
    assert state(page) == "generating"
    assert page.is_disabled("#send") and page.is_enabled("#stop")
    assert finish(page) == "ready", page.text_content("#status")
    log = output_log(page)
    lengths = [e["len"] for e in log]
    # Seen growing piece by piece over time, not set once at the end.
    assert len(lengths) >= 16 and lengths == sorted(set(lengths)), lengths
    # ... and over the decode's own time: the first piece to the last spans most of what the engine
    # measured from its first token to its last (a page that held the pieces back would show them at once)
    s = page.evaluate("window.pyrite.lastStats")
    decode_ms = 1000 * (s["generated_tokens"] - 1) / s["decode_tok_s"]
    assert log[-1]["t"] - log[0]["t"] >= 0.5 * decode_ms, (decode_ms, log)
    assert len(page.text_content("#output")) == lengths[-1]
    stats = page.text_content("#stats")
    m = re.search(r"(\d+\.\d) tok/s decode", stats)
    assert m and float(m[1]) > 0, stats
    assert stats_tokens(page) >= 16
    assert_plain_text(page)
    assert_idle(page)


def test_stop_ends_the_answer_and_the_next_prompt_works(page):
    ask(page, "Once upon a time", max_tokens=200)
    page.wait_for_function("() => window.__outputLog.filter(e => e.len > 0).length >= 3",
                           timeout=GENERATE_TIMEOUT_MS, polling=100)
    # Click Stop and count what had streamed at that very moment, in one go inside the page; note when
    # the status says it stopped (the decode batch running on the GPU is not waited for).
    seen = page.evaluate("""() => {
      const status = document.getElementById("status");
      window.__stoppedAt = null;
      new MutationObserver((_, observer) => {
        if (status.textContent.includes("Stopped")) {
          window.__stoppedAt = performance.now();
          observer.disconnect();
        }
      }).observe(status, {childList: true, characterData: true, subtree: true});
      window.__stopAt = performance.now();
      document.getElementById("stop").click();
      return window.__outputLog.filter(e => e.len > 0).length;
    }""")
    assert finish(page) == "ready", page.text_content("#status")
    assert "Stopped" in page.text_content("#status")
    took_ms = page.evaluate("window.__stoppedAt - window.__stopAt")
    assert 0 <= took_ms < 250, took_ms
    assert "ended: stopped" in page.text_content("#stats")
    assert_idle(page)
    # The token in flight when Stop was clicked may still land; nothing after it.
    generated = stats_tokens(page)
    assert seen <= generated <= seen + 2, (seen, generated)
    log = output_log(page)
    assert len(log) == generated
    interval = (log[-1]["t"] - log[0]["t"]) / max(len(log) - 1, 1)
    page.wait_for_timeout(min(2 * interval + 500, 15_000))  # two token times: still nothing new
    assert len(output_log(page)) == generated

    # The next prompt works, and its markup stays text: the model continues the HTML it is shown.
    ask(page, "<b>x</b> <b>y</b> <b>", max_tokens=8)
    assert finish(page) == "ready", page.text_content("#status")
    text = page.text_content("#output")
    assert "</b>" in text and "<b>" in text, text  # greedy here: "z</b> <b>w"
    assert_plain_text(page)
    assert "&lt;b&gt;" in page.inner_html("#output")
    assert_idle(page)


def test_empty_prompt_is_an_error_and_the_page_stays_usable(page):
    ask(page, "", max_tokens=4)
    assert finish(page) == "error"
    assert re.search(r"PromptError: .*empty", page.text_content("#status")), page.text_content("#status")
    assert page.text_content("#output") == ""
    assert_idle(page)
    ask(page, "Hello", max_tokens=2)
    assert finish(page) == "ready", page.text_content("#status")
    assert page.text_content("#output")
    assert_idle(page)


def test_bad_option_is_reported_without_generating(page):
    page.evaluate("document.getElementById('settings').open = true")
    page.fill("#max-tokens", "0")
    page.click("#send")
    assert state(page) == "error"
    assert page.text_content("#status").startswith("RequestError: Max tokens must be an integer >= 1")
    assert_idle(page)
    page.fill("#max-tokens", "128")


def test_page_without_webgpu_says_so(session):
    """navigator.gpu hidden before any script runs: a clear message, not a blank page, no worker."""
    page = session.new_page()
    try:
        page.add_init_script("Object.defineProperty(Navigator.prototype, 'gpu', "
                             "{get: () => undefined, configurable: true})")
        page.goto(session.url("index.html"))
        page.wait_for_function("() => window.pyriteApp !== undefined")
        assert page.evaluate(STATE_JS) == "error"
        assert "This browser has no WebGPU" in page.text_content("#status")
        assert page.is_disabled("#send") and page.is_disabled("#stop")
        assert page.workers == []
    finally:
        page.close()


def test_page_without_a_webgpu_adapter_says_so(session):
    """Chromium 156 without --enable-unsafe-webgpu (Linux, headless): navigator.gpu is there but
    requestAdapter() resolves to null. The page says so before starting Python."""
    browser = session.launch(webgpu=False)
    try:
        page = session.new_page(browser)
        page.goto(session.url("index.html"))
        page.wait_for_function(f"() => ({STATE_JS})() === 'error'", timeout=30_000)
        assert "no GPU adapter" in page.text_content("#status")
        assert page.is_disabled("#send")
        assert page.workers == []
    finally:
        browser.close()


def test_a_device_lost_mid_answer_says_so_and_reload_brings_the_model_back(page):
    """GPUDevice.destroy in the middle of a decode batch (pyrite.js loseDevice, the test hook): the answer
    ends with a message naming the loss, Reload appears, and the model loads again on a new device."""
    ask(page, "Once upon a time", max_tokens=200)
    page.wait_for_function("() => window.__outputLog.filter(e => e.len > 0).length >= 3",
                           timeout=GENERATE_TIMEOUT_MS, polling=100)
    assert page.is_hidden("#reload")
    page.evaluate("() => window.pyriteApp.instance().loseDevice()")
    assert finish(page) == "error"
    status = page.text_content("#status")
    assert "GPU device was lost" in status and "DeviceLostError" not in status and "Reload" in status, status
    assert page.is_visible("#reload") and page.is_disabled("#send")
    page.click("#reload")
    page.wait_for_function(f"() => ({STATE_JS})() === 'ready'", timeout=GENERATE_TIMEOUT_MS, polling=250)
    assert page.is_hidden("#reload")
    ask(page, "The history of the Roman Empire is", max_tokens=6)
    assert finish(page) == "ready", page.text_content("#status")
    assert page.text_content("#output").startswith(" often divided")
    assert_idle(page)


def test_a_model_too_large_for_the_adapter_names_the_tensor_and_the_limit(session, page):
    """Weight buffers capped at 2 KiB (as an adapter that small would bind): not even 64 rows of the
    embedding fit, so the load fails naming the tensor and the limit; the page then loads a model again."""
    with pytest.raises(BrowserError) as err:
        session.call("load", model="models/smollm2-135m", block_bytes=2048)
    e = err.value
    assert e.kind == "LimitError" and "token_embd.weight" in e.message and "maxStorageBufferBindingSize (2048)" in e.message
    info = session.load("models/smollm2-135m")
    assert info["model"] == "smollm2-135m"
    ask(page, "Hello", max_tokens=2)
    assert finish(page) == "ready", page.text_content("#status")
