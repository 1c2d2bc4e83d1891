"""Speculative decoding (ngram drafts) against plain decoding, natively (wgpu-py) and in the page
(headless Chromium), on one model.

    python build.py bench --speculative [--model smollm2-135m] [--tokens 64] [--repeats 3] [--native-only]
                                        [--draft-model ID]

Each prompt is answered greedy, max --tokens tokens, with speculative off and on (max_draft 8); the text
must be the same both ways (the bench fails otherwise). Input-grounded prompts copy their input (a typo
fix, a list, a code edit, an extraction); open-ended ones do not (a story, an explanation). With
--draft-model, speculative on drafts with that model (the same vocabulary; method "draft"). Prints decode
tok/s both ways and their ratio, the drafted and accepted tokens, tokens per forward, each group's
geometric mean ratio, the adapter and the load average. Each run is the fastest of --repeats (the rounds
interleave the runs: a shared machine only ever slows a run down), after a warm-up of each.
"""
from __future__ import annotations

import argparse
import math
import os
import sys
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "py"))

from pyrite.driver import DIST, BrowserSession  # noqa: E402
from pyrite.sync import run_sync  # noqa: E402

CODE = ("def total(items):\n    result = 0\n    for item in items:\n        result += item.price * item.count\n"
        "    return result\n")
PROMPTS = {
    "grounded": {
        "typo fix": "Fix the typo in this sentence and write it out again: The weather in Paris was sunny and warm "
                    "for the whole wek of the festival, and the streets were full of music until late at night.",
        "copy list": "Copy this list exactly:\n1. apples\n2. bananas\n3. cherries\n4. dates\n5. elderberries\n"
                     "6. figs\n7. grapes",
        "rename": f"Rename the variable result to total_price in this code and show the whole code:\n\n{CODE}",
        "extract": "List the names in this text, one per line: Yesterday Maria Lopez met Jonas Weber and Aiko "
                   "Tanaka at the station, and later Peter Novak joined them for dinner.",
    },
    "open-ended": {
        "story": "Write a short story about a lighthouse keeper who finds a message in a bottle.",
        "explain": "Explain why the sky is blue to a ten-year-old.",
    },
}
Chat = Callable[[str, Any], tuple[dict[str, Any], str]]  # (question, speculative) -> (stats, text)


def speculative(draft_model: str | None) -> dict[str, Any]:
    """The "on" runs' field: n-gram drafts, or a draft model's (its directory natively, its site path in the
    page)."""
    if draft_model is None:
        return {"method": "ngram", "max_draft": 8}
    return {"method": "draft", "model": draft_model, "max_draft": 8}


def measure(chat: Chat, repeats: int, on: dict[str, Any]) -> dict[str, dict[str, Any]]:
    runs = [(f"{group}/{name}", q, spec) for group, qs in PROMPTS.items() for name, q in qs.items()
            for spec in (False, on)]
    for _, q, spec in runs:
        chat(q, spec)  # warm-up: first-use compiles are not decode's
    best: dict[str, dict[str, Any]] = {}
    for _ in range(repeats):
        for name, q, spec in runs:
            stats, text = chat(q, spec)
            key = f"{name}/{'on' if spec else 'off'}"
            if key not in best or stats["decode_tok_s"] > best[key]["decode_tok_s"]:
                best[key] = {**stats, "text": text}
    return best


def native(model: Path, tokens: int, repeats: int, draft: str | None) -> tuple[dict, str]:
    from pyrite.engine import Engine
    engine = run_sync(Engine.load(model, max_ctx=512))

    def chat(question: str, speculative: Any) -> tuple[dict[str, Any], str]:
        r = run_sync(engine.chat_completion([{"role": "user", "content": question}], max_tokens=tokens,
                                            speculative=speculative))
        return engine.stats.to_dict(), r["choices"][0]["message"]["content"]
    on = speculative(str(DIST / "models" / draft) if draft else None)
    return measure(chat, repeats, on), engine.device.describe()["adapter"].get("description") or "native"


def page(model: str, tokens: int, repeats: int, draft: str | None) -> tuple[dict, str]:
    with BrowserSession(DIST) as s:
        s.load(f"models/{model}")

        def chat(question: str, speculative: Any) -> tuple[dict[str, Any], str]:
            out = s.call("chat", messages=[{"role": "user", "content": question}],
                         options={"max_tokens": tokens, "speculative": speculative})
            return out["stats"], out["message"]["content"] or ""
        a = s.info()["adapter"]
        on = speculative(f"models/{draft}" if draft else None)
        return measure(chat, repeats, on), f"Chromium, {a.get('vendor') or '?'} {a.get('architecture') or ''}".strip()


def report(backend: str, adapter: str, r: dict[str, dict[str, Any]]) -> bool:
    """Print the table; False when a text differs with speculation on."""
    print(f"{backend} ({adapter}):")
    same = True
    for group, qs in PROMPTS.items():
        ratios = []
        for name in qs:
            off, on = r[f"{group}/{name}/off"], r[f"{group}/{name}/on"]
            ratio = on["decode_tok_s"] / off["decode_tok_s"] if off["decode_tok_s"] else 0.0
            ratios.append(ratio)
            rate = on["accepted_tokens"] / on["drafted_tokens"] if on["drafted_tokens"] else 0.0
            same &= on["text"] == off["text"]
            print(f"  {group:10s} {name:10s} off {off['decode_tok_s']:6.2f} on {on['decode_tok_s']:6.2f} tok/s  "
                  f"x{ratio:.2f}  drafted {on['drafted_tokens']:3d} accepted {on['accepted_tokens']:3d} ({rate:.0%})  "
                  f"{on['tokens_per_forward']:.2f} tokens per forward  {on['generated_tokens']} tokens"
                  f"{'' if on['text'] == off['text'] else '  TEXT DIFFERS'}")
        mean = math.exp(sum(math.log(x) for x in ratios) / len(ratios)) if all(ratios) else 0.0
        print(f"  {group:10s} geometric mean x{mean:.2f}")
    return same


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--model", default="smollm2-135m")
    ap.add_argument("--tokens", type=int, default=64)
    ap.add_argument("--repeats", type=int, default=3, help="rounds of every run; each run's fastest is kept")
    ap.add_argument("--native-only", action="store_true")
    ap.add_argument("--draft-model", metavar="ID", default=None, help="a built model of the same vocabulary: "
                    "speculative on drafts with it (method draft) instead of the prompt's n-grams")
    args = ap.parse_args()
    backends = [("native", lambda: native(DIST / "models" / args.model, args.tokens, args.repeats, args.draft_model))]
    if not args.native_only:
        backends.append(("page", lambda: page(args.model, args.tokens, args.repeats, args.draft_model)))
    same = True
    for backend, run in backends:
        results, adapter = run()
        same &= report(backend, adapter, results)
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}, {os.cpu_count()} CPUs")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
