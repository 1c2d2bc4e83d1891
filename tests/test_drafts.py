"""Prompt-lookup drafts (pyrite.drafts) and the speculative field (schema.SPECULATIVE) without a GPU: what
a draft proposes, how its length and rest follow the acceptance, and the field's refusals by path."""
from __future__ import annotations

import pytest

from pyrite.drafts import (BACKOFF_FIRST, BACKOFF_MAX, DEFAULT_DRAFT, MAX_DRAFT, NgramDrafter, Speculative,
                           speculative_params)
from pyrite.errors import RequestError
from pyrite.schema import SPECULATIVE


def test_the_latest_longest_match_proposes_what_followed_it():
    d = NgramDrafter([1, 2, 3, 4, 5, 9, 2, 3, 4, 7, 8, 1, 2, 3], max_draft=4)
    assert d.draft(8) == ([4, 5, 9, 2], 3)  # [1, 2, 3] at 0 (the longer match before [2, 3]'s later one)
    d = NgramDrafter([2, 3, 4, 5, 2, 3, 4, 7, 9, 2, 3, 4], max_draft=4)
    assert d.draft(2) == ([7, 9], 3)  # [2, 3, 4] at 0 and at 4: the latest occurrence wins
    assert NgramDrafter([5, 6, 7, 8]).draft(8) == ([], 0)  # nothing repeats
    assert NgramDrafter([1, 2, 1, 2]).draft(8, at_least=3) == ([], 0)  # too short a continuation


def test_the_draft_length_follows_the_acceptance_and_failures_rest_doubling():
    d = NgramDrafter(list(range(20)) * 3, max_draft=8)
    assert len(d.draft(16)[0]) == 8
    d.verified(8, 2)
    assert d.length == 3 and len(d.draft(16)[0]) == 3
    d.verified(3, 3)
    assert d.length == 6
    d.verified(6, 0)
    rests = [d.draft(16) for _ in range(BACKOFF_FIRST)]
    assert rests == [([], 0)] * BACKOFF_FIRST and d.draft(16)[0]
    d.verified(1, 0)
    assert [d.draft(16)[0] for _ in range(2 * BACKOFF_FIRST)] == [[]] * (2 * BACKOFF_FIRST)
    for _ in range(10):
        d.verified(1, 0)
    assert d._backoff == BACKOFF_MAX
    d.verified(1, 1)
    assert d._backoff == BACKOFF_FIRST


@pytest.mark.parametrize("value, field", [
    ("x", "speculative"), (True, "speculative"), (0, "speculative"), ([], "speculative"), ({}, "speculative.method"),
    ({"method": "draft"}, "speculative.method"), ({"method": "ngram", "max_draft": 0}, "speculative.max_draft"),
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
