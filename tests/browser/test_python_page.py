"""examples/python.html: pyrite from Python in a plain Pyodide page (no pyrite worker). micropip installs
the site's wheel, the Python shown on the page loads the served model and streams a greedy answer,
which is the worker page's answer to the same request, token for token; then one eager op (softmax on a
memoryview: the page's Pyodide has no numpy) on the engine's device, equal to numpy's, its kernel attested."""
from __future__ import annotations

import numpy as np
import pytest

pytestmark = pytest.mark.browser

RUN_MS = 600_000  # Pyodide, micropip, SmolLM2 fetched and uploaded, 24 tokens decoded in Python on SwiftShader


def test_the_python_example_streams_the_answer_the_worker_gives(session, loaded):
    page = session.new_page()
    try:
        page.goto(session.url("examples/python.html"))
        page.wait_for_function("() => document.getElementById('status').dataset.state !== 'loading'",
                               timeout=RUN_MS, polling=500)
        assert page.get_attribute("#status", "data-state") == "ready", page.text_content("#status")
        assert page.workers == []  # Pyodide runs in the page itself
        code = page.text_content("#code")
        assert "Engine.load(MODEL_URL" in code and "engine.generate(" in code
        answer, stats = page.text_content("#answer"), page.evaluate("window.pythonStats")
        assert answer and stats["generated_tokens"] >= 1
        assert "eager.run_async(\"softmax\"" in code
        ran = page.evaluate("window.pythonEager")
    finally:
        page.close()
    want = session.generate("What is the capital of France?", max_tokens=24, chat=True)
    assert answer == want["text"], (answer, want["text"])
    x = np.array([1.0, 2.0, 3.0, 4.0])
    np.testing.assert_allclose(ran["values"], np.exp(x) / np.exp(x).sum(), rtol=1e-6)
    assert ran["kernel"].startswith("softmax_softmax_")
