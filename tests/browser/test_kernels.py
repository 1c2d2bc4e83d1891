"""Every kernel case of tests/ops/cases.py run in the page (Pyodide + navigator.gpu), checked against
numpy with the same assertions as the native test (tests/ops/test_ops_native.py).

Cases go to the page in batches of one op family and at most BATCH_BYTES of data, so a failure in one
family does not hide the rest and no call carries a huge JSON message. The page runs every case but
the native-only attention shapes (ops/sdpa_cases.py native_only says which and why), whose kernels it runs
on the other cases.
"""
from __future__ import annotations

import base64

import pytest

from ops.cases import all_cases, check, check_routes
from ops.sdpa_cases import native_only
from pyrite.driver import BrowserError

pytestmark = pytest.mark.browser
ALL = all_cases()
CASES = [c for c in ALL if not native_only(c[0])]
BATCH_BYTES = 4 << 20


def batches(cases):
    """Cases grouped by op, each group cut where its data would pass BATCH_BYTES (a big case goes alone)."""
    out, size, op = [], 0, None
    for case_id, case in cases:
        nbytes = sum(map(len, case.inputs.values())) + sum(case.outputs.values())
        if not out or case.op != op or size + nbytes > BATCH_BYTES:
            out.append([])
            size, op = 0, case.op
        out[-1].append((case_id, case))
        size += nbytes
    return out


@pytest.fixture(scope="module")
def results(session, loaded) -> dict[str, dict | BrowserError]:
    """case id -> {outputs, attest} from the page, or the error its batch raised."""
    ordered = sorted(((case_id, case) for case_id, case, _, _ in CASES), key=lambda c: c[1].op)
    out: dict[str, dict | BrowserError] = {}
    for batch in batches(ordered):
        try:
            answers = session.run_cases([case.to_json() for _, case in batch])
        except BrowserError as e:
            answers = [e] * len(batch)
        assert len(answers) == len(batch)
        out.update((case_id, answer) for (case_id, _), answer in zip(batch, answers))
    return out


@pytest.mark.parametrize("case_id,case,ref,tol", CASES, ids=[c[0] for c in CASES])
def test_kernel_matches_numpy_in_page(results, case_id, case, ref, tol):
    answer = results[case_id]
    if isinstance(answer, BrowserError):
        raise answer
    outputs = {name: base64.b64decode(data) for name, data in answer["outputs"].items()}
    assert {name: len(data) for name, data in outputs.items()} == case.outputs
    check(case_id, outputs, ref, tol)
    check_routes(case_id, case, answer["attest"])


def test_the_page_runs_every_kernel_of_the_native_cases():
    """The cases left to the native run add no kernel: planned on the null device (SwiftShader-like limits
    and features, the page's), the page's cases use every kernel all cases use."""
    from pyrite.gpu.null import null_device
    from pyrite.ops.single import run_cases
    from pyrite.sync import run_sync

    def kernels(cases) -> set[str]:
        ran = run_sync(run_cases(null_device(), [case for _, case, _, _ in cases]))
        return {row["kernel"] for _, attest in ran for row in attest}
    left = [c for c in ALL if native_only(c[0])]
    assert 0 < len(left) < len(ALL) // 2
    assert kernels(left) <= kernels(CASES)
