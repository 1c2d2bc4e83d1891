"""Prompt-lookup drafts (pyrite.drafts), a draft model's drafter (pyrite.draftmodel) and the speculative
field (schema.SPECULATIVE) without a GPU: what a draft proposes, how its length follows the acceptance and
the cost of a row, what a draft model's cache holds after each verdict, and the field's refusals by path."""
from __future__ import annotations

import random

import pytest

from pyrite.draftmodel import DRAFT_START, ModelDrafter
from pyrite.drafts import (DEFAULT_DRAFT, MAX_DRAFT, PRIOR_P, ROW_COST, DraftLength, NgramDrafter, Speculative,
                           speculative_params)
from pyrite.errors import RequestError
from pyrite.kvstate import KVState
from pyrite.sampler import VerifyRows
from pyrite.schema import SPECULATIVE
from pyrite.sync import run_sync


def test_the_latest_longest_match_proposes_what_followed_it():
    d = NgramDrafter([1, 2, 3, 4, 5, 9, 2, 3, 4, 7, 8, 1, 2, 3], max_draft=4, adapter_class="gpu")
    assert d.draft(8) == ([4, 5, 9, 2], 3)  # [1, 2, 3] at 0 (the longer match before [2, 3]'s later one)
    d = NgramDrafter([2, 3, 4, 5, 2, 3, 4, 7, 9, 2, 3, 4], max_draft=4, adapter_class="gpu")
    assert d.draft(2) == ([7, 9], 3)  # [2, 3, 4] at 0 and at 4: the latest occurrence wins
    assert NgramDrafter([5, 6, 7, 8]).draft(8) == ([], 0)  # nothing repeats
    assert NgramDrafter([1, 2, 1, 2]).draft(8, at_least=3) == ([], 0)  # too short a continuation


def test_the_draft_length_is_the_one_that_pays_at_the_acceptance_and_the_row_cost():
    """(1 + p + .. + p^k) / cost(k + 1) at its best: short drafts where a row costs much (a CPU adapter)
    or p is low, long ones where rows are nearly free (a GPU) or drafts stand, none where none yields
    WORTH."""
    cpu, gpu = DraftLength(ROW_COST["cpu"]), DraftLength(ROW_COST["gpu"])
    assert cpu.chance(4) == pytest.approx(PRIOR_P[4]) and cpu.chance(2) == pytest.approx(PRIOR_P[2])
    first = cpu.best(4, 15)
    assert 1 <= first < gpu.best(4, 15) and cpu.best(2, 15) < first
    for _ in range(6):
        cpu.verified(4, 3, 3)  # whole drafts stand: p rises, and with it the length
    assert cpu.chance(4) > 0.9 and first < cpu.best(4, 15) and cpu.best(4, 2) == 2
    assert cpu.best(2, 15) < first  # another n-gram length keeps its own p
    for _ in range(30):
        cpu.verified(4, 3, 0)
    # at the floor its failures reach, a 4-gram's one-token draft still pays (two rows cost 1.05 of one);
    # a 2-gram's, from a lower prior, is held off until its failures fade
    assert cpu.chance(4) < 0.4 and cpu.best(4, 15) == 1
    for _ in range(30):
        cpu.verified(2, 3, 0)
    assert cpu.best(2, 15) == 0
    skips = 0
    while cpu.best(2, 15) == 0:  # each draft not tried lets the failures fade: drafts come back
        skips += 1
    assert 0 < skips < 60


def test_a_drafter_s_draft_is_as_long_as_pays_and_its_verdict_is_kept_by_n_gram_length():
    d = NgramDrafter(list(range(20)) * 3, max_draft=8, adapter_class="gpu")
    draft, n = d.draft(16)
    assert n == 4 and draft == list(range(8))  # max_draft bounds the gpu's long draft
    d.verified(8, 2)
    assert d.length.stood[4] == 2 and d.length.failed[4] == 1
    cpu = NgramDrafter(list(range(20)) * 3, adapter_class="cpu")
    assert 0 < len(cpu.draft(16)[0]) < 8 and cpu.draft(16, at_least=8) == ([], 0)


@pytest.mark.parametrize("value, field", [
    ("x", "speculative"), (True, "speculative"), (0, "speculative"), ([], "speculative"), ({}, "speculative.method"),
    ({"method": "drafts"}, "speculative.method"), ({"method": "ngram", "max_draft": 0}, "speculative.max_draft"),
    ("draft", "speculative.model"), ({"method": "draft"}, "speculative.model"),
    ({"method": "draft", "model": ""}, "speculative.model"), ({"method": "draft", "model": 3}, "speculative.model"),
    ({"method": "ngram", "model": "models/smollm2-135m"}, "speculative.model"),
    ({"method": "ngram", "max_draft": MAX_DRAFT + 1}, "speculative.max_draft"),
    ({"method": "ngram", "max_draft": 2.5}, "speculative.max_draft"),
    ({"method": "ngram", "max_draft": True}, "speculative.max_draft"),
    ({"method": "ngram", "depth": 2}, "speculative.depth")])
def test_a_bad_speculative_field_is_refused_naming_its_path(value, field):
    with pytest.raises(RequestError) as e:
        SPECULATIVE.check(value)
    assert e.value.field == field


def test_the_field_s_forms_and_its_default():
    assert speculative_params(SPECULATIVE.check(None)) is None and speculative_params(False) is None
    assert speculative_params("ngram") == Speculative("ngram", DEFAULT_DRAFT)
    assert speculative_params(SPECULATIVE.check({"method": "ngram", "max_draft": 3})) == Speculative("ngram", 3)
    assert (speculative_params(SPECULATIVE.check({"method": "draft", "model": "m", "max_draft": 4}))
            == Speculative("draft", 4, "m"))


def test_verify_rows_grow_as_each_row_counts_pipelines_land_and_only_in_order():
    """A first speculative request drafts for the forwards whose pipelines are made (sampler.VerifyRows):
    while the 5-8 row tiles compile, drafts stay short; a later row count made before an earlier one
    waits for it (its forward would wait for the earlier one's pipelines otherwise)."""
    class Landed:  # the device's made(): here, which row counts' pipelines landed
        def __init__(self):
            self.rows = {2}

        def made(self, wanted):
            return wanted[0] in self.rows

    device = Landed()
    rows = VerifyRows(device, {s: [s] for s in range(2, 9)})
    assert rows() == 2
    device.rows |= {5, 6, 7, 8}
    assert rows() == 2
    device.rows |= {3, 4}
    assert rows() == 8


class PrefixModel:
    """A draft model's engine as ModelDrafter uses it, without a GPU: its pick after n positions is a hash
    of the tokens its cache holds at positions 0..n-1, so a stale entry there changes the draft."""

    max_ctx = 4096

    def __init__(self):
        self.cache: dict[int, int] = {}
        self.sampler, self.pick, self.kv, self.prefilled = self, 0, KVState(), 0

    def after(self, n: int) -> int:
        return hash(tuple(self.cache[j] for j in range(n))) % 97

    async def prefill(self, ids, start=0, head=()):
        self.kv.clear()  # as Engine.step forgets what the cache held
        for i in range(start, len(ids)):
            self.cache[i] = ids[i]
        self.prefilled += len(ids) - start
        self.pick = self.after(len(ids))

    async def decode(self, token, pos, steps, head):
        for at in range(pos, pos + steps):
            self.cache[at] = token
            token = self.after(at + 1)
            yield token

    async def token(self):
        return self.pick


def greedy_after(tokens: list[int], k: int) -> list[int]:
    out: list[int] = []
    for _ in range(k):
        out.append(hash(tuple(tokens + out)) % 97)
    return out


def test_a_draft_model_s_cache_follows_the_tokens_that_stood():
    """ModelDrafter runs through the draft model only what its cache lacks, so after any verdict (a draft
    cut short, or standing whole: its last token never went through) the next draft is the draft model's
    greedy run after the tokens that stood, and a next request prefills only what follows their common
    prefix; the draft length grows by two after a draft that stood whole
    and shrinks by one after one that did not; a token past the target's vocabulary ends a draft."""
    rng = random.Random(3)
    drafter = ModelDrafter(PrefixModel(), [5, 6, 7], max_draft=8, vocab=97)
    assert drafter.length == DRAFT_START
    for _ in range(40):
        drafter.extend([rng.randrange(97)])
        before = drafter.length
        draft, matched = run_sync(drafter.propose(16))
        assert draft == greedy_after(drafter.tokens, before) and matched == 0
        stood = rng.choice((0, len(draft), rng.randint(0, len(draft))))
        drafter.extend(draft[:stood])
        drafter.verified(len(draft), stood)
        assert drafter.length == (min(before + 2, 8) if stood == len(draft) else max(before - 1, 1))
    engine = drafter.engine  # a next request sharing the first tokens prefills only what follows them
    before, prompt = engine.prefilled, drafter.tokens[:30] + [11, 12]
    again = ModelDrafter(engine, prompt, max_draft=8, vocab=97)
    assert again.cached == 30
    again.extend([13])
    assert run_sync(again.propose(16))[0] == greedy_after(again.tokens, DRAFT_START)
    assert engine.prefilled - before == 3  # 11, 12 and 13
    cut = ModelDrafter(PrefixModel(), [5, 6, 7], max_draft=8, vocab=40)
    cut.extend([1])
    full = greedy_after(cut.tokens, DRAFT_START)
    assert run_sync(cut.propose(16))[0] == full[:next((i for i, t in enumerate(full) if t >= 40), len(full))]
