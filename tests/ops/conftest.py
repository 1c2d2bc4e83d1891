import copy

import pytest


@pytest.fixture
def untouched(device):
    """A copy of the session device that fails the test if anything is allocated on it."""
    d = copy.copy(device)

    def allocate(*args):
        pytest.fail(f"allocated a buffer {args} before the error")

    d._create_buffer = allocate
    return d
