"""Constrained decode against free decode, natively (wgpu-py) and in the page (headless Chromium), on one model.

    python build.py bench --constrained [--model smollm2-135m] [--tokens 48] [--repeats 3]

Each backend answers the same prompt several ways, greedy, max --tokens tokens: free; held to a key-heavy
schema (twelve required properties with short values: most of the text is keys and punctuation the
automaton forces) with jump-forward on (forced tokens run through the model beside the token picked
last, one forward per submit, graph/multistep.py) and off (one masked decode step per token, in the
tape's batches); held to a JSON schema that cannot end early (a string of at least 2,000 characters:
nothing to jump over) both ways; and that one with one step per submit (decode_batch=1). Prints decode
tok/s of each (forced tokens count: they are the answer's), the ratio to free, tokens per forward, the
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
SHORT = {"integer": {"type": "integer", "maximum": 9999}, "string": {"type": "string", "maxLength": 12},
         "boolean": {"type": "boolean"}}
KEYS = {"customer_id": "integer", "first_name": "string", "last_name": "string", "is_active": "boolean",
        "age_in_years": "integer", "home_city": "string", "loyalty_points": "integer", "email_verified": "boolean",
        "orders_placed": "integer", "preferred_language": "string", "newsletter_opt_in": "boolean",
        "account_level": "integer"}
KEY_HEAVY = {"type": "json_schema", "json_schema": {"name": "customer", "schema": {
    "type": "object", "properties": {k: SHORT[t] for k, t in KEYS.items()}, "required": list(KEYS),
    "additionalProperties": False}}}
# (name, response_format, decode_batch, jump_forward)
RUNS = (("free", None, 32, "on"), ("key-heavy, jump-forward", KEY_HEAVY, 32, "on"),
        ("key-heavy, no jump-forward", KEY_HEAVY, 32, "off"), ("long string, jump-forward", LONG_STRING, 32, "on"),
        ("long string, tape", LONG_STRING, 32, "off"), ("long string, 1 step/submit", LONG_STRING, 1, "off"))

Chat = Callable[[dict[str, Any], dict[str, Any]], dict[str, Any]]  # (request, runtime options) -> stats


def measure(chat: Chat, tokens: int, repeats: int) -> dict[str, dict[str, Any]]:
    """Each run's fastest of `repeats` (the rounds interleave the runs: a machine shared with other work
    only ever slows a run down), after a warm-up of each (first-use compiles are not decode's)."""
    out: dict[str, dict[str, Any]] = {}
    runs = [(name, {"max_tokens": tokens, **({"response_format": fmt} if fmt else {})},
             {"decode_batch": batch, "jump_forward": jump}) for name, fmt, batch, jump in RUNS]
    for name, request, options in runs:
        warm = chat({**request, "max_tokens": 4}, options)
        if "response_format" in request and "first use" not in out:
            out["first use"] = warm  # the engine's first constrained run: the setup it paid
    for _ in range(repeats):
        for name, request, options in runs:
            stats = chat(request, options)
            if name not in out or stats["decode_tok_s"] > out[name]["decode_tok_s"]:
                out[name] = stats
    out["compile"] = chat({"max_tokens": 2, "response_format": TEN}, {"decode_batch": 32, "jump_forward": "on"})
    return out


def native(model: Path, tokens: int, repeats: int) -> tuple[dict, str]:
    from pyrite.engine import Engine
    engine = run_sync(Engine.load(model, max_ctx=512))
    run_sync(engine.measure_read_bandwidth())

    def chat(request: dict[str, Any], options: dict[str, Any]) -> dict[str, Any]:
        engine.options.update(options)
        run_sync(engine.chat_completion(PROMPT, **request))
        return engine.stats.to_dict()
    return measure(chat, tokens, repeats), engine.device.describe()["adapter"].get("description") or "native"


def page(model: str, tokens: int, repeats: int) -> tuple[dict, str]:
    with BrowserSession(DIST) as s:
        s.load(f"models/{model}")
        s.probe()

        def chat(request: dict[str, Any], options: dict[str, Any]) -> dict[str, Any]:
            s.set_options(**options)
            return s.call("chat", messages=PROMPT, options=request)["stats"]
        a = s.info()["adapter"]
        return measure(chat, tokens, repeats), f"Chromium, {a.get('vendor') or '?'} {a.get('architecture') or ''}".strip()


def report(backend: str, adapter: str, r: dict[str, dict[str, Any]]) -> None:
    free = r["free"]["decode_tok_s"]
    print(f"{backend} ({adapter}), read probe {r['free']['read_probe_gbps']:.2f} GB/s:")
    for name, *_ in RUNS:
        s = r[name]
        ratio = s["decode_tok_s"] / free if free else 0.0
        print(f"  {name:28s} {s['decode_tok_s']:7.2f} tok/s  x{ratio:.2f} of free  {s['tokens_per_forward']:.2f} tokens "
              f"per forward  ({s['generated_tokens']} tokens, {s['forced_tokens']} forced, {s['decode_steps']} steps in "
              f"{s['decode_submits']} submits)")
    print(f"  ten-property schema compiled in {r['compile']['constraint_compile_s'] * 1e3:.0f} ms; the first "
          f"constrained run's setup (token table, buffers, pipelines) {r['first use']['constraint_setup_s'] * 1e3:.0f} ms")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--model", default="smollm2-135m")
    ap.add_argument("--tokens", type=int, default=48)
    ap.add_argument("--repeats", type=int, default=3, help="rounds of every run; each run's fastest is kept")
    args = ap.parse_args()
    for backend, run in (("native", lambda: native(DIST / "models" / args.model, args.tokens, args.repeats)),
                         ("page", lambda: page(args.model, args.tokens, args.repeats))):
        results, adapter = run()
        report(backend, adapter, results)
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}, {os.cpu_count()} CPUs")
    return 0


if __name__ == "__main__":
    sys.exit(main())
