"""Every kernel variant against numpy on the native backend (wgpu-py)."""

import pytest

from pyrite.ops.single import run_case

from .cases import all_cases, check, check_routes
from pyrite.sync import run_sync

pytestmark = pytest.mark.gpu
CASES = all_cases()


@pytest.mark.parametrize("case_id,case,ref,tol", CASES, ids=[c[0] for c in CASES])
def test_kernel_matches_numpy(device, case_id, case, ref, tol):
    outputs, attest = run_sync(run_case(device, case))
    check(case_id, outputs, ref, tol)
    check_routes(case_id, case, attest)
