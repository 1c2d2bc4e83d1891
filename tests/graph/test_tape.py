"""The decode tape on the null device: one step's dispatches replayed n times per submit, each step
followed by the copy that advances the step uniform; the window a tape covers; the batch policy."""
from __future__ import annotations

import struct

import pytest

from pyrite.gpu import MAP_READ, Copy, Dispatch
from pyrite.graph.routes import Live, RouteError
from pyrite.graph.tape import MAX_STEPS, STEP_BYTES, WINDOW, BatchPolicy, DecodeTape
from pyrite.ops import sdpa

from .test_null_plans import SECTIONS, build


def tape_of(m):
    return DecodeTape(m.plan, m.act.ids, m.act.step_next, m.act.tokens)


def test_a_batch_is_each_step_then_the_copy_into_the_step_uniform():
    m = build("smollm2-135m")
    tape = tape_of(m)
    readback = tape.run(40, 3, m.max_ctx - 1, SECTIONS, first=True)
    cmds = m.device.submitted[-1]
    step = tape.step(40, 3, m.max_ctx - 1, SECTIONS)
    assert len(cmds) == 3 * len(step) + 1 and len(step) == 6 * m.config.n_layers + 4 + 1
    copies = [i for i, c in enumerate(cmds) if type(c) is Copy]
    assert copies == [len(step) - 1, 2 * len(step) - 1, 3 * len(step) - 1, 3 * len(step)]
    for i in copies[:3]:
        c = cmds[i]
        assert (c.src, c.dst, c.size) == (m.act.step_next, m.plan.step_buffer, STEP_BYTES)
    ring = cmds[-1]  # then the token ring into a MAP_READ buffer, which the host maps
    assert (ring.src, ring.dst, ring.size) == (m.act.tokens, readback, MAX_STEPS * 4)
    assert readback.usage & MAP_READ
    assert all(type(c) is Dispatch for i, c in enumerate(cmds) if i not in copies)


def test_batches_alternate_between_two_readback_buffers():
    m = build("smollm2-135m")
    tape = tape_of(m)
    got = [tape.run(5 + i, 1, m.max_ctx - 1, SECTIONS, first=i == 0) for i in range(4)]
    assert got[0] is got[2] and got[1] is got[3] and got[0] is not got[1]
    assert m.plan.last_run == SECTIONS and m.plan.routes()["blk.0.attn"] == "flash_decode"


def test_the_argmax_ends_a_step_writing_the_next_steps_input():
    """The step's last dispatch is next_token: it binds the ids the embedding reads, the batch's token
    list and the step_next the copy reads."""
    m = build("smollm2-135m")
    step = tape_of(m).step(0, 1, m.max_ctx - 1, SECTIONS)
    last = next(n for n in m.plan.nodes if n.section == "next")
    assert last.op == "argmax" and last.kernels == ["sample_next"] and step[-2] is last.dispatches[0]
    assert step[-2].bind_group[2][4:] == ("ids", "tokens", "step_next")


def test_a_tape_has_the_grids_of_its_windows_last_position():
    """Flash splits one per split_min keys: a window's step carries the split count of its end, which the
    kernels bound by the live length in the step uniform."""
    m = build("smollm2-135m", max_ctx=2048)
    policy = sdpa.split_policy(m.plan.adapter_class, m.config.n_heads)
    tape = tape_of(m)
    start = policy.split_min - 10          # a window from 10 keys before a split's end
    step = tape.step(start, 1, m.max_ctx - 1, SECTIONS)
    split = next(d for d in step if d.label == "blk.0.attn")
    assert split.grid[2] == 2  # keys up to position start + WINDOW - 1: past one split, two
    assert tape.step(start + WINDOW - 4, 4, m.max_ctx - 1, SECTIONS) is step  # inside the window: the same list
    moved = tape.step(start + WINDOW - 4, 5, m.max_ctx - 1, SECTIONS)         # one past it: a new window
    assert moved is not step and next(d for d in moved if d.label == "blk.0.attn").grid[2] == sdpa.flash_splits(
        start + 2 * WINDOW, policy.max_splits, policy.split_min)


def test_the_window_stops_at_the_context_and_an_option_change_makes_a_new_tape():
    m = build("smollm2-135m", max_ctx=128)
    tape = tape_of(m)
    step = tape.step(100, 2, m.max_ctx - 1, SECTIONS)
    assert tape._key[:2] == (100, 127)
    m.plan.options["projection_norm"] = "dispatch"
    again = tape.step(100, 2, m.max_ctx - 1, SECTIONS)
    assert again is not step and len(again) == len(step) + 2 * m.config.n_layers


def test_a_tape_across_a_route_change_is_refused():
    """One token and two pick different tiles (and attention routes): no one tape runs both."""
    m = build("smollm2-135m")
    with pytest.raises(RouteError, match=r"blk.0.attn_qkv: one tape cannot run steps .*_m2_vec.* at the last"):
        m.plan.tape(Live(1, 4), Live(2, 4), SECTIONS)


def test_the_first_step_is_written_and_then_left_to_the_gpu():
    """The host writes the first step of a run, not of the batches after it; afterwards the plan
    assumes nothing of the uniform, so the next set_live writes it again even at the same live shape."""
    m = build("smollm2-135m")
    writes = []
    write = m.device.write_buffer
    m.device.write_buffer = lambda buf, off, data: (writes.append((buf.label, bytes(data))), write(buf, off, data))
    m.plan.set_live(Live(1, 7))
    tape = tape_of(m)
    tape.run(7, 4, m.max_ctx - 1, SECTIONS, first=True)
    tape.run(11, 2, m.max_ctx - 1, SECTIONS, first=False)
    m.plan.set_live(Live(1, 7))
    steps = [struct.unpack("<4I", d) for label, d in writes if label == "llama.step"]
    assert steps == [(1, 7, 8, 0)] * 3


@pytest.mark.parametrize("n", [0, MAX_STEPS + 1])
def test_a_batch_outside_the_token_ring_is_refused(n):
    m = build("smollm2-135m")
    with pytest.raises(ValueError, match=f"1..{MAX_STEPS} steps, got {n}"):
        tape_of(m).run(0, n, m.max_ctx - 1, SECTIONS, first=True)
    assert m.device.submitted == []


def test_the_batch_policy_starts_at_one_and_doubles_while_the_stream_stays_smooth():
    p = BatchPolicy(smooth_s=0.25)
    assert p.next(0, 0.0, 100) == 1
    assert [p.next(n, n * 0.01, 100) for n in (1, 2, 4, 8, 16)] == [2, 4, 8, 16, 25]
    assert p.next(16, 16 * 0.01, 100, cap=8) == 8
    assert p.next(4, 4 * 0.3, 100) == 1        # slower than smooth_s per step: one at a time
    assert p.next(4, 4 * 0.1, 100) == 2        # 2 steps fit in 0.25 s
    assert p.next(8, 0.0, 3) == 3              # never more than remain
    assert BatchPolicy(float("inf")).next(8, 1.0, 100, cap=8) == 8


def test_settle_waits_for_the_reads_a_stopped_run_left_and_swallows_their_errors():
    import asyncio

    async def go():
        m = build("smollm2-135m")
        tape = tape_of(m)
        done = asyncio.get_running_loop().create_future()
        failed = asyncio.get_running_loop().create_future()
        tape.leave(done)
        tape.leave(failed)
        asyncio.get_running_loop().call_later(0.01, done.set_result, b"")
        failed.set_exception(RuntimeError("device lost"))
        await tape.settle()
        assert done.done() and tape._pending == []
    asyncio.run(go())


def test_a_sampled_step_ends_with_the_draw_and_a_section_change_makes_a_new_tape():
    """The sampler picks the head by section (sampler.py): the draw's step ends with sample_draw, which
    binds the same ids, token ring and step_next as the argmax; switching heads never replays the other."""
    m = build("smollm2-135m")
    tape = tape_of(m)
    greedy = tape.step(0, 1, m.max_ctx - 1, SECTIONS)
    drawn = tape.step(0, 1, m.max_ctx - 1, ("body", "logits", "draw"))
    draw = next(n for n in m.plan.nodes if n.section == "draw")
    assert drawn is not greedy and draw.kernels == ["sample_draw"] and drawn[-2] is draw.dispatches[0]
    assert drawn[-2].bind_group[2][4:7] == ("ids", "tokens", "step_next")
    assert m.plan.routes(("draw",)) == {"draw": "draw"}
