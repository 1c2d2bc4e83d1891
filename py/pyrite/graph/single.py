"""Run one op on raw bytes: the shared core of kernel tests (native and in the page) and eager use.

A case is plain data (op name, attrs, named input bytes, output sizes, live sizes), so the host can
build it with numpy, send it to the page as JSON + base64, and compare what comes back.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial
from typing import Any, Callable

from ..gpu import Buffer, Device
from .weights import DeviceWeight
from ..ops import binary, compare, copy, logical, reduce, softmax, unary, where
from .options import Options
from .plan import Live, Plan, Tensor, storage


@dataclass
class Case:
    op: str                                   # key of OPS
    attrs: dict[str, Any]
    inputs: dict[str, bytes]                  # name -> raw little-endian bytes
    outputs: dict[str, int]                   # name -> bytes to read back
    seq_len: int = 1
    pos: int = 0
    overrides: dict[str, str] = field(default_factory=dict)
    options: dict[str, Any] = field(default_factory=dict)   # runtime options (graph/options.py)

    def to_json(self) -> dict[str, Any]:
        import base64
        return {"op": self.op, "attrs": self.attrs, "outputs": self.outputs, "seq_len": self.seq_len,
                "pos": self.pos, "overrides": self.overrides, "options": self.options,
                "inputs": {k: base64.b64encode(v).decode() for k, v in self.inputs.items()}}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> "Case":
        import base64
        return cls(d["op"], d["attrs"], {k: base64.b64decode(v) for k, v in d["inputs"].items()},
                   d["outputs"], d["seq_len"], d["pos"], d.get("overrides", {}), d.get("options", {}))


def _weight(bufs: dict[str, Buffer], prefix: str, attrs: dict[str, Any]) -> DeviceWeight:
    fmt = attrs[f"{prefix}_format"]
    names = ("data",) if fmt == "f32" else ("q", "scale", "min") if fmt == "q4a" else ("q", "scale")
    return DeviceWeight(prefix, tuple(attrs[f"{prefix}_shape"]), fmt, attrs.get("group_size"),
                        {n: bufs[f"{prefix}.{n}"] for n in names})


def _linear(p: Plan, b: dict[str, Buffer], a: dict[str, Any]) -> None:
    from ..ops.linear import linear
    bias = _weight(b, "bias", a) if "bias.data" in b else None
    linear(p, "linear", b["x"], _weight(b, "w", a), b["y"], bias=bias, dummy=b["dummy"], rows=a.get("rows", 0))


def _projection(p: Plan, b: dict[str, Buffer], a: dict[str, Any]) -> None:
    """A qkv / gate_up projection over one packed weight "w" (and bias); attrs: kind, sizes, eps, and
    rope ({head_dim, interleaved, theta, max_ctx}) for qkv's RoPE + cache write into k_cache, v_cache."""
    from ..ops.kv_cache import KVCache
    from ..ops.projection import Members, Rope, project
    sizes = tuple(a["sizes"])
    bias = _weight(b, "bias", a) if "bias.data" in b else None
    members = Members.of_packed(_weight(b, "w", a), bias, tuple(f"m{i}" for i in range(len(sizes))), sizes)
    K, gain = a["w_shape"][1], _weight(b, "gain", a)
    h = storage(p.device, "h", max(4, 4 * K * a.get("max_seq", 512)))
    if a["kind"] == "gate_up":
        up = storage(p.device, "up", 4 * sizes[1] * a.get("max_seq", 512))
        project(p, "gate_up", "gate_up", b["x"], gain, members, (b["out"],), h=h, eps=a["eps"], dummy=b["dummy"],
                scratch=up)
        return
    rope = None
    outs = tuple(b.get(n) or storage(p.device, n, 4 * size * a.get("max_seq", 512)) for n, size in zip("qkv", sizes))
    if "rope" in a:
        r = a["rope"]
        table = _rope_table(p, r["max_ctx"], r["head_dim"], r["theta"])
        cache = KVCache(b["k_cache"], b["v_cache"], sizes[1] // r["head_dim"], r["head_dim"], r["max_ctx"])
        rope = Rope(table, cache, r["interleaved"])
    project(p, "qkv", "qkv", b["x"], gain, members, outs, h=h, eps=a["eps"], dummy=b["dummy"], rope=rope)


def _rope_kv(p: Plan, b: dict[str, Buffer], a: dict[str, Any]) -> None:
    """RoPE of q (in place) and k, with k, v appended to the cache at pos (rope_kv: Qwen3's path)."""
    from ..ops.kv_cache import KVCache
    from ..ops.rope import rope_kv
    table = _rope_table(p, a["max_ctx"], a["head_dim"], a["theta"])
    cache = KVCache(b["k_cache"], b["v_cache"], a["n_kv_heads"], a["head_dim"], a["max_ctx"])
    rope_kv(p, "rope_kv", b["q"], b["k"], b["v"], table, cache, n_heads=a["n_heads"], interleaved=a["interleaved"])


def _embedding(p: Plan, b: dict[str, Buffer], a: dict[str, Any]) -> None:
    from ..ops.embedding import embedding
    embedding(p, "embedding", b["ids"], _weight(b, "w", a), b["out"])


def _rmsnorm(p: Plan, b: dict[str, Buffer], a: dict[str, Any]) -> None:
    from ..ops.norm import rmsnorm
    rmsnorm(p, "rmsnorm", b["x"], _weight(b, "w", a), b["out"], eps=a["eps"],
            rows_per_token=a.get("rows_per_token", 1), last_only=a.get("last_only", False))


def _rope_table(p: Plan, max_ctx: int, head_dim: int, theta: float) -> Buffer:
    """The (cos, sin) table of the rope-reading cases, on the device."""
    from ..ops.rope import rope_table
    data = rope_table(max_ctx, head_dim, theta)
    table = storage(p.device, "rope_table", len(data))
    p.device.write_buffer(table, 0, data)
    return table


def _rope(p: Plan, b: dict[str, Buffer], a: dict[str, Any]) -> None:
    from ..ops.rope import rope
    table = _rope_table(p, a["max_ctx"], a["head_dim"], a["theta"])
    rope(p, "rope", b["x"], table, n_heads=a["n_heads"], head_dim=a["head_dim"],
         interleaved=a.get("interleaved", False))


def _sdpa(p: Plan, b: dict[str, Buffer], a: dict[str, Any]) -> None:
    """kv_cache update + sdpa: the cache comes in pre-filled for positions < pos."""
    from ..ops.kv_cache import KVCache
    from ..ops.sdpa import sdpa
    cache = KVCache(b["k_cache"], b["v_cache"], a["n_kv_heads"], a["head_dim"], a["max_ctx"])
    cache.update(p, "kv_update", b["k"], b["v"])
    sdpa(p, "sdpa", b["q"], cache, b["out"], n_heads=a["n_heads"], max_seq=a.get("max_seq", a["max_ctx"]))


def _attention(p: Plan, b: dict[str, Buffer], a: dict[str, Any]) -> None:
    """General attention: q/k/v (and mask) f32 with their shapes in attrs; out has q's shape."""
    from ..ops.attention import attention

    def t(name: str, shape_of: str | None = None) -> Tensor:
        return Tensor(name, tuple(a[f"{shape_of or name}_shape"]), "f32", b[name])

    attention(p, "attention", t("q"), t("k"), t("v"), t("out", "q"), mask=t("mask") if "mask" in b else None,
              dummy=b["dummy"])


def _inplace(p: Plan, b: dict[str, Buffer], a: dict[str, Any]) -> None:
    from ..ops.elementwise import inplace
    inplace(p, a["kind"], a["kind"], b["a"], b["b"], a["row_len"])


def _logits(p: Plan, b: dict[str, Buffer], a: dict[str, Any]) -> None:
    from ..ops.sample import argmax, score
    if "targets" in b:
        score(p, "score", b["logits"], b["targets"], b["out"], vocab=a["vocab"])
    else:
        argmax(p, "argmax", b["logits"], b["out"], vocab=a["vocab"], rows=a.get("rows", 0))


def _library(name: str, p: Plan, b: dict[str, Buffer], a: dict[str, Any]) -> None:
    """A general library op. attrs: "args" (per operand {"shape", "dtype"}, input x<i>, or {"scalar"}),
    "out" ({"shape", "dtype"}, output out) and the op's own "attrs"."""
    args = [spec["scalar"] if "scalar" in spec else Tensor(f"x{i}", tuple(spec["shape"]), spec["dtype"], b[f"x{i}"])
            for i, spec in enumerate(a["args"])]
    out = Tensor("out", tuple(a["out"]["shape"]), a["out"]["dtype"], b["out"])
    LIBRARY[name].build(p, name, name, *args, out=out, **a.get("attrs", {}))


# The general op library: registered op name -> its family module (infer + build).
LIBRARY = {name: family for family in (unary, binary, compare, logical, where, copy, reduce, softmax)
           for name in family.NAMES}

OPS: dict[str, Callable[[Plan, dict[str, Buffer], dict[str, Any]], None]] = {
    "linear": _linear, "projection": _projection, "rope_kv": _rope_kv, "embedding": _embedding,
    "rmsnorm": _rmsnorm, "rope": _rope,
    "sdpa": _sdpa, "attention": _attention, "inplace": _inplace, "logits": _logits,
    **{name: partial(_library, name) for name in LIBRARY},
}


async def run_case(device: Device, case: Case) -> tuple[dict[str, bytes], list[dict[str, Any]]]:
    """Upload inputs, build the op, run it once at the case's live sizes, read the outputs back; every
    buffer the case created is destroyed before it returns (a page runs thousands of cases)."""
    owned: list[Buffer] = []
    try:
        with device.collect(owned):
            bufs: dict[str, Buffer] = {"dummy": storage(device, "dummy", 4)}
            for name, data in case.inputs.items():
                bufs[name] = storage(device, name, max(len(data), 4))
                if data:
                    device.write_buffer(bufs[name], 0, data + b"\0" * (-len(data) % 4))
            for name, nbytes in case.outputs.items():
                if name not in bufs:
                    bufs[name] = storage(device, name, max(nbytes, 4))
            plan = Plan(device, case.op, dict(case.overrides), Options(case.options))
            OPS[case.op](plan, bufs, case.attrs)
        plan.run(Live(case.seq_len, case.pos))
        out = {name: await device.read_buffer(bufs[name], 0, nbytes) for name, nbytes in case.outputs.items()}
        return out, plan.attest()
    finally:
        for buf in owned:
            device.destroy_buffer(buf)
