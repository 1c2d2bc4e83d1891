"""make/snapshot.py: the Python snapshot the site ships, made under Node at build time."""
from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from make import snapshot  # noqa: E402


def test_the_maker_stubs_exactly_the_js_modules_the_worker_hands_a_restored_python():
    """A module the worker's deserializer does not know would come back undefined in the restored Python."""
    maker = (ROOT / "make" / "snapshot.mjs").read_text()
    stubbed = json.loads(re.search(r"const JS_MODULES = (\[[^\]]*\]);", maker).group(1))
    worker = (ROOT / "web" / "worker.js").read_text()
    block = re.search(r"const JS_MODULES = \{(.*?)\n\};", worker, re.S).group(1)
    assert stubbed == re.findall(r"^\s*(\w+):", block, re.M)


def test_a_snapshot_made_for_the_key_is_kept_and_another_key_makes_a_new_one(tmp_path, monkeypatch):
    made = []

    def node(cmd, **_):  # the Node step: writes the heap it was asked for
        made.append(cmd)
        Path(cmd[3]).write_bytes(b"heap %d" % len(made))
    monkeypatch.setattr(snapshot, "run", node)
    first = snapshot.shipped_snapshot(ROOT, tmp_path, "k1", [tmp_path / "pyrite.whl"])
    assert first == snapshot.shipped_snapshot(ROOT, tmp_path, "k1", [tmp_path / "pyrite.whl"]) and len(made) == 1
    assert first.path == snapshot.FILE and (tmp_path / snapshot.FILE).read_bytes()[:2] == b"\x1f\x8b"  # gzip
    other = snapshot.shipped_snapshot(ROOT, tmp_path, "k2", [tmp_path / "pyrite.whl"])
    assert len(made) == 2 and other.key == "k2" and other.sha256 != first.sha256
    assert made[-1][-1] == str(tmp_path / "pyrite.whl")  # the wheels go to the maker in order


@pytest.mark.parametrize("record", ["", "{", json.dumps({"sha256": "ab"})])
def test_a_record_that_does_not_read_makes_the_snapshot_again(tmp_path, monkeypatch, record):
    monkeypatch.setattr(snapshot, "run", lambda cmd, **_: Path(cmd[3]).write_bytes(b"heap"))
    (tmp_path / snapshot.FILE).write_bytes(b"old")
    (tmp_path / f"{snapshot.FILE}.json").write_text(record)
    assert snapshot.shipped_snapshot(ROOT, tmp_path, "k1", []).key == "k1"
    assert (tmp_path / snapshot.FILE).read_bytes() != b"old"
