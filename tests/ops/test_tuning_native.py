"""Route tuning on the native adapter (graph/tuning.py): `on` times every eligible row of the model's
linear tables and keeps the fastest; a second load with `cached` times nothing; a kept record that is
corrupt, from another kernel set, or names a row that is gone is ignored with a notice and measured again;
the attestation marks measured routes."""
from __future__ import annotations

import json

import pytest

from pyrite.graph.routes import Live
from pyrite.graph.tuning import candidates, pick_row, store_name, tune
from pyrite.graph.tuning_store import MemoryStore
from pyrite.sync import run_sync

from tests.graph.test_null_plans import SECTIONS, build

pytestmark = pytest.mark.gpu


def tuned(device, store, mode):
    m = build("tiny-llama", device=device, options={"route_tuning": mode})
    return m, run_sync(tune(m.plan, store, 32))


def test_on_measures_every_candidate_then_cached_measures_nothing(device):
    store = MemoryStore()
    m, first = tuned(device, store, "on")
    wanted = candidates(m.plan, 32)
    assert first.mode == "on" and first.measured == len(wanted) > 0 and first.reused == 0
    for key, c in wanted.items():
        times = first.timings[key]
        assert set(times) == {r.name for r in c.rows} and all(ns > 0 for ns in times.values()), times
        assert first.choices[key] == pick_row(c, times)  # the fastest, where it beats the rules' row by 10%
    assert list(store.records) == [store_name(m.plan)]
    m.plan.run(Live(1, 3), SECTIONS)
    choice = {r["op"]: r["choice"] for r in m.plan.attest()}
    assert choice["blk.0.ffn_down"] == "measured" and choice["blk.0.attn"] == "rule"

    again, second = tuned(device, store, "cached")
    assert second.measured == 0 and second.timings == {} and second.reused == first.measured
    assert again.plan.tuned == first.choices and second.notices == []

    _, remeasured = tuned(device, store, "on")  # on measures again, whatever was kept
    assert remeasured.measured == first.measured


def test_a_faulty_record_is_measured_again(device):
    store = MemoryStore()
    m, first = tuned(device, store, "on")
    name = store_name(m.plan)
    kept = json.loads(store.records[name])
    for text, why, measured in (("{half a rec", "corrupt", first.measured),
                                (json.dumps({**kept, "kernels": "f" * 64}), "another kernel set", first.measured)):
        store.records[name] = text
        _, report = tuned(device, store, "cached")
        assert report.measured == measured and why in report.notices[0], report.notices
        assert json.loads(store.records[name])["kernels"] == kept["kernels"]  # rewritten whole
    gone = json.loads(store.records[name])
    key = sorted(gone["choices"])[0]
    gone["choices"][key] = "gemv_gone"
    store.records[name] = json.dumps(gone)
    _, report = tuned(device, store, "cached")
    assert report.measured == 1 and key in report.timings and "gemv_gone" in report.notices[0]


def test_off_keeps_the_rules(device):
    m, report = tuned(device, MemoryStore(), "off")
    assert report.mode == "off" and report.measured == 0 and m.plan.tuned == {}
    m.plan.run(Live(1, 3), SECTIONS)
    assert {r["choice"] for r in m.plan.attest()} == {"rule"}
