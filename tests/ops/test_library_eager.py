"""pyrite.eager: numpy in, numpy out, the route that ran, and typed errors before any GPU work."""
import dataclasses

import numpy as np
import pytest

from pyrite import eager, hostarray
from pyrite.errors import DTypeError, LimitError, PyriteError, ShapeError
from pyrite.graph.plan import Live, Plan, Tensor, storage
from pyrite.ops import binary, reduce, unary
from pyrite.graph.routes import RouteError
from pyrite.sync import run_sync

pytestmark = pytest.mark.gpu
F32 = np.float32


def test_run_returns_numpy_and_attests_the_route(device):
    x = np.arange(6, dtype=F32).reshape(2, 3)
    y, rows = eager.run("lt", x, 2.5, attest=True, device=device)
    assert y.dtype == np.bool_ and y.tolist() == [[True, True, True], [False, False, False]]
    assert rows == [{"op": "lt", "family": "compare", "route": "flat", "kernel": "elementwise_lt_f32_flat",
                     "dispatches": 1, "choice": "rule"}]
    _, rows = eager.run("add", x, np.ones((3, 1, 1), F32), attest=True, device=device)
    assert rows[0]["route"] == "strided" and rows[0]["kernel"] == "elementwise_add_f32_bcast"
    _, rows = eager.run("amax", np.ones((3, 100), F32), attest=True, device=device, dim=1)
    assert (rows[0]["route"], rows[0]["kernel"]) == ("tree", "reduce_amax_f32_tree")
    _, rows = eager.run("softmax", np.ones((100, 3), F32), attest=True, device=device)
    assert (rows[0]["route"], rows[0]["kernel"]) == ("serial", "softmax_softmax_serial")


def test_scalars_numpy_scalars_and_dtype_objects(device):
    x = np.array([1.5, -2.0], F32)
    np.testing.assert_array_equal(eager.run("sub", 10, x, device=device, alpha=2), np.array([7, 14], F32))
    np.testing.assert_array_equal(eager.run("mul", x, np.float32(2), device=device), x * 2)
    assert eager.run("to_copy", x, device=device, dtype=np.float16).dtype == np.float16
    assert eager.run("argmax", x, device=device).shape == () and eager.run("argmax", x, device=device) == 0


def test_pinned_flat_route_refuses_broadcast_operands(device):
    with pytest.raises(RouteError, match="route 'flat' cannot run shapes"):
        eager.run("add", np.ones((2, 3), F32), np.ones(3, F32), device=device, overrides={"binary": "flat"})


@pytest.mark.parametrize("op,inputs,attrs,error,match", [
    ("add", (np.ones(3, F32), np.ones(4, F32)), {}, ShapeError, r"add: shapes \[3\] and \[4\] cannot broadcast"),
    ("mul", (np.ones(3), np.ones(3, F32)), {}, DTypeError, "mul: input 0 has dtype float64"),
    ("exp", (np.ones(3, np.int32),), {}, DTypeError, "exp: dtype i32 is not supported"),
    ("amax", (np.ones((2, 3), F32),), {"dim": -3}, ShapeError, "amax: dim -3 is out of range for a tensor of rank 2"),
    ("to_copy", (np.ones(2, np.float16),), {"dtype": "i32"}, DTypeError, "to_copy from f16: dtype i32"),
    ("matmul", (np.ones(2, F32),), {}, PyriteError, "eager: unknown op 'matmul'"),
])
def test_errors_come_before_any_gpu_work(untouched, op, inputs, attrs, error, match):
    with pytest.raises(error, match=match):
        eager.run(op, *inputs, device=untouched, **attrs)


def test_tensors_over_the_binding_limit_raise_limit_error(untouched):
    small = dataclasses.replace(untouched.limits, max_storage_buffer_binding_size=1024)
    untouched.limits = small
    with pytest.raises(LimitError, match=r"add: input 1 f32 \[257\]: 1028 exceeds the adapter's "
                                         r"maxStorageBufferBindingSize \(1024\)"):
        eager.run("add", np.ones(1, F32), np.ones(257, F32), device=untouched)
    with pytest.raises(LimitError, match=r"lt: output bool \[256, 5\]: 1280 exceeds"):  # inputs fit, output not
        eager.run("lt", np.ones((256, 1), F32), np.ones(5, F32), device=untouched)


def test_library_ops_chain_in_one_plan(device):
    """The graph path: ops appended to one Plan read each other's outputs within one submit."""
    x = np.linspace(-3, 3, 41, dtype=F32).reshape(41, 1)
    w = np.linspace(-1, 1, 7, dtype=F32)
    bufs = {name: storage(device, name, 41 * 7 * 4) for name in ("x", "w", "t", "y", "m")}
    device.write_buffer(bufs["x"], 0, x.tobytes())
    device.write_buffer(bufs["w"], 0, w.tobytes())
    tx, tw = Tensor("x", (41, 1), "f32", bufs["x"]), Tensor("w", (7,), "f32", bufs["w"])
    tt, ty = Tensor("t", (41, 7), "f32", bufs["t"]), Tensor("y", (41, 7), "f32", bufs["y"])
    tm = Tensor("m", (7,), "i32", bufs["m"])
    plan = Plan(device, "chain")
    binary.build(plan, "outer", "mul", tx, tw, out=tt)   # t = x * w: [41, 1] x [7] -> [41, 7]
    unary.build(plan, "act", "tanh", tt, out=ty)
    reduce.build(plan, "pick", "argmax", ty, out=tm, dim=0)
    plan.run(Live(1, 0))
    want = np.tanh(x.astype(np.float64) * w)
    got = np.frombuffer(run_sync(device.read_buffer(bufs["y"], 0, 41 * 7 * 4)), F32).reshape(41, 7)
    np.testing.assert_allclose(got, want, rtol=2e-6, atol=1e-6)
    picked = np.frombuffer(run_sync(device.read_buffer(bufs["m"], 0, 28)), np.int32)
    np.testing.assert_array_equal(picked, np.argmax(got, axis=0))
    assert [(r["op"], r["route"]) for r in plan.attest()] == [("outer", "strided"), ("act", "flat"), ("pick", "serial")]


def test_run_works_inside_a_running_event_loop(device):
    """As in Jupyter, or next to Playwright's sync API: the call moves to a helper thread."""
    async def inside():
        return eager.run("neg", np.array([1.0, -2.0], F32), device=device)

    np.testing.assert_array_equal(run_sync(inside()), np.array([-1.0, 2.0], F32))


def test_grids_fold_past_65535_workgroups(device):
    """More workgroups than one grid dim holds: the kernels index through gid.y / wid.y."""
    n = 65535 * 64 + 7  # elements: one past a full x dim of 64-wide workgroups
    x = np.arange(n, dtype=np.int32)
    np.testing.assert_array_equal(eager.run("add", x, 1, device=device), x + 1)
    rows = np.arange(70001 * 2, dtype=F32).reshape(70001, 2)  # 70001 outputs, one workgroup each
    got, att = eager.run("amax", rows, dim=1, device=device, overrides={"reduce": "tree"}, attest=True)
    np.testing.assert_array_equal(got, rows[:, 1])
    assert att[0]["route"] == "tree"


def mv(values, fmt: str = "f", shape=None) -> memoryview:
    """A stdlib n-d array: what eager takes where there is no numpy (the page's Pyodide)."""
    import array
    flat = memoryview(array.array({"?": "b"}.get(fmt, fmt), values)).cast("B")
    return flat.cast(fmt, list(shape) if shape else [len(values)])


def test_memoryviews_in_memoryview_out_also_without_numpy(device, monkeypatch):
    x = mv([0, 1, 2, 3, 4, 5], shape=(2, 3))
    y, rows = eager.run("lt", x, 2.5, attest=True, device=device)
    assert isinstance(y, memoryview) and (y.format, y.shape) == ("?", (2, 3))
    assert y.tolist() == [[True, True, True], [False, False, False]]
    assert rows[0]["kernel"] == "elementwise_lt_f32_flat"
    monkeypatch.setattr(hostarray, "np", None)  # as in Pyodide: nothing below may need numpy
    s = run_sync(eager.run_async("softmax", x, dim=1, device=device))
    want = np.exp(np.arange(3.0)) / np.exp(np.arange(3.0)).sum()
    np.testing.assert_allclose(np.array(s.tolist()), [want, want], rtol=1e-6)
    assert eager.run("argmax", mv([3, 9, 1], "i"), device=device).tolist() == 1  # 0-d i32 result
    assert eager.run("logical_and", mv([1, 0, 1], "?"), mv([1, 1, 0], "?"), device=device).tolist() == [True, False, False]


def test_sdpa_takes_memoryviews(device):
    rng = np.random.default_rng(3)
    q, k, v = (rng.standard_normal(shape).astype(F32) for shape in ((2, 3, 8), (2, 1, 8), (2, 1, 8)))
    want = eager.run("sdpa", q, k, v, device=device)
    got = eager.run("sdpa", *(mv(a.ravel().tolist(), shape=a.shape) for a in (q, k, v)), device=device)
    assert isinstance(got, memoryview) and got.shape == want.shape
    np.testing.assert_array_equal(np.array(got.tolist(), F32), want)


@pytest.mark.parametrize("make,error,match", [
    (lambda: ("neg", mv([1.0, 2.0], "d")), DTypeError, "neg: input 0 has buffer format 'd'"),
    (lambda: ("neg", mv([1.0, 2.0, 3.0, 4.0])[::2]), ShapeError, "neg: input 0 is a strided memoryview"),
    (lambda: ("neg", [1.0, 2.0]), DTypeError, "neg: input 0 is a list: pass a numpy array, a memoryview"),
    (lambda: ("to_copy", mv([1.0]), ), DTypeError, "to_copy: a f16 result needs numpy"),
])
def test_memoryview_errors_come_before_any_gpu_work(untouched, make, error, match):
    op, *inputs = make()
    attrs = {"dtype": "f16"} if op == "to_copy" else {}
    with pytest.raises(error, match=match):
        eager.run(op, *inputs, device=untouched, **attrs)
