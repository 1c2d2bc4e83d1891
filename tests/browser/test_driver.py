"""The host driver's failures that need no browser: they must name what to install or run."""
from __future__ import annotations

import pytest

from pyrite.driver import BrowserError, BrowserSession, find_chromium


def test_missing_chromium_names_the_package(tmp_path):
    with pytest.raises(BrowserError) as e:
        find_chromium(str(tmp_path / "no-such-chromium"))
    assert e.value.kind == "ChromiumMissing" and "apt-get install chromium" in str(e.value)


def test_unbuilt_dist_says_to_build(tmp_path):
    with pytest.raises(BrowserError) as e:
        with BrowserSession(tmp_path):
            pass
    assert e.value.kind == "DistMissing" and "build.py build" in str(e.value)


def test_call_before_start_is_a_clear_error(tmp_path):
    with pytest.raises(BrowserError) as e:
        BrowserSession(tmp_path).info()
    assert e.value.kind == "NotStarted"
