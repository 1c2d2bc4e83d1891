"""JSON-schema output end to end on the real adapter (native): every answer to the 30 schemas of the
supported subset parses and validates (jsonschema), or ends at max_tokens as a prefix that can still
complete. The long run (--long) is the whole matrix: both models, every schema, three seeds each at
temperature 0.7 (about 6 minutes here); the suite's run takes one seed per schema in turn, and Qwen
(4 tok/s on lavapipe) every third schema."""
from __future__ import annotations

import pytest

from json_matrix import SCHEMAS, SEEDS, TEMPERATURE, check_answer, messages, response_format
from pyrite.engine import Engine
from pyrite.sync import run_sync

pytestmark = [pytest.mark.gpu, pytest.mark.model]


def answer(engine: Engine, name: str, schema: dict, seed: int, max_tokens: int) -> None:
    r = run_sync(engine.chat_completion(messages(name), response_format=response_format(name, schema),
                                        max_tokens=max_tokens, temperature=TEMPERATURE, seed=seed))
    choice = r["choices"][0]
    check_answer(name, schema, choice["message"]["content"], choice["finish_reason"],
                 r["usage"]["completion_tokens"], max_tokens)


def seeds(k: int, long_run: bool) -> tuple[int, ...]:
    return SEEDS if long_run else (SEEDS[k % len(SEEDS)],)


CASES = [(k, n, s) for k, (n, s) in enumerate(SCHEMAS)]


def pytest_generate_tests(metafunc):
    """Qwen's share of the schemas: every third in the suite, all of them in the long run."""
    if "schema" in metafunc.fixturenames:
        qwen_suite = metafunc.function.__name__.startswith("test_qwen") and not metafunc.config.getoption("--long")
        cases = CASES[::3] if qwen_suite else CASES
        metafunc.parametrize("k,name,schema", cases, ids=[n for _, n, _ in cases])


def test_smollm2_answers_validate(smollm2_engine, long_run, k, name, schema):
    for seed in seeds(k, long_run):
        answer(smollm2_engine, name, schema, seed, max_tokens=32)


def test_qwen_answers_validate(qwen_engine, long_run, k, name, schema):
    for seed in seeds(k, long_run):
        answer(qwen_engine, name, schema, seed, max_tokens=24)
