#!/usr/bin/env python3
"""How much of the real-world schema corpus (tests/constrain/corpus/) compile_schema compiles: per source,
for the hard subset and overall; the most common refusal reasons with counts; compile time p50/p95; and
the official JSON Schema Test Suite's groups compiled per draft, with the time each draft takes and the
slowest groups (compiling dominates: the suite test runs all of it in one process).

--page also times the corpus in Pyodide, in headless Chromium (the page's own runtime: dist/'s pyrite
wheel, so `python build.py build` first), beside the native times: p95 of the schemas that compile, p95
of all, and the slowest LimitError (a blow-up must be refused within a second).

    .venv/bin/python bench/schema_coverage.py [--top 15] [--page]
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.append(str(ROOT / "py"))   # pyrite: .venv's install first, else the tree's

from constrain.official import DRAFTS, files, groups, run_group  # noqa: E402
from constrain.reasons import reason_key  # noqa: E402
from constrain.realworld import compile_times, compiled, coverage, entries, percentile  # noqa: E402

Times = dict[str, tuple[str, float]]   # corpus path -> (what came of the compile: ok or the error's kind, seconds)

# Pyodide in the page's main thread, pyrite and its runtime wheels unpacked as the worker does (web/worker.js).
PAGE_JS = """async ([corpus, code]) => {
  const base = new URL(".", location.href);
  const { loadPyodide } = await import(new URL("pyodide/pyodide.mjs", base).href);
  const build = await (await fetch(new URL("build.json", base))).json();
  const py = await loadPyodide({ indexURL: new URL("pyodide/", base).href });
  const site = py.runPython("import sysconfig; sysconfig.get_path('purelib')");
  for (const wheel of [build.wheel, ...build.runtime_wheels]) {
    py.unpackArchive(await (await fetch(new URL(wheel, base))).arrayBuffer(), "wheel", { extractDir: site });
  }
  py.globals.set("CORPUS", corpus);
  return await py.runPythonAsync(code);
}"""
PAGE_PY = """
import json, time
from pyrite.constrain import compile_schema
from pyrite.errors import LimitError, RequestError
out = {}
for path, schema in json.loads(CORPUS).items():
    start = time.perf_counter()
    try:
        compile_schema(schema, "schema")
        kind = "ok"
    except (LimitError, RequestError) as e:
        kind = type(e).__name__
    out[path] = [kind, time.perf_counter() - start]
json.dumps(out)
"""


def native_times() -> Times:
    return {e.path: ("ok" if c.automaton is not None else (c.refused or "").split(":")[0], c.seconds)
            for e, c in ((e, compiled(e.path)) for e in entries())}


def page_times() -> Times:
    """The corpus compiled in Pyodide in headless Chromium, in corpus order as natively."""
    from pyrite.driver import BrowserSession
    corpus = json.dumps({e.path: e.schema for e in entries()})
    with BrowserSession(webgpu=False) as s:
        return {p: (k, t) for p, (k, t) in json.loads(s.page.evaluate(PAGE_JS, [corpus, PAGE_PY])).items()}


def summary(times: Times) -> str:
    """p95 of the schemas that compile and of all, and the slowest LimitError."""
    ok, every = [t for k, t in times.values() if k == "ok"], [t for _, t in times.values()]
    limits = sorted((t, p) for p, (k, t) in times.items() if k == "LimitError")
    slowest = f"{limits[-1][0] * 1e3:.0f} ms ({limits[-1][1]})" if limits else "none"
    return (f"p95 compiled {percentile(ok, 95) * 1e3:.0f} ms ({len(ok)}), p95 all {percentile(every, 95) * 1e3:.0f} ms "
            f"({len(every)}), slowest LimitError {slowest} of {len(limits)}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--top", type=int, default=15, help="how many refusal reasons (and slow groups) to list")
    parser.add_argument("--page", action="store_true", help="time the corpus in Pyodide in headless Chromium too")
    args = parser.parse_args()
    top = args.top
    print(f"{'corpus':<12} {'compiled':>8} {'schemas':>8} {'share':>7}")
    for key, (ok, n) in coverage().items():
        print(f"{key:<12} {ok:>8} {n:>8} {ok / n:>7.0%}")
    print(compile_times())
    if args.page:
        native, page = native_times(), page_times()
        print(f"native {summary(native)}\npage   {summary(page)}")
        differ = sorted(p for p in native if native[p][0] != page.get(p, ("missing", 0.0))[0])
        print(f"the page and native differ on {differ}" if differ else "the page compiles what native does")
    reasons = Counter(reason_key(c.refused) for c in map(compiled, (e.path for e in entries())) if c.refused)
    print(f"\nmost common refusal reasons (of {sum(reasons.values())} refused schemas):")
    for reason, n in reasons.most_common(top):
        print(f"{n:>5}  {reason}")
    print("\nJSON Schema Test Suite (docs/json-schema-suite.md): groups compiled per draft")
    timed = []
    for draft in DRAFTS:
        start, compiled_groups, n = time.perf_counter(), 0, 0
        for file in files(draft):
            for group in groups(draft, file):
                t = time.perf_counter()
                compiled_groups += run_group(group).refused is None
                timed.append((time.perf_counter() - t, f"{draft} {file} / {group.description}"))
                n += 1
        print(f"{draft:<13} {compiled_groups:>4} of {n}, {time.perf_counter() - start:.1f} s")
    print(f"slowest groups (of {sum(t for t, _ in timed):.1f} s in all):")
    for seconds, name in sorted(timed, reverse=True)[:top]:
        print(f"{seconds:>7.2f} s  {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
