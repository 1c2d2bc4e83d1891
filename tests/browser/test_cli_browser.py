"""python -m pyrite ... --backend browser: the same commands, run in headless Chromium."""
import json
import os
import subprocess
import sys

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def pyrite(*args):
    env = {**os.environ, "XDG_RUNTIME_DIR": "/tmp"}
    r = subprocess.run([sys.executable, "-m", "pyrite", *args], capture_output=True, text=True, env=env, timeout=900)
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


def test_info_reports_the_page_adapter():
    d = pyrite("info", "--backend", "browser")
    assert d["backend"] == "browser" and "shader-f16" not in d["features"]


def test_generate_greedy_matches_the_native_golden():
    d = pyrite("generate", "--backend", "browser", "--prompt", "The history of the Roman Empire is",
               "--max-tokens", "4", "--json")
    assert d["text"] == " often divided into four" and d["stats"]["generated_tokens"] == 4
