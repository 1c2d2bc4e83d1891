"""The full run after `build.py test --fast` leaves out exactly what that run passed, and only on the same
tree (support/passed.py)."""
from __future__ import annotations

import json
from types import SimpleNamespace

from support.passed import Passed, passed_on_this_tree


def report(nodeid: str, when: str, outcome: str) -> SimpleNamespace:
    return SimpleNamespace(nodeid=nodeid, when=when, passed=outcome == "passed")


def test_a_test_counts_only_when_every_phase_passed(tmp_path, monkeypatch):
    record = tmp_path / "fast-passed.json"
    monkeypatch.setenv("PYRITE_TREE", "tree-1")
    monkeypatch.setenv("PYRITE_RECORD_PASSED", str(record))
    passed = Passed()
    for r in (report("a", "setup", "passed"), report("a", "call", "passed"), report("a", "teardown", "passed"),
              report("b", "call", "passed"), report("b", "teardown", "failed"),
              report("c", "setup", "failed"), report("d", "call", "failed")):
        passed.report(r)
    passed.write()
    assert json.loads(record.read_text()) == {"tree": "tree-1", "passed": ["a"]}

    monkeypatch.setenv("PYRITE_SKIP_PASSED", str(record))
    assert passed_on_this_tree() == {"a"}
    monkeypatch.setenv("PYRITE_TREE", "tree-2")  # a file changed since: everything runs
    assert passed_on_this_tree() == set()


def test_no_tree_no_record(tmp_path, monkeypatch):
    record = tmp_path / "fast-passed.json"
    monkeypatch.setenv("PYRITE_TREE", "")
    monkeypatch.setenv("PYRITE_RECORD_PASSED", str(record))
    passed = Passed()
    passed.report(report("a", "call", "passed"))
    passed.write()
    assert not record.exists()
    monkeypatch.setenv("PYRITE_SKIP_PASSED", str(record))
    assert passed_on_this_tree() == set()
    record.write_text("not json")
    monkeypatch.setenv("PYRITE_TREE", "tree-1")
    assert passed_on_this_tree() == set()
