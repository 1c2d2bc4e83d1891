"""Speculative decoding with a draft model (method "draft", pyrite.draftmodel) on the native backend: the
target's tokens with drafts on and off, greedy and seeded draws, on the GPU-resident path and the host
path, under a constraint; a model drafting for itself has every drafted token accepted (its decode steps
and the verify rows give the same logits bit for bit); a missing draft model or one with another
vocabulary is refused naming speculative.model (and both models) before any GPU work, and the engine
answers on. The draft model is SmolLM2 itself: the only shipped pair with one vocabulary."""
from __future__ import annotations

import pytest

from pyrite.constrain import compile_schema
from pyrite.drafts import Speculative
from pyrite.errors import RequestError
from pyrite.sampling import SamplingParams
from pyrite.sync import run_sync

from .test_speculative import COPY, DRAW, ids_of

pytestmark = [pytest.mark.gpu, pytest.mark.model]

STORY = [{"role": "user", "content": "Write a short story about a lighthouse keeper."}]


@pytest.fixture(scope="module")
def drafting(smollm2_engine, smollm2_model):
    """The session's SmolLM2 engine with itself as the draft model, freed after this module."""
    yield smollm2_engine, Speculative("draft", 8, str(smollm2_model))
    for draft in smollm2_engine.drafters.values():
        draft.close()
    smollm2_engine.drafters.clear()


@pytest.mark.parametrize("params,profiling", [(SamplingParams(), False), (DRAW, False), (SamplingParams(), True)],
                         ids=["greedy", "draw", "greedy-host"])
def test_the_same_tokens_with_a_draft_model_and_without(drafting, params, profiling):
    """On the tape's path and the host's (the profiling gate: one step per submit, each pick read back).
    A draw rejects the draft model's greedy picks where it strays: the draft's cache then moves back to
    the tokens that stood, and the next draft is still its greedy run after them."""
    e, spec = drafting
    off = ids_of(e, STORY, 24, params)
    e.profiling = profiling
    try:
        on = ids_of(e, STORY, 24, params, spec)
    finally:
        e.profiling = False
    assert on == off
    s = e.stats
    assert s.speculative == "draft" and s.drafted_tokens > 0, s
    if params.greedy:  # itself: each drafted token is the target's own pick
        assert s.accepted_tokens == s.drafted_tokens and s.tokens_per_forward > 3, s
    else:
        assert 0 < s.accepted_tokens < s.drafted_tokens, s  # some rejected: the rollback ran


def test_under_a_constraint_a_draft_model_s_drafts_are_held_to_it(drafting):
    e, spec = drafting
    schema = {"type": "object", "properties": {"fixed": {"type": "string", "maxLength": 160}},
              "required": ["fixed"], "additionalProperties": False}
    a, messages = compile_schema(schema), [{"role": "user", "content": f"{COPY[0]['content']} Answer in JSON."}]
    off = ids_of(e, messages, 24, constraint=a)
    assert ids_of(e, messages, 24, speculative=spec, constraint=a) == off and e.stats.accepted_tokens > 0


def test_the_request_field_reaches_the_draft_model_and_usage_counts_its_drafts(drafting):
    e, spec = drafting
    r = run_sync(e.chat_completion(STORY, max_tokens=24, speculative={"method": "draft", "model": spec.model,
                                                                       "max_draft": 3}))
    u = r["usage"]["speculative"]
    assert u["drafted"] == u["accepted"] > 0 and list(e.drafters) == [spec.model], r["usage"]
    assert run_sync(e.prepare(spec, wait=True)) == 0  # loaded and compiled: nothing left to prepare


def test_a_missing_or_mismatched_draft_model_is_refused_naming_the_field(smollm2_engine, qwen_exact, tmp_path):
    e = smollm2_engine
    for model, words in ((str(qwen_exact), ("vocabularies differ", "smollm2", "qwen")),
                         (str(tmp_path / "none"), ("model.json",))):
        with pytest.raises(RequestError) as err:
            run_sync(e.chat_completion(COPY, max_tokens=4, speculative={"method": "draft", "model": model}))
        assert err.value.field == "speculative.model" and all(w in str(err.value).lower() for w in words), err.value
        assert model not in e.drafters
    with pytest.raises(RequestError) as err:
        run_sync(e.prepare({"method": "draft", "model": str(qwen_exact)}))
    assert err.value.field == "speculative.model"
    assert run_sync(e.chat_completion(COPY, max_tokens=3))["usage"]["completion_tokens"] == 3
