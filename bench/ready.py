#!/usr/bin/env python3
"""Time to Ready of the page, visit by visit, in one fresh headless Chromium profile.

    python bench/ready.py [--model smollm2-135m] [--idle 20] [--out bench/ready.json]

Run from the repo root inside .venv after `python build.py build` (`python build.py bench --ready` does both).
Three visits of index.html, each a new page that loads the model through the page's own path:
  cold      the profile's first: weights from the server, no Python snapshot, no kept pipelines
  warm      opened right after the cold page closed (its deferred compiles may still hold the GPU process)
  idle      opened after --idle seconds with no page open
Each prints ready_s, its phases (runtime, weights, upload, plan, pipelines), how Python came up ("start",
or "snapshot": restored from the memory snapshot a visit kept) and the load average, against the goal
(Ready within 2.5 s warm, 4 s cold). Writes --out. A failure prints the error and exits non-zero.
"""
from __future__ import annotations

import argparse
import datetime
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from pyrite.driver import DIST, BrowserSession  # noqa: E402

GOAL_S = {"cold": 4.0, "warm": 2.5, "idle": 2.5}


def visit(session: BrowserSession, model: str) -> dict[str, Any]:
    """One new page of the site, the model loaded through it; the page is closed after."""
    page = session.new_page()
    try:
        page.goto(session.url("index.html?autoload=0"))
        page.wait_for_function("() => window.pyriteApp !== undefined", timeout=120_000)
        info = page.evaluate("(m) => window.pyriteApp.instance().load(m)", model)
        return {"ready_s": info["ready_s"], "phases": info["phases"], "python": info["python"],
                "loadavg": os.getloadavg()[0]}
    finally:
        page.close()


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--model", default="smollm2-135m", help="a built model of dist/models (default smollm2-135m)")
    p.add_argument("--idle", type=float, default=20.0, help="seconds with no page open before the idle visit")
    p.add_argument("--out", type=Path, default=ROOT / "bench" / "ready.json", help="results JSON")
    args = p.parse_args(argv)
    model = f"models/{args.model}"
    if not (DIST / model / "model.json").is_file():
        print(f"[ready] FAILED: {DIST / model} is not built: run `python build.py bench --ready --model {args.model}`",
              file=sys.stderr)
        return 1
    results: dict[str, Any] = {"date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
                               "model": model, "cpus": os.cpu_count(), "visits": {}}
    try:
        with BrowserSession(DIST) as session:  # its own page stays idle (autoload=0)
            results["chromium"] = session.page.context.browser.version
            results["visits"]["cold"] = visit(session, model)
            results["visits"]["warm"] = visit(session, model)
            time.sleep(args.idle)
            results["visits"]["idle"] = visit(session, model)
    except Exception as e:  # say what failed; write nothing that looks like a result
        print(f"[ready] FAILED: {type(e).__name__}: {str(e).splitlines()[0]}", file=sys.stderr)
        return 1
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(results, indent=1))
    for kind, r in results["visits"].items():
        phases = ", ".join(f"{k} {v:.2f}" for k, v in r["phases"].items())
        verdict = "met" if r["ready_s"] <= GOAL_S[kind] else f"missed by {r['ready_s'] - GOAL_S[kind]:.2f} s"
        print(f"[ready] {args.model} {kind}: Ready in {r['ready_s']:.2f} s (goal {GOAL_S[kind]} s: {verdict}); "
              f"{phases}; Python from {r['python']}; load average {r['loadavg']:.2f}")
    print(f"[ready] Chromium {results['chromium']}; results in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
