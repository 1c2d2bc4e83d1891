"""Route tuning's plan side, no GPU: shape classes, which tables are tuned, and how a kept record is
read (corrupt, another kernel set or adapter, a row that no longer exists: ignored with a notice)."""
from __future__ import annotations

import json

import pytest

from pyrite.errors import OptionError
from pyrite.gpu.null import DEFAULT_FEATURES, null_device
from pyrite.graph.options import Options
from pyrite.graph.routes import Live, shape_class
from pyrite.graph.tuning import candidates, parse_record, pick_row, record, resolve_mode, tune
from pyrite.graph.tuning_store import MemoryStore
from pyrite.sync import run_sync

from .test_null_plans import build


@pytest.mark.parametrize("rows, cls", [(1, "decode"), (2, "forward"), (16, "forward"), (17, "prefill_17_31"),
                                       (31, "prefill_17_31"), (32, "prefill_32"), (2048, "prefill_32")])
def test_shape_classes(rows, cls):
    assert shape_class(rows) == cls


def test_the_option_refuses_unknown_values():
    assert Options()["route_tuning"] == "auto"
    with pytest.raises(OptionError, match="route_tuning='always'"):
        Options({"route_tuning": "always"})


def test_candidates_are_the_linear_tables_a_node_runs_with_several_rows():
    plan = build("tiny-llama", options={"adapter_class": "gpu"}).plan
    found = candidates(plan, 32)
    assert found and all(k.startswith("linear|") for k in found)
    assert {k.rsplit("|", 1)[1] for k in found} == {"decode", "prefill_17_31", "prefill_32"}  # a forward: decode's
    for c in found.values():
        assert len(c.rows) > 1 and all(r.when(c.ctx) for r in c.rows)
    assert all(not k.endswith("prefill_32") for k in candidates(plan, 31))  # max_seq bounds the classes
    cpu = candidates(build("tiny-llama").plan, 32)  # the cpu class: decode only (its prefill rows measured here)
    assert cpu and {k.rsplit("|", 1)[1] for k in cpu} == {"decode"}
    pinned = build("tiny-llama", overrides={"linear": "gemv"}).plan
    assert candidates(pinned, 32) == {}


def test_a_kept_record_is_read_back_and_its_faults_are_ignored_with_a_notice():
    plan = build("tiny-llama").plan
    wanted = candidates(plan, 32)
    choices = {k: c.rows[-1].name for k, c in wanted.items()}
    good = record(plan, choices, {})
    assert parse_record(good, plan, wanted) == (choices, [])
    assert parse_record(None, plan, wanted) == ({}, [])
    for text, why in (("{not json", "corrupt"), (json.dumps({"version": 9}), "corrupt"),
                      (json.dumps({**json.loads(good), "kernels": "0" * 64}), "another kernel set"),
                      (json.dumps({**json.loads(good), "fingerprint": {"vendor": "elsewhere"}}), "another adapter")):
        kept, notices = parse_record(text, plan, wanted)
        assert kept == {} and len(notices) == 1 and why in notices[0], (text, notices)
    key = next(iter(wanted))
    stale = json.loads(good)
    stale["choices"][key] = "gemv_gone"
    kept, notices = parse_record(json.dumps(stale), plan, wanted)
    assert key not in kept and len(kept) == len(wanted) - 1
    assert notices == [f"route tuning: the kept choice 'gemv_gone' for {key} is not a row of that table now; "
                       "measuring again"]


@pytest.mark.parametrize("cls, mode", [("cpu", "off"), ("gpu", "cached")])
def test_auto_is_cached_on_the_gpu_class_and_off_on_the_cpu_class(cls, mode):
    plan = build("tiny-llama", options={"adapter_class": cls}).plan
    notices: list[str] = []
    assert resolve_mode(plan, notices) == mode and notices == []


def test_the_rules_row_stays_unless_another_beats_it_by_the_margin():
    plan = build("tiny-llama").plan
    c = next(c for c in candidates(plan, 32).values() if len(c.rows) >= 2)
    rule, other = c.rows[0].name, c.rows[1].name  # the rules take the first eligible row
    assert pick_row(c, {r.name: 1000 for r in c.rows}) == rule
    assert pick_row(c, {**{r.name: 1000 for r in c.rows}, other: 950}) == rule  # within noise
    assert pick_row(c, {**{r.name: 1000 for r in c.rows}, other: 900}) == other
    assert pick_row(c, {**{r.name: 1000 for r in c.rows}, rule: 10}) == rule


def test_without_timestamp_queries_tuning_is_off_with_a_notice():
    device = null_device(features=DEFAULT_FEATURES - {"timestamp-query"})
    plan = build("tiny-llama", device=device, options={"route_tuning": "on"}).plan
    notices: list[str] = []
    assert resolve_mode(plan, notices) == "off" and "timestamp-query" in notices[0]
    report = run_sync(tune(plan, MemoryStore(), 32))
    assert report.mode == "off" and report.measured == 0 and plan.tuned == {}
    plan.run(Live(1, 0), ("body",))
    assert {r["choice"] for r in plan.attest()} == {"rule"}
