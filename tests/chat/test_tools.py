"""pyrite.chat.tools: a request's tools and tool_choice refused by field path before any work, the call
schema a forced choice compiles to (checked with jsonschema), what the template is given; and the
messages field carrying tool calls, tool results and reasoning back (Python and web/schema.js alike)."""
from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import jsonschema
import pytest

from pyrite.chat.tools import (ToolChoice, call_schema, check_tool_choice, check_tools, messages_for_template,
                               tools_for_template)
from pyrite.errors import PromptError, RequestError
from pyrite.prompt import Prompts
from pyrite.schema import MESSAGES

QWEN3 = (Path(__file__).parent / "templates" / "qwen3.jinja").read_text(encoding="utf-8")
SCHEMA_JS = Path(__file__).resolve().parents[2] / "web" / "schema.js"
WEATHER = {"type": "function", "function": {"name": "get_weather", "description": "Weather in a city",
                                            "parameters": {"type": "object", "required": ["city"],
                                                           "properties": {"city": {"type": "string"}}}}}
NOW = {"type": "function", "function": {"name": "now"}}
TOOLS = [WEATHER, NOW]


def refused(call, *args) -> RequestError:
    with pytest.raises(RequestError) as e:
        call(*args)
    assert e.value.field.split("[")[0].split(".")[0] in str(e.value)
    return e.value


# -- tools ---------------------------------------------------------------------------------------------

def test_tools_come_back_normalized():
    got = check_tools(TOOLS)
    assert got[0] == WEATHER
    assert got[1] == {"type": "function", "function": {"name": "now", "parameters": {"type": "object",
                                                                                       "properties": {}}}}
    assert check_tools([]) == []
    strict = {"type": "function", "function": {"name": "a-b_9", "strict": True, "parameters": {}}}
    assert check_tools([strict]) == [strict]


@pytest.mark.parametrize("tools, field", [
    ("get_weather", "tools"),
    ({"type": "function"}, "tools"),
    ([WEATHER, "now"], "tools[1]"),
    ([{**WEATHER, "foo": 1}], "tools[0].foo"),
    ([{"type": "code", "function": NOW["function"]}], "tools[0].type"),
    ([{"function": NOW["function"]}], "tools[0].type"),
    ([{"type": "function"}], "tools[0].function"),
    ([{"type": "function", "function": "now"}], "tools[0].function"),
    ([WEATHER, {"type": "function", "function": {"name": "now", "foo": 1}}], "tools[1].function.foo"),
    ([{"type": "function", "function": {}}], "tools[0].function.name"),
    ([{"type": "function", "function": {"name": "get weather"}}], "tools[0].function.name"),
    ([{"type": "function", "function": {"name": "x" * 65}}], "tools[0].function.name"),
    ([{"type": "function", "function": {"name": 3}}], "tools[0].function.name"),
    ([WEATHER, NOW, WEATHER], "tools[2].function.name"),
    ([{"type": "function", "function": {"name": "a", "description": 1}}], "tools[0].function.description"),
    ([{"type": "function", "function": {"name": "a", "parameters": "{}"}}], "tools[0].function.parameters"),
    ([{"type": "function", "function": {"name": "a", "strict": 1}}], "tools[0].function.strict"),
])
def test_bad_tools_are_refused_by_path(tools, field):
    assert refused(check_tools, tools).field == field


def test_a_repeated_name_is_named():
    assert "'get_weather' names a function twice" in str(refused(check_tools, [WEATHER, WEATHER]))


# -- tool_choice --------------------------------------------------------------------------------------

def test_tool_choices():
    tools = check_tools(TOOLS)
    assert check_tool_choice(None, tools) == ToolChoice("auto") and check_tool_choice(None, []) == ToolChoice("none")
    for mode in ("auto", "none", "required"):
        assert check_tool_choice(mode, tools) == ToolChoice(mode)
    assert check_tool_choice("none", []) == ToolChoice("none")
    named = {"type": "function", "function": {"name": "now"}}
    assert check_tool_choice(named, tools) == ToolChoice("function", "now")


@pytest.mark.parametrize("choice, tools, field", [
    ("always", TOOLS, "tool_choice"),
    (True, TOOLS, "tool_choice"),
    ("required", [], "tool_choice"),
    ({"type": "function", "function": {"name": "nope"}}, TOOLS, "tool_choice.function.name"),
    ({"type": "function", "function": {"name": "now"}}, [], "tool_choice.function.name"),
    ({"type": "function", "function": {}}, TOOLS, "tool_choice.function.name"),
    ({"type": "function", "function": {"name": "now", "x": 1}}, TOOLS, "tool_choice.function.x"),
    ({"type": "function", "function": "now"}, TOOLS, "tool_choice.function"),
    ({"type": "tool", "function": {"name": "now"}}, TOOLS, "tool_choice.type"),
    ({"function": {"name": "now"}, "name": "now"}, TOOLS, "tool_choice.name"),
])
def test_bad_tool_choices_are_refused_by_path(choice, tools, field):
    assert refused(check_tool_choice, choice, check_tools(tools)).field == field


def test_an_unknown_name_lists_the_known_ones():
    e = refused(check_tool_choice, {"type": "function", "function": {"name": "nope"}}, check_tools(TOOLS))
    assert "the tools are get_weather, now" in str(e)
    e = refused(check_tool_choice, {"type": "function", "function": {"name": "now"}}, [])
    assert "no tools" in str(e)


# -- the call schema ----------------------------------------------------------------------------------

def valid(schema: dict, call: dict) -> bool:
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema).is_valid(call)


def test_a_named_choice_forces_that_call():
    tools = check_tools(TOOLS)
    schema = call_schema(tools, ToolChoice("function", "get_weather"))
    assert schema["required"] == ["name", "arguments"] and schema["additionalProperties"] is False
    assert valid(schema, {"name": "get_weather", "arguments": {"city": "Bern"}})
    for bad in ({"name": "now", "arguments": {"city": "Bern"}}, {"name": "get_weather", "arguments": {}},
                {"name": "get_weather"}, {"name": "get_weather", "arguments": {"city": "Bern"}, "x": 1},
                {"name": "get_weather", "arguments": {"city": 3}}):
        assert not valid(schema, bad), bad
    schema = call_schema(tools, ToolChoice("function", "now"))
    assert valid(schema, {"name": "now", "arguments": {}}) and not valid(schema, {"name": "now", "arguments": 3})


def test_required_is_any_one_of_the_calls():
    tools = check_tools(TOOLS)
    schema = call_schema(tools, ToolChoice("required"))
    assert len(schema["anyOf"]) == 2
    assert valid(schema, {"name": "get_weather", "arguments": {"city": "Bern"}})
    assert valid(schema, {"name": "now", "arguments": {}})
    assert not valid(schema, {"name": "get_weather", "arguments": {}})  # that function's own parameters
    assert not valid(schema, {"name": "other", "arguments": {}})
    assert call_schema(tools[:1], ToolChoice("required")) == call_schema(tools, ToolChoice("function", "get_weather"))
    untyped = check_tools([{"type": "function", "function": {"name": "any", "parameters": {}}}])
    assert not valid(call_schema(untyped, ToolChoice("required")), {"name": "any", "arguments": [1]})


def test_auto_and_none_force_nothing():
    tools = check_tools(TOOLS)
    assert call_schema(tools, ToolChoice("auto")) is None and call_schema(tools, ToolChoice("none")) is None


def test_the_tools_the_template_is_given():
    tools = check_tools(TOOLS)
    assert tools_for_template(tools, ToolChoice("auto")) == tools_for_template(tools, ToolChoice("required")) == tools
    assert tools_for_template(tools, ToolChoice("none")) is None and tools_for_template([], ToolChoice("auto")) is None
    assert tools_for_template(tools, ToolChoice("function", "now")) == [tools[1]]


# -- the messages field --------------------------------------------------------------------------------

CALL = {"id": "call_1", "type": "function", "function": {"name": "get_weather", "arguments": '{"city": "Bern"}'}}
USER = {"role": "user", "content": "Weather in Bern?"}
GOOD = [
    [USER, {"role": "assistant", "content": None, "tool_calls": [CALL]},
     {"role": "tool", "tool_call_id": "call_1", "content": '{"t": 21}'}],
    [USER, {"role": "assistant", "tool_calls": [CALL, CALL]}, {"role": "tool", "tool_call_id": "call_1", "content": "",
                                                               "name": "get_weather"}],
    [USER, {"role": "assistant", "content": "Sure.", "tool_calls": [CALL], "reasoning_content": "Call it."}],
    [USER, {"role": "assistant", "content": "Sunny.", "tool_calls": None, "reasoning_content": ""}],
]
BAD = [
    ([{"role": "user", "content": None}], "messages[0].content"),
    ([{"role": "user", "content": "x", "tool_calls": [CALL]}], "messages[0].tool_calls"),
    ([{"role": "system", "content": "x", "name": "a"}], "messages[0].name"),
    ([USER, {"role": "assistant"}], "messages[1].content"),
    ([USER, {"role": "assistant", "content": None}], "messages[1].content"),
    ([USER, {"role": "assistant", "content": 3, "tool_calls": [CALL]}], "messages[1].content"),
    ([USER, {"role": "assistant", "content": "x", "tool_call_id": "c"}], "messages[1].tool_call_id"),
    ([USER, {"role": "assistant", "content": None, "tool_calls": []}], "messages[1].tool_calls"),
    ([USER, {"role": "assistant", "content": None, "tool_calls": CALL}], "messages[1].tool_calls"),
    ([USER, {"role": "assistant", "tool_calls": ["call_1"]}], "messages[1].tool_calls[0]"),
    ([USER, {"role": "assistant", "tool_calls": [CALL, {**CALL, "x": 1}]}], "messages[1].tool_calls[1].x"),
    ([USER, {"role": "assistant", "tool_calls": [{**CALL, "id": 1}]}], "messages[1].tool_calls[0].id"),
    ([USER, {"role": "assistant", "tool_calls": [{"type": "function", "function": CALL["function"]}]}],
     "messages[1].tool_calls[0].id"),
    ([USER, {"role": "assistant", "tool_calls": [{**CALL, "type": "tool"}]}], "messages[1].tool_calls[0].type"),
    ([USER, {"role": "assistant", "tool_calls": [{**CALL, "function": None}]}], "messages[1].tool_calls[0].function"),
    ([USER, {"role": "assistant", "tool_calls": [{**CALL, "function": {"name": "f", "arguments": "{}", "x": 1}}]}],
     "messages[1].tool_calls[0].function.x"),
    ([USER, {"role": "assistant", "tool_calls": [{**CALL, "function": {"name": "f"}}]}],
     "messages[1].tool_calls[0].function.arguments"),
    ([USER, {"role": "assistant", "tool_calls": [{**CALL, "function": {"name": "f", "arguments": {}}}]}],
     "messages[1].tool_calls[0].function.arguments"),
    ([USER, {"role": "assistant", "tool_calls": [{**CALL, "function": {"name": 1, "arguments": "{}"}}]}],
     "messages[1].tool_calls[0].function.name"),
    ([USER, {"role": "assistant", "content": "x", "reasoning_content": None}], "messages[1].reasoning_content"),
    ([USER, {"role": "tool", "content": "21"}], "messages[1].tool_call_id"),
    ([USER, {"role": "tool", "content": "21", "tool_call_id": 1}], "messages[1].tool_call_id"),
    ([USER, {"role": "tool", "content": None, "tool_call_id": "c"}], "messages[1].content"),
    ([USER, {"role": "tool", "content": "21", "tool_call_id": "c", "name": 2}], "messages[1].name"),
    ([USER, {"role": "tool", "content": "21", "tool_call_id": "c", "tool_calls": [CALL]}], "messages[1].tool_calls"),
    ([USER, {"role": "ipython", "content": "21"}], "messages[1].role"),
]


@pytest.mark.parametrize("messages", GOOD)
def test_tool_calls_results_and_reasoning_are_messages(messages):
    assert MESSAGES.check(messages) is messages


@pytest.mark.parametrize("messages, field", BAD, ids=[f for _, f in BAD])
def test_other_messages_are_refused_by_path(messages, field):
    e = refused(MESSAGES.check, messages)
    assert e.field == field


def js_problems(cases: list) -> list:
    """web/schema.js's verdict on each value of the messages field, run by node."""
    script = (f"import {{ problem }} from {json.dumps(SCHEMA_JS.as_uri())};\n"
              f"const field = {json.dumps(MESSAGES.to_json())};\n"
              f"const cases = {json.dumps(cases)};\n"
              "console.log(JSON.stringify(cases.map((v) => problem(field, v, 'messages'))));\n")
    out = subprocess.run(["node", "--input-type=module", "-e", script], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


@pytest.mark.skipif(shutil.which("node") is None, reason="needs node to run web/schema.js")
def test_the_page_refuses_the_same_messages_in_the_same_words():
    cases = [m for m, _ in BAD] + GOOD
    for got, value in zip(js_problems(cases), cases):
        want = MESSAGES.problem(value)
        if want is None:
            assert got is None, value
        else:  # the values shown after "got" are each language's own (repr / JSON)
            assert (got["path"], got["message"].split(", got ")[0]) == (want[0], want[1].split(", got ")[0]), value


# -- the conversation back through the template --------------------------------------------------------

class Chars:
    """A tokenizer of one id per character, to see the rendered prompt."""
    special_tokens: dict = {}

    def encode(self, text: str, add_special: bool = False) -> list[int]:
        return [ord(c) for c in text]


def prompt_text(messages: list) -> str:
    return "".join(map(chr, Prompts("qwen3", Chars(), QWEN3, 4096).chat(messages)))


def test_a_conversation_ending_in_a_tool_result_is_a_prompt():
    text = prompt_text(GOOD[0])
    assert text.endswith('<|im_start|>user\n<tool_response>\n{"t": 21}\n</tool_response><|im_end|>\n'
                         '<|im_start|>assistant\n')
    assert '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Bern"}}\n</tool_call>' in text
    assert prompt_text(GOOD[1]).endswith("<tool_response>\n\n</tool_response><|im_end|>\n<|im_start|>assistant\n")
    assert prompt_text([USER, {"role": "assistant", "tool_calls": [CALL]}]).endswith("</tool_call><|im_end|>\n"
                                                                                      "<|im_start|>assistant\n")


@pytest.mark.parametrize("last", [{"role": "user", "content": " \n"}, {"role": "assistant", "content": ""},
                                  {"role": "assistant", "content": None, "tool_calls": None}])
def test_a_last_message_of_nothing_is_still_an_empty_prompt(last):
    with pytest.raises((PromptError, RequestError)) as e:
        Prompts("qwen3", Chars(), QWEN3, 4096).chat([USER, last])
    assert type(e.value) is (RequestError if last.get("content") is None else PromptError)


def test_arguments_reach_the_template_as_objects():
    got = messages_for_template(GOOD[0])
    assert got[1] == {"role": "assistant", "content": "", "tool_calls": [
        {**CALL, "function": {"name": "get_weather", "arguments": {"city": "Bern"}}}]}
    assert got[0] is GOOD[0][0] and GOOD[0][1]["tool_calls"][0] == CALL  # the request's own untouched
    odd = {"role": "assistant", "content": "x", "tool_calls": [{**CALL, "function": {"name": "f", "arguments": "[1"}}]}
    assert messages_for_template([odd])[0]["tool_calls"][0]["function"]["arguments"] == "[1"  # as given
