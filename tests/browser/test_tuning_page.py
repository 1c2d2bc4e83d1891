"""Route tuning in the page (SwiftShader here): route_tuning=on measures the eligible linear routes at load
and the attestation marks them measured; the page reopened with route_tuning=cached finds them in the
browser's Cache Storage and times nothing; the answers equal the rules' (greedy)."""
from __future__ import annotations

import pytest

from pyrite.driver import DEFAULT_MODEL, BrowserSession
from support.engine import PROMPT

pytestmark = pytest.mark.browser


@pytest.fixture
def own(session, loaded):
    """The session's page, reopened for each load here; left as the other tests expect it (the default
    model loaded with the default options)."""
    yield session
    session.open("index.html?autoload=0")
    session.load(DEFAULT_MODEL)


def answer(s: BrowserSession) -> tuple[str, dict[str, str]]:
    """The greedy text, and the decode step's choice per op (rule or measured)."""
    out = s.generate(PROMPT, max_tokens=8, chat=False)
    return out["text"], out["steps"]["choices"]["decode"]


def test_tuning_measures_then_a_second_load_times_nothing(own):
    own.open("index.html?autoload=0")
    rules = own.load(DEFAULT_MODEL)
    assert rules["tuning"]["mode"] == "off" and rules["tuning"]["measured"] == 0
    text, choices = answer(own)
    assert set(choices.values()) == {"rule"}, choices

    own.open("index.html?autoload=0")
    first = own.load(DEFAULT_MODEL, options={"route_tuning": "on"})["tuning"]
    assert first["mode"] == "on" and first["measured"] > 0 and first["notices"] == [], first
    tuned_text, choices = answer(own)
    assert tuned_text == text
    assert choices["blk.0.ffn_down"] == "measured" and choices["blk.0.attn"] == "rule", choices

    own.open("index.html?autoload=0")
    second = own.load(DEFAULT_MODEL, options={"route_tuning": "cached"})["tuning"]
    assert second["measured"] == 0 and second["reused"] == first["measured"], second
    assert second["choices"] == first["choices"]
    assert answer(own)[0] == text
