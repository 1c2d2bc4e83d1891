"""Decode on the native backend with SmolLM2: batches of steps from the tape (graph/tape.py) give the
tokens of one step per submit, a batch past the end of turn shows nothing after it, and the draw, always
on the GPU, gives the same text for a seed whatever the batching or the profiling gate."""
from contextlib import contextmanager

import pytest

from pyrite.graph.tape import BatchPolicy
from pyrite.sampling import SamplingParams
from pyrite.sync import run_sync
from support.engine import collect

pytestmark = [pytest.mark.gpu, pytest.mark.model]


class Fixed:
    """A batch policy of `steps` steps per submit (as many as remain)."""

    def __init__(self, steps):
        self.steps = steps

    def next(self, last_steps, last_s, remaining, cap):
        return min(self.steps, remaining, cap)


@contextmanager
def batched(engine, cap, policy=None):
    """Decode in batches of 1, 2, 4, ... up to cap steps per submit however slow the adapter is (or as
    policy says)."""
    engine.options["decode_batch"], engine.tape.policy = cap, policy or BatchPolicy(smooth_s=float("inf"))
    try:
        yield engine
    finally:
        engine.options["decode_batch"], engine.tape.policy = 32, BatchPolicy()


def test_batched_greedy_decode_equals_one_step_per_submit(smollm2_engine):
    """128 greedy tokens with the next token chosen on the GPU, in batches of up to 8 steps per submit,
    each submitted before the last one's tokens are read (graph/tape.py), are those of one step per
    submit. The batches cross tape windows and the flash split counts at
    64 and 128 keys."""
    e = smollm2_engine
    ids = e.encode("The history of the Roman Empire is")

    async def go():
        return [t async for t in e.generate_ids(ids, 128)]
    e.options["decode_batch"] = 1
    try:
        one = run_sync(go())
    finally:
        e.options["decode_batch"] = 32
    assert len(one) == 128 and e.stats.decode_submits == e.stats.decode_steps == 127
    with batched(e, 8):
        assert run_sync(go()) == one
    assert e.stats.decode_path == "tape/python"
    # each batch is sized when the one before it is still running: 1, 1, 2, 2, 4, 4, then 15 of up to 8
    assert (e.stats.decode_steps, e.stats.decode_submits) == (127, 6 + 15)
    assert e.stats.host_ms_per_token > 0 and e.step_report()["dispatches"]["decode"] == 6 * e.config.n_layers + 4


def test_a_batch_past_the_end_of_turn_shows_nothing_after_it(smollm2_engine):
    """The GPU runs a batch to its end; what it decoded past the stop token is never shown (batches of
    5: the answer's end of turn, its 8th token, falls inside the second)."""
    with batched(smollm2_engine, 8, Fixed(5)):
        text = "".join(collect(smollm2_engine, "What is the capital of France?", max_tokens=40, chat=True))
    s = smollm2_engine.stats
    assert "Paris" in text and s.stop_reason == "stop_token" and "<|im_end|>" not in text
    assert s.decode_steps > s.generated_tokens


def test_seeded_sampling_on_the_gpu_is_the_same_in_batches_of_one_and_eight(smollm2_engine):
    """The draw's random number depends on the seed and the token's position alone."""
    e = smollm2_engine
    p = SamplingParams(temperature=0.9, top_p=0.95, min_p=0.02, repetition_penalty=1.2, seed=7)
    runs = []
    for steps in (1, 8, 8):
        with batched(e, 8, Fixed(steps)):
            runs.append(collect(e, "Write a word:", max_tokens=17, params=p))
        assert e.stats.decode_path == "tape/python" and e.stats.decode_submits == 16 // steps
        assert e.step_report()["routes"]["decode"]["draw"] == "draw"
    assert runs[0] == runs[1] == runs[2] and e.stats.generated_tokens == 17
    other = collect(e, "Write a word:", max_tokens=17, params=SamplingParams(temperature=0.9, top_p=0.95, seed=8))
    assert other != runs[0]
    collect(e, "Hi", max_tokens=2)  # the next greedy generation goes back to the argmax
    routes = e.step_report()["routes"]["decode"]
    assert routes["argmax"] == "argmax" and "draw" not in routes


def test_the_same_seed_gives_the_same_text_batched_one_step_at_a_time_and_profiled(smollm2_engine):
    """The draw runs on the GPU on every path: the default batching, decode_batch=1 and the profiling
    gate (one timed step per submit, the host between tokens) give the same sampled text."""
    e = smollm2_engine
    p = SamplingParams(temperature=0.8, top_p=0.9, seed=7)
    prompt = "Once upon a time"
    default = collect(e, prompt, max_tokens=64, params=p)
    assert e.stats.decode_path.startswith("tape/") and e.stats.generated_tokens == 64
    e.options["decode_batch"] = 1
    try:
        one = collect(e, prompt, max_tokens=64, params=p)
        assert e.stats.decode_submits == e.stats.decode_steps == 63
    finally:
        e.options["decode_batch"] = 32
    e.profiling = True
    try:
        profiled = collect(e, prompt, max_tokens=64, params=p)
        assert e.stats.decode_path == "host" and e.last_profile
        assert {r["kernel"] for r in e.last_profile} >= {"sample_draw"}
    finally:
        e.profiling = False
    assert "".join(default) == "".join(one) == "".join(profiled)
    assert collect(e, prompt, max_tokens=64, params=SamplingParams(temperature=0.8, top_p=0.9, seed=8)) != default
