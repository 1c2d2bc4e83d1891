"""Multi-token forwards without a GPU: run_stream's order of forwards, forced tokens and tape stretches
(fakes in place of the engine), the small-S tile choice, and Forwards' windows on the null device (a
forward inside its window selects no route again; the plan attests what ran)."""
from __future__ import annotations

import pytest

from pyrite.graph.multistep import MAX_RUN, TAPE_AFTER, Forwards, run_stream
from pyrite.graph.routes import Live, tuning_key
from pyrite.graph.tape import DecodeCounts
from pyrite.ops import linear
from pyrite.sync import run_sync

from .test_null_plans import SECTIONS, build


class Fake:
    """The engine's side of a stream: forward i picks token 100 + i; `forced` maps a token to its run."""

    def __init__(self, forced: dict[int, list[int]], drains: bool = False):
        self.forced, self.forwards, self.runs_asked, self.tape_from = forced, [], [], []
        self.drains, self.in_flight = drains, 3  # steps the tape has submitted past the token it yields
        self.tape_after = TAPE_AFTER

    async def forward(self, ids, pos):
        self.forwards.append((list(ids), pos))

    async def picked(self, run):
        return len(run), 100 + len(self.forwards) - 1

    async def runs(self, token, pos, limit):
        self.runs_asked.append((token, pos, limit))
        return self.forced.get(token, [])[:limit]

    async def free(self, token, pos, steps, drain):
        self.tape_from.append((token, pos))
        last = steps
        for i in range(min(steps, getattr(self, "stop_after", steps))):
            if drain.is_set():
                last = min(last, i + self.in_flight)
            if i >= last:
                return
            yield 500 + i


def stream(fake: Fake, steps: int, tape_after: int = TAPE_AFTER, **kw) -> list[int]:
    async def go():
        return [t async for t in run_stream(fake, fake.free, 1, 10, steps, counts, **kw)]
    counts, fake.tape_after = DecodeCounts(), tape_after
    out = run_sync(go())
    fake.counts = counts
    return out


def test_a_forced_run_rides_in_the_next_forward_at_its_positions():
    fake = Fake({1: [7, 8], 101: [9]})
    assert stream(fake, 6) == [7, 8, 100, 101, 9, 102]
    assert fake.forwards == [([1, 7, 8], 10), ([100], 13), ([101, 9], 14)]
    assert fake.counts.steps == 3 and fake.counts.forced == 3 and fake.counts.submits == 3
    assert fake.runs_asked[0] == (1, 10, 5)  # room for the run and the pick after it


def test_a_run_is_cut_to_the_steps_left_and_to_the_forwards_rows():
    fake = Fake({1: list(range(40))})
    assert len(stream(fake, 4)) == 4 and fake.forwards == [([1, 0, 1, 2], 10)]
    fake = Fake({1: list(range(40))})
    stream(fake, 40, most=8, tape_after=99)
    assert len(fake.forwards[0][0]) == 8
    fake = Fake({1: list(range(40))})
    stream(fake, 40, tape_after=99)
    assert len(fake.forwards[0][0]) == MAX_RUN


def test_a_long_free_stretch_goes_to_the_tape_and_leaves_it_where_a_run_follows():
    fake = Fake({500 + TAPE_AFTER: [42]})  # the tape's token after TAPE_AFTER + 1 of its steps has a run
    out = stream(fake, 2 * TAPE_AFTER + 8)
    assert all(len(ids) == 1 for ids, _ in fake.forwards[:TAPE_AFTER])
    assert fake.tape_from == [(100 + TAPE_AFTER - 1, 10 + TAPE_AFTER)]  # after TAPE_AFTER free tokens
    assert out[TAPE_AFTER:2 * TAPE_AFTER + 3] == [500 + i for i in range(TAPE_AFTER + 1)] + [42, 100 + TAPE_AFTER]
    assert fake.forwards[TAPE_AFTER] == ([500 + TAPE_AFTER, 42], 10 + 2 * TAPE_AFTER + 1)


def test_riders_that_drain_take_the_tapes_steps_in_flight_then_their_run():
    """A draft found in the tape's stretch waits for the steps already submitted: they stand, and the
    run is found again after the last of them."""
    fake = Fake({500 + TAPE_AFTER: [42], 500 + TAPE_AFTER + 3: [43, 44]}, drains=True)
    out = stream(fake, 2 * TAPE_AFTER + 12)
    n = TAPE_AFTER + 4  # the tape's steps up to the one a draft follows, and the 3 in flight after it
    assert out[TAPE_AFTER:TAPE_AFTER + n + 3] == [500 + i for i in range(n)] + [43, 44, 100 + TAPE_AFTER]
    assert fake.forwards[TAPE_AFTER] == ([500 + n - 1, 43, 44], 10 + TAPE_AFTER + n)


def test_a_stop_that_ends_the_tapes_stretch_ends_the_stream():
    fake = Fake({})
    fake.stop_after = 3  # the tape's wait saw a stop after 3 of its steps
    out = stream(fake, 40)
    assert out == [100 + i for i in range(TAPE_AFTER)] + [500, 501, 502] and len(fake.forwards) == TAPE_AFTER


@pytest.mark.parametrize("rows,want", [(1, None), (2, "m2_vec"), (3, "m4_vec"), (4, "m4_vec"), (5, "m8_vec"),
                                       (8, "m8_vec"), (9, "m16_vec"), (16, "m16_vec"), (17, None)])
def test_the_small_s_tile_holds_every_row_in_one_tile(rows, want):
    assert linear.small_tile(rows) == want
    assert want is None or linear.tile(want).tm >= rows


def test_a_forward_inside_its_window_selects_nothing_again_and_attests_what_ran():
    m = build("smollm2-135m")
    f = Forwards(m.plan, last_pos=m.max_ctx - 1)
    f.run(Live(3, 40), SECTIONS)
    small = {r["op"]: r["route"] for r in m.plan.attest()}
    assert small["blk.0.attn_output"] == "small_m4_vec" and small["blk.0.attn"] == "flash_decode"
    f.run(Live(1, 43), SECTIONS)
    assert m.plan.routes()["blk.0.attn_output"] == "gemv_vec"
    selects = []
    for node in m.plan.nodes:
        node.select = lambda ctx, node=node: selects.append(node.op)
    f.run(Live(3, 44), SECTIONS)  # inside the window of S = 3: restored, not chosen again
    f.run(Live(1, 47), SECTIONS)
    assert not selects and m.plan.routes()["blk.0.attn_output"] == "gemv_vec"
    f.run(Live(3, 48), SECTIONS)
    assert {r["op"]: r["route"] for r in m.plan.attest()} == small
    submitted = m.device.submitted
    assert len(submitted[-1]) == len(submitted[0])  # the same dispatches, again


@pytest.mark.parametrize("adapter_class", ["cpu", "gpu"])
@pytest.mark.parametrize("preset", ["smollm2-135m", "qwen2.5-0.5b", "qwen3-0.6b"])
def test_a_forwards_linears_sum_in_decodes_order_by_the_rules_and_by_a_measured_decode(preset, adapter_class):
    """Every linear of a forward of 2-16 rows takes a row of the order its decode step's row has (so each
    row's bits are decode's); with a measured decode row, the forward follows that row's order."""
    m = build(preset, options={"adapter_class": adapter_class})
    orders = {r.name: r.order for r in linear.ROUTES}

    def leaves(live):
        m.plan.select(live)
        return [(n.op, n.route.split("/")[1 if "/" in n.route else 0].split("+")[0]) for n in m.plan.nodes
                if n.family in ("linear", "qkv", "gate_up")]
    decode = leaves(Live(1, 40))
    for S in (2, 5, 16):
        assert [orders[r] for _, r in leaves(Live(S, 40))] == [orders[r] for _, r in decode]
        assert all(orders[r] for _, r in decode)
    node = next(n for n in m.plan.nodes if n.op == "blk.0.attn_output")
    m.plan.select(Live(1, 40))
    ctx = m.plan.context(node.spec, Live(1, 40))
    other = next(r for r in linear.ROUTES if r.order and r.order != orders[node.route] and r.when(ctx) and
                 r.fits(ctx))  # a decode row the rules did not take: as tuning might measure it
    m.plan.set_tuned({tuning_key(linear.FAMILY, node.spec, "decode"): other.name})
    m.plan.select(Live(5, 40))
    assert orders[node.route] == other.order and node.measured
