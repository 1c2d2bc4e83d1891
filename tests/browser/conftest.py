"""One headless Chromium and one page with the default model loaded, shared by the whole suite.

The page is served from the tests' own site, linked to dist/ (the root conftest's `site`). Nothing
is skipped: without Chromium or a built dist/ the fixtures raise with a message saying
what to install or run (`python build.py test` does both).
"""
from __future__ import annotations

import os

import pytest

from pyrite.driver import DEFAULT_MODEL, BrowserSession, find_chromium

os.environ.setdefault("XDG_RUNTIME_DIR", "/tmp")  # Chromium aborts without it

# Records what the loading UI showed (progress label, bar value, status), installed before the load.
RECORD_PROGRESS_JS = """() => {
  window.__progressLog = [];
  const label = document.getElementById("progress-label");
  const bar = document.getElementById("progress");
  const status = document.getElementById("status");
  const note = () => window.__progressLog.push({label: label.textContent, value: bar.value,
                                                 hidden: document.getElementById("progress-box").hidden,
                                                 state: status.dataset.state});
  new MutationObserver(note).observe(label, {childList: true, characterData: true, subtree: true});
}"""


@pytest.fixture(scope="session")
def session(site):
    """The tests' own site (tests/support/site.py: dist/ linked, test models beside) in one Chromium."""
    find_chromium()  # a missing browser fails here, naming the package to install
    with BrowserSession(site) as s:
        yield s


@pytest.fixture(scope="session")
def loaded(session) -> dict:
    """The default model, loaded through the page's own UI path; its load info, plus "progress_log":
    what the loading UI showed during this first load (later loads of other models are not in it)."""
    session.page.evaluate(RECORD_PROGRESS_JS)
    info = session.load(DEFAULT_MODEL)
    return {**info, "progress_log": session.page.evaluate("window.__progressLog.slice()")}


@pytest.fixture
def page(session, loaded):
    """The session's page, ready (state back to ready is each test's own job to check)."""
    return session.page
