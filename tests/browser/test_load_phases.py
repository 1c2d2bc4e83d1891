"""A page load's phases (web/worker.js's progress protocol): runtime, weights, upload, plan and pipelines
in that order with done <= total; the load answers with ready_s and the seconds of each phase, which
sum to it (web/client.js); the pipelines a load waited for are kept for the next page (web/pipelines.js),
and a page that started them early, while Python booted, answers as the first page does."""
from __future__ import annotations

import pytest

from pyrite.driver import DEFAULT_MODEL

pytestmark = pytest.mark.browser

LOAD_MS = 900_000
PHASES = ["runtime", "weights", "upload", "plan", "pipelines"]

# The page's own load (window.pyriteApp.load), every progress event it was given, raced against a timer.
LOAD_JS = """async ([model, ms]) => {
  const p = window.pyriteApp.instance();
  const events = [];
  const show = p.onProgress;
  p.onProgress = (e) => { events.push(e); show(e); };
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer after ${ms / 1000} s`)), ms);
  });
  try {
    return {info: await Promise.race([window.pyriteApp.load(model), timeout]), events};
  } finally {
    clearTimeout(timer);
    p.onProgress = show;
  }
}"""
KEPT_JS = """async (model) => {
  const cache = await caches.open("pyrite-pipelines-v1");
  // the model as the load named it (its directory's URL, resolved in the page), loaded without options
  const name = encodeURIComponent(`${new URL(model, document.baseURI).href}?{}`);
  const kept = await cache.match(new URL(`__pyrite-cache__/pipelines/${name}`, document.baseURI));
  return kept ? kept.json() : null;
}"""
IDS_JS = """([ids, n]) => window.pyriteApp.instance().request("generate_ids", {ids, max_tokens: n})"""


@pytest.fixture(scope="module")
def second(session, loaded):
    """A second page of the session's context loading the default model after the first page did (its
    weights and pipelines kept): the page, its load info and the progress events it saw."""
    page = session.new_page()
    try:
        page.goto(session.url("index.html?autoload=0"))
        page.wait_for_function("() => window.pyriteApp !== undefined")
        yield page, page.evaluate(LOAD_JS, [DEFAULT_MODEL, LOAD_MS])
    finally:
        page.close()


def test_a_load_walks_the_phases_in_order(second):
    _, r = second
    events = r["events"]
    assert list(dict.fromkeys(e["phase"] for e in events)) == PHASES, events
    assert all(0 <= e["done"] <= e["total"] for e in events), events
    assert [(e["done"], e["total"]) for e in events if e["phase"] == "plan"] == [(0, 1), (1, 1)]
    pipelines = [(e["done"], e["total"]) for e in events if e["phase"] == "pipelines"]
    assert [d for d, _ in pipelines] == sorted(d for d, _ in pipelines), pipelines  # counted up, once each
    assert len({t for _, t in pipelines}) == 1 and pipelines[-1][0] == pipelines[-1][1] > 0, pipelines


def test_the_load_answers_with_ready_s_and_phases_that_sum_to_it(second):
    _, r = second
    info = r["info"]
    assert list(info["phases"]) == PHASES and all(s >= 0 for s in info["phases"].values()), info["phases"]
    assert info["phases"]["runtime"] > 0 and info["phases"]["pipelines"] > 0  # a new worker: Python booted
    assert info["ready_s"] > 0 and abs(sum(info["phases"].values()) - info["ready_s"]) < 0.01, info


def test_the_pipelines_a_load_waited_for_are_kept_for_the_next_page(second):
    page, r = second
    kept = page.evaluate(KEPT_JS, DEFAULT_MODEL)
    assert kept is not None, "no pipeline list kept for the model"
    total = [e for e in r["events"] if e["phase"] == "pipelines"][-1]["total"]
    keys = [p["key"] for p in kept["pipelines"]]
    assert len(keys) == len(set(keys)) == total, keys
    assert all(p["module"]["code"] and p["pipeline"]["compute"]["entryPoint"] for p in kept["pipelines"])
    # the prefills' pipelines, left compiling when the load answered, are kept too: the next page starts the
    # full prefill's (soon) right behind the load's own and a short prefill's (later) after those
    # (each list whole: the next page starts a pipeline once, at its first mention)
    soon, later = ([p["key"] for p in kept[name]] for name in ("soon", "later"))
    assert len(soon) == len(set(soon)) and set(soon) - set(keys), soon
    assert len(later) == len(set(later)) and set(later) - set(keys) - set(soon), later
    assert "requiredLimits" in kept["descriptor"]  # the device descriptor, as Python made it (JSON)


def test_a_page_that_started_its_pipelines_early_answers_as_the_first(session, second):
    page, _ = second
    ids = session.encode("The history of the Roman Empire is", chat=False)
    assert page.evaluate(IDS_JS, [ids, 4])["ids"] == session.generate_ids(ids, 4)["ids"]


ADAPTER_JS = """async () => {
  const started = performance.now();
  const adapter = await navigator.gpu.requestAdapter();
  return {seconds: (performance.now() - started) / 1000, found: adapter !== null};
}"""
HELD_S = 5.0  # a closed page's compiles once held the next requestAdapter() 15-55 s; bench --ready times it


def test_a_page_closed_just_after_ready_does_not_hold_up_the_next_pages_adapter(session, loaded):
    """The page closes as its load answers, with its prefill's pipelines still compiling; what it left
    queued is never started, so the next page gets an adapter at once (bench/ready.py's warm visit gives
    the figure: 0.33-0.43 s on SwiftShader, 2 cores)."""
    page = session.new_page()
    page.goto(session.url("index.html?autoload=0"))
    page.wait_for_function("() => window.pyriteApp !== undefined")
    info = page.evaluate(LOAD_JS, [DEFAULT_MODEL, LOAD_MS])["info"]
    assert info["ready_s"] > 0
    page.close()
    following = session.new_page()
    try:
        following.goto(session.url("index.html?autoload=0"))
        r = following.evaluate(ADAPTER_JS)
    finally:
        following.close()
    assert r["found"] and r["seconds"] < HELD_S, r


# Every pipeline the worker's devices start (its label is the kernel id), logged from the worker's first line.
LOG_PIPELINES = """self.__created = [];
{
  const create = GPUDevice.prototype.createComputePipelineAsync;
  GPUDevice.prototype.createComputePipelineAsync = function (descriptor) {
    self.__created.push(descriptor.label);
    return create.call(this, descriptor);
  };
}
"""


def logging_pipelines(route) -> None:
    """worker.js served with LOG_PIPELINES ahead of it (a module's statements run after its imports, none of
    which creates a pipeline)."""
    response = route.fetch()
    route.fulfill(response=response, body=LOG_PIPELINES + response.text())


def test_a_short_prefills_pipelines_wait_for_the_first_run_on_a_cpu_adapter(session, second):
    """What no first message needs (a short prefill's pipelines: the kept list's later) starts compiling
    once the first run ends on a CPU adapter, where it would take a core from that run's prefill; on a GPU
    adapter, where compiles do not slow a run, right after the load."""
    kept = second[0].evaluate(KEPT_JS, DEFAULT_MODEL)
    labels = lambda name: {p["pipeline"]["label"] for p in kept[name]}  # noqa: E731
    later = labels("later") - labels("pipelines") - labels("soon")  # the list is whole: decode's are in it
    page = session.new_page()
    try:
        page.route(session.url("worker.js"), logging_pipelines)
        page.goto(session.url("index.html?autoload=0"))
        page.wait_for_function("() => window.pyriteApp !== undefined")
        with page.expect_worker() as started:
            page.evaluate("(m) => window.pyriteApp.instance().load(m)", DEFAULT_MODEL)
        worker = started.value
        cpu = page.evaluate("() => window.pyriteApp.instance().info()")["adapter_class"] == "cpu"
        created = lambda: set(worker.evaluate("self.__created"))  # noqa: E731

        def until(wanted: set[str]) -> None:
            for _ in range(240):
                if wanted <= created():
                    return
                page.wait_for_timeout(250)
            assert wanted <= created(), (wanted, created())
        assert labels("pipelines") <= created(), created()  # logged from the start: the load's own are in
        if cpu:  # the full prefill's all started, then time enough for a wrongly released one to start
            until(labels("soon") - labels("pipelines"))
            page.wait_for_timeout(3000)
            assert later and not later & created(), created()
            page.evaluate(IDS_JS, [session.encode("The history of", chat=False), 2])
        until(later)
    finally:
        page.close()
