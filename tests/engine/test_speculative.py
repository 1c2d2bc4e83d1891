"""Speculative decoding on the native backend (graph/speculative.py): drafts from the prompt verified in
multi-token forwards give the same tokens as decoding without them, greedy and seeded draws alike, with
stops inside an accepted run; a verify's rows carry the decode steps' logits bit for bit; usage reports
the drafted and accepted tokens; a bad field is refused before any GPU work and the engine answers on."""
from __future__ import annotations

import array
import json

import pytest

from pyrite.constrain import compile_schema
from pyrite.drafts import Speculative
from pyrite.errors import RequestError
from pyrite.sampler import GREEDY, VERIFY
from pyrite.sampling import SamplingParams
from pyrite.sync import run_sync

pytestmark = [pytest.mark.gpu, pytest.mark.model]

TEXT = ("The weather in Paris was sunny and warm for the whole wek of the festival, and the streets were full "
        "of music until late at night.")
COPY = [{"role": "user", "content": f"Fix the typo in this sentence and write it out again: {TEXT}"}]
DRAW = SamplingParams(temperature=0.5, top_k=40, top_p=0.95, repetition_penalty=1.1, seed=11)


def ids_of(engine, messages, max_tokens: int, params: SamplingParams = SamplingParams(),
           speculative: Speculative | None = None, constraint=None) -> list[int]:
    ids = engine.encode_chat(messages)

    async def go():
        return [t async for t in engine.generate_ids(ids, max_tokens, params, speculative=speculative,
                                                     constraint=constraint)]
    return run_sync(go())


@pytest.mark.parametrize("params", [SamplingParams(), DRAW], ids=["greedy", "draw"])
def test_the_same_tokens_with_speculation_on_and_off_and_drafts_accepted(smollm2_engine, params):
    e = smollm2_engine
    off = ids_of(e, COPY, 48, params)
    assert e.stats.drafted_tokens == 0 and e.stats.speculative == ""
    on = ids_of(e, COPY, 48, params, Speculative("ngram", 8))
    assert on == off
    s = e.stats
    least = 8 if params.greedy else 2  # a draw strays from the copy more often
    assert s.speculative == "ngram" and s.accepted_tokens > least and s.drafted_tokens >= s.accepted_tokens, s
    assert s.tokens_per_forward > 1 + least / 48 and s.forced_tokens == 0, s
    again = ids_of(e, COPY, 48, params, Speculative("ngram", 3))  # another draft length, the same text
    assert again == off


@pytest.mark.parametrize("params", [SamplingParams(), DRAW], ids=["greedy", "draw"])
def test_the_host_path_answers_the_same_with_speculation(smollm2_engine, params):
    """Under the profiling gate (one timed step per submit, each pick read back by the host) the drafts
    are verified the same way and the tokens are the tape's."""
    e = smollm2_engine
    off = ids_of(e, COPY, 32, params)
    e.profiling = True
    try:
        on = ids_of(e, COPY, 32, params, Speculative("ngram", 8))
    finally:
        e.profiling = False
    assert on == off and e.stats.accepted_tokens > 0 and e.stats.decode_path == "forward", e.stats


def test_max_tokens_inside_an_accepted_run_cuts_it_there(smollm2_engine):
    e = smollm2_engine
    full = ids_of(e, COPY, 22)
    for max_tokens in (5, 13):
        assert ids_of(e, COPY, max_tokens, speculative=Speculative("ngram", 8)) == full[:max_tokens]
        assert e.stats.stop_reason == "max_tokens" and e.stats.generated_tokens == max_tokens
    assert ids_of(e, COPY, 22, speculative=Speculative("ngram", 8)) == full


def test_a_stop_string_inside_a_run_ends_the_text_where_it_ends_without_drafts(smollm2_engine):
    e = smollm2_engine

    def text(speculative):
        async def go():
            return "".join([p async for p in e.chat(COPY, 64, stop=("streets",), speculative=speculative)])
        return run_sync(go()), e.stats.stop_reason
    off = text(False)
    assert off[1] == "stop_string" and "festival" in off[0]
    assert text("ngram") == off and e.stats.accepted_tokens > 0


def test_a_second_turn_that_reuses_the_kv_prefix_answers_the_same_with_drafts(smollm2_engine):
    """Speculation composes with KV prefix reuse: a second turn prefills only its new tokens, and its
    drafts (from the whole conversation) are verified on top of the reused cache."""
    e = smollm2_engine

    def turns(speculative):
        first = run_sync(e.chat_completion(COPY, max_tokens=24, speculative=speculative))["choices"][0]["message"]
        follow = [*COPY, first, {"role": "user", "content": "Now write the fixed sentence once more."}]
        second = run_sync(e.chat_completion(follow, max_tokens=32, speculative=speculative))
        return first["content"], second["choices"][0]["message"]["content"], e.stats
    *off, _ = turns(False)
    *on, stats = turns("ngram")
    assert on == off and stats.reused_tokens > len(e.encode_chat(COPY)) and stats.accepted_tokens > 0, stats


def test_a_verify_forward_gives_each_row_the_decode_steps_logits(smollm2_engine):
    """k + 1 rows through the verify sections equal k + 1 decode steps' logits, row for row, bit for bit."""
    e, V, k = smollm2_engine, smollm2_engine.config.vocab, 5
    run_sync(e.device.compile([w for ws in e.sampler.verify_pipelines(k + 1, False).values() for w in ws]))
    ids = e.encode_chat(COPY)
    run_sync(e.prefill(ids))
    token, steps = run_sync(e.sampler.token()), []
    for i in range(k + 1):
        run_sync(e.step([token], len(ids) + i, ("body", *GREEDY)))
        steps.append((token, array.array("f", run_sync(e.device.read_buffer(e.model.act.logits, 0, V * 4)))))
        token = run_sync(e.sampler.token())
    run_sync(e.prefill(ids))
    run_sync(e.step([t for t, _ in steps], len(ids), ("body", *VERIFY)))
    assert "verify.output" in {r["op"] for r in e.attest()}
    rows = array.array("f", run_sync(e.device.read_buffer(e.model.verify_logits, 0, (k + 1) * V * 4)))
    for i, (_, logits) in enumerate(steps):
        assert rows[i * V:(i + 1) * V] == logits, i
    picks = list(array.array("I", run_sync(e.device.read_buffer(e.model.act.out, 0, 8 * (k + 1))))[0::2])
    assert picks[:k] == [t for t, _ in steps][1:]  # each row's argmax: the next step's token
    assert run_sync(e.sampler.verdict()) == (k, token)  # found on the GPU: the whole draft stands
    wrong = [t for t, _ in steps]
    wrong[3] = (wrong[3] + 1) % V
    run_sync(e.step(wrong, len(ids), ("body", *VERIFY)))
    assert run_sync(e.sampler.verdict()) == (2, steps[3][0])  # the first two stand, then the row's own pick

@pytest.mark.parametrize("params,jump", [(SamplingParams(), "on"), (DRAW, "on"), (SamplingParams(), "off")],
                         ids=["greedy", "draw", "greedy-no-jump"])
def test_under_a_constraint_drafts_are_held_to_it_and_the_tokens_are_the_same(smollm2_engine, params, jump):
    """A schema whose value copies the prompt: its forced key rides as jump-forward's run, the value's
    drafts are cut to what the automaton allows and each verify row masked from its own state, and the
    tokens are those of constrained decoding without drafts; the answer validates."""
    e, schema = smollm2_engine, {"type": "object", "properties": {"fixed": {"type": "string", "maxLength": 160}},
                                 "required": ["fixed"], "additionalProperties": False}
    a, messages = compile_schema(schema), [{"role": "user", "content": f"{COPY[0]['content']} Answer in JSON."}]
    e.options["jump_forward"] = jump
    try:
        off = ids_of(e, messages, 48, params, constraint=a)
        on = ids_of(e, messages, 48, params, Speculative("ngram", 8), constraint=a)
    finally:
        e.options["jump_forward"] = "on"
    assert on == off
    s = e.stats
    assert s.speculative == "ngram" and s.accepted_tokens > (4 if params.greedy else 0), s
    assert (s.forced_tokens > 0) == (jump == "on"), s
    text = e.tokenizer.decode(on)
    if s.stop_reason != "max_tokens":
        assert isinstance(json.loads(text)["fixed"], str), text


def test_usage_reports_the_drafts_and_a_bad_field_is_refused_before_any_gpu_work(smollm2_engine):
    e = smollm2_engine
    r = run_sync(e.chat_completion(COPY, max_tokens=24, speculative={"method": "ngram", "max_draft": 6}))
    u = r["usage"]["speculative"]
    assert u["accepted"] > 0 and u["drafted"] >= u["accepted"]
    assert "speculative" not in run_sync(e.chat_completion(COPY, max_tokens=4))["usage"]
    for bad, field in (({"method": "medusa"}, "speculative.method"), ("yes", "speculative"),
                       ({"method": "ngram", "max_draft": 17}, "speculative.max_draft")):
        with pytest.raises(RequestError) as err:
            run_sync(e.chat_completion(COPY, max_tokens=4, speculative=bad))
        assert err.value.field == field
    assert run_sync(e.chat_completion(COPY, max_tokens=3, speculative="ngram"))["usage"]["completion_tokens"] == 3


def test_qwen_answers_the_same_with_speculation(qwen_engine):
    e = qwen_engine
    off = ids_of(e, COPY, 32)
    assert ids_of(e, COPY, 32, speculative=Speculative("ngram", 8)) == off and e.stats.accepted_tokens > 0


def test_prepare_compiles_a_speculative_forward_ahead_so_its_first_request_waits_for_none(smollm2_model):
    """Engine.prepare starts what a speculative request needs beyond a plain one; without it the first such
    request waits for those pipelines (Stats.pipelines_waited), after it none; a bad field is refused
    first. A device of its own: the session's has compiled them already."""
    from pyrite.engine import Engine
    from pyrite.gpu.native import request_device
    e = run_sync(Engine.load(smollm2_model, device=run_sync(request_device()), max_ctx=128, max_seq=16))
    try:
        plain = ids_of(e, COPY, 8)
        assert e.stats.pipelines_waited == 0  # the load made the prefill's and decode's
        ids_of(e, COPY, 4, DRAW)
        assert e.stats.pipelines_waited == 0  # and a sampled pick's
        with pytest.raises(RequestError) as err:
            run_sync(e.prepare({"method": "ngram", "max_draft": 0}))
        assert err.value.field == "speculative.max_draft"
        assert run_sync(e.prepare(False)) == 0
        assert run_sync(e.prepare("ngram", wait=True)) > 0
        assert run_sync(e.prepare("ngram")) == 0  # made already
        assert ids_of(e, COPY, 8, speculative=Speculative("ngram", 8)) == plain
        assert e.stats.pipelines_waited == 0 and e.stats.drafted_tokens > 0, e.stats
        ids_of(e, COPY, 8, DRAW, Speculative("ngram", 8))  # a draw's pick was not prepared: its first waits
        assert e.stats.pipelines_waited > 0
        assert run_sync(e.prepare("ngram", DRAW)) == 0
    finally:
        e.close()
