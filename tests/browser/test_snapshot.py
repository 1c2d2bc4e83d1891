"""Python's memory snapshot (web/snapshot.js): a page that finds none kept restores the one the site ships
(made at build time under Node) and keeps it in the Cache API; where the shipped one does not serve (not
served, other bytes) it makes one and keeps that; the next page restores Python from the kept one and answers
alike; a kept snapshot that does not serve (another build, corrupt bytes, one Pyodide refuses) is dropped
with a console notice and a good one is kept again; a quota too small to keep it leaves the page working.
Nothing else cached is touched."""
from __future__ import annotations

import gzip
from contextlib import contextmanager

import pytest

pytestmark = pytest.mark.browser

CACHE = "pyrite-runtime-v1"
PROMPT = "The history of the Roman Empire is"

# One engine's life in the page: how it got its Python, its greedy answer.
ENGINE_JS = """async (prompt) => {
  const { createEngine } = await import("../pyrite.js");
  const e = await createEngine({model: "smollm2-135m", baseUrl: "../"});
  const reply = await e.completions.create({prompt, max_tokens: 4});
  const stats = await e.runtimeStats();
  await e.unload();
  return {text: reply.choices[0].text, python: stats.python, runtime_s: stats.phases.runtime};
}"""
# The kept snapshot as the Cache API holds it: its headers, its size and whether its bytes match its sha256.
KEPT_JS = """async ([name, url]) => {
  const resp = await (await caches.open(name)).match(url);
  if (!resp) return null;
  const bytes = await resp.arrayBuffer();
  const digest = Array.from(new Uint8Array(await crypto.subtle.digest("SHA-256", bytes)),
                            (b) => b.toString(16).padStart(2, "0")).join("");
  const { runtime } = await import("../runtime.js");
  return {key: resp.headers.get("x-pyrite-snapshot-key"), current: runtime.snapshot, bytes: bytes.byteLength,
          intact: digest === resp.headers.get("x-pyrite-snapshot-sha256")};
}"""
# Replace the kept snapshot's bytes or key: "bytes" flips bytes in its middle (its sha256 no longer matches),
# "key" names another build, "refused" is bytes Pyodide refuses (no snapshot's magic) under a matching sha256.
SPOIL_JS = """async ([name, url, how]) => {
  const cache = await caches.open(name);
  const resp = await cache.match(url);
  const headers = Object.fromEntries(resp.headers.entries());
  let bytes = new Uint8Array(await resp.arrayBuffer());
  if (how === "bytes") bytes.fill(7, bytes.length >> 1, (bytes.length >> 1) + 4096);
  if (how === "key") headers["x-pyrite-snapshot-key"] = "0".repeat(64);
  if (how === "refused") {
    bytes = new Uint8Array(1 << 20).fill(3);
    headers["x-pyrite-snapshot-sha256"] = Array.from(new Uint8Array(await crypto.subtle.digest("SHA-256", bytes)),
                                                    (b) => b.toString(16).padStart(2, "0")).join("");
  }
  await cache.put(url, new Response(bytes, {headers}));
}"""


@contextmanager
def shipped_as(session, page, body: bytes | None):
    """The site's shipped snapshot (make/snapshot.py FILE) served as body (None: not found) to the page's
    context, in the block."""
    def serve(route):
        route.fulfill(status=404, body="") if body is None else route.fulfill(status=200, body=body)
    url = session.url("python.snapshot")
    page.context.route(url, serve)
    try:
        yield
    finally:
        page.context.unroute(url, serve)


@pytest.fixture
def idle(session, loaded):
    """A page of the site whose own engine fails at once (no such model): idle, for engines of the test's own."""
    page = session.new_page()
    page.goto(session.url("examples/api.html?model=no-such-model"))
    yield page
    page.close()


def kept(session, page) -> dict | None:
    return page.evaluate(KEPT_JS, [CACHE, session.url("pyrite-runtime/python.snapshot")])


def wait_kept(session, page) -> dict:
    """The snapshot the last start keeps (written in the background, after its load answered)."""
    page.wait_for_function("async ([name, url]) => !!(await (await caches.open(name)).match(url))",
                           arg=[CACHE, session.url("pyrite-runtime/python.snapshot")], timeout=60_000, polling=250)
    return kept(session, page)


def test_a_page_with_none_kept_restores_the_shipped_snapshot_and_keeps_it(session, idle):
    idle.evaluate(f"caches.delete('{CACHE}')")
    first = idle.evaluate(ENGINE_JS, PROMPT)
    assert first["python"] == "shipped" and first["text"].startswith(" often"), first
    snapshot = wait_kept(session, idle)
    assert snapshot["key"] == snapshot["current"] and snapshot["intact"] and snapshot["bytes"] > 1 << 20, snapshot
    second = idle.evaluate(ENGINE_JS, PROMPT)
    assert second["python"] == "snapshot" and second["text"] == first["text"], (first, second)


def shipped_notice(session, seen: int) -> list[str]:
    return [line for line in session.console[seen:] if "shipped Python snapshot" in line]


def test_a_shipped_snapshot_of_other_bytes_leaves_python_to_start_and_make_one(session, idle):
    idle.evaluate(f"caches.delete('{CACHE}')")
    seen = len(session.console)
    with shipped_as(session, idle, gzip.compress(bytes(1 << 20))):
        r = idle.evaluate(ENGINE_JS, PROMPT)
    assert r["python"] == "start" and r["text"].startswith(" often"), r
    lines = shipped_notice(session, seen)
    assert any("do not match their sha256" in line and "Python starts normally" in line for line in lines), lines
    made = wait_kept(session, idle)  # made in the page, and kept
    assert made["key"] == made["current"] and made["intact"], made


def test_the_next_page_restores_python_from_the_kept_snapshot_and_answers_alike(session, idle):
    """The snapshot a page made (the shipped one not served: a notice says so) restores on the next page."""
    idle.evaluate(f"caches.delete('{CACHE}')")
    seen = len(session.console)
    with shipped_as(session, idle, None):
        first = idle.evaluate(ENGINE_JS, PROMPT)
    assert first["python"] == "start", first
    assert any("HTTP 404" in line and "Python starts normally" in line for line in shipped_notice(session, seen))
    snapshot = wait_kept(session, idle)
    assert snapshot["key"] == snapshot["current"] and snapshot["intact"] and snapshot["bytes"] > 1 << 20, snapshot
    seen = len(session.console)
    second = idle.evaluate(ENGINE_JS, PROMPT)
    assert second["python"] == "snapshot" and second["text"] == first["text"], (first, second)
    assert second["text"].startswith(" often")
    # the heap it restored already held what the first chat turn imports (the chat template's jinja2)
    held = [line for line in session.console[seen:] if "Python restored from its snapshot" in line]
    assert held and all(m in held[0] for m in ("pyrite.web", "jinja2.sandbox", "markupsafe")), held


def test_the_same_restored_snapshot_still_draws_fresh_seeds(session, idle):
    """Every page restores the same heap: an unseeded sampled answer must not repeat across pages."""
    draw = """async (prompt) => {
      const { createEngine } = await import("../pyrite.js");
      const e = await createEngine({model: "smollm2-135m", baseUrl: "../"});
      const reply = await e.completions.create({prompt, max_tokens: 12, temperature: 1.0});
      const python = (await e.runtimeStats()).python;
      await e.unload();
      return {text: reply.choices[0].text, python};
    }"""
    wait_kept(session, idle)
    answers = [idle.evaluate(draw, PROMPT) for _ in range(2)]
    assert all(a["python"] == "snapshot" for a in answers), answers
    assert len({a["text"] for a in answers}) > 1, answers


@pytest.mark.parametrize("how,notice", [("bytes", "do not match their sha256"), ("key", "of another build"),
                                        ("refused", "Pyodide refused it")])
def test_a_kept_snapshot_that_does_not_serve_is_dropped_and_python_starts(session, idle, how, notice):
    wait_kept(session, idle)
    shards = idle.evaluate("import('../pyrite.js').then(m => m.cacheUsage())")
    idle.evaluate(SPOIL_JS, [CACHE, session.url("pyrite-runtime/python.snapshot"), how])
    seen = len(session.console)
    r = idle.evaluate(ENGINE_JS, PROMPT)
    assert r["python"] == "shipped" and r["text"].startswith(" often"), r  # the site's, in place of the kept
    lines = [line for line in session.console[seen:] if "kept Python snapshot" in line]
    assert any(notice in line and "keeps a new one" in line for line in lines), lines
    again = wait_kept(session, idle)
    assert again["key"] == again["current"] and again["intact"], again  # a good one is kept again
    assert idle.evaluate("import('../pyrite.js').then(m => m.cacheUsage())") == shards  # the weights as they were


def test_a_quota_too_small_for_the_snapshot_leaves_the_page_working(session, loaded):
    """The origin's quota cut to 1 MB (DevTools): no snapshot can be kept; the engine answers (Python restored
    from the site's), the console says so, and nothing is kept."""
    page = session.new_page()
    cdp = page.context.new_cdp_session(page)
    origin = session.url().rstrip("/")
    cdp.send("Storage.overrideQuotaForOrigin", {"origin": origin, "quotaSize": 1_000_000})
    try:
        page.goto(session.url("examples/api.html?model=no-such-model"))
        page.evaluate(f"caches.delete('{CACHE}')")
        seen = len(session.console)
        r = page.evaluate(ENGINE_JS, PROMPT)
        assert r["python"] == "shipped" and r["text"].startswith(" often"), r
        lines = []
        for _ in range(120):  # the write fails in the background, soon after Python is up
            lines = [line for line in session.console[seen:] if "Python snapshot was not kept" in line]
            if lines:
                break
            page.wait_for_timeout(250)
        assert lines and "Quota" in lines[0], session.console[seen:]
        assert kept(session, page) is None
    finally:
        cdp.send("Storage.overrideQuotaForOrigin", {"origin": origin})
        page.close()
