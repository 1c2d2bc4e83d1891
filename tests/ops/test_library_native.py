"""Every op of the general library against numpy on the native backend (wgpu-py); tolerances are
stated in library_cases.py. Pinned routes must be the ones that ran."""

import pytest

from pyrite.ops.single import run_case

from .library_cases import all_cases, check
from pyrite.sync import run_sync

pytestmark = pytest.mark.gpu
CASES = all_cases()


@pytest.mark.parametrize("c", CASES, ids=[c.id for c in CASES])
def test_library_op_matches_numpy(device, c):
    outputs, attest = run_sync(run_case(device, c.case()))
    check(c, outputs["out"])
    assert [a["op"] for a in attest] == [c.op] and attest[0]["kernel"]
    for family, route in c.overrides.items():
        assert attest[0]["family"] == family and attest[0]["route"] == route
