"""The official JSON Schema Test Suite, taken from the jsonschema sdist on PyPI (which vendors it under
json/): CI reaches PyPI but not the suite's own repository. Extracted once into
<cache>/json-schema-test-suite/; every process unpacks into a folder of its own first, so pytest-xdist
workers fetching at once never see each other's half-written files (the first rename wins).
"""
from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

from pyrite.models.sources import SourceError, default_cache

SDIST = "jsonschema==4.26.0"
SDIST_FILE = "jsonschema-4.26.0.tar.gz"
SDIST_SHA256 = "0c26707e2efad8aa1bfc5b7ce170f3fccc2e4918ff85989ba9ffa9facb2be326"
MEMBER_ROOT = "jsonschema-4.26.0/json/"   # the suite inside the sdist: tests/<draft>/, remotes/


def suite_dir(cache: Path | None = None) -> Path:
    """The suite's root (tests/ and remotes/ under it), downloaded and extracted on first use."""
    out = (Path(cache) if cache is not None else default_cache()) / "json-schema-test-suite"
    if (out / "tests").is_dir():
        return out
    out.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=out.parent, prefix=f"{out.name}.{os.getpid()}.") as tmp:
        sdist = _download(Path(tmp))
        part = Path(tmp) / "suite"
        _extract(sdist, part)
        try:
            part.rename(out)
        except OSError:   # another process got there first with the same files
            if not (out / "tests").is_dir():
                raise
    return out


def _download(dest: Path) -> Path:
    """pip download of the pinned sdist into dest, checked by sha256."""
    cmd = [sys.executable, "-m", "pip", "download", SDIST, "--no-deps", "--no-binary", ":all:", "-d", str(dest)]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    sdist = dest / SDIST_FILE
    if proc.returncode != 0 or not sdist.is_file():
        tail = (proc.stderr or proc.stdout).strip().splitlines()[-5:]
        raise SourceError(f"pip download {SDIST} failed (exit {proc.returncode}): " + " | ".join(tail))
    digest = hashlib.sha256(sdist.read_bytes()).hexdigest()
    if digest != SDIST_SHA256:
        raise SourceError(f"{SDIST_FILE}: sha256 {digest}, expected {SDIST_SHA256}")
    return sdist


def _extract(sdist: Path, out: Path) -> None:
    """The suite's tests/ and remotes/ folders, out of the sdist, into out."""
    with tarfile.open(sdist) as tar:
        for member in tar.getmembers():
            rel = member.name[len(MEMBER_ROOT):] if member.name.startswith(MEMBER_ROOT) else ""
            if member.isfile() and rel.startswith(("tests/", "remotes/")):
                target = out / rel
                target.parent.mkdir(parents=True, exist_ok=True)
                with tar.extractfile(member) as src, open(target, "wb") as dst:
                    shutil.copyfileobj(src, dst)
