#!/usr/bin/env python3
"""What each pipeline of a model's plan costs to compile in the page, one at a time.

    python bench/compile.py [--model smollm2-135m] [--repeats 1] [--out bench/compile.json]

Run from the repo root inside .venv after `python build.py build` (`python build.py bench --compile` does
both). The pipelines are those the plan of a load wants at each shape it compiles (decode: 1 token; short:
2 tokens; prefill: a full chunk), and those of a speculative request's verify forwards (verify: 2-8 rows,
greedy; its first request waits for the 2-row ones, sampler.py), listed from the model loaded natively
(wgpu-py: the cpu class, as SwiftShader is). Each is then made in headless Chromium by
createComputePipelineAsync on a device of its own, its source given a fresh first line so that nothing
compiled before is reused, and timed. A load
waits for decode's; a full prefill's start behind them and a short one's after those, and a first message
sent at Ready waits for what is still compiling; on a CPU adapter compile time is CPU time, which a
two-core machine shares with everything else. Prints each kernel's milliseconds with its source size, the
total per shape (and its part for kernels decode does not use: what a first message at Ready may wait
for) and the load average; writes --out.
A failure prints the error and exits non-zero.
"""
from __future__ import annotations

import argparse
import asyncio
import datetime
import json
import os
import sys
import uuid
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from pyrite.driver import DIST, BrowserSession  # noqa: E402
from pyrite.gpu.pipelines import pipeline_key  # noqa: E402
from pyrite.graph.plan import Live  # noqa: E402
from pyrite.graph.speculative import MAX_ROWS  # noqa: E402
from pyrite.models.resident import PREPARED, load_resident  # noqa: E402
from pyrite.sampler import Sampler  # noqa: E402

SHAPES = {"decode": 1, "short": 2}  # the load's Live rows; prefill: its max_seq

# one pipeline on a device of its own, with the adapter's storage-buffer limit (Python asks for it too)
MAKE = """async ([code, entry, constants]) => {
  const adapter = await navigator.gpu.requestAdapter();
  const limit = adapter.limits.maxStorageBuffersPerShaderStage;
  const device = await adapter.requestDevice({requiredLimits: {maxStorageBuffersPerShaderStage: limit}});
  const module = device.createShaderModule({code});
  const started = performance.now();
  await device.createComputePipelineAsync({layout: "auto", compute: {module, entryPoint: entry, constants}});
  const ms = performance.now() - started;
  device.destroy();
  return ms;
}"""


def distinct(wanted: list[tuple[Any, dict | None]]) -> list[tuple[Any, dict]]:
    """wanted's pipelines, once each, in order."""
    seen: dict[tuple, tuple[Any, dict]] = {}
    for kernel, constants in wanted:
        seen.setdefault(pipeline_key(kernel, constants), (kernel, constants or {}))
    return list(seen.values())


async def wanted_pipelines(model_dir: Path) -> dict[str, list[tuple[Any, dict]]]:
    """Per shape, the distinct (kernel, constants) the plan wants, in its order."""
    resident = await load_resident(model_dir)
    try:
        plan = resident.model.plan
        out = {shape: distinct(plan.pipelines([Live(rows, 0)], PREPARED))
               for shape, rows in {**SHAPES, "prefill": resident.model.max_seq}.items()}
        resident.model.ensure_verify()  # a speculative request's forwards of 2..8 rows (the cpu class's)
        out["verify"] = distinct(plan.pipelines([Live(s, 0) for s in range(2, MAX_ROWS["cpu"] + 1)],
                                                Sampler.verify_sections(draw=False, masked=False)))
        return out
    finally:
        resident.close()


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--model", default="smollm2-135m", help="a built model of dist/models (default smollm2-135m)")
    p.add_argument("--repeats", type=int, default=1, help="compiles of each pipeline (the median is kept)")
    p.add_argument("--out", type=Path, default=ROOT / "bench" / "compile.json", help="results JSON")
    args = p.parse_args(argv)
    if args.repeats < 1:
        p.error("--repeats must be at least 1")
    model_dir = DIST / "models" / args.model
    if not (model_dir / "model.json").is_file():
        print(f"[compile] FAILED: {model_dir} is not built: run `python build.py bench --compile --model "
              f"{args.model}`", file=sys.stderr)
        return 1
    results: dict[str, Any] = {"date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
                               "model": args.model, "cpus": os.cpu_count(), "shapes": {}}
    try:
        shapes = asyncio.run(wanted_pipelines(model_dir))
        with BrowserSession(DIST) as session:
            results["chromium"] = session.page.context.browser.version
            page = session.new_page()
            page.goto(session.url("build.json"))
            made: dict[tuple, float] = {}  # a pipeline in several shapes is timed once
            decode = {kernel.id for kernel, _ in shapes["decode"]}  # compiled before Ready
            for shape, pipelines in shapes.items():
                rows = []
                for kernel, constants in pipelines:
                    key = pipeline_key(kernel, constants)
                    if key not in made:
                        times = sorted(page.evaluate(MAKE, [f"// {uuid.uuid4()}\n{kernel.source}", kernel.entry,
                                                            constants]) for _ in range(args.repeats))
                        made[key] = times[len(times) // 2]
                    rows.append({"kernel": kernel.id, "ms": round(made[key]), "chars": len(kernel.source)})
                results["shapes"][shape] = {"pipelines": rows, "total_ms": sum(r["ms"] for r in rows),
                                            "beyond_decode_ms": sum(r["ms"] for r in rows if r["kernel"] not in decode),
                                            "loadavg": os.getloadavg()[0]}
    except Exception as e:  # say what failed; write nothing that looks like a result
        print(f"[compile] FAILED: {type(e).__name__}: {str(e).splitlines()[0]}", file=sys.stderr)
        return 1
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(results, indent=1))
    for shape, r in results["shapes"].items():
        print(f"[compile] {args.model} {shape}: {r['total_ms']} ms in all, {r['beyond_decode_ms']} ms of it for "
              f"kernels decode does not use; load average {r['loadavg']:.2f}")
        for row in sorted(r["pipelines"], key=lambda row: -row["ms"]):
            print(f"[compile]   {row['ms']:7d} ms  {row['kernel']} ({row['chars']} characters)")
    print(f"[compile] Chromium {results['chromium']}; results in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
