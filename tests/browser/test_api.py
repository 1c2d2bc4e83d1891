"""The embeddable API (pyrite.js) and the host driver against references: the greedy continuation
HF transformers gives for SmolLM2 (DESIGN.md), the native pure-Python tokenizer, and the model's
own teacher-forced argmax."""
from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from pyrite import schema
from pyrite.driver import DIST, BrowserError
from pyrite.tokenizer import Tokenizer

pytestmark = pytest.mark.browser

PROMPT = "The history of the Roman Empire is"
# HF transformers, SmolLM2-135M-Instruct (the same GGUF, dequantized, fp32 CPU), greedy.
GOLDEN = " often divided into four eras: the Early Roman Empire, the Roman Empire under Emperor Augustus"
N = 6


@pytest.fixture(scope="module")
def tokenizer() -> Tokenizer:
    index = json.loads((Path(DIST) / "models" / "smollm2-135m" / "model.json").read_text())
    return Tokenizer.from_dict(index["tokenizer"])


@pytest.fixture(scope="module")
def greedy(session, loaded) -> tuple[list[int], dict]:
    ids = session.encode(PROMPT)
    return ids, session.generate_ids(ids, N)


def test_encode_matches_the_native_tokenizer(session, loaded, tokenizer):
    assert session.encode(PROMPT) == tokenizer.encode(PROMPT, add_special=True)
    chat = session.encode(PROMPT, chat=True)
    assert len(chat) > len(tokenizer.encode(PROMPT)) and tokenizer.decode(chat).count(PROMPT) == 1


def test_generate_ids_is_the_reference_greedy_continuation(greedy, tokenizer):
    ids, result = greedy
    assert len(result["ids"]) == N
    text = tokenizer.decode(result["ids"])
    assert len(text) > 10 and GOLDEN.startswith(text), text
    stats = result["stats"]
    assert stats["prompt_tokens"] == len(ids) and stats["generated_tokens"] == N
    assert stats["stop_reason"] == "max_tokens" and stats["decode_tok_s"] > 0
    # greedy decode picks its tokens on the GPU, its batches encoded by web/tape.js from one call each
    assert stats["decode_path"] == "tape/js" and stats["decode_steps"] >= N - 1 and stats["decode_submits"] >= 1


def test_score_argmax_agrees_with_greedy(session, greedy):
    ids, result = greedy
    tokens = ids + result["ids"]
    scored = session.score(tokens)
    assert scored["tokens"] == tokens
    assert len(scored["top1"]) == len(scored["logprob"]) == len(tokens) - 1
    # Teacher-forced argmax after the prompt and each greedy token is the next greedy token.
    assert scored["top1"][len(ids) - 1:] == result["ids"]
    assert all(lp <= 0 and math.isfinite(lp) for lp in scored["logprob"])


def test_generate_streams_the_same_text(session, greedy, tokenizer):
    _, result = greedy
    answer = session.generate(PROMPT, max_tokens=N, chat=False)
    assert answer["text"] == "".join(answer["pieces"]) == tokenizer.decode(result["ids"])
    assert len(answer["pieces"]) >= 2
    assert answer["stats"]["generated_tokens"] == N and answer["attest"]


def test_a_seeded_draw_on_the_gpu_repeats_in_the_page(session, loaded):
    opts = {"max_tokens": N, "chat": False, "temperature": 0.9, "top_k": 40, "min_p": 0.02,
            "repetition_penalty": 1.1, "seed": 5}
    a, b = session.generate(PROMPT, **opts), session.generate(PROMPT, **opts)
    assert a["text"] == b["text"] and a["stats"]["generated_tokens"] == N
    assert a["stats"]["decode_path"] == "tape/js" and a["steps"]["routes"]["decode"]["draw"] == "draw"
    with pytest.raises(BrowserError) as e:
        session.generate(PROMPT, **{**opts, "top_p": 0})
    assert e.value.kind == "SamplingError" and "top_p must be in (0, 1]" in e.value.message


def test_python_errors_arrive_typed(session, loaded):
    with pytest.raises(BrowserError) as e:
        session.score([1])
    assert e.value.kind == "PromptError" and "2 tokens" in e.value.message
    with pytest.raises(BrowserError) as e:
        session.call("no_such_request")
    assert e.value.kind == "ProtocolError"


def test_a_bug_arrives_as_internal_error_with_its_python_traceback_and_a_bad_field_names_itself(page):
    r = page.evaluate("""async () => {
      const p = window.pyriteApp.instance();
      const out = {};
      for (const [name, type, payload] of [["bug", "cases", {cases: [{}]}], ["field", "score", {ids: [1, -2]}]]) {
        try { await p.request(type, payload); } catch (e) { out[name] = {kind: e.kind, message: e.message, details: e.details}; }
      }
      return out;
    }""")
    bug = r["bug"]
    assert bug["kind"] == "InternalError" and bug["message"] == "KeyError: 'op'", bug
    assert bug["details"]["type"] == "KeyError" and "from_json" in bug["details"]["traceback"]
    assert r["field"] == {"kind": "RequestError", "message": r["field"]["message"], "details": {"field": "ids"}}


def js_numbers(x):
    """x with the integers past 2**53 as JS holds them (doubles): the seed's bound, 2**64."""
    if isinstance(x, dict):
        return {k: js_numbers(v) for k, v in x.items()}
    if isinstance(x, list):
        return [js_numbers(v) for v in x]
    return float(x) if type(x) is int and abs(x) > 2 ** 53 else x


def test_the_page_holds_python_s_schema_and_every_kind(page):
    """The schema the worker handed pyrite.js at boot is pyrite.schema.export(); pyrite.js's ERROR_KINDS
    are Python's kinds and its own two (docs/errors.md)."""
    r = page.evaluate("""async () => {
      const { ERROR_KINDS } = await import("./pyrite.js");
      return {schema: window.pyriteApp.instance().schema, kinds: ERROR_KINDS};
    }""")
    assert js_numbers(r["schema"]) == js_numbers(schema.export())
    assert r["kinds"] == [*schema.ERROR_KINDS, "WorkerError", "LoadError"]


def test_leaving_the_stream_early_stops_the_generate(page):
    result = page.evaluate("""async () => {
      const p = window.pyriteApp.instance();
      const got = [];
      for await (const piece of p.generate("Once upon a time", {max_tokens: 200, chat: false})) {
        got.push(piece);
        if (got.length === 3) break;
      }
      await p.info();  // queued behind the generate: answers once it has ended
      return {got, stats: p.lastStats};
    }""")
    assert len(result["got"]) == 3
    assert result["stats"]["stop_reason"] == "stopped"
    assert 3 <= result["stats"]["generated_tokens"] <= 5, result


def test_routes_per_step_and_the_query_tile_option_in_the_page(session, loaded):
    """In the page: stream_q16 in prefill, flash_decode in decode, and stream_q32 once the option is set
    on the loaded engine (no reload); a value the option does not allow is a typed error."""
    def sdpa_routes(out, kind):
        return {r for op, r in out["steps"]["routes"][kind].items() if op.endswith(".attn")}

    long = PROMPT + " long and full of names: emperors, senators, generals and the provinces"  # past 16 tokens
    out = session.generate(long, max_tokens=3, chat=False)
    assert sdpa_routes(out, "prefill") == {"stream_q16"} and sdpa_routes(out, "decode") == {"flash_decode"}
    assert session.set_options(sdpa_query_tile=32)["sdpa_query_tile"] == 32
    try:
        out = session.generate(long, max_tokens=2, chat=False)
        assert sdpa_routes(out, "prefill") == {"stream_q32"}
        with pytest.raises(BrowserError) as err:
            session.set_options(sdpa_query_tile=24)
        assert err.value.kind == "OptionError" and "sdpa_query_tile=24" in err.value.message
    finally:
        session.set_options(sdpa_query_tile=16)


def test_the_same_seed_gives_the_same_text_batched_one_step_at_a_time_and_profiled(session, loaded):
    """In the page too the draw runs on the GPU on every path: the default batching, decode_batch=1 and
    the profiling gate give the same sampled text."""
    opts = {"max_tokens": 64, "chat": False, "temperature": 0.8, "top_p": 0.9, "seed": 7}
    default = session.generate(PROMPT, **opts)
    assert default["stats"]["decode_path"] == "tape/js"
    session.set_options(decode_batch=1)
    try:
        one = session.generate(PROMPT, **opts)
    finally:
        session.set_options(decode_batch=32)
    assert one["stats"]["decode_submits"] == one["stats"]["decode_steps"]
    assert session.set_profiling(True) == {"on": True}
    try:
        profiled = session.generate(PROMPT, **opts)
    finally:
        session.set_profiling(False)
    assert profiled["stats"]["decode_path"] == "host"
    assert default["text"] == one["text"] == profiled["text"] and default["stats"]["generated_tokens"] > 8
