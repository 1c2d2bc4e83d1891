"""python -m pyrite ... --backend browser: the same commands, run in headless Chromium."""
import json

import pytest

from pyrite.gpu.base import OPTIONAL_FEATURES
from support.cli import run_pyrite
from support.engine import PROMPT, golden_words

from .test_info import ADAPTER_JS

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def pyrite(*args):
    return json.loads(run_pyrite(*args, timeout=900).stdout)


def test_info_reports_the_page_adapter(session, loaded):
    """The CLI's page reports what the suite's page does, and the features are the adapter's own (as
    navigator.gpu gives them to the page, whatever adapter Chromium has)."""
    d = pyrite("info", "--backend", "browser")
    assert d["backend"] == "browser" and d == session.info()
    adapter = session.page.evaluate(ADAPTER_JS)
    for feature in OPTIONAL_FEATURES:
        assert (feature in d["features"]) == (feature in adapter["features"]), (feature, d["features"])


def test_generate_greedy_matches_the_native_golden():
    d = pyrite("generate", "--backend", "browser", "--prompt", PROMPT, "--max-tokens", "4", "--json")
    assert d["text"] == golden_words(4) and d["stats"]["generated_tokens"] == 4
