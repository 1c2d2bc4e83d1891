"""GPU time of one op family's dispatches, natively: the shared timer of the native benches."""
from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from pyrite.graph.options import Options  # noqa: E402
from pyrite.graph.plan import Live, Plan, storage  # noqa: E402
from pyrite.graph.registry import lookup  # noqa: E402
import pyrite.ops  # noqa: E402,F401  (registers every op)
from pyrite.sync import run_sync  # noqa: E402


def time_family(device, op: str, family: str, route: str, attrs: dict, data: dict, live: Live, repeats: int,
                outputs: dict | None = None, options: dict | None = None) -> tuple[float, str]:
    """Median GPU seconds of the family's dispatches over `repeats` profiled runs (after one warm-up) of
    the single op `op` (its registered case builder, graph/registry.py) with `route` pinned and runtime `options`, and the kernels
    it ran."""
    bufs = {"dummy": storage(device, "dummy", 4)}
    for name, raw in data.items():
        bufs[name] = storage(device, name, max(len(raw), 4))
        device.write_buffer(bufs[name], 0, raw)
    for name, nbytes in (outputs or {}).items():
        bufs[name] = storage(device, name, max(nbytes, 4))
    plan = Plan(device, op, {family: route}, Options(options or {}))
    lookup(op).case(plan, bufs, attrs)
    plan.run(live)
    run_sync(device.sync())
    times = []
    for _ in range(repeats):
        rows = run_sync(plan.run_profiled(live))
        times.append(sum(r["ns"] for r in rows if r["family"] == family) / 1e9)
    kernels = next(r["kernel"] for r in plan.attest() if r["family"] == family)
    for buf in bufs.values():
        device.destroy_buffer(buf)
    return statistics.median(times), kernels


def bench_args(doc: str, repeats: int, out: Path, argv: list[str] | None) -> argparse.Namespace:
    """--repeats (at least 1) and --out, the flags every native bench takes."""
    ap = argparse.ArgumentParser(description=doc.splitlines()[0])
    ap.add_argument("--repeats", type=int, default=repeats)
    ap.add_argument("--out", type=Path, default=out)
    a = ap.parse_args(argv)
    if a.repeats < 1:
        ap.error("--repeats must be at least 1")
    return a
