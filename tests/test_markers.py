"""A test that needs a converted model or the browser but lacks its marker stops the collection with one
line naming it (support/markers.py), instead of erroring at run time under `build.py test --fast`."""
from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

SUPPORT = Path(__file__).resolve().parent / "support"

CONFTEST = f"""
import sys
import pytest
sys.path.insert(0, {str(SUPPORT.parent)!r})
from support.markers import missing_markers

@pytest.fixture(scope="session")
def smollm2_model():
    raise AssertionError("would convert a model")

@pytest.fixture
def smollm2_engine(smollm2_model):
    return None

@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    missing = missing_markers(items)
    if missing:
        raise pytest.UsageError("tests missing a marker:\\n" + "\\n".join(missing))
"""

TESTS = """
import pytest

def test_plain():
    pass

@pytest.mark.model
def test_marked(smollm2_engine):
    pass

def test_unmarked(smollm2_engine):
    pass

@pytest.mark.browser
def test_wrong_marker(smollm2_model):
    pass
"""


def test_an_unmarked_test_fails_the_collection_by_name(tmp_path):
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "conftest.py").write_text(textwrap.dedent(CONFTEST))
    (tmp_path / "tests" / "test_x.py").write_text(TESTS)
    done = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-m", "not model", "tests"],
                          cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert done.returncode == 4, done.stdout + done.stderr
    lines = [line for line in done.stderr.splitlines() if "is not marked" in line]
    assert lines == ["tests/test_x.py::test_unmarked: uses smollm2_engine but is not marked pytest.mark.model",
                     "tests/test_x.py::test_wrong_marker: uses smollm2_model but is not marked pytest.mark.model"]
    assert "would convert a model" not in done.stdout  # nothing ran
