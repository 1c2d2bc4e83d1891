"""Constrained decode on the real adapter (native): the mask and advance sections around each pick,
replayed in decode batches; the text stays in the automaton's language and ends where it accepts."""
from __future__ import annotations

import array

import pytest

from pyrite.constrain import Automaton
from pyrite.errors import LimitError
from pyrite.ops.constrain import MAX_TABLE_WORDS
from pyrite.sampling import SamplingParams
from pyrite.sync import run_sync

pytestmark = [pytest.mark.gpu, pytest.mark.model]


def digits(lo: int, hi: int) -> Automaton:
    """lo..hi ASCII digits: class 1 the digits, class 0 the rest; state k + 1 after k digits."""
    classes = bytes(1 if 0x30 <= b <= 0x39 else 0 for b in range(256))
    n = hi + 2
    table = array.array("I", [0] * (2 * n))
    for s in range(1, n - 1):
        table[2 * s + 1] = s + 1
    return Automaton(classes, 2, table, bytes(int(s >= lo + 1) for s in range(n)))


def run(engine, prompt: str, automaton: Automaton, params: SamplingParams, max_tokens: int = 24):
    async def go():
        ids = engine.encode_prompt(prompt, chat=True)
        return "".join([p async for p in engine.generate_text(ids, max_tokens, params, constraint=automaton)])
    return run_sync(go())


@pytest.mark.parametrize("params", [SamplingParams(), SamplingParams(temperature=0.9, seed=7)],
                         ids=["greedy", "draw"])
def test_the_answer_is_in_the_language_and_ends_where_it_accepts(smollm2_engine, params):
    e = smollm2_engine
    text = run(e, "Write a story about a cat.", digits(2, 5), params)
    assert text.isdigit() and 2 <= len(text) <= 5, text
    assert e.stats.stop_reason == "stop_token"
    routes = e.step_report()["routes"]["decode"]
    assert (routes["constrain.mask"], routes["constrain.advance"]) == ("walk", "advance")  # attested


def test_a_constrained_run_leaves_the_next_one_free(smollm2_engine):
    e = smollm2_engine
    free = run(e, "Say hello.", None, SamplingParams(), 8)
    run(e, "Say hello.", digits(1, 3), SamplingParams(), 8)
    assert run(e, "Say hello.", None, SamplingParams(), 8) == free


def test_a_table_past_the_limit_is_refused_before_gpu_work(smollm2_engine):
    n = MAX_TABLE_WORDS // 3 + 1
    big = Automaton(bytes(256), 2, array.array("I", [0] * (2 * n)), bytes([0, 1] + [0] * (n - 2)))
    with pytest.raises(LimitError, match="automaton"):
        run(smollm2_engine, "Hi", big, SamplingParams())
