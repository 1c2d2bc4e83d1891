"""The page as a chat product: multi-turn through the UI (a turn prefills only its new tokens), answers as
sanitized markdown whose hostile markup never runs, copy buttons, every sampling setting, the adapter
and profile panels, themes, the Content-Security-Policy, and how it looks at 1280 and 390 px (the
screenshots are kept in the test's output folder and checked for overflow; a person looks at them)."""
from __future__ import annotations

import re

import pytest

from .test_page import assert_idle, ask, finish, state

pytestmark = pytest.mark.browser

HOSTILE = ('Look: <img src=x onerror="window.__pwned=1"> <script>window.__pwned=2</script> '
           '[link](javascript:window.__pwned=3) **bold** and `code`\n\n```\nprint("hi")\n```')


def test_two_turns_through_the_ui_prefill_only_the_new_one(page):
    page.click("#new-chat")
    ask(page, "Name a color.", max_tokens=6, chat=True)
    assert finish(page) == "ready", page.text_content("#status")
    first = page.evaluate("window.pyrite.lastStats")
    assert first["reused_tokens"] == 0
    ask(page, "And another one?", max_tokens=6, chat=True)
    assert finish(page) == "ready", page.text_content("#status")
    second = page.evaluate("window.pyrite.lastStats")
    assert second["reused_tokens"] >= first["prompt_tokens"] and second["prefilled_tokens"] < 20, second
    assert f"{second['reused_tokens']} reused" in page.text_content("#stats")
    assert page.eval_on_selector_all("#log .msg", "ms => ms.map(m => m.className)") == \
        ["msg user", "msg assistant"] * 2
    page.click("#new-chat")
    assert page.eval_on_selector_all("#log .msg", "ms => ms.length") == 0
    assert_idle(page)


def test_hostile_markup_is_shown_as_text_and_never_runs(page):
    """The renderer the page runs every answer through (web/markdown.js), on markup a model might write."""
    rendered = page.evaluate("""async (text) => {
      const { renderMarkdown } = await import("./markdown.js");
      const el = document.createElement("div");
      document.body.append(el);
      renderMarkdown(text, el);
      await new Promise((r) => setTimeout(r, 200));  // an onerror would have fired by now
      const out = {html: el.innerHTML, text: el.textContent, tags: [...el.querySelectorAll("*")].map(e => e.tagName),
                   hrefs: [...el.querySelectorAll("a")].map(a => a.getAttribute("href")), pwned: window.__pwned ?? null};
      el.remove();
      return out;
    }""", HOSTILE)
    assert rendered["pwned"] is None
    assert "IMG" not in rendered["tags"] and "SCRIPT" not in rendered["tags"]
    assert '<img src=x onerror="window.__pwned=1">' in rendered["text"]  # the model's markup, as text
    assert "<script>window.__pwned=2</script>" in rendered["text"]
    assert all(h is None or h.startswith("http") for h in rendered["hrefs"]), rendered["hrefs"]
    assert {"STRONG", "CODE", "PRE", "BUTTON"} <= set(rendered["tags"])  # markdown and the code's Copy


def test_an_answer_shows_reasoning_collapsed_and_tool_calls_as_text(page):
    """The deltas a chat streams (web/conversation.js AnswerView): reasoning_content in a closed "Reasoning"
    block above the content, tool calls as lines below it; both text, never HTML, and said at the end."""
    shown = page.evaluate("""async (hostile) => {
      const { AnswerView, bubble } = await import("./conversation.js");
      const log = document.createElement("div");
      document.body.append(log);
      const view = new AnswerView(bubble(log, "assistant"));
      for (const delta of [{reasoning_content: "The user asks about "}, {reasoning_content: hostile},
                           {content: "It is **18** degrees."},
                           {tool_calls: [{index: 0, id: "call_1", type: "function",
                                          function: {name: "get_weather", arguments: '{"city":"<b>Paris</b>"}'}}]}]) {
        view.add(delta);
      }
      await new Promise((r) => setTimeout(r, 100));
      const details = log.querySelector("details.reasoning");
      const out = {order: [...log.querySelector(".msg").children].map((e) => e.className || e.tagName),
                   open: details.open, summary: details.querySelector("summary").textContent,
                   reasoning: details.querySelector("p").textContent, bold: log.querySelectorAll("b").length,
                   content: view.body.textContent, strong: view.body.querySelectorAll("strong").length,
                   calls: [...log.querySelectorAll("ul.tool-calls li")].map((li) => li.textContent),
                   label: log.querySelector("ul.tool-calls").getAttribute("aria-label"), spoken: view.spoken(),
                   pwned: window.__pwned ?? null};
      log.remove();
      return out;
    }""", '<b onmouseover="window.__pwned=1">weather</b>')
    assert shown["order"] == ["who visually-hidden", "reasoning", "body", "tool-calls"], shown
    assert not shown["open"] and shown["summary"] == "Reasoning"
    assert shown["reasoning"] == 'The user asks about <b onmouseover="window.__pwned=1">weather</b>'
    assert shown["bold"] == 0 and shown["pwned"] is None  # the model's markup stays text
    assert shown["content"].strip() == "It is 18 degrees." and shown["strong"] == 1  # content: sanitized markdown
    assert shown["calls"] == ['Tool call: get_weather({"city":"<b>Paris</b>"})'] and shown["label"] == "Tool calls"
    assert shown["spoken"] == "It is 18 degrees. Called get_weather."


def test_copy_puts_the_answer_on_the_clipboard(session, page):
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=session.url().rstrip("/"))
    ask(page, "The history of the Roman Empire is", max_tokens=6)
    assert finish(page) == "ready", page.text_content("#status")
    answer = page.text_content("#output")
    page.click("#log .msg.assistant:last-child button.copy")
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied.strip() == answer.strip() and copied.strip()  # the answer's text (markdown adds a newline)


def test_an_answer_stopped_before_any_text_says_so_and_has_nothing_to_copy(page):
    ask(page, "Once upon a time", max_tokens=50)
    page.click("#stop")  # at once: the prompt is still being prefilled
    assert finish(page) == "ready", page.text_content("#status")
    answer = page.locator("#log .msg.assistant").last
    assert page.text_content("#output") == ""
    assert answer.locator(".meta").text_content() == "Stopped before any text."
    assert answer.locator("button.copy").count() == 0


def test_every_sampling_setting_reaches_the_draw_and_a_seed_repeats(page):
    page.evaluate("document.getElementById('settings').open = true")
    for sel, value in (("#top-p", "0.9"), ("#top-k", "40"), ("#min-p", "0.05"), ("#repetition-penalty", "1.1"),
                       ("#repetition-window", "32"), ("#seed", "7")):
        page.fill(sel, value)
    texts = []
    for _ in range(2):
        ask(page, "Once upon a time", max_tokens=8, temperature=0.8)
        assert finish(page) == "ready", page.text_content("#status")
        texts.append(page.text_content("#output"))
    assert texts[0] == texts[1] and texts[0]
    # refused by the page, from the schema's bounds, with the kind Python gives and the form's labels
    for sel, value, message in (("#top-p", "1.5", "SamplingError: Top-p must be in (0, 1]."),
                                ("#top-k", "300", "SamplingError: Top-k must be in 0 .. 256."),
                                ("#repetition-window", "65", "SamplingError: Penalty window must be in 0 .. 64."),
                                ("#max-tokens", "9999", "RequestError: Max tokens must be an integer >= 1 and at most")):
        page.fill(sel, value)
        page.click("#send")
        assert state(page) == "error" and page.text_content("#status").startswith(message), page.text_content("#status")
        page.fill(sel, {"#top-p": "0.9", "#top-k": "40", "#repetition-window": "32", "#max-tokens": "8"}[sel])
    assert page.get_attribute("#top-k", "max") == "256" and page.get_attribute("#repetition-window", "min") == "0"
    # top-k 1 reaches the draw: at a high temperature it still gives the greedy text
    page.fill("#top-k", "1")
    page.fill("#repetition-penalty", "1")
    ask(page, "The history of the Roman Empire is", max_tokens=3, temperature=1.5)
    assert finish(page) == "ready" and page.text_content("#output").startswith(" often divided"), page.text_content("#output")
    for sel, value in (("#top-p", "1"), ("#top-k", "0"), ("#min-p", "0"), ("#repetition-penalty", "1"),
                       ("#repetition-window", "64"), ("#seed", "")):
        page.fill(sel, value)


def test_the_speculative_setting_answers_the_same_and_shows_its_drafts(page):
    """The Settings checkbox turns speculative decoding on: its forwards start compiling as it is checked
    (Pyrite.prepare), so the first answer with it waits for none of them; the same answer to a copy-heavy
    message, and the stats line says what it drafted and accepted."""
    question = ("Fix the typo in this sentence and write it out again: The weather in Paris was sunny and warm "
                "for the whole wek of the festival.")
    page.click("#new-chat")
    page.evaluate("""() => { const p = window.pyrite, prepare = p.prepare.bind(p);
                             window.prepared = [];
                             p.prepare = (o) => { window.prepared.push(o); return prepare(o); }; }""")
    answers, lines = [], []
    for on in (False, True):
        page.evaluate("document.getElementById('settings').open = true")
        page.set_checked("#speculative", on)
        if on:  # sent as the box was checked; waited for here, so the answer's count says what it missed
            assert [o["speculative"] for o in page.evaluate("window.prepared")] == ["ngram"]
            page.evaluate("window.pyrite.prepare({speculative: 'ngram', wait: true})")
        ask(page, question, max_tokens=24, chat=True)
        assert finish(page) == "ready", page.text_content("#status")
        answers.append(page.text_content("#output"))
        lines.append(page.text_content("#stats"))
        page.click("#new-chat")
    stats = page.evaluate("window.pyrite.lastStats")
    assert answers[0] and answers[1] == answers[0]
    assert stats["speculative"] == "ngram" and stats["accepted_tokens"] > 0 and stats["pipelines_waited"] == 0, stats
    assert "drafted" not in lines[0] and re.search(r"drafted \d+, accepted \d+ \(\d+%\)", lines[1]), lines
    assert "waited for" not in lines[1], lines
    page.set_checked("#speculative", False)


def test_adapter_panel_lists_features_limits_and_shader_f16(page):
    page.click("#adapter-panel summary")
    info = page.evaluate("window.pyrite.model.device")
    assert page.text_content("#features") == ", ".join(info["features"])
    f16 = page.text_content("#f16")  # web/panels.js: one line if the adapter has the feature, another if not
    has_f16 = "shader-f16" in info["features"]
    assert f16.startswith("shader-f16: available" if has_f16 else "shader-f16: not available"), (has_f16, f16)
    limits = page.eval_on_selector_all("#limits tbody tr", "rs => rs.map(r => [...r.cells].map(c => c.textContent))")
    assert dict(limits) == {k: str(v) for k, v in info["limits"].items()}


def test_profile_view_shows_gpu_time_per_kernel(page):
    page.click("#profile-panel summary")
    page.fill("#prompt", "Hello there")
    page.click("#profile-run")
    page.wait_for_function("() => document.querySelectorAll('#profile-table tbody tr').length > 0", timeout=300_000)
    rows = page.eval_on_selector_all("#profile-table tbody tr", "rs => rs.map(r => [...r.cells].map(c => c.textContent))")
    assert {r[0] for r in rows} == {"prefill", "decode"}
    assert any(r[1].startswith("sdpa_") for r in rows)
    for step in ("prefill", "decode"):  # each step's GPU time, largest first, shared out by kernel
        ms = [float(r[3]) for r in rows if r[0] == step]
        shares = [float(r[4].rstrip("%")) for r in rows if r[0] == step]
        assert sum(ms) > 0 and ms == sorted(ms, reverse=True), (step, rows)
        assert abs(sum(shares) - 100) <= 0.05 * len(shares) + 1e-9, (step, rows)  # each rounded to 0.1%
        assert all(abs(s - 100 * m / sum(ms)) <= 0.05 + 100 * 0.005 * len(ms) / sum(ms)
                   for s, m in zip(shares, ms)), (step, rows)  # ms rounded to 0.01


def test_theme_switches_and_is_remembered(page):
    before = page.evaluate("document.documentElement.dataset.theme")
    page.click("#theme")
    after = page.evaluate("document.documentElement.dataset.theme")
    assert {before, after} == {"light", "dark"}
    assert page.evaluate("localStorage.getItem('pyrite-theme')") == after
    background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    page.click("#theme")
    assert page.evaluate("getComputedStyle(document.body).backgroundColor") != background


def test_the_page_is_served_under_a_strict_csp_and_breaks_none_of_it(session, page):
    csp = page.evaluate("fetch('index.html').then(r => r.headers.get('content-security-policy'))")
    directives = dict(d.strip().split(" ", 1) for d in csp.split(";"))
    assert directives["script-src"] == "'self' 'wasm-unsafe-eval'" and directives["default-src"] == "'self'"
    assert "'unsafe-inline'" not in csp and "'unsafe-eval'" not in csp and "http" not in csp
    violations = [line for line in session.console if "Content Security Policy" in line]
    assert violations == [], violations  # the page, its worker and Pyodide ran under it all along


@pytest.mark.parametrize("width,height", [(1280, 900), (390, 844)])
def test_screenshots_at_desktop_and_phone_width(session, page, width, height, tmp_path_factory):
    page.set_viewport_size({"width": width, "height": height})
    try:
        ask(page, "Write **one** short sentence about the sea.", max_tokens=12, chat=True)
        assert finish(page) == "ready", page.text_content("#status")
        page.evaluate("document.getElementById('adapter-panel').open = true")
        overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 0, f"the page is {overflow} px wider than a {width} px viewport"
        for sel in ("#prompt", "#send", "#stop", "#new-chat", "#model", "#output"):
            box = page.locator(sel).bounding_box()
            assert box and box["x"] >= 0 and box["x"] + box["width"] <= width + 0.5, (sel, box)
        path = tmp_path_factory.getbasetemp() / f"page-{width}.png"
        page.screenshot(path=str(path), full_page=True)
        assert path.stat().st_size > 10_000
        print(f"screenshot: {path}")
    finally:
        page.set_viewport_size({"width": 1280, "height": 720})


def test_the_page_shows_the_weight_cache_and_clears_it(page):
    page.wait_for_function("() => /Cached weights: [0-9.]+ MB in \\d+ shard/.test(document.getElementById('cache-info').textContent)",
                           timeout=30_000)
    page.click("#clear-cache")
    page.wait_for_function("() => document.getElementById('cache-info').textContent === 'No weights cached yet.'",
                           timeout=30_000)
    assert page.evaluate("import('./pyrite.js').then(m => m.cacheUsage())") == {"shards": 0, "bytes": 0}
