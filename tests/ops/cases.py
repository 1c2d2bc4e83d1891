"""Op cases keyed by registered op name, built with numpy, plus their numpy references.

The same cases run natively (test_ops_native.py) and in the page (tests/browser/test_kernels.py).
Sizes are primes where the kernel allows, so no size is a multiple of a workgroup by accident.
"""
from __future__ import annotations

import dataclasses

import numpy as np

from pyrite.ops.single import Case
from pyrite.ops.rope import inv_freqs

from .constrain_cases import all_constrain_cases
from .exact_cases import exact_cases
from .weights import f32, pack_weight, weight_inputs
from .sdpa_cases import AUTO_ROUTES, all_attention_cases, all_sdpa_cases

F32 = np.float32


def u32(a) -> bytes:
    return np.ascontiguousarray(a, dtype="<u4").tobytes()


def linear_case(rng, fmt: str, M: int, N: int, K: int, gs: int = 32, bias: bool = False, rows: int = 0):
    x = rng.standard_normal((M, K)).astype(F32)
    p, w = pack_weight(rng.standard_normal((N, K)).astype(F32) * 0.1, fmt, gs, rng)
    inputs, attrs = weight_inputs("w", p)
    inputs["x"] = f32(x)
    ref = x.astype(np.float64) @ w.T.astype(np.float64)
    if bias:
        b = rng.standard_normal(N).astype(F32)
        inputs["bias.data"] = f32(b)
        attrs.update(bias_format="f32", bias_shape=[N])
        ref = ref + b
    live = rows or M
    attrs["rows"] = rows
    return Case("linear", attrs, inputs, {"y": live * N * 4}, seq_len=M), {"y": ref[:live].astype(F32)}


def row_pairs(fmt: str, S: int, small: str, decode: str, options: dict, N: int = 96, K: int = 256):
    """A multi-token forward's linear against decode (graph/multistep.py): the case of S rows pinned to
    route `small`, and one case per row, that row alone, pinned to route `decode` (same weights)."""
    case, _ = linear_case(np.random.default_rng(S), fmt, S, N, K, bias=True)
    case.overrides, case.options = {"linear": small}, options
    x = case.inputs["x"]
    return case, [dataclasses.replace(case, inputs={**case.inputs, "x": x[i * K * 4:(i + 1) * K * 4]},
                                      outputs={"y": N * 4}, seq_len=1, overrides={"linear": decode})
                  for i in range(S)]


def row_bytes(rows: bytes, one, i: int) -> bytes:
    """Row i of the S-row case's output, as long as one row's."""
    n = one.outputs["y"]
    return rows[i * n:(i + 1) * n]


def rms_ref(x: np.ndarray, gain: np.ndarray, eps: float) -> np.ndarray:
    x64 = x.astype(np.float64)
    return x64 / np.sqrt((x64 ** 2).mean(-1, keepdims=True) + eps) * gain


def projection_case(rng, kind: str, fmt: str, M: int, sizes: tuple[int, ...], K: int, gs: int = 32,
                    bias: bool = False, rope: dict | None = None, pos: int = 0, eps: float = 1e-5):
    """The qkv / gate_up projection: rmsnorm(x) * gain, then the members, packed by rows in one tensor.
    rope: {"head_dim", "interleaved"}: qkv's RoPE + cache write (outputs q, k_cache, v_cache)."""
    x = (rng.standard_normal((M, K)) * 2).astype(F32)
    gain = (1 + 0.2 * rng.standard_normal(K)).astype(F32)
    p, w = pack_weight(rng.standard_normal((sum(sizes), K)).astype(F32) * 0.1, fmt, gs, rng)
    inputs, attrs = weight_inputs("w", p)
    inputs.update({"x": f32(x), "gain.data": f32(gain)})
    attrs.update(kind=kind, sizes=list(sizes), eps=eps, gain_format="f32", gain_shape=[K])
    y = rms_ref(x, gain, eps) @ w.T.astype(np.float64)
    if bias:
        b = rng.standard_normal(sum(sizes)).astype(F32)
        inputs["bias.data"] = f32(b)
        attrs.update(bias_format="f32", bias_shape=[sum(sizes)])
        y = y + b
    edges = np.cumsum((0,) + sizes)
    parts = [y[:, a:e] for a, e in zip(edges, edges[1:])]
    if kind == "gate_up":
        g, u = parts
        return Case("projection", attrs, inputs, {"out": M * sizes[0] * 4}, seq_len=M), \
            {"out": (g / (1 + np.exp(-g)) * u).astype(F32)}
    if rope is None:
        return Case("projection", attrs, inputs, {n: M * size * 4 for n, size in zip("qkv", sizes)}, seq_len=M), \
            {n: part.astype(F32) for n, part in zip("qkv", parts)}
    D, lay = rope["head_dim"], rope["interleaved"]
    Hk, max_ctx = sizes[1] // D, pos + M + 3
    q, k, v = (part.astype(F32).reshape(M, -1, D) for part in parts)
    k_cache, v_cache = np.zeros((Hk, max_ctx, D), np.float16), np.zeros((Hk, max_ctx, D), np.float16)
    k_cache[:, pos:pos + M] = rope_ref(k, pos, 10000.0, lay).transpose(1, 0, 2)
    v_cache[:, pos:pos + M] = v.transpose(1, 0, 2)
    attrs.update(rope=dict(rope, theta=10000.0, max_ctx=max_ctx))
    outputs = {"q": q.nbytes, "k_cache": k_cache.nbytes, "v_cache": v_cache.nbytes}
    return Case("projection", attrs, inputs, outputs, seq_len=M, pos=pos), \
        {"q": rope_ref(q, pos, 10000.0, lay).reshape(M, -1), "k_cache": k_cache, "v_cache": v_cache}


def rope_kv_case(rng, S: int, Hq: int, Hk: int, D: int, pos: int, interleaved: bool):
    """Q rotated in place; rotated K and V appended to the fp16 cache at pos (zeros elsewhere)."""
    q, k, v = (rng.standard_normal((S, h, D)).astype(F32) for h in (Hq, Hk, Hk))
    max_ctx = pos + S + 2
    k_cache, v_cache = np.zeros((Hk, max_ctx, D), np.float16), np.zeros((Hk, max_ctx, D), np.float16)
    k_cache[:, pos:pos + S] = rope_ref(k, pos, 10000.0, interleaved).transpose(1, 0, 2)
    v_cache[:, pos:pos + S] = v.transpose(1, 0, 2)
    attrs = {"n_heads": Hq, "n_kv_heads": Hk, "head_dim": D, "max_ctx": max_ctx, "theta": 10000.0,
             "interleaved": interleaved}
    inputs = {"q": f32(q), "k": f32(k), "v": f32(v), "k_cache": bytes(k_cache.nbytes), "v_cache": bytes(v_cache.nbytes)}
    outputs = {"q": q.nbytes, "k_cache": k_cache.nbytes, "v_cache": v_cache.nbytes}
    return Case("rope_kv", attrs, inputs, outputs, seq_len=S, pos=pos), \
        {"q": rope_ref(q, pos, 10000.0, interleaved), "k_cache": k_cache, "v_cache": v_cache}


def embedding_case(rng, fmt: str, V: int, K: int, S: int, gs: int = 32):
    p, table = pack_weight(rng.standard_normal((V, K)).astype(F32), fmt, gs, rng)
    ids = rng.integers(0, V, S)
    inputs, attrs = weight_inputs("w", p)
    inputs["ids"] = u32(ids)
    return Case("embedding", attrs, inputs, {"out": S * K * 4}, seq_len=S), {"out": table[ids]}


def rmsnorm_case(rng, S: int, K: int, rows_per_token: int = 1, last_only: bool = False, eps: float = 1e-5):
    x = (rng.standard_normal((S * rows_per_token, K)) * 3).astype(F32)
    w = rng.standard_normal(K).astype(F32)
    ref = x / np.sqrt((x.astype(np.float64) ** 2).mean(-1, keepdims=True) + eps) * w
    if last_only:
        ref = ref[-rows_per_token:]
    attrs = {"w_format": "f32", "w_shape": [K], "eps": eps, "rows_per_token": rows_per_token, "last_only": last_only}
    return (Case("rmsnorm", attrs, {"x": f32(x), "w.data": f32(w)}, {"out": ref.size * 4}, seq_len=S),
            {"out": ref.astype(F32)})


def rope_ref(x: np.ndarray, pos: int, theta: float, interleaved: bool) -> np.ndarray:
    S, H, D = x.shape
    freqs = np.array(inv_freqs(D, theta), dtype=F32)
    ang = (np.arange(pos, pos + S, dtype=F32)[:, None] * freqs[None, :]).astype(F32)
    cos, sin = np.cos(ang.astype(np.float64))[:, None, :], np.sin(ang.astype(np.float64))[:, None, :]
    if interleaved:
        x1, x2 = x[..., 0::2], x[..., 1::2]
    else:
        x1, x2 = x[..., : D // 2], x[..., D // 2:]
    o1, o2 = x1 * cos - x2 * sin, x2 * cos + x1 * sin
    out = np.empty_like(x, dtype=np.float64)
    if interleaved:
        out[..., 0::2], out[..., 1::2] = o1, o2
    else:
        out[..., : D // 2], out[..., D // 2:] = o1, o2
    return out.astype(F32)


def rope_case(rng, S: int, H: int, D: int, pos: int, theta: float = 10000.0, interleaved: bool = False):
    x = rng.standard_normal((S, H, D)).astype(F32)
    attrs = {"n_heads": H, "head_dim": D, "theta": theta, "max_ctx": pos + S, "interleaved": interleaved}
    return (Case("rope", attrs, {"x": f32(x)}, {"x": x.nbytes}, seq_len=S, pos=pos),
            {"x": rope_ref(x, pos, theta, interleaved)})


def inplace_case(rng, kind: str, S: int, row_len: int):
    a = rng.standard_normal((S, row_len)).astype(F32) * 4
    b = rng.standard_normal((S, row_len)).astype(F32)
    a64 = a.astype(np.float64)
    ref = a64 + b if kind == "add" else a64 / (1 + np.exp(-a64)) * b
    return (Case("inplace", {"kind": kind, "row_len": row_len}, {"a": f32(a), "b": f32(b)}, {"a": a.nbytes},
                 seq_len=S), {"a": ref.astype(F32)})


def logits_case(rng, rows: int, V: int, score: bool):
    logits = (rng.standard_normal((rows, V)) * 5).astype(F32)
    logits[0, 7] = logits[0, 11] = logits[0].max() + 1  # a tie: the first index wins, as numpy
    amax = logits.argmax(-1)
    inputs = {"logits": f32(logits)}
    if score:
        targets = rng.integers(0, V, rows)
        inputs["targets"] = u32(targets)
        l64 = logits.astype(np.float64)
        lse = np.log(np.exp(l64 - l64.max(-1, keepdims=True)).sum(-1)) + l64.max(-1)
        second = (l64[np.arange(rows), targets] - lse).astype(F32)
    else:
        second = logits.max(-1)
    return (Case("logits", {"vocab": V, "rows": 0}, inputs, {"out": rows * 8}, seq_len=rows),
            {"argmax": amax, "second": second})


def all_cases(seed: int = 0):
    """(id, case, reference, tolerance) for every kernel variant, prime sizes where allowed."""
    rng = np.random.default_rng(seed)
    out = []
    for fmt in FORMATS:
        for M, N, K in ((1, 67, 96), (5, 131, 64), (9, 37, 160)):
            out.append((f"linear_{fmt}_{M}x{N}x{K}", *linear_case(rng, fmt, M, N, K), 2e-4))
        # each route pinned off its home shape, N = 43 leaving a tail in every tile; gemm_bk64 needs K % 64 == 0
        for route, M, K in (("gemv", 3, 96), ("gemv_wide", 1, 96), ("gemv_wide", 3, 96), ("gemv_xwide", 1, 96), ("tiled", 1, 96), ("tiled", 17, 96), ("wide", 3, 96), ("wide", 17, 96),
                            ("gemm", 5, 96), ("gemm", 37, 96), ("gemm_bk64", 37, 128)):
            case, ref = linear_case(rng, fmt, M, 43, K, bias=route == "gemm")
            case.overrides = {"linear": route}
            out.append((f"linear_{fmt}_{route}_{M}", case, ref, 2e-4))
        out.append((f"linear_{fmt}_bias", *linear_case(rng, fmt, 3, 41, 64, bias=True), 2e-4))
        # decode on an even N: the vec GEMV where the format is packed (AUTO_ROUTES), gemv for f32
        out.append((f"linear_{fmt}_decode_even", *linear_case(rng, fmt, 1, 66, 96), 2e-4))
        if fmt != "f32":  # the vec GEMV pinned: a tail of 2 rows in its 8, off-home M, group sizes, bias
            for M, N, K, gs, bias in ((1, 42, 96, 32, False), (3, 42, 96, 32, True), (1, 26, 128, 64, False),
                                      (2, 18, 256, 128, True)):
                case, ref = linear_case(rng, fmt, M, N, K, gs=gs, bias=bias)
                case.overrides = {"linear": "gemv_vec"}
                out.append((f"linear_{fmt}_gemv_vec_{M}x{N}x{K}_gs{gs}{'_bias' if bias else ''}", case, ref, 2e-4))
            case, ref = linear_case(rng, fmt, 6, 42, 96, bias=True)  # 16 rows an invocation: a tail of 10
            case.overrides = {"linear": "small_m8_vec_wide"}
            out.append((f"linear_{fmt}_small_m8_vec_wide_6x42x96_bias", case, ref, 2e-4))
        # the gpu class's coop GEMVs pinned (tree and subgroup sums): a tail column, off-home M, K of one
        # lane's word to several per lane, group sizes, bias
        for route in ("gemv_coop", "gemv_coop_sg"):
            for M, N, K, gs, bias in ((1, 43, 96, 32, False), (3, 42, 64, 32, True), (1, 9, 1024, 64, True),
                                      (1, 26, 256, 128, False)):
                case, ref = linear_case(rng, fmt, M, N, K, gs=gs, bias=bias)
                case.overrides, case.options = {"linear": route}, GPU_CLASS
                out.append((f"linear_{fmt}_{route}_{M}x{N}x{K}_gs{gs}{'_bias' if bias else ''}", case, ref, 2e-4))
        # split K (3, 32 and 8 slices of the rows' words), then the sum pass: bias, a tail column
        for route in ("gemv_coop_splitk", "gemv_coop_sg_splitk"):
            for M, N, K, gs, bias in ((1, 43, 96, 32, False), (1, 9, 1024, 64, True), (1, 26, 256, 128, True)):
                case, ref = linear_case(rng, fmt, M, N, K, gs=gs, bias=bias)
                case.overrides, case.options = {"linear": route}, GPU_CLASS
                out.append((f"linear_{fmt}_{route}_{M}x{N}x{K}_gs{gs}{'_bias' if bias else ''}", case, ref, 2e-4))
        # the gpu class's 8-token coop tiles pinned: token tails (2, 3, 13 of 8), a tail column, K of one
        # lane's word to several per lane, group sizes, bias
        for route in ("gemm_coop", "gemm_coop_sg"):
            for M, N, K, gs, bias in ((3, 43, 96, 32, False), (13, 42, 64, 32, True), (8, 9, 1024, 64, True),
                                      (2, 26, 256, 128, False)):
                case, ref = linear_case(rng, fmt, M, N, K, gs=gs, bias=bias)
                case.overrides, case.options = {"linear": route}, GPU_CLASS
                out.append((f"linear_{fmt}_{route}_{M}x{N}x{K}_gs{gs}{'_bias' if bias else ''}", case, ref, 2e-4))
        for M, K in ((32, 96), (37, 128)):  # the gpu class's prefill, unpinned: the GEMMs from 32 tokens
            case, ref = linear_case(rng, fmt, M, 43, K, bias=fmt == "q4a")
            case.options = GPU_CLASS
            out.append((f"linear_{fmt}_gpu_prefill_{M}x{K}", case, ref, 2e-4))
        out.append((f"embedding_{fmt}", *embedding_case(rng, fmt, 53, 96, 7), 1e-6))
    out.append(("linear_q4gsw_gs64", *linear_case(rng, "q4gsw", 2, 29, 128, gs=64), 2e-4))
    out.extend(all_projection_cases(rng))
    out.extend(exact_cases(rng, linear_case, embedding_case, projection_case, GPU_CLASS))
    out.append(("linear_q8gsw_rows1", *linear_case(rng, "q8gsw", 6, 29, 64, rows=1), 2e-4))
    out.append(("rmsnorm", *rmsnorm_case(rng, 7, 113), 1e-5))
    out.append(("rmsnorm_heads", *rmsnorm_case(rng, 3, 64, rows_per_token=5), 1e-5))
    out.append(("rmsnorm_last", *rmsnorm_case(rng, 5, 89, last_only=True), 1e-5))
    out.append(("rope_half", *rope_case(rng, 5, 3, 64, pos=17), 1e-5))
    out.append(("rope_interleaved", *rope_case(rng, 3, 7, 32, pos=1000, interleaved=True), 1e-5))
    for route in ("rope_kv_fused", "rope_kv_split"):
        for lay in (False, True):
            case, ref = rope_kv_case(rng, 5, 6, 2, 32, pos=9, interleaved=lay)
            case.overrides = {"rope_kv": route}
            out.append((f"rope_kv_{route}_{'pairs' if lay else 'halves'}", case, ref, 1e-5))
    out.extend(all_sdpa_cases(rng))
    out.extend(all_attention_cases(rng))
    for kind in ("add", "silu_mul"):
        out.append((f"inplace_{kind}", *inplace_case(rng, kind, 3, 131), 1e-5))
    out.append(("logits_argmax", *logits_case(rng, 3, 1009, score=False), 1e-6))
    out.append(("logits_score", *logits_case(rng, 4, 1009, score=True), 1e-4))
    out.extend(all_constrain_cases(rng))
    return out


# live rows, options and the pinned linear route (None: the table's choice) -> the linear tile a
# projection's kernels must run at (case ids end in _tile-<name>). m1_vec is the decode default; the
# word-loading GEMVs are pinned (m1_wide, m1_xwide: their home is 1024 and 2048 packed rows, so their
# members are 8x and 16x as many rows)
WIDE_ROWS = {"m1_wide": 8, "m1_xwide": 16}
GPU_CLASS = {"adapter_class": "gpu"}
PROJECTION_TILES = ((1, {}, "m1_vec", None), (1, {}, "m1", "gemv"), (1, {}, "m1_wide", "gemv_wide"),
                    (1, {}, "m1_xwide", "gemv_xwide"), (7, {}, "m8", "tiled"), (9, {}, "wide", "wide"),
                    (7, {}, "m8_vec", None), (7, {}, "m8_vec_wide", "small_m8_vec_wide"),
                    (33, {"linear_prefill": "workgroup"}, "gemm", None), (1, GPU_CLASS, "coop", "gemv_coop"),
                    (1, GPU_CLASS, "coop_sg", "gemv_coop_sg"), (1, GPU_CLASS, "coop_k", "gemv_coop_splitk"),
                    (1, GPU_CLASS, "coop_sg_k", "gemv_coop_sg_splitk"), (13, GPU_CLASS, "coop_m8", "gemm_coop"),
                    (13, GPU_CLASS, "coop_sg_m8", "gemm_coop_sg"))
# the gpu class: both norm placements (the decode tiles unsplit in every format)
COOP_TILES = ("coop", "coop_sg", "coop_k", "coop_sg_k", "coop_m8", "coop_sg_m8")
FORMATS = ("q4gsw", "q4a", "q8gsw", "f32")


def all_projection_cases(rng):
    """qkv (plain, with RoPE in either layout) and gate_up, every tile, both routes: the decode and short
    tiles (m1, m8) in every format, the larger ones (wide, the GEMMs: 9 and 33 rows, slow on SwiftShader)
    with each kind in another format (the plain linear cases cover those tiles in every format). The
    fused route folds the norm into register tiles; at m1 and m8 it also runs with projection_norm=dispatch
    (one format per kind). Ids name the norm (_norm-folded / _norm-dispatch) and the tile (_tile-<name>)."""
    out = []
    for t, (M, options, tile, pin) in enumerate(PROJECTION_TILES):
        def formats(kind: int) -> tuple[str, ...]:
            if tile == "m1_vec":  # packed formats only (f32 runs m1)
                return FORMATS[:3]
            if tile.startswith("m8_vec"):  # a multi-token forward's tiles (packed formats), one format per kind
                return (FORMATS[(t + kind) % 3],)
            return FORMATS if tile in ("m1", "m8", *COOP_TILES[:2]) else (FORMATS[(t + kind) % len(FORMATS)],)

        def pinned(route: str) -> dict[str, str]:
            return {"qkv" if route.startswith("qkv") else "gate_up": route,
                    **({"linear": pin} if pin else {})}

        def rows(*sizes: int) -> tuple[int, ...]:
            return tuple(n * WIDE_ROWS.get(tile, 1) for n in sizes)

        def runs(fused: str, split: str, kind: int) -> list[tuple[str, str, dict, tuple[str, ...]]]:
            """(route, norm tag, options, formats): split members run at other N, so other tiles."""
            norm = "dispatch" if "linear_prefill" in options else "folded"
            plans = [(fused, norm, options, formats(kind))]
            if tile in ("m1_vec", "m1", "m8", *COOP_TILES):
                plans.append((fused, "dispatch", {**options, "projection_norm": "dispatch"},
                              (FORMATS[(t + kind + 1) % len(formats(kind))],)))
            if tile not in WIDE_ROWS:
                plans.append((split, "dispatch", options, formats(kind)))
            return plans

        for route, norm, opts, fmts in runs("qkv_fused", "qkv_split", 0):
            for fmt in fmts:
                case, ref = projection_case(rng, "qkv", fmt, M, rows(64, 32, 32), 96, bias=fmt == "q8gsw")
                case.overrides, case.options = pinned(route), opts
                out.append((f"qkv_{fmt}_{route}_{M}_norm-{norm}_tile-{tile}", case, ref, 2e-4))
        for lay in (False, True):
            for route, norm, opts, fmts in runs("qkv_fused", "qkv_split", 1 + lay):
                for fmt in fmts:
                    sizes = rows(64, 32, 32) if tile in WIDE_ROWS else (128, 64, 64)  # 1024 / 2048 packed rows
                    case, ref = projection_case(rng, "qkv", fmt, M, sizes, 64, bias=fmt == "q8gsw",
                                                rope={"head_dim": 32, "interleaved": lay}, pos=5)
                    case.overrides, case.options = pinned(route), opts
                    rope_tile = "gemm_bk64" if tile == "gemm" else tile  # K = 64: the deeper K step fits
                    if tile in COOP_TILES and route == "qkv_fused":  # RoPE's coop tile holds whole quads
                        rope_tile = tile.replace("coop", "coop4")
                        if pin:
                            case.overrides = {**case.overrides, "linear": pin.replace("coop", "coop4")}
                    out.append((f"qkv_rope_{fmt}_{route}_{M}_{'pairs' if lay else 'halves'}_norm-{norm}"
                                f"_tile-{rope_tile}", case, ref, 1e-3))
        for route, norm, opts, fmts in runs("gate_up", "gate_up_split", 3):
            for fmt in fmts:
                case, ref = projection_case(rng, "gate_up", fmt, M, rows(70, 70), 96, bias=fmt == "q4a")
                case.overrides, case.options = pinned(route), opts
                out.append((f"gate_up_{fmt}_{route}_{M}_norm-{norm}_tile-{tile}", case, ref, 2e-4))
    return out


# The route each unpinned linear case must have run: the vec GEMV needs a packed format
LINEAR_AUTO_ROUTES = {**{f"linear_{fmt}_decode_even": {"linear": "gemv" if fmt == "f32" else "gemv_vec"}
                         for fmt in FORMATS},
                      **{f"linear_{fmt}_gpu_prefill_{M}x{K}": {"linear": route} for fmt in FORMATS
                         for M, K, route in ((32, 96, "gemm"), (37, 128, "gemm_bk64"))}}


def expected_routes(case_id: str, case: Case) -> dict[str, str]:
    """family -> the route the case must attest: every pinned one, and the plan's choice where a case
    exists to show it."""
    return {**case.overrides, **AUTO_ROUTES.get(case_id, {}), **LINEAR_AUTO_ROUTES.get(case_id, {})}


def check_routes(case_id: str, case: Case, attest: list[dict]) -> None:
    assert attest and all(a["kernel"] for a in attest), case_id
    for family, route in expected_routes(case_id, case).items():
        if family == "linear" and "_tile-" in case_id:
            continue  # a projection's pinned tile: checked below, on the kernels it ran
        # the node's own level (a projection's route goes on: /tile/norm placement, graph/routes.py)
        assert {a["route"].split("/")[0] for a in attest if a["family"] == family} == {route}, (case_id, attest)
    ran = [k for a in attest for k in a["kernel"].split("+")]
    linears = [k for k in ran if k.startswith("linear_")]
    if "_tile-" in case_id:  # every linear kernel the case ran is at the tile its id names
        tile = case_id.rsplit("_tile-", 1)[1]
        split = tile.replace("_sg", "") if tile.endswith("_k") else None  # a split tile's sum pass
        assert linears and all(k.endswith(f"_{tile}") or k.endswith(f"_sum_{split}") for k in linears), (case_id, attest)
        if split:  # each part kernel followed by its sum
            assert [("_part_" in k, "_sum_" in k) for k in linears] == [(True, False), (False, True)] * (len(linears) // 2), \
                (case_id, linears)
    if "_norm-" in case_id:  # the norm ran folded into the fused kernel (and no rmsnorm), or on its own
        folded = case_id.split("_norm-", 1)[1].startswith("folded")
        assert ("norm_rms" not in ran) == folded and all(("_norm_" in k) == folded for k in linears), (case_id, attest)
        fused = [a["route"] for a in attest if "_fused/" in a["route"] or a["route"].startswith("gate_up/")]
        assert all(r.endswith("/norm_folded" if folded else "/norm_dispatch") for r in fused), (case_id, attest)


def check(case_id: str, outputs: dict[str, bytes], ref: dict[str, np.ndarray], tol: float) -> None:
    """Compare a case's raw outputs with its numpy reference; raise AssertionError with details."""
    if case_id.startswith("logits"):
        got = np.frombuffer(outputs["out"], "<u4").reshape(-1, 2)
        np.testing.assert_array_equal(got[:, 0], ref["argmax"], err_msg=case_id)
        np.testing.assert_allclose(got[:, 1].view("<f4"), ref["second"], rtol=tol, atol=tol, err_msg=case_id)
        return
    for name, want in ref.items():
        if want.dtype == np.uint32:
            np.testing.assert_array_equal(np.frombuffer(outputs[name], "<u4"), want, err_msg=f"{case_id}: {name}")
            continue
        if want.dtype == np.float16:
            got = np.frombuffer(outputs[name], "<f2").reshape(want.shape)
            if case_id.startswith(("qkv_rope", "rope_kv")):  # f32 sums in another order than numpy's float64, then fp16
                scale = max(1.0, float(np.abs(want).max()))
                np.testing.assert_allclose(got.astype(F32), want.astype(F32), rtol=2 ** -10, atol=tol * scale,
                                           err_msg=f"{case_id}: {name}")
            else:
                np.testing.assert_array_equal(got, want, err_msg=f"{case_id}: {name}")
            continue
        got = np.frombuffer(outputs[name], "<f4").reshape(want.shape)
        scale = max(1.0, float(np.abs(want).max()))
        np.testing.assert_allclose(got, want, rtol=tol, atol=tol * scale, err_msg=f"{case_id}: {name}")
