#!/usr/bin/env python3
"""Time to Ready of the page, visit by visit, in one fresh headless Chromium profile.

    python bench/ready.py [--model smollm2-135m] [--idle 20] [--out bench/ready.json]

Run from the repo root inside .venv after `python build.py build` (`python build.py bench --ready` does both).
Three visits of index.html, each a new page that loads the model through the page's own path:
  cold      the profile's first: weights from the server, the site's Python snapshot, no kept pipelines
  warm      opened right after the cold page closed (its deferred compiles may still hold the GPU process)
  idle      opened after --idle seconds with no page open
Each prints ready_s, its phases (runtime, weights, upload, plan, pipelines), how Python came up ("start";
"snapshot": restored from the memory snapshot a visit kept; "shipped": from the one the site ships), how long
the page's first requestAdapter() took before the load (a warm visit's waits behind the closed page's
compiles) and the load average, against the goal (Ready within 2.5 s warm, 4 s cold). The cold page closes at
Ready; the warm and idle ones then send, at once, their first message, and --settle seconds after its answer
(a user reading it) a later one of the same length (--prompt-tokens, from two texts sharing no prefix, so no
KV is reused): each one's time to first token through the page's worker (the path the page and createEngine
share), the engine's own (Stats.ttft_s) and how many pipelines it waited for (Stats.pipelines_waited), and
their ratio against the goal (the first at most 1.25x the later). On a CPU adapter the pipelines
no first message needs (a short prefill's) start compiling once the first run ends: the pause keeps them
out of the later message's time, as a user's reading does. Writes --out. A failure prints the error and exits non-zero.
"""
from __future__ import annotations

import argparse
import datetime
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from pyrite.driver import DIST, BrowserSession  # noqa: E402
from pyrite.tokenizer import Tokenizer  # noqa: E402

GOAL_S = {"cold": 4.0, "warm": 2.5, "idle": 2.5}
FIRST_GOAL = 1.25  # the first message's time to first token, at most this times a later one's
TEXTS = ("The history of the Roman Empire is long and complicated. Tell me about the emperors who ruled it, "
         "their wars, their roads and buildings, and the way their rule ended in the west and in the east. "
         "Keep it to a few short paragraphs and name the dates you are sure of. Say which sources tell us most "
         "about each of them, and where those sources are thought to be wrong or written to please a ruler.",
         "Explain how a compiler turns source code into a program: the lexer, the parser, the checks on types, "
         "the passes that make the code faster, and the last step that writes machine code for a processor. "
         "Give a small example in C and say what each stage does with it. Then compare this with an interpreter "
         "that runs the code as it reads it, and say when each of the two ways is the better choice to make.")
# A new page's wait for an adapter (a closed page's compiles still running in the GPU process hold it up).
ADAPTER_JS = """async () => {
  const started = performance.now();
  await navigator.gpu.requestAdapter();
  return (performance.now() - started) / 1000;
}"""
# One prompt through the page's worker, one token asked: the seconds until it came back.
FIRST_TOKEN_JS = """async (ids) => {
  const started = performance.now();
  const r = await window.pyriteApp.instance().request("generate_ids", {ids, max_tokens: 1});
  return {s: (performance.now() - started) / 1000, waited: r.stats.pipelines_waited, ttft: r.stats.ttft_s};
}"""


def prompts(model_dir: Path, tokens: int) -> list[list[int]]:
    """The first and the later message: `tokens` ids each, from texts that share no prefix (the model's own
    tokenizer, natively, so that no page loads the model before the cold visit)."""
    tokenizer = Tokenizer.from_dict(json.loads((model_dir / "model.json").read_text())["tokenizer"])
    ids = [tokenizer.encode(text)[:tokens] for text in TEXTS]
    if min(map(len, ids)) < tokens or ids[0][0] == ids[1][0]:
        raise ValueError(f"the bench's texts do not give two prompts of {tokens} tokens with distinct starts")
    return ids


def visit(session: BrowserSession, model: str, messages: list[list[int]] | None,
          settle: float = 0.0) -> dict[str, Any]:
    """One new page of the site, the model loaded through it, then (messages given) its first message sent
    at once and a later one `settle` seconds after the first's answer; the page is closed after."""
    page = session.new_page()
    try:
        page.goto(session.url("index.html?autoload=0"))
        page.wait_for_function("() => window.pyriteApp !== undefined", timeout=120_000)
        adapter_s = page.evaluate(ADAPTER_JS)
        info = page.evaluate("(m) => window.pyriteApp.instance().load(m)", model)
        r = {"adapter_s": adapter_s, "ready_s": info["ready_s"], "phases": info["phases"], "python": info["python"],
             "loadavg": os.getloadavg()[0]}
        if messages:
            first = page.evaluate(FIRST_TOKEN_JS, messages[0])
            page.wait_for_timeout(settle * 1000)
            later = page.evaluate(FIRST_TOKEN_JS, messages[1])
            r["first_token_s"] = {"first": first["s"], "later": later["s"]}
            r["pipelines_waited"] = {"first": first["waited"], "later": later["waited"]}
            r["engine_ttft_s"] = {"first": first["ttft"], "later": later["ttft"]}
        return r
    finally:
        page.close()


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--model", default="smollm2-135m", help="a built model of dist/models (default smollm2-135m)")
    p.add_argument("--idle", type=float, default=20.0, help="seconds with no page open before the idle visit")
    p.add_argument("--prompt-tokens", type=int, default=76, help="the length of each timed message (default 76)")
    p.add_argument("--settle", type=float, default=3.0,
                   help="seconds from the first message's answer to the later one (default 3)")
    p.add_argument("--out", type=Path, default=ROOT / "bench" / "ready.json", help="results JSON")
    args = p.parse_args(argv)
    model = f"models/{args.model}"
    if not (DIST / model / "model.json").is_file():
        print(f"[ready] FAILED: {DIST / model} is not built: run `python build.py bench --ready --model {args.model}`",
              file=sys.stderr)
        return 1
    results: dict[str, Any] = {"date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
                               "model": model, "cpus": os.cpu_count(), "visits": {}}
    try:
        messages = prompts(DIST / model, args.prompt_tokens)
        with BrowserSession(DIST) as session:  # its own page stays idle (autoload=0)
            results["chromium"] = session.page.context.browser.version
            results["visits"]["cold"] = visit(session, model, None)  # closed at Ready: the warm visit's case
            results["visits"]["warm"] = visit(session, model, messages, args.settle)
            time.sleep(args.idle)
            results["visits"]["idle"] = visit(session, model, messages, args.settle)
    except Exception as e:  # say what failed; write nothing that looks like a result
        print(f"[ready] FAILED: {type(e).__name__}: {str(e).splitlines()[0]}", file=sys.stderr)
        return 1
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(results, indent=1))
    for kind, r in results["visits"].items():
        phases = ", ".join(f"{k} {v:.2f}" for k, v in r["phases"].items())
        verdict = "met" if r["ready_s"] <= GOAL_S[kind] else f"missed by {r['ready_s'] - GOAL_S[kind]:.2f} s"
        print(f"[ready] {args.model} {kind}: Ready in {r['ready_s']:.2f} s (goal {GOAL_S[kind]} s: {verdict}); "
              f"{phases}; Python from {r['python']}; requestAdapter() first took {r['adapter_s']:.2f} s; "
              f"load average {r['loadavg']:.2f}")
        if "first_token_s" not in r:
            continue
        first, later = r["first_token_s"]["first"], r["first_token_s"]["later"]
        ratio = first / later
        verdict = "met" if ratio <= FIRST_GOAL else "missed"
        waited = r["pipelines_waited"]
        print(f"[ready] {args.model} {kind}: first message's first token {first:.2f} s, a later one's {later:.2f} s "
              f"({args.prompt_tokens} tokens): {ratio:.2f}x (goal {FIRST_GOAL}x: {verdict}); they waited for "
              f"{waited['first']} and {waited['later']} pipelines still compiling")
    print(f"[ready] Chromium {results['chromium']}; results in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
