"""Linear and the fused projections on the null device: bad weights are typed errors before any
dispatch, and each route's predicate is tested from both sides."""
from __future__ import annotations

import pytest

from pyrite.errors import ShapeError
from pyrite.gpu.null import null_device
from pyrite.graph.plan import Live, Plan, storage
from pyrite.graph.routes import RouteError
from pyrite.formats import FORMATS, part_bytes
from pyrite.graph.device_weights import DeviceWeight
from pyrite.ops.linear import linear, validate
from pyrite.ops.projection import Members, project


def weight(device, name, shape, fmt="q4gsw", gs=32, scale_rows=None) -> DeviceWeight:
    if fmt == "f32":
        return DeviceWeight(name, shape, fmt, None, {"data": device.create_buffer(part_bytes(fmt, shape, None, "data"))})
    parts = {p: device.create_buffer(part_bytes(fmt, (scale_rows or shape[0], shape[1]) if p != "q" else shape, gs, p),
                                     label=f"{name}.{p}")
             for p in FORMATS[fmt].parts}
    return DeviceWeight(name, shape, fmt, gs, parts)


def vec(device, name, n) -> DeviceWeight:
    return weight(device, name, (n,), "f32")


def plan_and_buffers(device=None, rows=256):
    device = device or null_device()
    plan = Plan(device, "t", max_rows=8)
    bufs = {n: storage(device, n, rows * 4 * 64) for n in ("x", "h", "q", "k", "v", "y", "up", "dummy")}
    return plan, bufs


def qkv(plan, b, members, gain, **kw):
    project(plan, "qkv", "qkv", b["x"], gain, members, (b["q"], b["k"], b["v"]), h=b["h"], eps=1e-5,
            dummy=b["dummy"], **kw)


def test_linear_bad_weights_are_shape_errors_naming_the_tensor():
    plan, b = plan_and_buffers()
    d = plan.device
    with pytest.raises(ShapeError, match=r"w \[N=8, K=48\] needs K % 8 == 0 and K % group_size \(32\)"):
        linear(plan, "op", b["x"], weight(d, "w", (8, 48)), b["y"], dummy=b["dummy"])
    with pytest.raises(ShapeError, match=r"bias b has shape \[7\], expected \[8\]"):
        linear(plan, "op", b["x"], weight(d, "w", (8, 64)), b["y"], bias=vec(d, "b", 7), dummy=b["dummy"])
    with pytest.raises(ShapeError, match=r"op: w\.scale holds 64 bytes; q4gsw \[8, 64\] \(group size 32\) needs 32"):
        linear(plan, "op", b["x"], weight(d, "w", (8, 64), scale_rows=16), b["y"], dummy=b["dummy"])
    assert not plan.nodes


def test_more_live_rows_than_built_is_a_shape_error_before_any_dispatch():
    plan, b = plan_and_buffers()
    linear(plan, "op", b["x"], weight(plan.device, "w", (8, 64)), b["y"], dummy=b["dummy"])
    plan.run(Live(8, 0))
    with pytest.raises(ShapeError, match=r"t: 9 live rows, built for 1\.\.8"):
        plan.run(Live(9, 0))
    assert len(plan.device.submitted) == 1


def packed(device, fmt="q4gsw", sizes=(64, 32, 32), K=64, bias=False) -> Members:
    w = weight(device, "qkv.weight", (sum(sizes), K), fmt)
    bvec = vec(device, "qkv.bias", sum(sizes)) if bias else None
    return Members.of_packed(w, bvec, ("q", "k", "v"), sizes)


@pytest.mark.parametrize("fmt", ["q4gsw", "q4a", "q8gsw", "f32"])
def test_packed_members_fuse_and_the_split_route_reads_their_views(fmt):
    plan, b = plan_and_buffers()
    m = packed(plan.device, fmt, bias=True)
    assert [w.part_row0 for w in m.weights] == [0, 64, 96] and {w.stride_rows for w in m.weights} == {128}
    qkv(plan, b, m, vec(plan.device, "g", 64))
    for live in (Live(1, 0), Live(5, 0)):  # vec: packed formats (pairs of rows)
        tile = ("m8" if fmt == "f32" else "m8_vec") if live.seq_len > 1 else "m1" if fmt == "f32" else "m1_vec"
        route = {"m8": "tiled", "m8_vec": "small_m8_vec", "m1": "gemv", "m1_vec": "gemv_vec"}[tile]
        plan.run(live)
        (row,) = plan.attest()
        assert row["route"] == f"qkv_fused/{route}/norm_folded" and row["dispatches"] == 1  # folded into the tile
        assert row["kernel"] == f"linear_{fmt}_qkv_norm_{tile}"
        plan.options["projection_norm"] = "dispatch"
        plan.run(live)
        (row,) = plan.attest()
        assert row["route"] == f"qkv_fused/{route}/norm_dispatch" and row["kernel"] == f"norm_rms+linear_{fmt}_qkv_{tile}"
        plan.options["projection_norm"] = "folded"
    pinned = Plan(plan.device, "t", {"qkv": "qkv_split"})
    qkv(pinned, b, m, vec(plan.device, "g", 64))
    pinned.run(Live(5, 0))
    (row,) = pinned.attest()
    t = ("tiled", "m8") if fmt == "f32" else ("small_m8_vec", "m8_vec")
    assert row["route"] == f"qkv_split/{t[0]}+{t[0]}+{t[0]}" and row["kernel"] == f"norm_rms+linear_{fmt}_{t[1]}"
    assert row["dispatches"] == 4


def test_members_of_different_formats_fall_back_to_split():
    plan, b = plan_and_buffers()
    d = plan.device
    m = Members((weight(d, "q", (64, 64), "q4gsw"), weight(d, "k", (32, 64), "q8gsw"), weight(d, "v", (32, 64), "q4a")),
                (None, None, None))
    qkv(plan, b, m, vec(d, "g", 64))
    plan.run(Live(3, 0))
    (row,) = plan.attest()
    assert row["route"] == "qkv_split/small_m4_vec+small_m4_vec+small_m4_vec"
    assert row["kernel"] == "norm_rms+linear_q4gsw_m4_vec+linear_q8gsw_m4_vec+linear_q4a_m4_vec"
    with pytest.raises(RouteError, match="pinned route 'qkv_fused' does not fit"):
        qkv(Plan(d, "t", {"qkv": "qkv_fused"}), b, m, vec(d, "g", 64))


def test_projection_bad_input_is_a_shape_error():
    plan, b = plan_and_buffers()
    d = plan.device
    with pytest.raises(ShapeError, match=r"qkv\.weight: 128 rows, members .* need 127"):
        Members.of_packed(weight(d, "qkv.weight", (128, 64)), None, ("q", "k", "v"), (64, 32, 31))
    with pytest.raises(ShapeError, match=r"qkv\.bias has shape \[100\], expected \[128\]"):
        Members.of_packed(weight(d, "qkv.weight", (128, 64)), vec(d, "qkv.bias", 100), ("q", "k", "v"), (64, 32, 32))
    with pytest.raises(ShapeError, match="the norm has 96"):
        qkv(plan, b, packed(d), vec(d, "g", 96))



def test_rows_pair_for_the_vec_gemv_only_at_even_first_rows_strides_and_counts():
    d = null_device()
    w = weight(d, "w", (64, 64))
    assert validate("op", w, None).paired
    assert validate("op", w.rows(32, 64, "v"), None).paired           # even first row and stride
    assert not validate("op", w.rows(33, 63, "v"), None).paired       # odd first row
    assert not validate("op", weight(d, "odd", (63, 64)), None).paired
    assert not validate("op", weight(d, "f", (64, 64), "f32"), None).paired


def test_gate_up_with_an_odd_row_count_decodes_with_the_word_gemv():
    """Its up rows start at the (odd) gate row count, so they do not pair: the fused kernel runs at m1."""
    plan, b = plan_and_buffers()
    d = plan.device
    for ffn, tile, route in ((70, "m1_vec", "gemv_vec"), (71, "m1", "gemv")):
        w = weight(d, "gate_up.weight", (2 * ffn, 64))
        m = Members.of_packed(w, None, ("gate", "up"), (ffn, ffn))
        p = Plan(d, "t", max_rows=8)
        project(p, "ffn", "gate_up", b["x"], vec(d, "g", 64), m, (b["y"],), h=b["h"], eps=1e-5,
                dummy=b["dummy"], scratch=b["up"])
        p.run(Live(1, 0))
        (row,) = p.attest()
        assert row["route"] == f"gate_up/{route}/norm_folded" and row["kernel"] == f"linear_q4gsw_gate_up_norm_{tile}"
