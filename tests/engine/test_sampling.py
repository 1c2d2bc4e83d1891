import random
import re
from pathlib import Path

import pytest
import yaml

from pyrite.errors import PyriteError
from pyrite.sampling import MAX_TOP_K, SamplingError, SamplingParams, penalize, sample

DRAW_YAML = Path(__file__).resolve().parents[2] / "shaders" / "sample" / "draw.yaml"


def test_greedy_flag():
    assert SamplingParams().greedy and not SamplingParams(temperature=0.5).greedy


@pytest.mark.parametrize("kw,msg", [
    ({"temperature": -1}, "temperature must be in [0, 100]"), ({"temperature": float("nan")}, "temperature"),
    ({"temperature": "hot"}, "temperature"), ({"top_k": -2}, "top_k must be in 0 .. 256"),
    ({"top_k": 257}, "top_k must be in 0 .. 256"), ({"top_k": 2.5}, "top_k"), ({"top_p": 0}, "top_p must be in (0, 1]"),
    ({"top_p": 1.5}, "top_p"), ({"min_p": 1.0}, "min_p must be in [0, 1)"), ({"min_p": -0.1}, "min_p"),
    ({"repetition_penalty": 0}, "repetition_penalty must be in [0.01, 100]"), ({"repetition_window": 65}, "repetition_window"),
    ({"repetition_window": True}, "repetition_window"), ({"seed": -1}, "seed"), ({"seed": 2 ** 64}, "seed"),
])
def test_bad_params_are_typed_errors_naming_the_option(kw, msg):
    with pytest.raises(SamplingError, match=re.escape(msg)):
        SamplingParams(**kw)
    with pytest.raises(PyriteError):
        SamplingParams.from_options({"temperature": 0.5, **kw})


def test_the_top_k_bound_is_the_draw_kernels():
    """top_k's bound and the draw's candidate count are one number in two files: changing one alone fails."""
    manifest = yaml.safe_load(DRAW_YAML.read_text())
    top_k = manifest["defaults"]["TOP_K"]
    assert {v["params"].get("TOP_K", top_k) for v in manifest["variants"]} == {MAX_TOP_K}


def test_from_options_takes_the_sampling_keys_and_ignores_the_rest():
    p = SamplingParams.from_options({"temperature": 0.7, "top_k": 5, "min_p": 0.1, "seed": None, "max_tokens": 9})
    assert (p.temperature, p.top_k, p.min_p, p.seed) == (0.7, 5, 0.1, None)
    assert SamplingParams.from_options(p.to_options()) == p


def test_min_p_drops_the_unlikely():
    logits = [2.0, 1.9, -3.0]  # softmax: 0.52, 0.47, 0.003
    rng = random.Random(2)
    assert {sample(logits, SamplingParams(temperature=1.0, min_p=0.05), rng) for _ in range(300)} == {0, 1}


def test_the_penalty_divides_positive_and_multiplies_negative_logits_once():
    assert penalize([4.0, -1.0, 3.0], [0, 0, 1], 2.0, 64) == [2.0, -2.0, 3.0]
    assert penalize([4.0, -1.0, 3.0], [0, 0, 1], 2.0, 1) == [4.0, -2.0, 3.0]  # the window: the last one
    p = SamplingParams(temperature=1.0, top_k=1, repetition_penalty=2.0)
    assert sample([4.0, -1.0, 3.0], p, random.Random(0), [0]) == 2


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
