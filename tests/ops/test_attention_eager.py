"""eager sdpa / attention / softmax(dim): numpy in, numpy out, the route attested, typed errors
before any GPU work (the untouched device fails a test that allocates before its error)."""
import copy
import dataclasses

import numpy as np
import pytest

from pyrite import eager
from pyrite.errors import DTypeError, PyriteError, ShapeError
from pyrite.graph.options import OptionError
from pyrite.graph.routes import RouteError
from pyrite.ops import sdpa

from .sdpa_cases import TOL, attention_ref, sdpa_ref

pytestmark = pytest.mark.gpu
F32 = np.float32


def rand(rng, *shape):
    return rng.standard_normal(shape).astype(F32)


def close(got, want):
    np.testing.assert_allclose(got, want, rtol=TOL, atol=TOL * max(1.0, float(np.abs(want).max())))


@pytest.mark.parametrize("route", ["stream_q16", "stream_q32", "flash_decode", "one_split", "materialized"])
def test_sdpa_every_route_pinned(device, route):
    rng = np.random.default_rng(3)
    q, k, v = rand(rng, 6, 9, 64), rand(rng, 6 + 11, 3, 64), rand(rng, 17, 3, 64)
    out, rows = eager.run("sdpa", q, k, v, start_pos=11, overrides={"sdpa": route}, attest=True, device=device)
    k16, v16 = k.astype(np.float16), v.astype(np.float16)  # the cache stores fp16 at the boundary
    close(out, sdpa_ref(q, k16, v16, 11))
    assert [r["route"] for r in rows if r["family"] == "sdpa"] == [route]


def test_sdpa_routes_follow_the_shape_and_the_option(device):
    rng = np.random.default_rng(4)
    k, v = rand(rng, 40, 2, 32), rand(rng, 40, 2, 32)

    def route(q, **kw):
        _, rows = eager.run("sdpa", q, k, v, start_pos=40 - q.shape[0], attest=True, device=device, **kw)
        return next(r["route"] for r in rows if r["family"] == "sdpa")

    assert route(rand(rng, 17, 4, 32)) == "stream_q16"
    assert route(rand(rng, 17, 4, 32), options={"sdpa_query_tile": 32}) == "stream_q32"
    assert route(rand(rng, 7, 4, 32)) == "flash_decode"  # a multi-token forward: each row as its decode step
    assert route(rand(rng, 1, 4, 32)) == "flash_decode"


def test_a_failed_guard_falls_back_to_materialized(device):
    """Lowered limits: the streaming and flash routes' workgroup memory no longer fits."""
    small = copy.copy(device)
    fits = min(sdpa.stream_workgroup_bytes("stream_q16", 64), sdpa.flash_workgroup_bytes(64, sdpa.CPU_SPLIT),
               sdpa.flash_workgroup_bytes(64, sdpa.GPU_SPLIT))
    small.limits = dataclasses.replace(device.limits, max_compute_workgroup_storage_size=fits - 4)
    rng = np.random.default_rng(5)
    q, k, v = rand(rng, 5, 4, 64), rand(rng, 5, 2, 64), rand(rng, 5, 2, 64)
    for S in (5, 1):
        out, rows = eager.run("sdpa", q[:S], k[:S], v[:S], attest=True, device=small)
        assert next(r for r in rows if r["family"] == "sdpa")["route"] == "materialized"
        close(out, sdpa_ref(q[:S], k[:S].astype(np.float16), v[:S].astype(np.float16), 0))


@pytest.mark.parametrize("rows,route", [((1, 1, 32), "qk_entry"), ((2, 4, 512), "qk_row")])
def test_attention_floor_picks_the_qk_route(device, rows, route):
    rng = np.random.default_rng(6)
    B, H, Sq = rows
    q, k, v = rand(rng, B, H, Sq, 32), rand(rng, B, H, 300, 32), rand(rng, B, H, 300, 32)
    mask = rand(rng, Sq, 300)
    out, att = eager.run("attention", q, k, v, mask=mask, attest=True, device=device)
    close(out, attention_ref(q, k, v, mask))
    assert att[0]["route"] == route and att[0]["dispatches"] == 3
    pinned, att = eager.run("attention", q, k, v, mask=mask, attest=True, device=device,
                            overrides={"attention": "qk_row" if route == "qk_entry" else "qk_entry"})
    close(pinned, out)
    assert att[0]["route"] != route


@pytest.mark.parametrize("dim", [0, 1, -1, -2])
@pytest.mark.parametrize("op", ["softmax", "log_softmax"])
def test_softmax_takes_dim(device, op, dim):
    x = rand(np.random.default_rng(7), 3, 5, 7)
    x64 = x.astype(np.float64)
    ls = x64 - x64.max(dim, keepdims=True)
    ls = ls - np.log(np.exp(ls).sum(dim, keepdims=True))
    close(eager.run(op, x, dim=dim, device=device), ls if op == "log_softmax" else np.exp(ls))


def test_numpy_style_dtype_strings(device):
    x = np.array([1.7, -2.2], F32)
    for dtype in ("int32", "i32", np.int32):
        assert eager.run("to_copy", x, dtype=dtype, device=device).tolist() == [1, -2]


BAD = [
    ("odd head dim", lambda r: ("sdpa", rand(r, 2, 2, 63), rand(r, 2, 1, 63), rand(r, 2, 1, 63)), {},
     ShapeError, "head dim 63 is supported by no route"),
    ("head dim over 256", lambda r: ("sdpa", rand(r, 2, 2, 258), rand(r, 2, 1, 258), rand(r, 2, 1, 258)), {},
     ShapeError, "head dim 258"),
    ("Hq not a multiple of Hkv", lambda r: ("sdpa", rand(r, 2, 5, 8), rand(r, 2, 2, 8), rand(r, 2, 2, 8)), {},
     ShapeError, "5 query heads are not a multiple of 2 KV heads"),
    ("cache shorter than start + S", lambda r: ("sdpa", rand(r, 4, 2, 8), rand(r, 5, 1, 8), rand(r, 5, 1, 8)),
     {"start_pos": 2}, ShapeError, "holds 5 positions, shorter than start_pos 2 \\+ S 4"),
    ("q/k/v head dims differ", lambda r: ("sdpa", rand(r, 2, 2, 8), rand(r, 2, 1, 16), rand(r, 2, 1, 16)), {},
     ShapeError, "head dims or cache shapes differ"),
    ("attention head dims differ", lambda r: ("attention", rand(r, 1, 2, 3, 8), rand(r, 1, 2, 4, 8),
                                              rand(r, 1, 2, 4, 4)), {}, ShapeError, "head dims differ"),
    ("mask of the wrong shape", lambda r: ("attention", rand(r, 1, 2, 3, 8), rand(r, 1, 2, 4, 8),
                                           rand(r, 1, 2, 4, 8)), {"mask": np.zeros((4, 3), F32)},
     ShapeError, r"mask must be \[Sq=3, Skv=4\], got \[4, 3\]"),
    ("unknown option value", lambda r: ("sdpa", rand(r, 2, 2, 8), rand(r, 2, 1, 8), rand(r, 2, 1, 8)),
     {"options": {"sdpa_query_tile": 24}}, OptionError, "sdpa_query_tile=24 is not allowed"),
    ("unknown option name", lambda r: ("sdpa", rand(r, 2, 2, 8), rand(r, 2, 1, 8), rand(r, 2, 1, 8)),
     {"options": {"tile": 16}}, OptionError, "unknown option 'tile'"),
    ("unknown keyword", lambda r: ("sdpa", rand(r, 2, 2, 8), rand(r, 2, 1, 8), rand(r, 2, 1, 8)),
     {"start": 1}, PyriteError, "sdpa: unknown keyword argument\\(s\\) start \\(it accepts: start_pos"),
    ("softmax axis=", lambda r: ("softmax", rand(r, 3)), {"axis": 0}, PyriteError,
     "softmax: unknown keyword argument\\(s\\) axis \\(it accepts: dim"),
    ("softmax dim out of range", lambda r: ("softmax", rand(r, 3)), {"dim": 2}, ShapeError, "dim 2 is out of range"),
    ("unknown dtype string", lambda r: ("to_copy", rand(r, 3)), {"dtype": "complex64"}, DTypeError,
     "dtype 'complex64' is not supported"),
    ("qk_row pinned on D % 4", lambda r: ("attention", rand(r, 1, 1, 2, 6), rand(r, 1, 1, 3, 6),
                                          rand(r, 1, 1, 3, 6)), {"overrides": {"attention": "qk_row"}},
     RouteError, "head dim 6 is not a multiple of 4"),
]


@pytest.mark.parametrize("name,make,kw,error,match", BAD, ids=[b[0] for b in BAD])
def test_bad_input_is_a_typed_error_before_any_gpu_work(untouched, name, make, kw, error, match):
    op, *inputs = make(np.random.default_rng(0))
    with pytest.raises(error, match=match):
        eager.run(op, *inputs, device=untouched, **kw)
