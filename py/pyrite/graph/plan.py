"""Plan: the built form of a graph. Buffers, pipelines, bind groups and params blocks are made once;
a step (live seq_len, pos) rewrites one uniform and recomputes grids, nothing else.

Every node records the op, route and kernel it dispatches, so each run can attest which kernel ran.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from .. import kernels
from ..gpu import COPY_DST, COPY_SRC, STORAGE, UNIFORM, Buffer, Device, Dispatch
from .params import pack_params, pack_step

Grid = Callable[["Live"], tuple[int, int, int]]


@dataclass(frozen=True)
class Live:
    """The dynamic sizes of one execution: S live tokens starting at position pos."""

    seq_len: int
    pos: int

    @property
    def kv_len(self) -> int:
        return self.pos + self.seq_len


@dataclass(frozen=True)
class Tensor:
    """A device buffer with a logical shape; 'S' in a shape is the live sequence length."""

    name: str
    shape: tuple
    dtype: str
    buffer: Buffer


@dataclass(frozen=True)
class Choice:
    """One route of a node: its kernel, when it applies to the live sizes, and its grid."""

    route: str
    kernel: str
    when: Callable[[Live], bool]
    grid: Grid


@dataclass
class Node:
    section: str
    op: str
    family: str
    choices: list[tuple[Choice, Any, Any]]  # (choice, pipeline, bind group), first match wins
    route: str = ""
    kernel: str = ""
    dispatch: Dispatch | None = None

    def select(self, live: Live) -> None:
        """Pick the first route whose predicate holds for the live sizes; a switch is atomic (one dispatch)."""
        for choice, pipeline, bind_group in self.choices:
            if choice.when(live):
                self.route, self.kernel = choice.route, choice.kernel
                self.dispatch = Dispatch(pipeline, bind_group, choice.grid(live), self.op)
                return
        raise RuntimeError(f"{self.op}: no route for {live}")  # the last choice of a table always matches


@dataclass
class Plan:
    device: Device
    name: str = "plan"
    overrides: dict[str, str] = field(default_factory=dict)  # family -> pinned route name
    nodes: list[Node] = field(default_factory=list)
    section: str = "main"  # nodes added now belong to this section; run() picks sections
    _step_buffer: Buffer | None = None
    _live: Live | None = None
    last_run: tuple[str, ...] = ()

    @property
    def step_buffer(self) -> Buffer:
        if self._step_buffer is None:
            self._step_buffer = self.device.create_buffer(16, UNIFORM | COPY_DST, f"{self.name}.step")
        return self._step_buffer

    # -- build --------------------------------------------------------------------------------

    def params(self, label: str, fields: Sequence[int | float]) -> Buffer:
        """A uniform params block written once at build (immutable controls + static sizes)."""
        data = pack_params(fields)
        buf = self.device.create_buffer(len(data), UNIFORM | COPY_DST, label)
        self.device.write_buffer(buf, 0, data)
        return buf

    def add(self, op: str, family: str, route: str, kernel_id: str, bindings: Sequence[Buffer],
            grid: Grid) -> Node:
        """Append one dispatch of `kernel_id` (checked against the registry now, not at dispatch)."""
        return self.add_routed(op, family, [Choice(route, kernel_id, lambda live: True, grid)], bindings)

    def add_routed(self, op: str, family: str, choices: Sequence[Choice], bindings: Sequence[Buffer]) -> Node:
        """Append a node whose route is picked per execution from the live sizes (all built now)."""
        built = []
        for choice in choices:
            pipeline = self.device.pipeline(kernels.get(choice.kernel))
            built.append((choice, pipeline, self.device.bind_group(pipeline, bindings, label=op)))
        node = Node(self.section, op, family, built)
        self.nodes.append(node)
        return node

    # -- execute ------------------------------------------------------------------------------

    def set_live(self, live: Live) -> None:
        """Resize: write the step uniform and recompute every grid for the live sizes."""
        if live == self._live:
            return
        self.device.write_buffer(self.step_buffer, 0, pack_step(live.seq_len, live.pos))
        for node in self.nodes:
            node.select(live)
        self._live = live

    def run(self, live: Live, sections: Sequence[str] = ("main",)) -> None:
        """Encode the chosen sections' dispatches, in order, into one command buffer and submit it."""
        self.set_live(live)
        self.device.submit([n.dispatch for n in self._nodes(sections)])
        self.last_run = tuple(sections)

    async def run_profiled(self, live: Live, sections: Sequence[str] = ("main",)) -> list[dict[str, Any]]:
        """The same work, each dispatch timed on the GPU: [{op, family, route, kernel, ns}] in order."""
        self.set_live(live)
        nodes = self._nodes(sections)
        times = await self.device.submit_profiled([n.dispatch for n in nodes])
        self.last_run = tuple(sections)
        return [{"op": n.op, "family": n.family, "route": n.route, "kernel": n.kernel, "ns": t}
                for n, t in zip(nodes, times)]

    def _nodes(self, sections: Sequence[str]) -> list[Node]:
        return [n for s in sections for n in self.nodes if n.section == s]

    def attest(self, sections: Sequence[str] | None = None) -> list[dict[str, Any]]:
        """Which kernel each op ran in the last run (route attestation; cheap, always available)."""
        chosen = self.last_run if sections is None else sections
        return [{"op": n.op, "family": n.family, "route": n.route, "kernel": n.kernel} for n in self._nodes(chosen)]


def storage(device: Device, name: str, nbytes: int) -> Buffer:
    """A read-write storage buffer for activations or caches."""
    return device.create_buffer(nbytes, STORAGE | COPY_DST | COPY_SRC, name)
