"""The page for everyone: axe-core finds no serious or critical violation in either theme at 1280 and
390 px, after the load and after an answer; and what axe cannot see: a screen reader hears each answer
once (aria-busy while it streams, the finished text in a polite live region), who spoke, one live
status line, named progress bars, a refused setting beside its field, and tables reachable by keyboard
whose numbers are never cut.

axe runs inside the session's page (node_modules/axe-core, put in with page.evaluate: the page's CSP
refuses an injected <script>, and a refusal would show up in test_page_chat's CSP check)."""
from __future__ import annotations

from pathlib import Path

import pytest

from .test_page import ask, finish, state

pytestmark = pytest.mark.browser

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
WIDTHS = ((1280, 900), (390, 844))
THEMES = ("light", "dark")
# The serious and critical violations axe finds in the page: id, help and up to five targets each.
AXE_RUN_JS = """async (preload) => {
  const result = await axe.run(document, {resultTypes: ["violations"], preload});
  return result.violations.filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({id: v.id, impact: v.impact, help: v.help, targets: v.nodes.slice(0, 5).map((n) =>
      `${n.target.join(" ")} (${(n.failureSummary || "").split("\\n").slice(1).join(" ").trim()})`)}));
}"""
# A profile as the worker reports it (web/panels.js showProfile), with kernel names as long as real ones.
PROFILE = {step: [{"kernel": f"{name}_{step}", "dispatches": n, "ms": ms, "share": share}
                  for name, n, ms, share in (("linear_q8_0_gemv_vec_norm_folded_rows", 120, 12.3456, 0.61),
                                             ("sdpa_flash_decode_split_kv", 30, 5.5, 0.27),
                                             ("rms_norm_residual_add", 61, 2.4, 0.12))]
           for step in ("prefill", "decode")}


def set_theme(page, theme: str) -> None:
    """The page's own toggle (it wins over the system's scheme), with the system's scheme emulated alike."""
    page.emulate_media(color_scheme=theme)
    if page.evaluate("document.documentElement.dataset.theme") != theme:
        page.click("#theme")
    assert page.evaluate("document.documentElement.dataset.theme") == theme


def axe_violations(page, *, preload: bool = True) -> list[dict]:
    """preload=False: axe reads no stylesheets (its CSS rules, such as css-orientation-lock, go unchecked).
    It copies a shadow root's sheets into <style> elements, which a page's strict CSP refuses and logs."""
    if not page.evaluate("typeof window.axe === 'object'"):
        page.evaluate(AXE.read_text() + "\n;undefined")
    return page.evaluate(AXE_RUN_JS, preload)


PANELS = ("settings", "adapter-panel", "profile-panel")


def open_panels(page) -> None:
    """Every panel open, the profile table filled (without a profile run), so axe sees all of it
    (`restored` closes them again and empties the table)."""
    page.evaluate("""async (profile) => {
      for (const id of ["settings", "adapter-panel", "profile-panel"]) document.getElementById(id).open = true;
      const { showProfile } = await import("./panels.js");
      showProfile(document.getElementById("profile-table"), profile);
    }""", PROFILE)


def scan(page, when: str) -> list[str]:
    """axe in both themes at both widths; one line per violation, naming where."""
    found = []
    for theme in THEMES:
        set_theme(page, theme)
        for width, height in WIDTHS:
            page.set_viewport_size({"width": width, "height": height})
            found += [f"{when}, {theme}, {width} px: {v['id']} ({v['impact']}: {v['help']}) at {v['targets']}"
                      for v in axe_violations(page)]
    return found


@pytest.fixture
def restored(page):
    """The theme, the viewport, the panels and the profile table as they were, whatever the test did
    (the tests after these click the panels' summaries open)."""
    theme = page.evaluate("document.documentElement.dataset.theme")
    panels = page.evaluate("(ids) => ids.map((id) => document.getElementById(id).open)", PANELS)
    table = page.evaluate("document.getElementById('profile-table').innerHTML")
    yield page
    page.set_viewport_size({"width": 1280, "height": 720})
    page.emulate_media(color_scheme="null")
    if page.evaluate("document.documentElement.dataset.theme") != theme:
        page.click("#theme")
    page.evaluate("""([ids, open, table]) => {
      ids.forEach((id, i) => { document.getElementById(id).open = open[i]; });
      document.getElementById("profile-table").innerHTML = table;
    }""", [PANELS, panels, table])


def test_axe_finds_nothing_serious_in_either_theme_at_either_width(restored):
    page = restored
    page.click("#new-chat")
    open_panels(page)
    found = scan(page, "after the load")
    page.set_viewport_size({"width": 1280, "height": 900})
    ask(page, "Hello", max_tokens=3)
    assert finish(page) == "ready", page.text_content("#status")
    found += scan(page, "after an answer")
    assert not found, "axe: serious or critical violations:\n" + "\n".join(found)


def test_an_answer_is_said_once_by_a_labelled_speaker(page):
    """#log is not live; the answer streams aria-busy and its final text goes once to #announce."""
    assert page.get_attribute("#log", "aria-live") is None and page.get_attribute("#log", "role") != "log"
    page.evaluate("""() => {
      window.__busy = [];  // the answer's aria-busy at each piece (a change of #output's text)
      window.__announced = [];
      let seen = "";
      new MutationObserver(() => {
        const text = document.getElementById("output")?.textContent ?? "";
        if (text && text !== seen) window.__busy.push(document.getElementById("output").parentElement.getAttribute("aria-busy"));
        seen = text;
      }).observe(document.getElementById("log"), {childList: true, characterData: true, subtree: true});
      new MutationObserver(() => window.__announced.push(document.getElementById("announce").textContent))
        .observe(document.getElementById("announce"), {childList: true, characterData: true, subtree: true});
    }""")
    ask(page, "The history of the Roman Empire is", max_tokens=4)
    assert finish(page) == "ready", page.text_content("#status")
    busy = page.evaluate("window.__busy")
    assert len(busy) >= 2 and set(busy[:-1]) == {"true"}, busy  # every piece but the last landed in a busy answer
    answer = page.locator("#log .msg.assistant").last
    assert answer.get_attribute("aria-busy") is None
    text = page.text_content("#output")
    assert page.evaluate("window.__announced") == [f"Assistant: {text.strip()}"]  # once, as rendered
    assert page.get_attribute("#announce", "aria-live") == "polite"
    assert page.evaluate("getComputedStyle(document.getElementById('announce')).clip") != "auto"  # visually hidden
    who = page.eval_on_selector_all("#log .msg .who", "ws => ws.map(w => w.textContent)")
    assert who[-2:] == ["You: ", "Assistant: "], who


def test_only_the_status_line_is_live_and_the_page_is_named(page):
    live = page.eval_on_selector_all("[aria-live], [role=status], [role=log], [role=alert]",
                                     "els => els.map(e => e.id)")
    assert sorted(live) == ["announce", "status"], live
    names = page.evaluate("""() => [...document.querySelectorAll("progress")].map((p) =>
      p.getAttribute("aria-label") || (p.getAttribute("aria-labelledby") || "").split(" ")
        .map((id) => document.getElementById(id)?.textContent).join(" ").trim())""")
    assert names and all(names), names
    levels = page.eval_on_selector_all("h1, h2, h3, h4, h5, h6",  # the page's own, not an answer's markdown
                                       "hs => hs.filter(h => !h.closest('#log')).map(h => Number(h.tagName[1]))")
    assert levels[0] == 1 and all(b - a <= 1 for a, b in zip(levels, levels[1:])), levels


def test_a_refused_setting_is_shown_beside_its_field_which_takes_the_focus(page):
    page.evaluate("document.getElementById('settings').open = true")
    page.fill("#max-tokens", "0")
    page.evaluate("document.getElementById('settings').open = false")  # the field out of sight
    page.click("#send")
    assert state(page) == "error"
    assert page.evaluate("document.getElementById('settings').open")
    assert page.evaluate("document.activeElement.id") == "max-tokens"
    assert page.get_attribute("#max-tokens", "aria-invalid") == "true"
    described = page.get_attribute("#max-tokens", "aria-describedby")
    message = page.text_content(f"#{described.split()[0]}")
    assert message.startswith("Max tokens must be an integer >= 1"), message
    near = page.evaluate(f"""() => {{
      const a = document.getElementById("max-tokens").getBoundingClientRect();
      const b = document.getElementById({described.split()[0]!r}).getBoundingClientRect();
      return Math.abs(b.top - a.bottom) < 40 && b.width > 0;
    }}""")
    assert near  # right under the field, not in the status box at the top
    page.fill("#max-tokens", "128")  # typing clears the mark
    assert page.get_attribute("#max-tokens", "aria-invalid") is None
    assert page.query_selector("#max-tokens-error") is None


# Each table's scroll box: focusable and named? does it scroll? is any number cell cut (by itself, or
# past the box's edge)?
TABLE_BOX_JS = """(table) => {
  const box = document.querySelector(table).parentElement;
  const r = box.getBoundingClientRect();
  const cut = [...box.querySelectorAll("td.num")].filter((c) => {
    const b = c.getBoundingClientRect();
    return c.scrollWidth > c.clientWidth || b.right > r.right + 0.5 || b.left < r.left - 0.5;
  }).map((c) => c.textContent);
  const label = box.getAttribute("aria-label") ||
                document.getElementById(box.getAttribute("aria-labelledby") ?? "")?.textContent;
  return {tabindex: box.tabIndex, label, numbers: box.querySelectorAll("td.num").length, cut,
          scrolls: box.scrollWidth > box.clientWidth};
}"""


def test_at_390px_the_tables_are_reachable_by_keyboard_and_no_number_is_cut(restored):
    page = restored
    page.set_viewport_size({"width": 390, "height": 844})
    open_panels(page)
    for table in ("#limits", "#profile-table"):
        box = page.evaluate(TABLE_BOX_JS, table)
        assert box["tabindex"] == 0 and box["label"], (table, box)
        assert box["numbers"] and not box["cut"], (table, box)
        assert not box["scrolls"], (table, box)  # the names wrap, so it fits (it could scroll by keyboard)
