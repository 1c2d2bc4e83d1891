"""The readable summary of a bench/gpu_truth.py run: every figure beside the read probe it is a fraction of."""
from __future__ import annotations

from typing import Any


def _kinds(routes: dict[str, Any]) -> str:
    return ", ".join(f"{k}={'|'.join(v) if isinstance(v, list) else v}" for k, v in routes.items())


def summary(doc: dict[str, Any]) -> str:
    """The run as lines of text: adapter, load, probe, then each section."""
    a, host, probe = doc["adapter"], doc["host"], doc["probe"]
    gbps = probe["gbps"]
    name = a["adapter"]["device"] or a["adapter"]["description"]
    lines = [f"adapter: {name} ({a['adapter']['type']}, {a['adapter_class']} class); "
             f"load average {host['loadavg_start']:.2f} -> {host['loadavg_end']:.2f} on {host['cpus']} CPUs",
             f"probe: {gbps:.2f} GB/s ({probe['kernel']}, {probe['timer']})"]
    if doc["quick"]:
        lines.append("quick run, cut: " + "; ".join(doc["cut"]))
    lines.append("\ndecode GEMV routes: GB/s of weights read, fraction of the probe [class the route ran as]")
    shape = None
    for r in doc["gemv"]:
        if (r["model"], r["shape"]) != shape:
            shape = (r["model"], r["shape"])
            lines.append(f"  {r['model']} {r['shape']} {r['N']}x{r['K']} {r['format']}")
        lines.append(f"    {r['route']:14} [{r['adapter_class']}] {r['gbps']:9.2f} GB/s {r['fraction']:7.1%}  "
                     f"{r['kernel']}")
    unfit: dict[str, set[str]] = {}
    for u in doc["gemv_unfit"]:
        unfit.setdefault(u["route"], set()).add(u["shape"])
    for route, shapes in unfit.items():
        lines.append(f"  {route} fits neither class on {', '.join(sorted(shapes))}")
    lines.append("\ndecode: tok/s, roofline = bytes per token x tok/s / probe [engine variant -> class routed]")
    for r in doc["decode"]:
        lines.append(f"  {r['model']} [{r['variant']} -> {r['routes_class']}] context {r['context']}: "
                     f"{r['decode_tok_s']:.2f} tok/s, roofline {r['roofline']:.1%} "
                     f"({r['tokens']} tokens, {r['decode_submits']} submits, {r['decode_path']})")
    lines.append("\nprefill: tok/s, GFLOP/s of the projections, weights read per second as a fraction of the probe")
    for r in doc["prefill"]:
        lines.append(f"  {r['model']} {r['route']:9} {r['tokens']:5} tokens: {r['prefill_tok_s']:10.2f} tok/s "
                     f"{r['linear_gflops']:9.2f} GFLOP/s {r['fraction']:7.1%}")
    for u in doc["prefill_unfit"]:
        lines.append(f"  {u['model']} {u['route']:9} does not fit: {u['why']}")
    lines.append("\nattention: GPU ms [class]")
    for r in doc["attention"]:
        lines.append(f"  {r['kind']:8} S={r['S']:<5} S_kv={r['S_kv']:<5} {r['route']:13} [{r['adapter_class']}] "
                     f"{r['ms']:10.3f} ms")
    t = doc["tuning"]
    lines.append(f"\ntuning: route_tuning {t['route_tuning']}" + (f" (default {t['default']})" if t["default"] else "")
                 + "; the routes picked per node kind at the longest context")
    for model, engines in t["models"].items():
        for variant, e in engines.items():
            last = e[max((k for k in e if k.startswith("context_")), key=lambda k: int(k.split("_")[1]))]
            head = f"  {model} [{variant} -> {last['adapter_class']}]"
            if "report" in e:
                r = e["report"]
                lines.append(f"{head} route_tuning={e['route_tuning']}: {r['measured']} measured, {r['reused']} "
                             f"reused in {r['seconds']:.2f} s; {'; '.join(r['notices']) or 'no notices'}")
            lines.append(f"{head} prefill: {_kinds(last.get('prefill', {}))}")
            lines.append(f"{head} decode: {_kinds(last.get('decode', {}))}")
    lines.append("\nerrors: " + ("none" if not doc["errors"] else f"{len(doc['errors'])}"))
    lines += [f"  {e}" for e in doc["errors"]]
    return "\n".join(lines)
