"""The repository's docs stand alone and stay current: the generated tables (docs/routes.md, docs/seam.md) equal what the op
registry and the options say now, no doc points outside the repository, every relative link and path
they name exists, and docs/DESIGN.md's path of one token names at most ten files, each of which exists."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from pyrite import doctables

ROOT = Path(__file__).resolve().parents[1]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")), ROOT / "bench" / "README.md"]


@pytest.mark.parametrize("name", sorted(doctables.SECTIONS))
def test_generated_tables_are_current(name):
    text = (ROOT / name).read_text(encoding="utf-8")
    assert doctables.render(text, doctables.SECTIONS[name], name) == text, \
        f"{name}'s generated tables are stale: run `python build.py docs`"


def test_the_tables_list_every_route_and_option():
    from pyrite.graph.options import OPTIONS
    from pyrite.ops.linear import ROUTES
    from pyrite.ops.sdpa import ROUTES as SDPA
    routes, options = doctables.routes_table(), doctables.options_table()
    assert all(f"`{r.name}`" in routes for r in [*ROUTES, *SDPA])
    assert "`qkv_fused`" in routes and "`norm_folded`" in routes and "`draw`" in routes
    assert all(f"`{name}`" in options for name in OPTIONS) and "`sampler`" not in options


def test_a_missing_section_is_an_error():
    with pytest.raises(ValueError, match="docs/routes.md has no <!-- routes:begin"):
        doctables.render("# no sections here\n", doctables.SECTIONS["docs/routes.md"])


def test_no_doc_points_outside_the_repository():
    for doc in DOCS:
        text = doc.read_text(encoding="utf-8")
        assert "../shared" not in text and "/work/" not in text, doc


def test_relative_links_exist():
    for doc in DOCS:
        for target in re.findall(r"\]\(([^)#:]+)(?:#[^)]*)?\)", doc.read_text(encoding="utf-8")):
            assert (doc.parent / target).exists(), f"{doc.relative_to(ROOT)} links to a missing {target}"


def test_the_path_of_one_token_is_at_most_ten_files_and_each_exists():
    text = (ROOT / "docs" / "DESIGN.md").read_text(encoding="utf-8")
    section = text.split("## The path of one token", 1)[1].split("\n## ", 1)[0]
    steps = re.findall(r"^\d+\. `([^`]+)`", section, re.M)
    assert 1 < len(steps) <= 10 and len(set(steps)) == len(steps), steps
    for path in steps:
        assert list(ROOT.glob(path)), f"docs/DESIGN.md names {path}, which does not exist"
