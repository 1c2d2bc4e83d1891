"""Route tables are data: first match wins, any route can be pinned, an unknown pin is an error."""
import pytest

from pyrite.kernels import ids
from pyrite.kernels import kernel_id
from pyrite.ops import embedding, kv_cache, linear, norm, rope, sdpa
from pyrite.ops.base import RouteError, choose


def test_linear_routes_by_weight_format():
    spec = linear.LinearSpec(N=8, K=32, format="q4a", group_size=32, rows=0)
    assert choose("linear", linear.ROUTES, spec).name == "q4a"


def test_rope_interleaved_only_when_asked():
    assert choose("rope", rope.ROUTES, True).name == "interleaved"
    assert choose("rope", rope.ROUTES, False).name == "rotate_half"


def test_override_pins_a_route():
    assert choose("rope", rope.ROUTES, False, {"rope": "interleaved"}).name == "interleaved"


def test_unknown_override_names_the_family():
    with pytest.raises(RouteError, match="rope: no route named 'nope'"):
        choose("rope", rope.ROUTES, False, {"rope": "nope"})


@pytest.mark.parametrize("module", [embedding, kv_cache, linear, norm, rope, sdpa])
def test_every_route_has_a_generated_kernel_and_a_reason(module):
    have = set(ids())
    for route in module.ROUTES:
        assert kernel_id(module.FAMILY, route.variant) in have
        assert route.reason
