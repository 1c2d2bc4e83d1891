"""next_token and the tape's copies on the real adapter: a batch of steps from one submit, each step's
argmax handed to the next through ids, the token list and step_next -> the step uniform (native)."""
from __future__ import annotations

import array

import numpy as np
import pytest

from pyrite.gpu import Copy
from pyrite.graph.plan import Live, Plan, storage
from pyrite.graph.tape import MAX_STEPS, STEP_BYTES
from pyrite.ops.embedding import embedding
from pyrite.graph.device_weights import DeviceWeight
from pyrite.ops.sample import next_token
from pyrite.sync import run_sync

pytestmark = pytest.mark.gpu
V = 300


def u32s(device, buf, n):
    return list(array.array("I", run_sync(device.read_buffer(buf, 0, 4 * n))))


def test_each_step_reads_the_token_and_step_the_one_before_wrote(device):
    """A two-node step: logits = the row of an f32 table picked by ids[0] (an embedding gather), then
    next_token. Row t of the table peaks at (7 t + 3) % V, so the tokens follow t -> 7 t + 3 only if
    each step embeds the token the step before it picked; step.index moves through the copies, so
    each lands in its own slot; step_next ends one past the last step. A second submit goes on from
there with nothing written by the host."""
    table = np.zeros((V, V), np.float32)
    table[np.arange(V), (7 * np.arange(V) + 3) % V] = 1.0
    plan = Plan(device, "tape")
    ids, logits, out = storage(device, "ids", 4), storage(device, "logits", V * 4), storage(device, "out", 8)
    tokens, step_next = storage(device, "tokens", MAX_STEPS * 4), storage(device, "step_next", STEP_BYTES)
    data = storage(device, "table", table.nbytes)
    device.write_buffer(data, 0, table.tobytes())
    embedding(plan, "embed", ids, DeviceWeight("table", (V, V), "f32", None, {"data": data}), logits)
    next_token(plan, "argmax", logits, out, ids, tokens, step_next, vocab=V)

    n, pos, first = 5, 11, 4
    device.write_buffer(ids, 0, array.array("I", [first]).tobytes())
    step = [*plan.tape(Live(1, pos), Live(1, pos + n - 1), ("main",)),
            Copy(step_next, 0, plan.step_buffer, 0, STEP_BYTES)]
    plan.write_step(Live(1, pos))
    device.replay(step, n)
    device.replay(step, 3)  # goes on with no host write

    want, t = [], first
    for _ in range(n + 3):
        t = (7 * t + 3) % V
        want.append(t)
    assert u32s(device, tokens, n + 3) == want
    assert u32s(device, ids, 1) == [want[-1]]
    assert u32s(device, step_next, 4) == [1, pos + n + 3, pos + n + 4, n + 3]
