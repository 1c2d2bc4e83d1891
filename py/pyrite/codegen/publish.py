"""Staged, rollback-safe replacement of a set of files.

Each changed file is written to <file>.tmp and moved over the old one with os.replace,
so a reader never sees half a file. Previous contents (and mtimes) are kept in memory;
on any exception or KeyboardInterrupt every replaced or removed file is restored, every
new file, temp file and new directory deleted, and the exception re-raised. Files whose
bytes are already right are not touched, so their mtimes stay.
"""
from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path


@dataclass
class PublishReport:
    written: list[Path] = field(default_factory=list)
    unchanged: list[Path] = field(default_factory=list)
    removed: list[Path] = field(default_factory=list)


@dataclass(frozen=True)
class _Backup:
    data: bytes
    times: tuple[int, int]    # (atime_ns, mtime_ns)


def _write_bytes(path: Path, data: bytes) -> None:
    """The only write publication does (tests interrupt it)."""
    with open(path, "wb") as f:
        f.write(data)


def _backup(path: Path) -> _Backup | None:
    if not path.exists():
        return None
    st = path.stat()
    return _Backup(path.read_bytes(), (st.st_atime_ns, st.st_mtime_ns))


def publish(files: dict[Path, bytes], remove: Iterable[Path] = ()) -> PublishReport:
    """Make each path in `files` hold its bytes and delete each path in `remove`; all or nothing."""
    report = PublishReport()
    originals: dict[Path, _Backup | None] = {}
    for path in sorted(files):
        current = _backup(path)
        if current is not None and current.data == files[path]:
            report.unchanged.append(path)
        else:
            originals[path] = current
    temps: list[Path] = []
    new_dirs: list[Path] = []
    try:
        for path, old in originals.items():
            for parent in reversed(path.parents):
                if not parent.exists():
                    parent.mkdir()
                    new_dirs.append(parent)
            tmp = path.with_name(path.name + ".tmp")
            temps.append(tmp)
            _write_bytes(tmp, files[path])
            os.replace(tmp, path)
            report.written.append(path)
        for path in sorted(remove):
            originals[path] = _backup(path)
            os.remove(path)
            report.removed.append(path)
    except BaseException as exc:
        failed = _rollback(originals, temps, new_dirs)
        if failed:
            exc.add_note("rollback could not restore: " + ", ".join(failed))
        raise
    return report


def _rollback(originals: dict[Path, _Backup | None], temps: list[Path], new_dirs: list[Path]) -> list[str]:
    """Undo publish(); returns the paths it could not put back."""
    failed: list[str] = []
    for tmp in temps:
        try:
            tmp.unlink(missing_ok=True)
        except OSError:
            failed.append(str(tmp))
    for path, old in originals.items():
        try:
            if old is None:
                path.unlink(missing_ok=True)
            else:
                if not path.exists() or path.read_bytes() != old.data:
                    path.write_bytes(old.data)
                os.utime(path, ns=old.times)
        except OSError:
            failed.append(str(path))
    for directory in reversed(new_dirs):
        try:
            directory.rmdir()
        except OSError:
            failed.append(str(directory))
    return failed
