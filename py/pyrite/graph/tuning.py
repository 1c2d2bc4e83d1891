"""Routes chosen by measurement (runtime option route_tuning), at load.

Where a tuned family's table (TUNED_FAMILIES) has more than one row whose predicate holds for a node's
spec at a shape class (routes.SHAPE_CLASSES: decode; prefill 17-31, >= 32 tokens; a forward of 2-16
follows decode's choice, routes.measured_row), each such row
runs alone on the model's own buffers at the class's probe rows, timed with timestamp queries (best of
REPEATS), and the fastest is kept as the plan's measured choice for that (family, spec, class): the
layers that share a shape share one measurement. The rules' own row stays unless another beats it by
RULE_MARGIN (a row timed alone that is faster within noise is no win in the whole step). On the cpu
class only decode is tuned (TUNED_CLASSES): its prefill rows were measured 2-3x apart on these
adapters, and each candidate's pipeline costs load time there. A choice is applied only where its row's predicate
still holds at the live shape; pinned tables are never tuned. The attestation marks each node's route
`measured` or `rule`.

Choices are kept per adapter fingerprint with the kernel set's hash (graph/tuning_store.py): `cached`
reuses a kept record and measures only what it lacks; `on` measures everything again; `off` (or an
adapter without timestamp-query) keeps the rules; `auto` (the default) is `cached` on the gpu class,
whose rules no GPU has measured yet, and `off` on the cpu class, whose rules were measured here. A kept record that is corrupt, from another kernel
set, or names a row the table no longer has is ignored with a notice and measured again.

Only the linear tile tables are tuned: their choice depends on the shape class alone, while
attention's also depends on the cache length.
"""
from __future__ import annotations

import hashlib
import json
import time
from dataclasses import dataclass, field, replace
from typing import Any, Iterator

from .. import kernels
from ..gpu import Dispatch
from .plan import Level, Live, Node, Plan
from .routes import Context, Launch, Route, choose, live_class, tuning_key
from .tuning_store import Store

TUNED_FAMILIES = ("linear",)
PROBE_ROWS = {"decode": 1, "prefill_17_31": 24, "prefill_32": 32}
REPEATS = 3
RULE_MARGIN = 0.9  # another row replaces the rules' only when at most this fraction of its time
TUNED_CLASSES = {"cpu": ("decode",), "gpu": tuple(PROBE_ROWS)}
RECORD_VERSION = 1


@dataclass
class TuningReport:
    """What tuning did at load: the mode it ran in, its seconds, how many choices it measured and
    reused, its notices (a record ignored, timestamps missing), and every choice with its timings."""

    mode: str
    seconds: float = 0.0
    compile_s: float = 0.0   # of which making the candidates' pipelines
    measured: int = 0
    reused: int = 0
    notices: list[str] = field(default_factory=list)
    choices: dict[str, str] = field(default_factory=dict)
    timings: dict[str, dict[str, int]] = field(default_factory=dict)  # key -> {row: best ns}

    def to_dict(self) -> dict[str, Any]:
        return {"mode": self.mode, "seconds": round(self.seconds, 4), "compile_s": round(self.compile_s, 4),
                "measured": self.measured,
                "reused": self.reused, "notices": list(self.notices), "choices": dict(self.choices)}


@dataclass(frozen=True)
class Candidate:
    """One tuned table at one shape class: the node it was first found in, the level, the live shape
    it is timed at, and its eligible rows."""

    key: str
    node: Node
    level: Level
    ctx: Context          # the level's spec at the class's probe rows
    rows: tuple[Route, ...]


def fingerprint(plan: Plan) -> dict[str, str]:
    """The adapter a record holds for: its backend, vendor, architecture, device and driver."""
    info = plan.device.info
    return {"backend": info.backend, "vendor": info.vendor, "architecture": info.architecture,
            "device": info.device, "driver": info.description, "adapter_class": plan.adapter_class}


def tuned_levels(level: Level, ctx: Context) -> Iterator[Level]:
    """The tuned levels a node runs at ctx: every level below a row the rules (or a tuned level's
    rows, any of which may be measured fastest) can choose there."""
    here = replace(ctx, spec=level.spec)
    tuned = level.family in TUNED_FAMILIES and not level.pinned
    if tuned:
        yield level
    rows = level.routes
    reachable = [r for r in rows if r.when(here)] if tuned else [choose(level.family, rows, here, level.pinned)]
    for route in reachable:
        for step in level.steps(route):
            if isinstance(step, Level):
                yield from tuned_levels(step, ctx)


def candidates(plan: Plan, max_rows: int) -> dict[str, Candidate]:
    """Every (tuned table, shape class of the adapter class's TUNED_CLASSES) a node runs with more than
    one eligible row, once per key. The table's last row, its general fallback, competes only where one
    other row is eligible (decode has GEMVs enough; a short prefill has one register tile besides it)."""
    out: dict[str, Candidate] = {}
    for cls, rows in PROBE_ROWS.items():
        if rows > max_rows or cls not in TUNED_CLASSES[plan.adapter_class]:
            continue
        live = Live(rows, 0)
        for node in plan.nodes:
            for level in tuned_levels(node.root, plan.context(node.spec, live)):
                ctx = plan.context(level.spec, live)
                key = tuning_key(level.family, level.spec, live_class(ctx))
                if key in out:
                    continue
                eligible = tuple(r for r in level.routes[:-1] if r.when(ctx))
                fallback = level.routes[-1]
                if len(eligible) == 1 and fallback.when(ctx):
                    eligible += (fallback,)
                if len(eligible) > 1:
                    out[key] = Candidate(key, node, level, ctx, eligible)
    return out


def launches(level: Level, route: Route, ctx: Context) -> list[Launch]:
    """A row's dispatches at ctx, its sub-tables resolved as an execution would."""
    out: list[Launch] = []
    for step in level.steps(route):
        out += step.resolve(ctx)[1] if isinstance(step, Level) else [step]
    return out


async def time_row(plan: Plan, c: Candidate, route: Route) -> int:
    """The row's dispatches alone at the candidate's live shape: best GPU ns of REPEATS runs."""
    live = c.ctx.live
    plan.write_step(live)
    dispatches = [Dispatch(*c.node.made_for(launch), grid, c.node.op)
                  for launch in launches(c.level, route, c.ctx) for grid in (launch.grid(live),) if 0 not in grid]
    best = None
    for _ in range(REPEATS):
        total = sum(await plan.device.submit_profiled(dispatches))
        best = total if best is None else min(best, total)
    return best or 0


def pick_row(c: Candidate, ns: dict[str, int]) -> str:
    """The fastest row, where it beats the rules' own by RULE_MARGIN; else the rules' row."""
    rule = choose(c.level.family, c.level.routes, c.ctx).name
    best = min(c.rows, key=lambda r: ns[r.name]).name
    return best if ns[best] <= RULE_MARGIN * ns[rule] else rule


def parse_record(text: str | None, plan: Plan, wanted: dict[str, Candidate]) -> tuple[dict[str, str], list[str]]:
    """The kept choices that still hold (key -> row), and a notice for each reason a record or an
    entry was ignored."""
    if text is None:
        return {}, []
    try:
        doc = json.loads(text)
        if not isinstance(doc, dict) or doc.get("version") != RECORD_VERSION or not isinstance(doc.get("choices"), dict):
            raise ValueError("not a tuning record of version 1")
    except ValueError as exc:
        return {}, [f"route tuning: the kept record is corrupt ({exc}); measuring again"]
    if doc.get("kernels") != kernels.set_hash():
        return {}, ["route tuning: the kept record is for another kernel set; measuring again"]
    if doc.get("fingerprint") != fingerprint(plan):
        return {}, ["route tuning: the kept record is for another adapter; measuring again"]
    kept, notices = {}, []
    for key, name in doc["choices"].items():
        c = wanted.get(key)
        if c is None:
            continue  # a shape this model does not have
        if isinstance(name, str) and any(r.name == name for r in c.rows):
            kept[key] = name
        else:
            notices.append(f"route tuning: the kept choice {name!r} for {key} is not a row of that table now; "
                           "measuring again")
    return kept, notices


def record(plan: Plan, choices: dict[str, str], timings: dict[str, dict[str, int]]) -> str:
    return json.dumps({"version": RECORD_VERSION, "kernels": kernels.set_hash(), "fingerprint": fingerprint(plan),
                       "choices": choices, "timings": timings}, indent=1, sort_keys=True)


def resolve_mode(plan: Plan, notices: list[str]) -> str:
    """The option's mode, auto resolved by the adapter class; off without timestamp-query."""
    mode = plan.options["route_tuning"]
    if mode == "auto":
        mode = "cached" if plan.adapter_class == "gpu" else "off"
    if mode != "off" and "timestamp-query" not in plan.device.features:
        notices.append("route tuning: this adapter has no timestamp-query; the route rules decide")
        return "off"
    return mode


async def tune(plan: Plan, store: Store, max_rows: int) -> TuningReport:
    """Measure (or reuse) the plan's route choices per option route_tuning and apply them."""
    t0 = time.perf_counter()
    notices: list[str] = []
    report = TuningReport(resolve_mode(plan, notices), notices=notices)
    if report.mode == "off":
        return report
    wanted = candidates(plan, max_rows)
    name = store_name(plan)
    kept, more = parse_record(await store.read(name), plan, wanted) if report.mode == "cached" else ({}, [])
    notices += more
    timings: dict[str, dict[str, int]] = {}
    choices = dict(kept)
    todo = [c for key, c in wanted.items() if key not in choices]
    # every candidate's pipelines at once (in the page the browser compiles them concurrently), then time
    t_compile = time.perf_counter()
    await plan.device.compile([(kernels.get(launch.kernel), None) for c in todo for r in c.rows
                               for launch in launches(c.level, r, c.ctx)])
    report.compile_s = time.perf_counter() - t_compile
    for c in todo:
        key = c.key
        timings[key] = {r.name: await time_row(plan, c, r) for r in c.rows}
        choices[key] = pick_row(c, timings[key])
    report.measured, report.reused = len(timings), len(kept)
    report.choices, report.timings = choices, timings
    plan.set_tuned(choices)
    if timings:
        try:
            await store.write(name, record(plan, choices, timings))
        except Exception as exc:  # a full or read-only store costs the next load a measurement, nothing else
            notices.append(f"route tuning: could not keep the choices ({type(exc).__name__}: {exc})")
    report.seconds = time.perf_counter() - t0
    return report


def store_name(plan: Plan) -> str:
    """One record per adapter fingerprint (its kernel-set hash is checked inside, to say why it is stale)."""
    return "routes-" + hashlib.sha256(json.dumps(fingerprint(plan), sort_keys=True).encode()).hexdigest()[:16] + ".json"
