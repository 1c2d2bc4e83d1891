#!/usr/bin/env python3
"""How much of the real-world schema corpus (tests/constrain/corpus/) compile_schema compiles: per source,
for the hard subset and overall; the most common refusal reasons with counts; compile time p50/p95; and
the official JSON Schema Test Suite's groups compiled per draft, with the time each draft takes and the
slowest groups (compiling dominates: the suite test runs all of it in one process).

    .venv/bin/python bench/schema_coverage.py [--top 15]
"""
from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.append(str(ROOT / "py"))   # pyrite: .venv's install first, else the tree's

from constrain.official import DRAFTS, files, groups, run_group  # noqa: E402
from constrain.reasons import reason_key  # noqa: E402
from constrain.realworld import compile_times, compiled, coverage, entries  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--top", type=int, default=15, help="how many refusal reasons (and slow groups) to list")
    top = parser.parse_args().top
    print(f"{'corpus':<12} {'compiled':>8} {'schemas':>8} {'share':>7}")
    for key, (ok, n) in coverage().items():
        print(f"{key:<12} {ok:>8} {n:>8} {ok / n:>7.0%}")
    print(compile_times())
    reasons = Counter(reason_key(c.refused) for c in map(compiled, (e.path for e in entries())) if c.refused)
    print(f"\nmost common refusal reasons (of {sum(reasons.values())} refused schemas):")
    for reason, n in reasons.most_common(top):
        print(f"{n:>5}  {reason}")
    print("\nJSON Schema Test Suite (docs/json-schema-suite.md): groups compiled per draft")
    timed = []
    for draft in DRAFTS:
        start, compiled_groups, n = time.perf_counter(), 0, 0
        for file in files(draft):
            for group in groups(draft, file):
                t = time.perf_counter()
                compiled_groups += run_group(group).refused is None
                timed.append((time.perf_counter() - t, f"{draft} {file} / {group.description}"))
                n += 1
        print(f"{draft:<13} {compiled_groups:>4} of {n}, {time.perf_counter() - start:.1f} s")
    print(f"slowest groups (of {sum(t for t, _ in timed):.1f} s in all):")
    for seconds, name in sorted(timed, reverse=True)[:top]:
        print(f"{seconds:>7.2f} s  {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
