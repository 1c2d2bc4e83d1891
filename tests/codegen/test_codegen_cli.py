"""build.py shaders [--check] [--prune] end to end on fixture trees: naga validation (no GPU),
--check's problem kinds, the lock."""
from __future__ import annotations

import json

import pytest

from pyrite.codegen.cli import main
from pyrite.codegen.generate import generate

@pytest.fixture
def built(kit, tree, naga_validate, capsys):
    assert main([], root=tree) == 0
    out = capsys.readouterr().out
    assert f"shaders: {len(kit.BASIC_IDS)} kernels, {len(kit.BASIC_IDS) + 2} files written, 0 unchanged" in out
    return tree


def _check(root, capsys) -> tuple[int, list[str]]:
    code = main(["--check"], root=root)
    return code, capsys.readouterr().out.splitlines()


def test_build_then_check_is_clean(kit, built, capsys):
    names = sorted(p.name for p in (built / kit.GEN).iterdir())
    assert names == sorted([f"{k}.wgsl" for k in kit.BASIC_IDS] + ["registry.json"])
    registry = json.loads((built / kit.GEN / "registry.json").read_text())
    assert registry["version"] == 1 and sorted(registry["kernels"]) == kit.BASIC_IDS
    assert registry["kernels"]["ew_copy"]["source"] == "shaders/ew/copy.wgsl"
    lock = json.loads((built / kit.LOCK).read_text())
    assert {k: v["sha256"] for k, v in lock["kernels"].items()} == {
        k: v["sha256"] for k, v in registry["kernels"].items()
    }
    before = kit.snapshot(built)
    assert _check(built, capsys) == (0, [f"shaders: {len(kit.BASIC_IDS)} kernels up to date"])
    assert main([], root=built) == 0
    assert f"0 files written, {len(kit.BASIC_IDS) + 2} unchanged" in capsys.readouterr().out
    assert kit.snapshot(built) == before


def test_check_names_every_problem_and_writes_nothing(kit, built, capsys):
    gen = built / kit.GEN
    (gen / "ew_copy.wgsl").unlink()                                            # missing
    (gen / "ew_abs_f32.wgsl").write_bytes((gen / "ew_abs_f32.wgsl").read_bytes() + b"\n")  # stale
    (gen / "ew_stray.wgsl").write_text("// nobody makes me\n")                  # orphan
    lock = json.loads((built / kit.LOCK).read_text())
    lock["kernels"]["ew_ghost"] = lock["kernels"].pop("ew_neg_i32")            # missing + extra in lock
    lock["kernels"]["ew_neg_f32"]["sha256"] = "0" * 64                          # changed vs lock
    lock["kernels"]["ew_abs_i32"]["workgroup_size"] = [32, 1, 1]
    (built / kit.LOCK).write_text(json.dumps(lock))
    before = kit.snapshot(built)
    code, lines = _check(built, capsys)
    assert code == 1
    g = kit.GEN.as_posix()
    assert lines == [
        f"stale: kernel ew_abs_f32 ({g}/ew_abs_f32.wgsl) differs from what its source renders",
        f"missing: kernel ew_copy ({g}/ew_copy.wgsl)",
        f"orphan: {g}/ew_stray.wgsl (no source produces it; --prune removes it)",
        "lock: kernel ew_abs_i32: workgroup_size [64, 1, 1] differs from the lock's [32, 1, 1]",
        "lock: kernel ew_ghost: in the lock, but no source produces it",
        f"lock: kernel ew_neg_f32: sha256 {lines[5].split()[4]} differs from the lock's 000000000000",
        "lock: kernel ew_neg_i32: not in the lock",
        "shaders: 7 problem(s); run `python build.py shaders`",
    ]
    assert kit.snapshot(built) == before
    # A build repairs all of it except the orphan, which --prune removes.
    assert main([], root=built) == 0
    capsys.readouterr()
    assert _check(built, capsys)[1][0].startswith("orphan: ")
    assert main(["--prune"], root=built) == 0
    assert f"pruned: {g}/ew_stray.wgsl" in capsys.readouterr().out
    assert _check(built, capsys)[0] == 0


def test_check_without_lock_or_outputs(kit, tree, capsys):
    code, lines = _check(tree, capsys)
    assert code == 1
    assert "lock: shaders/shaders.lock.json is missing" in lines
    assert sum(line.startswith("missing: kernel ") for line in lines) == len(kit.BASIC_IDS)
    assert f"missing: {kit.GEN.as_posix()}/registry.json" in lines
    assert not (tree / "py").exists()


def test_one_template_byte_changes_the_lock(kit, built, capsys):
    old_lock = (built / kit.LOCK).read_bytes()
    wgsl = kit.UNARY_WGSL.replace("dst = {{ OP }}(src)", "dst = {{ OP }} (src)")
    kit.write_tree(built, {"shaders/ew/unary.wgsl": wgsl})
    code, lines = _check(built, capsys)
    assert code == 1
    changed = sorted(line.split()[2].rstrip(":") for line in lines if line.startswith("lock: kernel "))
    assert changed == ["ew_abs_f32", "ew_abs_i32", "ew_neg_f32", "ew_neg_i32"]
    # Outputs regenerated but the old lock put back (an unreviewed change): only the lock complains.
    generate(built)
    (built / kit.LOCK).write_bytes(old_lock)
    code, lines = _check(built, capsys)
    assert code == 1 and len([line for line in lines if line.startswith("lock: kernel ")]) == 4
    assert not any(line.startswith(("stale", "missing")) for line in lines)


def test_a_variant_that_does_not_compile_publishes_nothing(kit, built, capsys):
    # abs() of i32 is fine, but a float literal added to i32 is not: only the *_i32 kernels fail.
    wgsl = kit.UNARY_WGSL.replace("dst[gid.x] = {{ OP }}(src[gid.x]);", "dst[gid.x] = {{ OP }}(src[gid.x]) + 0.5f;")
    kit.write_tree(built, {"shaders/ew/unary.wgsl": wgsl})
    before, before_dirs = kit.snapshot(built), kit.dirs(built)
    assert main([], root=built) == 2
    err = capsys.readouterr().err
    assert "kernel ew_abs_i32 (shaders/ew/unary.wgsl): does not compile" in err
    assert "Sint" in err and "Float" in err  # naga's own message
    assert kit.snapshot(built) == before and kit.dirs(built) == before_dirs


def test_workgroup_beyond_browser_limits_is_refused(kit, tree, naga_validate, capsys):
    yaml = kit.UNARY_YAML.replace("WG: 64", "WG: 512")
    kit.write_tree(tree, {"shaders/ew/unary.yaml": yaml})
    assert main([], root=tree) == 2
    assert "512 invocations, over the limit of 256 (maxComputeInvocationsPerWorkgroup)" in capsys.readouterr().err
    assert not (tree / "py").exists()


def test_check_names_a_kernel_that_does_not_compile_and_the_feature_it_needs(kit, built, capsys):
    # The subgroup builtin without `enable subgroups;`: naga alone would take it, a browser would not.
    wgsl = kit.UNARY_WGSL.replace("dst[gid.x] = {{ OP }}(src[gid.x]);", "dst[gid.x] = subgroupAdd({{ OP }}(src[gid.x]));")
    kit.write_tree(built, {"shaders/ew/unary.wgsl": wgsl})
    before = kit.snapshot(built)
    code, lines = _check(built, capsys)
    invalid = [line for line in lines if line.startswith("invalid: ")]
    assert code == 1 and [line.split()[2] for line in invalid] == ["ew_abs_f32", "ew_abs_i32"]  # neg has no call
    assert all("uses subgroupAdd, which needs the subgroups feature" in line for line in invalid)
    assert kit.snapshot(built) == before


def test_errors_exit_2_and_check_prune_conflict(kit, tree, capsys):
    kit.write_tree(tree, {"shaders/ew/unary.yaml": kit.UNARY_YAML + "bogus: 1\n"})
    assert main(["--check"], root=tree) == 2
    assert "unary.yaml: bogus: unknown key" in capsys.readouterr().err
    assert main(["--check", "--prune"], root=tree) == 2


def test_broken_lock_is_reported_then_rewritten(kit, built, capsys):
    lock = built / kit.LOCK
    good = lock.read_bytes()
    lock.write_text("<<<<<<< HEAD\n")
    code, lines = _check(built, capsys)
    assert code == 1 and lines[0].startswith("lock: shaders/shaders.lock.json: not valid JSON")
    assert main([], root=built) == 0
    assert lock.read_bytes() == good


def test_malformed_lock_entry_is_reported(kit, built, capsys):
    lock = json.loads((built / kit.LOCK).read_text())
    lock["kernels"]["ew_copy"] = "abc"
    (built / kit.LOCK).write_text(json.dumps(lock))
    code, lines = _check(built, capsys)
    assert code == 1 and lines[0] == "lock: shaders/shaders.lock.json: kernel ew_copy: expected {'sha256': str, 'workgroup_size': [x, y, z]}"
