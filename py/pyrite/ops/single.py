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


def _build(device: Device, case: Case, owned: list[Buffer]) -> tuple[Plan, dict[str, Buffer]]:
    """The case's buffers (inputs written) and its one-op plan; every buffer made is added to owned."""
    build = lookup(case.op).case
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
    return plan, bufs


async def run_cases(device: Device, cases: list[Case]) -> list[tuple[dict[str, bytes], list[dict[str, Any]]]]:
    """Cases built first, their pipelines made all at once (Device.compile: in the browser every
    createComputePipelineAsync at once, off the worker's thread, where a CPU adapter takes up to a second
    each), then each run once at its live sizes and its outputs read back: [(outputs, attestation)].
    Every buffer the cases created is destroyed before it returns (a page runs thousands of cases)."""
    owned: list[Buffer] = []
    try:
        built = [_build(device, case, owned) for case in cases]
        await device.compile([w for (plan, _), case in zip(built, cases)
                              for w in plan.pipelines([Live(case.seq_len, case.pos)])])
        results = []
        for (plan, bufs), case in zip(built, cases):
            plan.run(Live(case.seq_len, case.pos))
            results.append(({name: await device.read_buffer(bufs[name], 0, nbytes)
                             for name, nbytes in case.outputs.items()}, plan.attest()))
        return results
    finally:
        for buf in owned:
            device.destroy_buffer(buf)


async def run_case(device: Device, case: Case) -> tuple[dict[str, bytes], list[dict[str, Any]]]:
    """One case (run_cases): (outputs, attestation)."""
    return (await run_cases(device, [case]))[0]
