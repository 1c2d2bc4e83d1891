"""Plan: the built form of a graph. A row's params blocks and scratch are made once, when a selection
first chooses it, each pipeline and bind group once, when its launch first runs; a step (live seq_len,
pos) rewrites one uniform, re-selects each node's route at every level (graph/routes.py) and recomputes
grids.

Every node records the op, the rows it chose and the kernels it dispatches, so each run can attest
which kernel ran and why.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import partial
from typing import Any, Callable, Mapping, Sequence, Union

from .. import kernels
from ..errors import ShapeError
from ..gpu import COPY_DST, COPY_SRC, STORAGE, UNIFORM, Buffer, Device, Dispatch
from .options import Options
from .params import pack_named, pack_step, params_layout
from .routes import Context, Launch, Live, Route, RouteError, Sub, choose, fitting, measured_row

__all__ = ["Live", "Node", "Plan", "Tensor", "storage"]
KEPT = 32  # selections a plan keeps to restore (Plan.select)


@dataclass(frozen=True)
class Tensor:
    """A device buffer with a logical shape; 'S' in a shape is the live sequence length."""

    name: str
    shape: tuple
    dtype: str
    buffer: Buffer


Steps = list[Union[Launch, "Level"]]


@dataclass
class Level:
    """One table of a node: the rows that fit (a pinned level holds its one row), each row's steps
    (launches, and the levels of its sub-tables) built the first time it is chosen: a model's plan has
    ten times the launches its runs ever choose (every tile of every projection), and building them all
    was most of a load's plan phase."""

    family: str
    spec: Any
    pinned: bool
    routes: list[Route]
    build: Callable[[Route], Steps] = field(repr=False)  # a row's steps (Plan._steps)
    built: dict[str, Steps] = field(default_factory=dict, repr=False)  # route name -> its steps

    def steps(self, route: Route) -> Steps:
        """The row's steps, built (its params blocks, scratch and sub-tables made) on the first call."""
        got = self.built.get(route.name)
        if got is None:
            got = self.built[route.name] = self.build(route)
        return got

    def resolve(self, ctx: Context) -> tuple[str, list[Launch], bool]:
        """The rows chosen at ctx from this level down, each level with its own spec: (their names, "/"
        per level and "+" between the sub-tables of one row; every launch they run, in order; whether
        a level took a measured choice, graph/tuning.py, rather than the table's rule)."""
        here = ctx if ctx.spec is self.spec else replace(ctx, spec=self.spec)
        measured = None if self.pinned else measured_row(self.family, self.routes, here)
        route = measured or choose(self.family, self.routes, here, self.pinned)
        names, launches, any_measured = [], [], measured is not None
        for step in self.steps(route):
            if isinstance(step, Level):
                name, below, deeper = step.resolve(ctx)
                names.append(name)
                launches += below
                any_measured = any_measured or deeper
            else:
                launches.append(step)
        return (f"{route.name}/{'+'.join(names)}" if names else route.name), launches, any_measured


@dataclass
class Node:
    device: Device
    section: str
    op: str
    family: str
    spec: Any
    root: Level                                   # the node's route table, built
    route: str = ""                               # the rows chosen at the selected shape (routes.py)
    measured: bool = False                        # a level took a measured choice (graph/tuning.py)
    kernels: list[str] = field(default_factory=list)      # of each dispatch, in order
    picked: list[tuple[Launch, tuple[int, int, int]]] = field(default_factory=list)  # (launch, grid) per dispatch
    made: dict[int, tuple[Any, Any]] = field(default_factory=dict)  # id(launch) -> (pipeline, bind group)
    _dispatches: list[Dispatch] | None = None

    @property
    def dispatches(self) -> list[Dispatch]:
        """The chosen rows' dispatches at the selected shape; pipelines and bind groups are made here,
        when a run first needs them (a row, tile or section that never runs compiles nothing)."""
        if self._dispatches is None:
            self._dispatches = [Dispatch(*self.made_for(launch), grid, self.op) for launch, grid in self.picked]
        return self._dispatches

    def made_for(self, launch: Launch) -> tuple[Any, Any]:
        """The launch's pipeline and bind group, made the first time it runs."""
        got = self.made.get(id(launch))
        if got is None:
            pipeline = self.device.pipeline(kernels.get(launch.kernel))
            got = self.made[id(launch)] = (pipeline, self.device.bind_group(pipeline, launch.bindings, label=self.op))
        return got

    def select(self, ctx: Context) -> None:
        """Choose a row at every level (first match wins); a switch is atomic: all the chosen rows'
        dispatches, none of another's.

        A spec may refuse a live shape first (check_live raises a typed error before any dispatch)."""
        check = getattr(self.spec, "check_live", None)
        if check is not None:
            check(ctx.live)
        self.route, launches, self.measured = self.root.resolve(ctx)
        # a launch with nothing to do at this live shape (a block past S) is skipped
        self.picked = [(launch, grid) for launch in launches for grid in (launch.grid(ctx.live),) if 0 not in grid]
        self.kernels = [launch.kernel for launch, _ in self.picked]
        self._dispatches = None

    def state(self) -> tuple:
        """What select chose (Plan.select keeps it per live shape, to restore without choosing again)."""
        return self.route, self.measured, self.kernels, self.picked, self._dispatches

    def restore(self, state: tuple) -> None:
        self.route, self.measured, self.kernels, self.picked, self._dispatches = state

    def attest(self) -> dict[str, Any]:
        kernels = list(dict.fromkeys(self.kernels))  # each kernel once, in order of first dispatch
        return {"op": self.op, "family": self.family, "route": self.route, "kernel": "+".join(kernels),
                "dispatches": len(self.picked), "choice": "measured" if self.measured else "rule"}


@dataclass
class Plan:
    device: Device
    name: str = "plan"
    overrides: dict[str, str] = field(default_factory=dict)  # family -> pinned route name
    options: Options = field(default_factory=Options)        # read per execution
    nodes: list[Node] = field(default_factory=list)
    section: str = "main"  # nodes added now belong to this section; run() picks sections
    max_rows: int = 0      # the most live rows its activations hold (0: the ops' own checks only)
    _step_buffer: Buffer | None = None
    _selected: tuple | None = None
    _kept: dict[tuple, list[tuple]] = field(default_factory=dict)  # selections seen before, by (live, options)
    _written: Live | None = None  # what the step uniform holds (None: unknown, a tape's steps moved it)
    _scratch: dict[str, Buffer] = field(default_factory=dict)
    last_run: tuple[str, ...] = ()
    tuned: dict[str, str] = field(default_factory=dict)  # measured choices (graph/tuning.py), read per select
    owners: tuple[list[Buffer], ...] = ()  # the lists its buffers go to (Device.collecting when it was made)

    def __post_init__(self) -> None:
        if not isinstance(self.options, Options):
            self.options = Options(self.options)
        self.owners = self.owners or self.device.collecting

    @property
    def step_buffer(self) -> Buffer:
        if self._step_buffer is None:
            self._step_buffer = self.device.create_buffer(16, UNIFORM | COPY_DST, f"{self.name}.step")
        return self._step_buffer

    # -- build --------------------------------------------------------------------------------

    def uniforms(self, label: str, kernel: str, struct_name: str = "Params", **values: Any) -> Buffer:
        """A uniform params block written once at build (immutable controls + static sizes), packed by
        field name against the WGSL `struct Params` of `kernel` (or of any kernel sharing it), or
        against its struct `struct_name` (then rewritten with write_uniforms)."""
        data = pack_named(kernel, params_layout(kernel, kernels.get(kernel).source, struct_name), values)
        buf = self.device.create_buffer(len(data), UNIFORM | COPY_DST, label)
        self.device.write_buffer(buf, 0, data)
        return buf

    def write_uniforms(self, buf: Buffer, kernel: str, struct_name: str, **values: Any) -> None:
        """Rewrite a uniform block made by uniforms(..., struct_name) (per generation, never per step)."""
        self.device.write_buffer(buf, 0, pack_named(kernel, params_layout(kernel, kernels.get(kernel).source,
                                                                          struct_name), values))

    def scratch(self, name: str, nbytes: int) -> Buffer:
        """A storage buffer shared by every node that asks for `name` (nodes run one after another).

        A larger request gets a new buffer; nodes built earlier keep the one they bound."""
        buf = self._scratch.get(name)
        if buf is None or buf.size < nbytes:
            buf = self._scratch[name] = storage(self.device, f"{self.name}.{name}", nbytes)
        return buf

    def add_node(self, op: str, family: str, spec: Any, routes: Sequence[Route], args: Any) -> Node:
        """Append a node: the rows that fit the adapter now, at its top level; choose per execution.

        A row whose `fits` fails (a kernel this adapter cannot create, weights it cannot read) is left
        out; a pinned row that does not fit is a RouteError here (in a sub-table, where the row above it
        is first chosen, before any dispatch). A row is built when first chosen
        (Level.steps), its kernels looked up then; its pipelines and bind groups are made when it
        first runs (Node.made_for)."""
        node = Node(self.device, self.section, op, family, spec, self._level(op, Sub(family, routes, spec, args)))
        self.nodes.append(node)
        self._selected = None
        self._kept.clear()
        return node

    def _level(self, op: str, table: Sub) -> Level:
        """A table: its fitting rows (the pinned one, where its family is pinned), each built when first
        chosen."""
        rows = fitting(op, table.family, table.routes, self.context(table.spec, Live(1, 0)), self.overrides)
        return Level(table.family, table.spec, table.family in self.overrides, rows,
                     partial(self._steps, op, table.args))

    def _steps(self, op: str, args: Any, route: Route) -> Steps:
        """A row's steps, its sub-tables as levels of their own. The buffers it makes go where the plan's
        own went (the lists collecting when it was made): a row built at a run is its owner's as well."""
        steps: Steps = []
        with self.device.collect(*self.owners):
            for step in route.build(route, args):
                if isinstance(step, Sub):
                    steps.append(self._level(op, step))
                else:
                    kernels.get(step.kernel)  # an unknown kernel fails the row's build, not its first run
                    steps.append(step)
        return steps

    # -- execute ------------------------------------------------------------------------------

    @property
    def adapter_class(self) -> str:
        """The class routes are chosen for: the option adapter_class, or the adapter's own."""
        chosen = self.options["adapter_class"]
        return self.device.info.adapter_class if chosen == "auto" else chosen

    def context(self, spec: Any, live: Live) -> Context:
        return Context(spec, live, self.device.limits, self.device.features, self.options, self.adapter_class,
                       self.tuned)

    def set_tuned(self, choices: Mapping[str, str]) -> None:
        """Take measured choices (tuning_key -> row name); the next execution re-selects with them."""
        self.tuned = dict(choices)
        self._selected = None
        self._kept.clear()

    def set_live(self, live: Live) -> None:
        """Resize: write the step uniform, re-select every node's route and grid for the live sizes."""
        self.select(live)
        if self._written != live:
            self.write_step(live)
            self._written = live

    def write_step(self, live: Live) -> None:
        """Write the step uniform for live. Called alone (the first step of a tape's batch), it leaves
        the plan assuming nothing of the uniform afterwards: the batch's steps advance it on the GPU."""
        self.device.write_buffer(self.step_buffer, 0, pack_step(live.seq_len, live.pos))
        self._written = None

    def select(self, live: Live) -> None:
        """Re-select every node's route and grid for the live sizes (set_live without the step write).
        A shape selected before is restored as it was (decode and multi-token forwards alternate between
        a few shapes, graph/multistep.py), up to KEPT of them."""
        key = (live, self.options.snapshot())
        if key == self._selected:
            return
        if self.max_rows and not 1 <= live.seq_len <= self.max_rows:
            raise ShapeError(f"{self.name}: {live.seq_len} live rows, built for 1..{self.max_rows} (max_seq)")
        if self._selected is not None:
            if len(self._kept) >= KEPT:
                self._kept.clear()
            self._kept[self._selected] = [n.state() for n in self.nodes]
        kept = self._kept.pop(key, None)
        self._selected = None  # until every node chose (a row's first build may raise)
        for i, node in enumerate(self.nodes):
            if kept is None:
                node.select(self.context(node.spec, live))
            else:
                node.restore(kept[i])
        self._selected = key

    def tape(self, first: Live, last: Live, sections: Sequence[str]) -> list[Dispatch]:
        """One step's dispatches, valid for every step from `first` to `last` (a batch of decode steps
        replayed from one submit; graph/tape.py): the routes and kernels `first` picks, at the grids of
        `last`, which is as large in every dimension (each kernel bounds its work by the step uniform).
        The caller writes the step uniform of a batch's first step (write_step); the steps advance it
        on the GPU from there."""
        self.select(first)
        nodes = self._nodes(sections)
        at_first = [(n.route, n.kernels, n.picked) for n in nodes]
        self.select(last)
        for node, (route, names, picked) in zip(nodes, at_first):
            same = len(picked) == len(node.picked) and all(a is b for (a, _), (b, _) in zip(picked, node.picked))
            grown = all(a <= b for (_, ga), (_, gb) in zip(picked, node.picked) for a, b in zip(ga, gb))
            if not same or not grown:
                raise RouteError(f"{node.op}: one tape cannot run steps {first} to {last}: {node.route} "
                                 f"{node.kernels} {[g for _, g in node.picked]} at the last, {route} "
                                 f"{names} {[g for _, g in picked]} at the first")
        return [d for n in nodes for d in n.dispatches]

    def pipelines(self, lives: Sequence[Live], sections: Sequence[str] = ("main",)) -> list[tuple[Any, None]]:
        """The (kernel, constants) the sections' launches make pipelines of at these live shapes
        (Node.made_for), each once, in the order runs first dispatch them: Device.compile makes them
        all at once before prepare() binds them."""
        wanted: dict[str, None] = {}
        for live in lives:
            self.select(live)
            wanted.update(dict.fromkeys(k for node in self._nodes(sections) for k in node.kernels))
        return [(kernels.get(k), None) for k in wanted]

    def prepare(self, lives: Sequence[Live], sections: Sequence[str] = ("main",)) -> None:
        """Make the pipelines and bind groups the sections' nodes run at these live shapes (at load,
        inside its error scope), so the steps that follow compile nothing."""
        for live in lives:
            self.set_live(live)
            for node in self._nodes(sections):
                node.dispatches  # the property makes what the selection runs

    def run(self, live: Live, sections: Sequence[str] = ("main",)) -> None:
        """Encode the chosen sections' dispatches, in order, into one command buffer and submit it."""
        self.set_live(live)
        self.device.submit([d for n in self._nodes(sections) for d in n.dispatches])
        self.last_run = tuple(sections)

    async def run_profiled(self, live: Live, sections: Sequence[str] = ("main",)) -> list[dict[str, Any]]:
        """The same work, each dispatch timed on the GPU: [{op, family, route, kernel, ns}] in order."""
        self.set_live(live)
        rows = [(n, kernel, d) for n in self._nodes(sections) for kernel, d in zip(n.kernels, n.dispatches)]
        times = await self.device.submit_profiled([d for _, _, d in rows])
        self.last_run = tuple(sections)
        return [{"op": n.op, "family": n.family, "route": n.route, "kernel": kernel, "ns": t}
                for (n, kernel, _), t in zip(rows, times)]

    def _nodes(self, sections: Sequence[str]) -> list[Node]:
        return [n for s in sections for n in self.nodes if n.section == s]

    def attest(self, sections: Sequence[str] | None = None) -> list[dict[str, Any]]:
        """Which route and kernels each op ran in the last run (route attestation; cheap, always on)."""
        chosen = self.last_run if sections is None else sections
        return [n.attest() for n in self._nodes(chosen)]

    def routes(self, sections: Sequence[str] | None = None) -> Mapping[str, str]:
        """{op: route} of the last run."""
        return {row["op"]: row["route"] for row in self.attest(sections)}


def storage(device: Device, name: str, nbytes: int) -> Buffer:
    """A read-write storage buffer for activations or caches."""
    return device.create_buffer(nbytes, STORAGE | COPY_DST | COPY_SRC, name)
