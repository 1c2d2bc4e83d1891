"""The two shader-tree jobs: generate (render, validate, publish) and check (write nothing)."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from pyrite.codegen import outputs
from pyrite.codegen.publish import PublishReport, publish
from pyrite.codegen.render import RenderedKernel, render_all

Validator = Callable[[list[RenderedKernel]], None]  # raises naming every kernel that fails


@dataclass(frozen=True)
class GenerateResult:
    kernels: list[RenderedKernel]
    lock_changes: list[str]       # what this build changes in the lock (informational)
    orphans: list[Path]           # left in place unless prune
    report: PublishReport


def generate(root: Path, *, prune: bool = False, validator: Validator | None = None) -> GenerateResult:
    """Render every kernel, validate them all (before any file is touched), then publish all or nothing."""
    kernels = render_all(root)
    if validator is not None:
        validator(kernels)
    changes = outputs.lock_changes(root, kernels)
    files = outputs.expected_files(root, kernels)
    stray = outputs.orphans(root, files)
    report = publish(files, remove=stray if prune else ())
    return GenerateResult(kernels, changes, stray, report)


def check(root: Path) -> tuple[list[RenderedKernel], list[str]]:
    """Render every kernel and list how the tree differs from it (empty: up to date)."""
    kernels = render_all(root)
    return kernels, outputs.check(root, kernels)
