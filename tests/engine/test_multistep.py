"""Multi-token forwards on the real adapter (native): jump-forward puts a constraint's forced tokens
through the model beside the token picked last (graph/multistep.py), and a forward of k + 1 tokens gives
each position the logits of the decode step there, bit for bit (the small-S routes)."""
from __future__ import annotations

import array
import json

import jsonschema
import pytest

from pyrite.constrain import START, compile_schema
from pyrite.jumpforward import forced_tokens
from pyrite.sampler import GREEDY
from pyrite.sync import run_sync
from support.engine import PROMPT

pytestmark = [pytest.mark.gpu, pytest.mark.model]

KEYS = ("id", "name", "active", "age", "city", "score", "verified", "level")
SHORT = {"integer": {"type": "integer", "maximum": 9999}, "string": {"type": "string", "maxLength": 12},
         "boolean": {"type": "boolean"}}
RECORD = {"type": "object", "properties": {k: SHORT[t] for k, t in zip(KEYS, (
    "integer", "string", "boolean", "integer", "string", "integer", "boolean", "integer"))},
    "required": list(KEYS), "additionalProperties": False}
MESSAGES = [{"role": "user", "content": "Make up a record for a user of a web shop."}]


def answer(engine, jump: str, **sampling) -> str:
    engine.options["jump_forward"] = jump
    try:
        r = run_sync(engine.chat_completion(MESSAGES, max_tokens=96, response_format={
            "type": "json_schema", "json_schema": {"name": "record", "schema": RECORD}}, **sampling))
    finally:
        engine.options["jump_forward"] = "on"
    assert r["choices"][0]["finish_reason"] == "stop"
    return r["choices"][0]["message"]["content"]


@pytest.mark.parametrize("sampling", [{}, {"temperature": 0.7, "seed": 3}], ids=["greedy", "draw"])
def test_jump_forward_runs_the_forced_keys_in_fewer_forwards_and_the_answer_validates(smollm2_engine, sampling):
    e = smollm2_engine
    text = answer(e, "on", **sampling)
    jsonschema.validate(json.loads(text), RECORD)
    s = e.stats
    assert s.decode_path == "forward" and s.forced_tokens >= len(KEYS) and s.tokens_per_forward > 1.2, s
    assert all(f'"{k}":' in text for k in KEYS)  # the forced runs' bytes are the text's
    jsonschema.validate(json.loads(answer(e, "off", **sampling)), RECORD)
    assert e.stats.forced_tokens == 0 and e.stats.tokens_per_forward == 1.0 and e.stats.decode_path.startswith("tape")


def test_a_forward_of_k_tokens_gives_each_position_a_decode_steps_logits(smollm2_engine):
    """k = 5 tokens after a prompt past 64 positions (flash splits the cache there): the score section's
    logits of one forward equal the logits of 5 decode steps, row for row, bit for bit."""
    e, V, k = smollm2_engine, smollm2_engine.config.vocab, 5
    with e.resident.owning():
        e.model.ensure_score()
    ids = e.encode(" ".join([PROMPT] * 10))
    assert len(ids) > 64
    run_sync(e.prefill(ids))
    token, steps = run_sync(e.sampler.token()), []
    for i in range(k):
        steps.append((token, array.array("f")))
        run_sync(e.step([token], len(ids) + i, ("body", *GREEDY)))
        steps[-1][1].frombytes(run_sync(e.device.read_buffer(e.model.act.logits, 0, V * 4)))
        token = run_sync(e.sampler.token())
    run_sync(e.prefill(ids))
    run_sync(e.step([t for t, _ in steps], len(ids), ("body", "score")))
    routes = {r["op"]: r["route"] for r in e.attest()}
    # attested: the projections at 16 rows an invocation, N 576's (o_proj, down) too
    assert routes["blk.0.attn_qkv"].split("/")[1] == routes["score.output"] == "small_m8_vec_wide"
    assert routes["blk.0.attn_output"] == routes["blk.0.ffn_down"] == "small_m8_vec_wide", routes
    assert routes["blk.0.attn"] == "flash_decode"
    rows = array.array("f", run_sync(e.device.read_buffer(e.model.score_logits, 0, k * V * 4)))
    for i, (_, logits) in enumerate(steps):
        assert rows[i * V:(i + 1) * V] == logits, i


def test_forced_bytes_become_the_tokenizers_own_tokens(smollm2_engine):
    tok, a = smollm2_engine.tokenizer, compile_schema(RECORD)
    data, state = a.forced(START)
    assert data == b'{"id":' and not a.accepting[state] and a.forced(state)[0] == b""  # a space may follow
    run = forced_tokens(tok, data)
    assert b"".join(tok.token_bytes(t) for t in run) == data and run == tok.encode(data.decode())
    assert forced_tokens(tok, "é".encode()[:1]) == []  # half a character: the model's to pick
    const = compile_schema({"const": "fixed"})
    assert const.forced(START)[0] == b'"fixed"' and const.accepting[const.forced(START)[1]]
