"""The general op library in the page (Pyodide + navigator.gpu, SwiftShader): every case of
tests/ops/library_cases.py, checked against numpy with the same assertions and tolerances as the
native run (tests/ops/test_library_native.py).

Cases go to the page in one batch per op family, so a failure in one family does not hide the rest.
"""
from __future__ import annotations

import base64

import pytest

from ops.library_cases import all_cases, check
from pyrite.driver import BrowserError
from pyrite.graph.registry import lookup

pytestmark = pytest.mark.browser
CASES = all_cases()


@pytest.fixture(scope="module")
def results(session) -> dict[str, dict | BrowserError]:
    """case id -> {outputs, attest} from the page, or the error its batch raised."""
    families: dict[str, list] = {}
    for c in CASES:
        families.setdefault(lookup(c.op).family, []).append(c)
    out: dict[str, dict | BrowserError] = {}
    for batch in families.values():
        try:
            answers = session.run_cases([c.case().to_json() for c in batch])
        except BrowserError as e:
            answers = [e] * len(batch)
        assert len(answers) == len(batch)
        out.update((c.id, answer) for c, answer in zip(batch, answers))
    return out


@pytest.mark.parametrize("c", CASES, ids=[c.id for c in CASES])
def test_library_op_matches_numpy_in_page(results, c):
    answer = results[c.id]
    if isinstance(answer, BrowserError):
        raise answer
    check(c, base64.b64decode(answer["outputs"]["out"]))
    attest = answer["attest"]
    assert [a["op"] for a in attest] == [c.op] and attest[0]["kernel"]
    for family, route in c.overrides.items():
        assert attest[0]["family"] == family and attest[0]["route"] == route
