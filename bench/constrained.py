"""Constrained decode against free decode, natively (wgpu-py) and in the page (headless Chromium), on one model.

    python build.py bench --constrained [--model smollm2-135m] [--tokens 48]

Each backend answers the same prompt three ways, greedy, max --tokens tokens: free; held to a JSON schema
(a string of at least 2,000 characters, so the answer never ends before the free one does) with the mask
and the automaton's advance on the GPU inside each replayed batch (the default decode_batch); and the same
with one step per submit (decode_batch=1), the alternative the design weighed. Prints decode tok/s of each,
the ratio constrained / free (the bound: a constrained token costs at most 2x a free one, so >= 0.5), the
time to compile the ten-property schema of tests/constrain/schemas.py (and, on first use, to build the
vocabulary's token table, buffers and pipelines), the read probe, the adapter and the load average.
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "py"))
sys.path.insert(0, str(ROOT / "tests"))

from constrain.schemas import TEN_PROPERTIES  # noqa: E402
from pyrite.driver import DIST, BrowserSession  # noqa: E402
from pyrite.sync import run_sync  # noqa: E402

PROMPT = [{"role": "user", "content": "Describe the lighthouse on the northern cape, its keeper and his logbook."}]
LONG_STRING = {"type": "json_schema", "json_schema": {"name": "text", "schema": {"type": "string", "minLength": 2000}}}
TEN = {"type": "json_schema", "json_schema": {"name": "record", "schema": TEN_PROPERTIES}}
RUNS = (("free", None, 32), ("constrained", LONG_STRING, 32), ("constrained, 1 step/submit", LONG_STRING, 1))

Chat = Callable[[dict[str, Any], int], dict[str, Any]]  # (options, decode_batch) -> stats


def measure(chat: Chat, tokens: int) -> dict[str, dict[str, Any]]:
    """Each run's stats, after a warm-up of each (first-use compiles are not decode's)."""
    out = {}
    for name, fmt, batch in RUNS:
        options = {"max_tokens": tokens, **({"response_format": fmt} if fmt else {})}
        warm = chat({**options, "max_tokens": 4}, batch)
        if fmt and "first use" not in out:
            out["first use"] = warm  # the engine's first constrained run: the setup it paid
        out[name] = chat(options, batch)
    out["compile"] = chat({"max_tokens": 2, "response_format": TEN}, 32)
    return out


def native(model: Path, tokens: int) -> tuple[dict, str]:
    from pyrite.engine import Engine
    engine = run_sync(Engine.load(model, max_ctx=512))
    run_sync(engine.measure_read_bandwidth())

    def chat(options: dict[str, Any], batch: int) -> dict[str, Any]:
        engine.options["decode_batch"] = batch
        run_sync(engine.chat_completion(PROMPT, **options))
        return engine.stats.to_dict()
    return measure(chat, tokens), engine.device.describe()["adapter"].get("description") or "native"


def page(model: str, tokens: int) -> tuple[dict, str]:
    with BrowserSession(DIST) as s:
        s.load(f"models/{model}")
        s.probe()

        def chat(options: dict[str, Any], batch: int) -> dict[str, Any]:
            s.set_options(decode_batch=batch)
            return s.call("chat", messages=PROMPT, options=options)["stats"]
        a = s.info()["adapter"]
        return measure(chat, tokens), f"Chromium, {a.get('vendor') or '?'} {a.get('architecture') or ''}".strip()


def report(backend: str, adapter: str, r: dict[str, dict[str, Any]]) -> None:
    free = r["free"]["decode_tok_s"]
    print(f"{backend} ({adapter}), read probe {r['free']['read_probe_gbps']:.2f} GB/s:")
    for name, _, _ in RUNS:
        s = r[name]
        ratio = s["decode_tok_s"] / free if free else 0.0
        print(f"  {name:28s} {s['decode_tok_s']:7.2f} tok/s  x{ratio:.2f} of free  ({s['generated_tokens']} tokens, "
              f"{s['decode_steps']} steps in {s['decode_submits']} submits)")
    print(f"  ten-property schema compiled in {r['compile']['constraint_compile_s'] * 1e3:.0f} ms; the first "
          f"constrained run's setup (token table, buffers, pipelines) {r['first use']['constraint_setup_s'] * 1e3:.0f} ms")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--model", default="smollm2-135m")
    ap.add_argument("--tokens", type=int, default=48)
    args = ap.parse_args()
    for backend, run in (("native", lambda: native(DIST / "models" / args.model, args.tokens)),
                         ("page", lambda: page(args.model, args.tokens))):
        results, adapter = run()
        report(backend, adapter, results)
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}, {os.cpu_count()} CPUs")
    return 0


if __name__ == "__main__":
    sys.exit(main())
