"""`python build.py shaders [--check] [--prune]`: build.py calls main(argv) with the arguments
after `shaders`.

Exit status: 0 done / up to date; 1 --check found problems; 2 a source, manifest or
kernel is wrong (nothing was written).
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from pyrite.codegen.generate import check, generate
from pyrite.codegen.validate import failures, validate
from pyrite.errors import PyriteError

# py/pyrite/codegen/cli.py -> the repository root
DEFAULT_ROOT = Path(__file__).resolve().parents[3]


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="build.py shaders", description="Expand shaders/ into py/pyrite/kernels/generated/."
    )
    p.add_argument(
        "--check", action="store_true",
        help="write nothing; exit 1 if any output is missing, stale, orphaned or differs from the lock, "
             "or any kernel fails validation",
    )
    p.add_argument("--prune", action="store_true", help="delete generated files that no source produces")
    p.add_argument("--root", type=Path, help="repository root (default: the one holding this package)")
    return p


def main(argv: list[str], root: Path | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.check and args.prune:
        print("shaders: --check writes nothing; drop --prune", file=sys.stderr)
        return 2
    root = args.root or root or DEFAULT_ROOT
    try:
        if args.check:
            kernels, problems = check(root)
            problems += [f"invalid: {line}" for line in failures(kernels)]
            for line in problems:
                print(line)
            if problems:
                print(f"shaders: {len(problems)} problem(s); run `python build.py shaders`")
                return 1
            print(f"shaders: {len(kernels)} kernels up to date")
            return 0
        result = generate(root, prune=args.prune, validator=validate)
    except PyriteError as exc:
        print(f"shaders: error: {exc}", file=sys.stderr)
        return 2
    for line in result.lock_changes:
        print(f"lock: {line}")
    for path in result.report.written:
        print(f"wrote: {path.relative_to(root).as_posix()}")
    for path in result.report.removed:
        print(f"pruned: {path.relative_to(root).as_posix()}")
    if not args.prune:
        for path in result.orphans:
            print(f"orphan: {path.relative_to(root).as_posix()} (no source produces it; --prune removes it)")
    print(
        f"shaders: {len(result.kernels)} kernels, {len(result.report.written)} files written, "
        f"{len(result.report.unchanged)} unchanged"
    )
    return 0
