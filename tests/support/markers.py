"""Every test that needs a converted model or the browser says so with its marker, so that
`build.py test --fast` (-m "not browser and not model and not slow") never collects one that cannot run
there. Read from the fixtures each test asks for, directly or through other fixtures."""
from __future__ import annotations

# (where the fixture is defined, its name) -> the markers any one of which covers it
NEEDS = {
    ("tests", "smollm2_model"): ("model",), ("tests", "qwen_exact"): ("model",),  # converted (.cache/test-models)
    ("tests", "smollm2_engine"): ("model",), ("tests", "qwen_engine"): ("model",),
    ("tests", "site"): ("browser", "model"),                                       # the built dist/
    ("tests/browser", "session"): ("browser",), ("tests/browser", "loaded"): ("browser",),  # headless Chromium
    ("tests/browser", "page"): ("browser",),
}


def missing_markers(items) -> list[str]:
    """One line per test that asks for a fixture its markers do not cover: its id, the fixture, the marker."""
    out = []
    for item in items:
        marks = {m.name for m in item.iter_markers()}
        # pytest's record of which definition of each name this test gets (names repeat across conftests)
        defs = item._fixtureinfo.name2fixturedefs
        for name in dict.fromkeys([*item._fixtureinfo.argnames, *item.fixturenames]):  # its own first
            wanted = NEEDS.get((defs[name][-1].baseid, name)) if defs.get(name) else None
            if wanted and not marks.intersection(wanted):
                out.append(f"{item.nodeid}: uses {name} but is not marked pytest.mark.{wanted[0]}")
                break
    return out
