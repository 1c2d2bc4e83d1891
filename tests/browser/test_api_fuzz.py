"""JS API fuzz: random chat.completions.create requests (seeded; the suite sends the first 600, --long all
2,000), run inside one page against one loaded engine. Each either answers or rejects with a PyriteError whose
details.field names the field at fault, with the kind Python's own check (pyrite.schema.check_request, which
the worker runs) gives for the same request on the host; the page's own check (checkRequest on the schema the
worker exported) gives the same verdict; the worker survives, and a valid request still answers after them.

Most requests are invalid (refused before any GPU work); the valid ones ask for one or two tokens of
one of two short conversations, whose prompt the worker's KV cache keeps, so each costs a token or two.
Integers are Python ints and other numbers fractional floats: JSON (and so JS) cannot tell 2.0 from 2.
"""
from __future__ import annotations

import math
import random
from typing import Any

import pytest

from pyrite import schema
from pyrite.errors import FieldError
from pyrite.fields import Field

pytestmark = pytest.mark.browser

SEED, COUNT, SHORT, BATCH = 22, 2000, 600, 200
MODEL = "smollm2-135m"
LOAD_MS = 900_000
CONVERSATIONS = ([{"role": "user", "content": "Hi"}],
                 [{"role": "system", "content": "Be brief."}, {"role": "user", "content": "Name a color."}])
# tools, tool_choice and response_format are checked past the schema, by what they hold (pyrite.chat.completion,
# tests/chat): the fuzz keeps to the fields the schema decides alone
TURN = ("tools", "tool_choice", "response_format")
FIELDS = {f.name: f for f in schema.REQUESTS["chat.completions"].fields if f.name not in TURN}
JUNK: tuple[Any, ...] = ("x", "", True, False, [], [1, "a"], {}, {"a": [None, {"b": math.nan}]}, math.nan, math.inf,
                         -math.inf, 1.5, 0.25, -0.5, 1e-9, 1e300, -3, 0, 1, 7, 300, 2 ** 53, 2 ** 63, 2 ** 64)
UNKNOWN = ("beam_width", "n", "logprobs", "top_a", "Temperature", "max_new_tokens", "user", "tool", "x_junk")
BAD_MESSAGES: tuple[Any, ...] = (
    [], "hi", {}, 3, True, [None], ["hi"], [[{"role": "user", "content": "x"}]],
    [{"content": "x"}], [{"role": "user"}], [{"role": "robot", "content": "x"}], [{"role": "", "content": "x"}],
    [{"role": "USER", "content": "x"}], [{"role": 1, "content": "x"}], [{"role": None, "content": "x"}],
    [{"role": "user", "content": 1}], [{"role": "user", "content": None}], [{"role": "user", "content": ["x"]}],
    [{"role": "user", "content": {"text": "x"}}], [{"role": "user", "content": "x", "name": "a"}],
    [{"role": "user", "content": "x", "junk": [{"deep": [1, {"er": math.inf}]}]}],
    [{"role": "user", "content": "x"}, {"role": "assistant", "content": 2.5}],
    [{"role": "system", "content": "x"}, {"role": "user", "content": "y"}, 7],
)


def in_bounds(f: Field, rng: random.Random) -> Any:
    """A value the field allows."""
    if f.type == "boolean":
        return rng.random() < 0.5
    if f.type == "stop":
        return rng.choice(("\n\n", ["Hi", "."], [], "zz"))
    if f.type == "speculative":
        return rng.choice((False, "ngram", {"method": "ngram"}, {"method": "ngram", "max_draft": rng.randint(1, 16)}))
    lo = f.minimum if f.minimum is not None else 0
    hi = f.maximum if f.maximum is not None else lo + 3
    if f.type == "integer":  # at most 2**53: JS numbers hold every integer up to there, not past it
        return rng.randint(int(lo) + f.exclusive_minimum, min(int(hi) - f.exclusive_maximum, 2 ** 53))
    return rng.uniform(lo + 1e-3, hi - 1e-3) if hi - lo > 2e-3 else lo + 1e-3


def near_bounds(f: Field, rng: random.Random) -> Any:
    """A value at or just past one of the field's bounds (or junk where it has none)."""
    if f.type == "speculative":  # its bounds are max_draft's, inside an object
        return {"method": rng.choice(("ngram", "draft", None)), "max_draft": rng.choice((0, 1, 16, 17, 2.5, True))}
    edges = [b + d for b in (f.minimum, f.maximum) if b is not None for d in (-1, -0.5, 0, 0.5, 1)
             if float(b + d) == b + d]  # numbers JS holds exactly (2**64 - 1 is 2**64 there)
    return rng.choice(edges) if edges else rng.choice(JUNK)


def mutate(request: dict, rng: random.Random) -> Any:
    kind = rng.random()
    name = rng.choice(list(FIELDS))
    if kind < 0.35:
        request[name] = rng.choice(JUNK)
    elif kind < 0.55:
        request[name] = near_bounds(FIELDS[name], rng)
    elif kind < 0.67:
        request[rng.choice(UNKNOWN)] = rng.choice(JUNK)
    elif kind < 0.97:
        request["messages"] = rng.choice(BAD_MESSAGES)
    else:
        return rng.choice((None, "hi", [request], 3))
    return request


def make_requests() -> list[Any]:
    rng = random.Random(SEED)
    out = []
    for i in range(COUNT):
        request: Any = {"messages": [dict(m) for m in rng.choice(CONVERSATIONS)], "max_tokens": rng.randint(1, 2)}
        for name in rng.sample([n for n in FIELDS if n not in ("messages", "max_tokens", "model")], rng.randint(0, 3)):
            request[name] = in_bounds(FIELDS[name], rng)
        if rng.random() < 0.3:
            request["model"] = MODEL
        if rng.random() > 0.015:  # ~98% invalid, some with several faults
            for _ in range(1 if rng.random() < 0.8 else rng.randint(2, 3)):
                if isinstance(request, dict):
                    request = mutate(request, rng)
        if verdict(request)["ok"]:  # a mutation that happened to be allowed: mostly made invalid after all
            if rng.random() < 0.85:
                request["messages"] = rng.choice(BAD_MESSAGES)
            else:  # valid ones stay cheap: one or two tokens
                request["max_tokens"] = rng.randint(1, 2)
        out.append(request)
    return out


def verdict(request: Any) -> dict:
    """Python's verdict, from the check the worker runs."""
    try:
        schema.check_request("chat.completions", request, model=MODEL)
    except FieldError as e:
        return {"ok": False, "kind": type(e).__name__, "field": e.field}
    return {"ok": True}


RUN_JS = """async (requests) => {
  const { checkRequest } = await import("../pyrite.js");
  const engine = window.engine;
  const out = [];
  for (const request of requests) {
    let js = {ok: true};
    try { checkRequest(engine.schema, "chat.completions", request, engine.model); }
    catch (e) { js = {ok: false, kind: e.kind, field: e.details?.field}; }
    try {
      let reply = await engine.chat.completions.create(request);
      if (request.stream === true) {
        const chunks = [];
        for await (const chunk of reply) chunks.push(chunk);
        reply = chunks.at(-1);
      }
      out.push({js, ok: true, finish: reply.choices[0].finish_reason, tokens: reply.usage.completion_tokens});
    } catch (e) {
      out.push({js, ok: false, name: e.name, kind: e.kind, field: e.details?.field ?? null, message: e.message});
    }
  }
  return out;
}"""


@pytest.fixture(scope="module")
def engine_page(session):
    """examples/api.html with its engine (the default model) ready."""
    page = session.new_page()
    page.goto(session.url("examples/api.html"))
    page.wait_for_function("() => window.engine !== undefined", timeout=LOAD_MS, polling=500)
    yield page
    page.evaluate("window.engine.unload()")
    page.close()


@pytest.mark.parametrize("count", [SHORT, COUNT])
def test_the_generator_covers_every_field_and_both_outcomes(count):
    """Both the suite's share and the long run's."""
    verdicts = [verdict(r) for r in make_requests()[:count]]
    named = {v["field"].split("[")[0].split(".")[0] for v in verdicts if not v["ok"]}
    assert set(FIELDS) <= named and {"request", "beam_width"} & named
    assert {v["kind"] for v in verdicts if not v["ok"]} == {"RequestError", "SamplingError"}
    assert 4 <= sum(v["ok"] for v in verdicts) <= count * 0.03


def test_random_requests_get_python_s_verdict_and_the_worker_survives(engine_page, long_run):
    requests = make_requests()[:None if long_run else SHORT]
    expected = [verdict(r) for r in requests]
    got: list[dict] = []
    for start in range(0, len(requests), BATCH):
        got += engine_page.evaluate(RUN_JS, requests[start:start + BATCH])
    assert len(got) == len(requests)
    for request, want, have in zip(requests, expected, got):
        assert have["js"] == want, (request, want, have)  # the page's own check, from the exported schema
        if want["ok"]:
            assert have["ok"] and have["finish"] in ("stop", "length") and have["tokens"] <= 2, (request, have)
        else:
            assert not have["ok"] and have["name"] == "PyriteError", (request, have)
            assert (have["kind"], have["field"]) == (want["kind"], want["field"]), (request, want, have)
            assert want["field"].split("[")[0].split(".")[0] in have["message"] or want["field"] == "request"
    after = engine_page.evaluate("""async () => {
      const r = await window.engine.chat.completions.create({messages: [{role: "user", content: "Name a color."}],
                                                            max_tokens: 3});
      return r.choices[0].message.content;
    }""")
    assert after
