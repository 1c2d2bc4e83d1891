#!/usr/bin/env python3
"""A decode step's GPU time as the context grows, in the page and natively: how much of it is attention.

    python bench/context.py [--model smollm2-135m] [--lengths 128,512,1024] [--repeats 2] [--native-only]

Run from the repo root inside .venv after `python build.py build` (`python build.py bench --context` does
both). For each cache length N, a prompt of N tokens is prefilled and one decode step after it is timed
per kernel with timestamp queries (the engine's profile request: in the page through pyrite.js's worker,
natively through Engine.profile on wgpu-py), the fastest of --repeats. Prints the step's milliseconds, its
attention part (the sdpa kernels) and share, and each length's step against the shortest one's, with
the adapter and load average. A failure prints the error and exits non-zero.
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from pyrite.driver import DIST, BrowserSession  # noqa: E402
from pyrite.sync import run_sync  # noqa: E402

Profile = Callable[[list[int]], dict[str, list[dict[str, Any]]]]


def prompt(n: int) -> list[int]:
    """n ids spread over the vocabulary (a fixed stride, so every run prefills the same tokens)."""
    return [(i * 7919) % 40000 + 100 for i in range(n)]


def decode_step(profile: Profile, n: int, repeats: int) -> tuple[float, float]:
    """(step ms, attention ms) of the decode step after a prefill of n tokens, the fastest of repeats."""
    runs = []
    for _ in range(repeats):
        rows = profile(prompt(n))["decode"]
        runs.append((sum(r["ms"] for r in rows), sum(r["ms"] for r in rows if r["kernel"].startswith("sdpa"))))
    return min(runs)


def report(where: str, adapter: str, steps: dict[int, tuple[float, float]]) -> None:
    print(f"\n{where} ({adapter}), load average {os.getloadavg()[0]:.2f}")
    print(f"{'cache':>6} {'step ms':>8} {'attention ms':>13} {'share':>6} {'x shortest':>11}")
    base = steps[min(steps)][0]
    for n, (step, attention) in sorted(steps.items()):
        print(f"{n:>6} {step:>8.1f} {attention:>13.1f} {attention / step:>6.0%} {step / base:>11.2f}")


def native(model_dir: Path, lengths: list[int], repeats: int) -> None:
    from pyrite.engine import Engine
    engine = run_sync(Engine.load(model_dir, max_ctx=max(lengths) + 8))
    try:
        steps = {n: decode_step(lambda ids: run_sync(engine.profile(ids)), n, repeats) for n in lengths}
        report("natively", engine.device.info.description or engine.device.info.device, steps)
    finally:
        engine.close()


def page(model: str, lengths: list[int], repeats: int) -> None:
    with BrowserSession(DIST) as s:
        s.load(f"models/{model}", max_ctx=max(lengths) + 8)
        adapter = s.info().get("adapter", {})
        steps = {n: decode_step(s.profile, n, repeats) for n in lengths}
        report("in the page", adapter.get("description") or adapter.get("architecture") or "?", steps)


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--model", default="smollm2-135m", help="a built model of dist/models")
    p.add_argument("--lengths", default="128,512,1024", help="cache lengths, comma-separated")
    p.add_argument("--repeats", type=int, default=2, help="profiles per length (the fastest is kept)")
    p.add_argument("--native-only", action="store_true", help="skip the page")
    args = p.parse_args(argv)
    lengths = sorted({int(x) for x in args.lengths.split(",")})
    if not lengths or lengths[0] < 1 or args.repeats < 1:
        p.error("--lengths must be positive and --repeats at least 1")
    model_dir = DIST / "models" / args.model
    if not (model_dir / "model.json").is_file():
        print(f"[context] FAILED: {model_dir} is not built: run `python build.py bench --context --model "
              f"{args.model}`")
        return 1
    try:
        native(model_dir, lengths, args.repeats)
        if not args.native_only:
            page(args.model, lengths, args.repeats)
    except Exception as e:  # a failed run is an error, never a row
        print(f"[context] FAILED: {type(e).__name__}: {e}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
