import random

import pytest

from pyrite.sampling import SamplingParams, sample


def test_greedy_flag():
    assert SamplingParams().greedy and not SamplingParams(temperature=0.5).greedy


@pytest.mark.parametrize("kw", [{"temperature": -1}, {"top_k": -2}, {"top_p": 0}, {"top_p": 1.5}])
def test_bad_params_raise(kw):
    with pytest.raises(ValueError):
        SamplingParams(**kw)


def test_top_k_one_is_argmax():
    logits = [0.1, 3.0, 2.9, -5.0]
    assert all(sample(logits, SamplingParams(temperature=1.0, top_k=1), random.Random(s)) == 1 for s in range(20))


def test_seeded_draws_repeat_and_follow_the_distribution():
    logits = [0.0, 1.0, 2.0]
    p = SamplingParams(temperature=1.0, seed=3)
    a = [sample(logits, p, random.Random(3)) for _ in range(5)]
    b = [sample(logits, p, random.Random(3)) for _ in range(5)]
    assert a == b
    rng = random.Random(0)
    counts = [0, 0, 0]
    for _ in range(3000):
        counts[sample(logits, p, rng)] += 1
    # softmax([0, 1, 2]) = 0.090, 0.245, 0.665
    assert abs(counts[2] / 3000 - 0.665) < 0.04 and abs(counts[0] / 3000 - 0.090) < 0.03


def test_top_p_keeps_the_nucleus():
    logits = [10.0, 0.0, 0.0, 0.0]
    rng = random.Random(1)
    assert {sample(logits, SamplingParams(temperature=1.0, top_p=0.5), rng) for _ in range(50)} == {0}
