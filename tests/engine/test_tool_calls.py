"""Tools through Engine.chat_completion on the real adapter (native): a real model calls a tool and then
answers with its result; required and named tool_choice constrain the output to a call that validates
against the function's schema; bad tools, tool_choice and response_format are refused by field before
any GPU work."""
from __future__ import annotations

import json

import jsonschema
import pytest

from pyrite.chat.completion import ChatTurn
from pyrite.errors import RequestError
from pyrite.prompt import Prompts
from pyrite.sync import run_sync

pytestmark = pytest.mark.gpu

WEATHER = {"type": "function", "function": {
    "name": "get_weather", "description": "The current weather of a city",
    "parameters": {"type": "object", "properties": {"city": {"type": "string", "maxLength": 30}},
                   "required": ["city"]}}}
TIME = {"type": "function", "function": {
    "name": "get_time", "description": "The local time of a city",
    "parameters": {"type": "object", "properties": {"city": {"type": "string", "maxLength": 30},
                                                    "format": {"enum": ["12h", "24h"]}},
                   "required": ["city", "format"]}}}
SYSTEM = {"role": "system", "content": "You are a helpful assistant. Answer in one sentence, using the tool results."}


def complete(engine, messages, **kw):
    r = run_sync(engine.chat_completion(messages, **kw))
    return r["choices"][0]


@pytest.mark.model
def test_qwen_calls_the_tool_then_answers_with_its_result(qwen_engine):
    e = qwen_engine
    messages = [SYSTEM, {"role": "user", "content": "What is the weather in Paris right now?"}]
    first = complete(e, messages, tools=[WEATHER, TIME], max_tokens=48)
    assert first["finish_reason"] == "tool_calls", first
    call = first["message"]["tool_calls"][0]
    assert call["type"] == "function" and call["id"].startswith("call_")
    assert call["function"]["name"] == "get_weather" and json.loads(call["function"]["arguments"])["city"] == "Paris"
    messages += [first["message"], {"role": "tool", "tool_call_id": call["id"],
                                    "content": json.dumps({"temperature_c": 18, "sky": "cloudy"})}]
    second = complete(e, messages, tools=[WEATHER, TIME], tool_choice="none", max_tokens=48)
    assert second["finish_reason"] == "stop" and "18" in second["message"]["content"], second
    assert e.stats.reused_tokens > 0  # the turn before stayed in the KV cache


@pytest.mark.model
@pytest.mark.parametrize("choice,name", [("required", None), ({"type": "function", "function": {"name": "get_time"}},
                                                               "get_time")])
def test_a_forced_call_validates_against_the_function(qwen_engine, smollm2_engine, choice, name):
    for engine in (smollm2_engine, qwen_engine):  # a template without tools (bare JSON) and a hermes one
        got = complete(engine, [{"role": "user", "content": "What time is it in Tokyo?"}], tools=[WEATHER, TIME],
                       tool_choice=choice, max_tokens=72, temperature=0.7, seed=3)
        assert got["finish_reason"] == "tool_calls", (engine.index.name, got)
        call = got["message"]["tool_calls"][0]["function"]
        assert name in (None, call["name"])
        fn = next(t["function"] for t in (WEATHER, TIME) if t["function"]["name"] == call["name"])
        jsonschema.validate(json.loads(call["arguments"]), fn["parameters"])


@pytest.mark.model
@pytest.mark.parametrize("kw,field", [
    ({"tools": {"name": "x"}}, "tools"),
    ({"tools": [{"type": "function", "function": {"name": "bad name!"}}]}, "tools[0].function.name"),
    ({"tools": [WEATHER], "tool_choice": {"type": "function", "function": {"name": "nope"}}},
     "tool_choice.function.name"),
    ({"tool_choice": "required"}, "tool_choice"),
    ({"response_format": {"type": "xml"}}, "response_format.type"),
    ({"response_format": {"type": "json_schema", "json_schema": {"name": "x", "schema": {"type": "string",
                                                                                          "pattern": "(?=a)"}}}},
     "response_format.json_schema.schema.pattern"),
    ({"response_format": {"type": "json_object"}, "tools": [WEATHER], "tool_choice": "required"}, "response_format"),
])
def test_bad_turn_fields_are_refused_by_field_before_gpu_work(smollm2_engine, kw, field):
    with pytest.raises(RequestError) as e:
        run_sync(smollm2_engine.chat_completion([{"role": "user", "content": "Hi"}], **kw))
    assert e.value.field.startswith(field), (e.value.field, str(e.value))


def test_structured_output_needs_a_tokenizer():
    no_tokenizer = Prompts("ids-only", None, None, 64)
    for kw, field in (({"response_format": {"type": "json_object"}}, "response_format"), ({"tools": [WEATHER]}, "tools")):
        with pytest.raises(RequestError) as e:
            ChatTurn.of(no_tokenizer, [{"role": "user", "content": "Hi"}], **kw)
        assert e.value.field == field and "tokenizer" in str(e.value)
