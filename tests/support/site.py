"""The tests' own site: .cache/test-site, built from the site dist/ (or $PYRITE_DIST) by symlinking
its files, with a models/ folder of its own that links the built models and takes the models the
tests write (converted checkpoints, a shard with a flipped byte). A killed run leaves them there,
never in dist/. The root conftest points $PYRITE_DIST (pyrite.driver.DIST) at it before anything
imports the driver, so the browser fixtures serve it."""
from __future__ import annotations

import json
import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / ".cache" / "test-site"


def _source_dist() -> Path:
    env = os.environ.get("PYRITE_DIST")
    return Path(env) if env and Path(env).resolve() != SITE.resolve() else ROOT / "dist"


SOURCE = _source_dist()  # the built site the test site links to: $PYRITE_DIST as the user set it, else dist/


def build_site(dist: Path = SOURCE, site: Path = SITE) -> Path:
    """site/<entry> -> dist/<entry> for every entry but models/, and site/models/<id> -> dist/models/<id>
    for every built model; links left from an older dist/ are replaced, test models are kept. A link that is
    already right is left alone: the other xdist worker may be serving the site (tests/conftest.py's lanes)."""
    models = site / "models"
    models.mkdir(parents=True, exist_ok=True)
    wanted = {site / e.name: e.resolve() for e in (dist.iterdir() if dist.is_dir() else ()) if e.name != "models"}
    wanted.update({models / m.name: m.resolve() for m in
                   ((dist / "models").iterdir() if (dist / "models").is_dir() else ())})
    for folder in (site, models):
        for entry in folder.iterdir():
            if entry.is_symlink() and Path(os.readlink(entry)) != wanted.get(entry):
                entry.unlink()
    for link, target in wanted.items():
        try:
            link.symlink_to(target, target_is_directory=target.is_dir())
        except FileExistsError:  # right already, or the other worker made it just now
            pass
    return site


def assert_dist_untouched(dist: Path = SOURCE) -> None:
    """dist/models holds the models the build made (build.json) and nothing a test wrote."""
    built = {m["id"] for m in json.loads((dist / "build.json").read_text())["models"]}
    there = {p.name for p in (dist / "models").iterdir()}
    assert there == built, f"{dist / 'models'} holds {sorted(there - built)} beyond the build's {sorted(built)}"
