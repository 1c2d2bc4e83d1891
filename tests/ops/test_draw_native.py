"""The GPU sampler (shaders/sample/draw.wgsl) on the real adapter, against numpy: what it may draw
(repetition penalty, top-k, top-p, min-p), how often (the empirical distribution over many positions),
and that a seed and a position fix the draw. The steps run as a decode tape (graph/tape.py)."""
from __future__ import annotations

import array

import numpy as np
import pytest

from pyrite.gpu import Copy
from pyrite.graph.plan import Live, Plan, storage
from pyrite.graph.tape import MAX_STEPS, STEP_BYTES
from pyrite.ops.sample import draw_token, write_sampling
from pyrite.sampling import MAX_WINDOW, SamplingParams
from pyrite.sync import run_sync

pytestmark = pytest.mark.gpu


class Sampler:
    """draw_token alone, over a logits row written by the test."""

    def __init__(self, device, logits: np.ndarray):
        self.device, self.V = device, len(logits)
        self.plan = Plan(device, "draw")
        b = {n: storage(device, n, size) for n, size in (("logits", 4 * self.V), ("out", 8), ("ids", 4),
                                                        ("tokens", 4 * MAX_STEPS), ("step_next", STEP_BYTES),
                                                        ("history", 4 * MAX_WINDOW))}
        self.b = b
        self.logits = logits.astype(np.float32)
        self.sampling = draw_token(self.plan, "draw", b["logits"], b["out"], b["ids"], b["tokens"], b["step_next"],
                                   b["history"], vocab=self.V)

    def draws(self, pos: int, n: int, *, seed: int = 1, history=(), temperature=1.0, top_k=0, top_p=1.0,
              min_p=0.0, penalty=1.0, window=MAX_WINDOW) -> list[int]:
        """Tokens drawn at positions pos + 1 .. pos + n, each from the same logits (rewritten per submit
        of MAX_STEPS steps: the penalty edits them in place)."""
        write_sampling(self.plan, self.sampling, SamplingParams(temperature, top_k, top_p, min_p, penalty, window),
                       seed)
        ring = [0xFFFFFFFF] * MAX_WINDOW
        for q, t in history:  # (position, token)
            ring[q % MAX_WINDOW] = t
        self.device.write_buffer(self.b["history"], 0, array.array("I", ring).tobytes())
        got = []
        while len(got) < n:
            m = min(MAX_STEPS, n - len(got))
            self.device.write_buffer(self.b["logits"], 0, self.logits.tobytes())
            at = pos + len(got)
            step = [*self.plan.tape(Live(1, at), Live(1, at + m - 1), ("main",)),
                    Copy(self.b["step_next"], 0, self.plan.step_buffer, 0, STEP_BYTES)]
            self.plan.write_step(Live(1, at))
            self.device.replay(step, m)
            got += array.array("I", run_sync(self.device.read_buffer(self.b["tokens"], 0, 4 * m)))
        assert self.plan.routes(("main",)) == {"draw": "draw"}
        return got


def kept_probabilities(logits, temperature, top_k=0, top_p=1.0, min_p=0.0) -> dict[int, float]:
    """numpy: top-k (ties by id) -> softmax at temperature -> shortest top-p prefix -> min-p."""
    order = sorted(range(len(logits)), key=lambda i: (-logits[i], i))[:top_k or 256]
    q = np.exp((logits[order].astype(np.float64) - logits[order[0]]) / temperature)
    z, keep, mass = q.sum(), 0, 0.0
    while keep < len(order) and not (keep > 0 and q[keep] < min_p) and mass < top_p * z:
        mass += q[keep]
        keep += 1
    return {order[j]: q[j] / mass for j in range(keep)}


def test_draws_follow_the_filtered_distribution(device):
    rng = np.random.default_rng(3)
    logits = rng.standard_normal(300).astype(np.float32) * 2
    s = Sampler(device, logits)
    params = {"temperature": 0.8, "top_k": 40, "top_p": 0.9, "min_p": 0.02}
    want = kept_probabilities(logits, **params)
    got = s.draws(10, 2048, seed=11, **params)
    assert set(got) <= set(want)
    freq = np.bincount(got, minlength=len(logits)) / len(got)
    tv = 0.5 * sum(abs(freq[i] - want.get(i, 0.0)) for i in range(len(logits)))
    assert tv < 0.06, (tv, len(want))


def test_a_seed_and_a_position_fix_the_draw(device):
    logits = np.random.default_rng(4).standard_normal(500).astype(np.float32)
    s = Sampler(device, logits)
    a = s.draws(100, 40, seed=7)
    assert s.draws(100, 40, seed=7) == a                   # again
    assert s.draws(120, 20, seed=7) == a[20:]              # from the middle: the same tokens at those positions
    assert s.draws(100, 40, seed=8) != a


def test_top_k_one_and_a_cold_temperature_are_the_argmax(device):
    logits = np.random.default_rng(5).standard_normal(151936).astype(np.float32)
    best = int(np.argmax(logits))
    logits[best] += 0.1  # at 1e-3 a runner-up 0.1 below weighs e^-100
    s = Sampler(device, logits)
    assert set(s.draws(0, 8, top_k=1, temperature=1.5)) == {best}
    assert set(s.draws(0, 8, temperature=1e-3)) == {best}


def test_the_penalty_acts_once_per_distinct_token_of_its_window(device):
    logits = np.full(64, -4.0, np.float32)
    logits[[3, 9, 20]] = [5.0, 4.0, -0.5]
    s = Sampler(device, logits)
    seen = [(40, 3), (41, 3), (42, 3)]                     # token 3 three times: divided by 2 once (2.5 < 4)
    assert set(s.draws(42, 1, history=seen, penalty=2.0, top_k=1)) == {9}
    assert set(s.draws(42, 1, history=seen, penalty=1.1, top_k=1)) == {3}    # 4.55 > 4
    assert set(s.draws(50, 1, history=seen, penalty=2.0, top_k=1, window=4)) == {3}  # 3 fell out of the window
    logits[[3, 9]] = -5.0                                  # a negative logit is multiplied: -0.5 -> -1.0 < -0.6
    logits[30] = -0.6
    s.logits = logits
    assert set(s.draws(43, 1, history=[(43, 20)], penalty=2.0, top_k=1)) == {30}


def test_a_dense_boundary_is_refined_and_the_top_k_stays_exact(device):
    """3,000 logits within 0.003 of each other straddle the top-256 boundary (all in one first-level bin
    of 1/32): the second level splits that bin, so exactly the 256 largest can be drawn."""
    V = 151936
    logits = np.full(V, -10.0, np.float32)
    dense = np.random.default_rng(6).permutation(V)[:3000]
    logits[dense] = 1.0 + np.linspace(0, 0.003, 3000, dtype=np.float32)
    s = Sampler(device, logits)
    top = set(np.argsort(-logits, kind="stable")[:256].tolist())
    got = s.draws(0, 256, top_k=256, temperature=50.0)
    assert set(got) <= top and len(set(got)) > 100
