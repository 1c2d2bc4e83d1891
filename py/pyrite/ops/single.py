"""Run a single op on raw bytes: the shared core of kernel tests (native and in the page) and eager use.

A case is plain data (op name, attrs, named input bytes, output sizes, live sizes), so the host can
build it with numpy, send it to the page as JSON + base64, and compare what comes back. The op is
looked up in the registry (graph/registry.py); each op module declares how its case builds its node.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from ..formats import weight_format
from ..gpu import Buffer, Device
from ..graph.options import Options
from ..graph.plan import Live, Plan, Tensor, storage
from ..graph.registry import CaseBuilder, lookup
from ..graph.device_weights import DeviceWeight


@dataclass
class Case:
    op: str                                   # a registered op name (graph/registry.py)
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


def weight(bufs: dict[str, Buffer], prefix: str, attrs: dict[str, Any]) -> DeviceWeight:
    """The case's weight `prefix`: its parts in buffers "<prefix>.<part>", its shape and format in attrs."""
    fmt = weight_format(attrs[f"{prefix}_format"], prefix)
    return DeviceWeight(prefix, tuple(attrs[f"{prefix}_shape"]), fmt.name, attrs.get("group_size"),
                        {n: bufs[f"{prefix}.{n}"] for n in fmt.parts})


def library_case(name: str, build: Callable[..., None]) -> CaseBuilder:
    """The case builder of a general library op. attrs: "args" (per operand {"shape", "dtype"}, input
    x<i>, or {"scalar"}), "out" ({"shape", "dtype"}, output out) and the op's own "attrs"."""
    def case(p: Plan, b: dict[str, Buffer], a: dict[str, Any]) -> None:
        args = [spec["scalar"] if "scalar" in spec else Tensor(f"x{i}", tuple(spec["shape"]), spec["dtype"], b[f"x{i}"])
                for i, spec in enumerate(a["args"])]
        out = Tensor("out", tuple(a["out"]["shape"]), a["out"]["dtype"], b["out"])
        build(p, name, name, *args, out=out, **a.get("attrs", {}))
    return case


async def run_case(device: Device, case: Case) -> tuple[dict[str, bytes], list[dict[str, Any]]]:
    """Upload inputs, build the op, run it once at the case's live sizes, read the outputs back; every
    buffer the case created is destroyed before it returns (a page runs thousands of cases)."""
    build = lookup(case.op).case
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
            build(plan, bufs, case.attrs)
        plan.run(Live(case.seq_len, case.pos))
        out = {name: await device.read_buffer(bufs[name], 0, nbytes) for name, nbytes in case.outputs.items()}
        return out, plan.attest()
    finally:
        for buf in owned:
            device.destroy_buffer(buf)
