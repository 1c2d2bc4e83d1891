"""The page by keyboard alone (page.keyboard), as a new user tries it: Enter sends and the box clears,
Shift+Enter starts a new line, Esc stops an answer, the focus never falls to <body> when Send, Stop or
Load disables itself, Tab reaches a setting and changes it, and a model loads only by its Load button:
arrows on the closed model list load nothing (and the list says what Load would download and clear).

Reloads SmolLM2 (the Load button on the model loaded now) and never touches Qwen's weights."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from pyrite.driver import DIST
from .test_page import GENERATE_TIMEOUT_MS, finish, state, stats_tokens

pytestmark = pytest.mark.browser

LOAD_TIMEOUT_MS = 600_000
SMOLLM, QWEN = "smollm2-135m", "qwen2.5-coder-0.5b"
# What has the focus: an element's id, or "summary of #<details id>".
ACTIVE_JS = """() => { const e = document.activeElement;
  return e?.id || (e?.tagName === "SUMMARY" ? `summary of #${e.parentElement.id}` : e?.tagName); }"""
MESSAGES_JS = "document.querySelectorAll('#log .msg').length"


def active(page) -> str:
    return page.evaluate(ACTIVE_JS)


def tab_to(page, target: str, limit: int = 40) -> None:
    """Tab (only) until target has the focus."""
    seen = []
    for _ in range(limit):
        page.keyboard.press("Tab")
        seen.append(active(page))
        if seen[-1] == target:
            return
    raise AssertionError(f"Tab never reached {target}: {seen}")


def type_message(page, text: str) -> None:
    """The message box emptied and text typed into it, key by key (Shift+Enter for each new line)."""
    page.focus("#prompt")
    page.keyboard.press("Control+A")
    page.keyboard.press("Delete")
    for i, line in enumerate(text.split("\n")):
        if i:
            page.keyboard.press("Shift+Enter")
        page.keyboard.type(line)


def user_messages(page) -> list[str]:
    """What each "You" message says (its visually hidden speaker label left out)."""
    return page.eval_on_selector_all("#log .msg.user", "ms => ms.map(m => m.lastChild.textContent)")


def quick_settings(page, max_tokens: int) -> None:
    page.evaluate("document.getElementById('settings').open = true")
    page.fill("#max-tokens", str(max_tokens))
    page.fill("#temperature", "0")
    page.set_checked("#chat", False)  # a plain completion: no chat template to prefill


def test_tab_reaches_a_setting_and_changes_it(page):
    page.evaluate("document.getElementById('settings').open = false")
    page.focus("#prompt")
    tab_to(page, "summary of #settings")
    page.keyboard.press("Enter")
    assert page.evaluate("document.getElementById('settings').open")
    tab_to(page, "max-tokens", limit=1)
    page.keyboard.press("Control+A")
    page.keyboard.type("3")
    assert page.input_value("#max-tokens") == "3"
    page.fill("#max-tokens", "128")


def test_enter_sends_and_the_box_clears(page):
    quick_settings(page, 3)
    before = page.evaluate(MESSAGES_JS)
    type_message(page, "The history of the Roman Empire is")
    page.keyboard.press("Enter")
    assert page.input_value("#prompt") == ""  # sent: the box is free at once
    assert user_messages(page)[-1] == "The history of the Roman Empire is"
    assert finish(page) == "ready", page.text_content("#status")
    assert page.evaluate(MESSAGES_JS) == before + 2 and page.text_content("#output")
    assert stats_tokens(page) <= 3
    assert active(page) == "prompt" and page.input_value("#prompt") == ""


def test_shift_enter_starts_a_new_line_without_sending(page):
    quick_settings(page, 2)
    before = page.evaluate(MESSAGES_JS)
    type_message(page, "one\ntwo")
    assert page.input_value("#prompt") == "one\ntwo"
    page.wait_for_timeout(300)
    assert state(page) == "ready" and page.evaluate(MESSAGES_JS) == before  # nothing sent
    page.keyboard.press("Enter")
    assert page.input_value("#prompt") == "" and user_messages(page)[-1] == "one\ntwo"
    assert finish(page) == "ready", page.text_content("#status")


def test_esc_stops_an_answer_and_the_focus_follows_send_and_stop(page):
    """Send by keyboard hands the focus to Stop (Send disables itself); Esc stops the answer; the focus
    then goes to the message box (Stop disables itself), never to <body>."""
    quick_settings(page, 200)
    try:
        type_message(page, "Once upon a time")
        tab_to(page, "send")
        page.keyboard.press("Enter")
        assert state(page) == "generating" and active(page) == "stop"
        page.wait_for_function("() => (document.getElementById('output')?.textContent.length ?? 0) > 0",
                               timeout=GENERATE_TIMEOUT_MS, polling=100)
        page.keyboard.press("Escape")
        assert finish(page) == "ready", page.text_content("#status")
        assert "Stopped" in page.text_content("#status") and "ended: stopped" in page.text_content("#stats")
        assert stats_tokens(page) < 200
        assert active(page) == "prompt"
    finally:
        page.fill("#max-tokens", "128")


def test_arrows_on_the_model_list_load_nothing_and_load_does(page):
    built = {m["id"]: m for m in json.loads((Path(DIST) / "build.json").read_text())["models"]}
    if page.evaluate(MESSAGES_JS) == 0:  # a conversation that an unasked load would wipe
        quick_settings(page, 1)
        type_message(page, "Hello")
        page.keyboard.press("Enter")
        assert finish(page) == "ready", page.text_content("#status")
    messages = page.evaluate(MESSAGES_JS)
    requests = []
    def note(request):
        requests.append(request.url)
    page.on("request", note)
    try:
        assert page.input_value("#model") == SMOLLM
        assert "model-warning" in page.get_attribute("#model", "aria-describedby")
        page.focus("#model")
        page.keyboard.press("ArrowUp")  # the model above in the closed list: Qwen
        assert page.input_value("#model") == QWEN
        page.wait_for_timeout(1000)
        assert state(page) == "ready" and page.evaluate("window.pyrite.model.model") == SMOLLM
        assert page.evaluate(MESSAGES_JS) == messages  # the chat is still there
        warning = page.text_content("#model-warning")
        assert f"{built[QWEN]['bytes'] / 1e6:.0f} MB" in warning and "clears the chat" in warning, warning
        page.keyboard.press("ArrowDown")
        assert page.input_value("#model") == SMOLLM
        assert page.text_content("#model-warning").startswith("Loaded")
        assert state(page) == "ready" and page.evaluate(MESSAGES_JS) == messages
        assert not [u for u in requests if "models/" in u], requests  # no model file was fetched

        # Load (Tab from the list, Enter): SmolLM2 again. The chat, the model line and the stats go at
        # once; the status line says each phase once; the focus goes to the message box.
        page.evaluate("""() => {
          window.__statusLog = [];
          const status = document.getElementById("status");
          new MutationObserver(() => window.__statusLog.push({
            state: status.dataset.state, text: status.textContent, messages: document.querySelectorAll("#log .msg").length,
            info: document.getElementById("model-info").textContent, stats: document.getElementById("stats").textContent,
          })).observe(status, {childList: true, characterData: true, subtree: true, attributes: true});
        }""")
        tab_to(page, "load-model", limit=1)
        page.keyboard.press("Enter")
        page.wait_for_function(f"() => window.pyrite?.model?.model === {json.dumps(SMOLLM)} && "
                               "document.getElementById('status').dataset.state === 'ready'",
                               timeout=LOAD_TIMEOUT_MS, polling=500)
        log = page.evaluate("window.__statusLog")
        first = next(e for e in log if e["state"] == "loading")
        assert first["messages"] == 0 and first["info"] == "" and first["stats"] == "", first
        said = [e["text"] for e in log if e["state"] == "loading"]
        said = [t for i, t in enumerate(said) if i == 0 or t != said[i - 1]]  # (the state attribute's own records)
        assert len(said) == len(set(said)) and len(said) <= 8, said  # once per phase, not per tick
        assert active(page) == "prompt"
        assert SMOLLM in page.text_content("#model-info")
        assert not [u for u in requests if QWEN in u], requests
    finally:
        page.remove_listener("request", note)
