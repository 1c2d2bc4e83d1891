"""Staged publication: idempotence, rollback on interruption or failed writes, orphans (no GPU;
validation is exercised in test_cli.py)."""
from __future__ import annotations

import os

import pytest

from pyrite.codegen import publish as publish_mod
from pyrite.codegen.generate import generate


def _changed_tree(kit, root):
    """A built tree, then sources edited so the next build replaces, creates and prunes files."""
    kit.write_tree(root, kit.BASIC_TREE)
    generate(root)
    (root / kit.GEN / "ew_old.wgsl").write_text("// orphan\n")
    yaml = kit.UNARY_YAML + "    - {suffix: u32, value: u32}\n"                    # 2 new kernels
    wgsl = kit.UNARY_WGSL.replace("variant {{ VARIANT }}", "variant {{ VARIANT }}!")  # 4 replaced
    kit.write_tree(root, {"shaders/ew/unary.yaml": yaml, "shaders/ew/unary.wgsl": wgsl})


class _Interrupt:
    """Wraps a function; raises `exc` on call number `at` (0-based), counts calls."""

    def __init__(self, fn, at, exc):
        self.fn, self.at, self.exc, self.calls = fn, at, exc, 0

    def __call__(self, *args, **kwargs):
        n, self.calls = self.calls, self.calls + 1
        if n == self.at:
            raise self.exc
        return self.fn(*args, **kwargs)


def _count_calls(monkeypatch, kit, tmp_path, target, name):
    """How many times a build of _changed_tree calls target.name."""
    root = tmp_path / "count"
    _changed_tree(kit, root)
    spy = _Interrupt(getattr(target, name), -1, None)
    with monkeypatch.context() as m:
        m.setattr(target, name, spy)
        result = generate(root, prune=True)
    assert len(result.report.removed) == 1 and len(result.report.written) >= 6
    return spy.calls


@pytest.mark.parametrize(
    "target, name, exc",
    [
        (publish_mod, "_write_bytes", KeyboardInterrupt()),
        (os, "replace", KeyboardInterrupt()),
        (os, "remove", KeyboardInterrupt()),
        (publish_mod, "_write_bytes", OSError(28, "No space left on device")),
        (os, "replace", PermissionError(13, "Permission denied")),
    ],
)
def test_interruption_at_every_step_restores_the_tree(monkeypatch, kit, tmp_path, target, name, exc):
    calls = _count_calls(monkeypatch, kit, tmp_path, target, name)
    assert calls >= 1
    for at in range(calls):
        root = tmp_path / f"{name}{at}"
        _changed_tree(kit, root)
        before, before_dirs = kit.snapshot(root), kit.dirs(root)
        with monkeypatch.context() as m:
            m.setattr(target, name, _Interrupt(getattr(target, name), at, exc))
            with pytest.raises(type(exc)):
                generate(root, prune=True)
        assert kit.snapshot(root) == before, f"{name} call {at}"
        assert kit.dirs(root) == before_dirs
        assert not list(root.rglob("*.tmp"))


def test_interrupted_first_build_leaves_no_generated_dir(monkeypatch, kit, tree):
    before = kit.snapshot(tree)
    monkeypatch.setattr(os, "replace", _Interrupt(os.replace, 3, KeyboardInterrupt()))
    with pytest.raises(KeyboardInterrupt):
        generate(tree)
    assert kit.snapshot(tree) == before
    assert not (tree / "py").exists()


def test_second_build_rewrites_nothing(kit, tree):
    first = generate(tree)
    assert len(first.report.written) == len(kit.BASIC_IDS) + 2     # + registry.json + lock
    before = kit.snapshot(tree)
    second = generate(tree)
    assert second.report.written == [] and len(second.report.unchanged) == len(kit.BASIC_IDS) + 2
    assert kit.snapshot(tree) == before                            # bytes and mtimes


def test_only_changed_files_are_rewritten(kit, tree):
    generate(tree)
    before = kit.snapshot(tree)
    kit.write_tree(tree, {"shaders/ew/copy.wgsl": kit.COPY_WGSL.replace("dst = src", "dst := src")})
    result = generate(tree)
    rel = sorted(p.relative_to(tree).as_posix() for p in result.report.written)
    gen = kit.GEN.as_posix()
    assert rel == [f"{gen}/ew_copy.wgsl", f"{gen}/registry.json", "shaders/shaders.lock.json"]
    after = kit.snapshot(tree)
    for path in before:
        if path not in rel and path != "shaders/ew/copy.wgsl":
            assert after[path] == before[path], path


def test_orphans_are_reported_then_pruned(kit, tree):
    generate(tree)
    orphan = tree / kit.GEN / "ew_gone.wgsl"
    orphan.write_text("// left over\n")
    (tree / kit.GEN / ".gitignore").write_text("*\n")
    result = generate(tree)
    assert result.orphans == [orphan] and orphan.exists() and result.report.removed == []
    result = generate(tree, prune=True)
    assert result.report.removed == [orphan] and not orphan.exists()
    assert (tree / kit.GEN / ".gitignore").exists()


def test_rollback_restores_mtimes(monkeypatch, kit, tmp_path):
    root = tmp_path / "t"
    _changed_tree(kit, root)
    old = root / kit.GEN / "ew_abs_f32.wgsl"
    os.utime(old, ns=(1_000_000_000, 1_000_000_000))
    before = kit.snapshot(root)
    monkeypatch.setattr(os, "remove", _Interrupt(os.remove, 0, KeyboardInterrupt()))
    with pytest.raises(KeyboardInterrupt):
        generate(root, prune=True)
    assert old.stat().st_mtime_ns == 1_000_000_000
    assert kit.snapshot(root) == before
