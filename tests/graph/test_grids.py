import pytest

from pyrite.errors import LimitError
from pyrite.graph.grids import ceil_div, grid_1d, grid_rows


@pytest.mark.parametrize("a,b,want", [(0, 64, 0), (1, 64, 1), (64, 64, 1), (65, 64, 2), (113, 7, 17)])
def test_ceil_div(a, b, want):
    assert ceil_div(a, b) == want


def test_grid_1d_small_and_empty():
    assert grid_1d(113, 64) == (2, 1, 1)
    assert grid_1d(0, 64) == (1, 1, 1)  # an empty dispatch still launches one guarded workgroup


def test_grid_1d_folds_into_y_past_the_limit():
    x, y, z = grid_1d(70000 * 64, 64)
    assert y == 2 and x * y >= 70000 and x <= 65535 and z == 1


def test_grid_1d_raises_past_the_square():
    with pytest.raises(LimitError, match="maxComputeWorkgroupsPerDimension"):
        grid_1d(10 * 10 * 4 + 1, 4, max_dim=10)


def test_grid_rows_blocks_rows():
    assert grid_rows(131, 64, 9, rows_per_group=4) == (3, 3, 1)
    with pytest.raises(LimitError, match="rows"):
        grid_rows(1, 64, 11, max_dim=10)
