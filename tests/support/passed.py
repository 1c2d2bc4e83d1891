"""What `build.py test --fast` passed, kept for the full run that follows it on the same tree (CI runs the
two in a row): the full run leaves those tests out instead of running them twice, and says so.

build.py sets PYRITE_TREE (a digest of every file git would commit) for both runs, PYRITE_RECORD_PASSED
for --fast and PYRITE_SKIP_PASSED for the full run, both naming the same file. A test counts as passed
when its setup, call and teardown all passed; the record holds only for the tree it was made on."""
from __future__ import annotations

import json
import os
from pathlib import Path


class Passed:
    """The record of one run (recording) or the one read back (skipping)."""

    def __init__(self) -> None:
        self.tree = os.environ.get("PYRITE_TREE", "")
        self.record_to = os.environ.get("PYRITE_RECORD_PASSED", "")
        self.failed: set[str] = set()
        self.passed: dict[str, None] = {}

    def report(self, report) -> None:
        """pytest_runtest_logreport: every phase of every test (the workers' too, under xdist)."""
        if not self.record_to:
            return
        if report.passed and report.when == "call":
            self.passed[report.nodeid] = None
        elif not report.passed:
            self.failed.add(report.nodeid)

    def write(self) -> None:
        """At the end of a recording run (nothing when there is no tree to tie it to)."""
        if self.record_to and self.tree:
            ids = [n for n in self.passed if n not in self.failed]
            Path(self.record_to).parent.mkdir(parents=True, exist_ok=True)
            Path(self.record_to).write_text(json.dumps({"tree": self.tree, "passed": ids}))


def passed_on_this_tree() -> set[str]:
    """The test ids the last --fast run passed, if it ran on this very tree (else none)."""
    path, tree = os.environ.get("PYRITE_SKIP_PASSED", ""), os.environ.get("PYRITE_TREE", "")
    if not (path and tree and Path(path).is_file()):
        return set()
    try:
        doc = json.loads(Path(path).read_text())
    except ValueError:
        return set()
    return set(doc.get("passed", ())) if doc.get("tree") == tree else set()
