"""Mutation fuzzing of pyrite's file readers with hypothesis, seeded from real files.

Each target takes one input (bytes, or a model directory) and must end in a typed PyriteError or a
valid object: never another exception, never longer than LIMIT_S, and its peak allocation
(tracemalloc) never above 2x the input plus SLACK_BYTES (the interpreter's own noise). The number of
inputs is INPUTS per format, LONG_INPUTS under `pytest --long` (`python build.py test --long`); each
test records what it saw in a report (outcomes, slowest input, largest peak allocation), printed
at the end of the session and written to .cache/reliability-report.json.
"""
from __future__ import annotations

import json
import time
import tracemalloc
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from pyrite.errors import PyriteError

INPUTS = 2_000  # derandomized: the same inputs every run, so a regression check; --long draws 20,000 new ones
LONG_INPUTS = 20_000
LIMIT_S = 5.0
SLACK_BYTES = 8 << 20
INTERESTING = (0, 1, 2, 7, 8, 0x7F, 0x80, 0xFF, 0x7FFF, 0xFFFF, 0x7FFFFFFF, 0x80000000, 0xFFFFFFFF,
               1 << 32, 1 << 40, 0x7FFFFFFFFFFFFFFF, 0xFFFFFFFFFFFFFFFF)
REPORT = Path(__file__).resolve().parents[1] / ".cache" / "reliability-report.json"


@dataclass
class Record:
    """What one format's fuzzing saw."""

    inputs: int = 0
    outcomes: Counter = field(default_factory=Counter)   # "valid" or the error class
    slowest_s: float = 0.0
    peak_bytes: int = 0                                   # the largest peak allocation of one input
    largest_input: int = 0

    def to_json(self) -> dict[str, Any]:
        return {"inputs": self.inputs, "outcomes": dict(self.outcomes.most_common()),
                "slowest_s": round(self.slowest_s, 4), "peak_bytes": self.peak_bytes,
                "largest_input_bytes": self.largest_input}


RECORDS: dict[str, Record] = {}
FIGURES: dict[str, dict] = {}  # other hardening tests' figures, by test name (conftest's `reliability`)


def fuzz_settings(long: bool, inputs_per_example: int = 1) -> settings:
    """The budget: INPUTS inputs (LONG_INPUTS with --long), each within LIMIT_S; the short run is
    derandomized (the same inputs every CI run), the long one draws new ones."""
    return settings(max_examples=(LONG_INPUTS if long else INPUTS) // inputs_per_example, deadline=None,
                    derandomize=not long,
                    database=None, print_blob=True,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                           HealthCheck.filter_too_much, HealthCheck.large_base_example])


def check(fmt: str, target: Callable[[], Any], input_bytes: int, expect: tuple[str, ...] = ()) -> str:
    """Run target on one input and return its outcome ("valid" or the PyriteError's class name): any
    other exception fails the test (with the input's traceback), and so does an outcome not in expect
    (when given), a run over LIMIT_S or an allocation over 2x the input + SLACK."""
    record = RECORDS.setdefault(fmt, Record())
    tracemalloc.start()
    t0 = time.perf_counter()
    try:
        target()
        outcome = "valid"
    except PyriteError as e:
        outcome = type(e).__name__
    finally:
        seconds = time.perf_counter() - t0
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    record.inputs += 1
    record.outcomes[outcome] += 1
    record.slowest_s = max(record.slowest_s, seconds)
    record.peak_bytes = max(record.peak_bytes, peak)
    record.largest_input = max(record.largest_input, input_bytes)
    assert not expect or outcome in expect, f"{fmt}: the input ended in {outcome}, expected one of {expect}"
    assert seconds <= LIMIT_S, f"{fmt}: one input took {seconds:.1f} s"
    assert peak <= 2 * input_bytes + SLACK_BYTES, f"{fmt}: {peak} bytes allocated for a {input_bytes}-byte input"
    return outcome


def report() -> dict[str, dict]:
    """This process's figures: {"fuzzing": format -> Record JSON, "runs": test name -> figures}."""
    return {"fuzzing": {fmt: r.to_json() for fmt, r in sorted(RECORDS.items())}, "runs": dict(FIGURES)}


def write_report(merged: dict[str, dict]) -> None:
    REPORT.parent.mkdir(parents=True, exist_ok=True)
    REPORT.write_text(json.dumps(merged, indent=1, sort_keys=True) + "\n")


# -- byte mutations ------------------------------------------------------------------------------

@st.composite
def mutation(draw, size: int, hot: int) -> tuple:
    """One edit of a `size`-byte input, its offsets drawn mostly from the first `hot` bytes (headers)."""
    at = draw(st.one_of(st.integers(0, max(min(hot, size) - 1, 0)), st.integers(0, max(size - 1, 0))))
    kind = draw(st.sampled_from(("flip", "byte", "int", "truncate", "delete", "duplicate", "insert")))
    if kind == "flip":
        return kind, at, draw(st.integers(0, 7))
    if kind == "byte":
        return kind, at, draw(st.sampled_from((0x00, 0x01, 0x7F, 0x80, 0xFF, 0x22, 0x5B, 0x7B)))
    if kind == "int":
        return kind, at, draw(st.sampled_from(INTERESTING)), draw(st.sampled_from((4, 8)))
    if kind == "insert":
        return kind, at, draw(st.binary(min_size=1, max_size=16))
    return kind, at, draw(st.integers(1, 64))


def apply(data: bytes, edits: list[tuple]) -> bytes:
    """The input with each edit applied in turn (offsets clamped to its length as it changes)."""
    buf = bytearray(data)
    for kind, at, *arg in edits:
        at = min(at, max(len(buf) - 1, 0))
        if kind == "flip" and buf:
            buf[at] ^= 1 << arg[0]
        elif kind == "byte" and buf:
            buf[at] = arg[0]
        elif kind == "int":
            value, width = arg
            buf[at:at + width] = (value & ((1 << 8 * width) - 1)).to_bytes(width, "little")
        elif kind == "truncate":
            del buf[at:]
        elif kind == "delete":
            del buf[at:at + arg[0]]
        elif kind == "duplicate":
            buf[at:at] = buf[at:at + arg[0]]
        elif kind == "insert":
            buf[at:at] = arg[0]
    return bytes(buf)


@st.composite
def mutated(draw, seeds: list[bytes], hot: int = 4096) -> bytes:
    """A seed with one to four edits, never the seed itself: edits that cancel out (hypothesis often
    draws the same flip twice; a delete can be undone by a duplicate) get one more bit flip."""
    seed = draw(st.sampled_from(seeds))
    edits = draw(st.lists(mutation(len(seed), hot), min_size=1, max_size=4))
    data = apply(seed, edits)
    if data == seed:
        data = apply(seed, [("flip", draw(st.integers(0, max(len(seed) - 1, 0))), draw(st.integers(0, 7)))])
    return data


# -- JSON mutations ------------------------------------------------------------------------------

JSON_VALUES = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-(1 << 70), 1 << 70), st.sampled_from(INTERESTING),
              st.floats(allow_nan=False), st.text(max_size=12), st.just("../../etc/passwd"),
              st.just("weights-00000.bin")),
    lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=6), inner, max_size=3)),
    max_leaves=6)


def paths(node: Any, prefix: tuple = ()) -> list[tuple]:
    """Every path to a value in a JSON tree (lists: at most their first 4 items, so a vocabulary does
    not drown the rest)."""
    out = [prefix]
    if isinstance(node, dict):
        for k, v in node.items():
            out += paths(v, prefix + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node[:4]):
            out += paths(v, prefix + (i,))
    return out


def edit_json(doc: Any, path: tuple, op: str, value: Any) -> Any:
    """doc with the value at path replaced, deleted, or a sibling added (op: set | delete | add)."""
    if not path:
        return value
    parent = doc
    for key in path[:-1]:
        parent = parent[key]
    key = path[-1]
    if op == "set":
        parent[key] = value
    elif op == "delete":
        del parent[key]
    elif isinstance(parent, list):
        parent.insert(key, value)
    else:
        parent[f"{key}_extra"] = value
    return doc


@st.composite
def mutated_json(draw, seed: Any) -> Any:
    """The seed document (a fresh copy) with one to three structure-aware edits."""
    doc = json.loads(json.dumps(seed))
    for _ in range(draw(st.integers(1, 3))):
        where = draw(st.sampled_from(paths(doc)))
        doc = edit_json(doc, where, draw(st.sampled_from(("set", "set", "delete", "add"))), draw(JSON_VALUES))
    return doc
