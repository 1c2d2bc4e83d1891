"""Structured output and tools in the page: the JSON matrix through the page's worker (SmolLM2, the
session's engine), examples/json.html extracting a record, and examples/tools.html, where Qwen2.5 calls a
tool through the JS API and then answers with its result, and answers JSON schemas through the same API.
The long run (--long) takes every schema with three seeds on both models; the suite takes a share."""
from __future__ import annotations

import json

import jsonschema
import pytest

from json_matrix import SCHEMAS, SEEDS, TEMPERATURE, check_answer, messages, response_format

pytestmark = pytest.mark.browser

LOAD_MS = 900_000
PERSON_REQUIRED = {"name", "age", "city"}


def open_example(session, path: str):
    page = session.new_page()
    page.goto(session.url(path))
    page.wait_for_function("() => window.engine !== undefined", timeout=LOAD_MS, polling=500)
    return page


def test_the_json_matrix_validates_in_the_page(session, loaded, long_run):
    cases = [(k, n, s) for k, (n, s) in enumerate(SCHEMAS)]
    for k, name, schema in cases if long_run else cases[1::3]:
        for seed in SEEDS if long_run else (SEEDS[k % 3],):
            r = session.call("chat", messages=messages(name), options={
                "response_format": response_format(name, schema), "max_tokens": 16, "temperature": TEMPERATURE,
                "seed": seed})
            check_answer(name, schema, r["message"]["content"], r["finish_reason"], r["stats"]["generated_tokens"], 16)
            assert r["steps"]["routes"]["decode"]["constrain.mask"] == "walk"  # attested: the mask ran


# What pydantic v2's model_json_schema() writes for a model with a nested model and an Optional field
PYDANTIC_PERSON = {
    "$defs": {"City": {"properties": {"name": {"maxLength": 20, "title": "Name", "type": "string"},
                                      "country": {"enum": ["CH", "IT", "DE", "FR"], "title": "Country",
                                                  "type": "string"}},
                       "required": ["name", "country"], "title": "City", "type": "object"}},
    "properties": {"name": {"maxLength": 24, "title": "Name", "type": "string"},
                   "age": {"anyOf": [{"maximum": 130, "minimum": 0, "type": "integer"}, {"type": "null"}],
                           "default": None, "title": "Age"},
                   "city": {"$ref": "#/$defs/City"}},
    "required": ["name", "city"], "title": "Person", "type": "object"}


def test_json_example_extracts_a_record_into_a_pasted_pydantic_schema(session):
    page = open_example(session, "examples/json.html")
    try:
        assert set(json.loads(page.input_value("#schema"))["required"]) == PERSON_REQUIRED   # its own schema
        page.fill("#schema", "{not json")
        page.click("#send")
        assert "not JSON" in page.text_content("#status")
        schema = PYDANTIC_PERSON
        page.fill("#schema", json.dumps(schema, indent=2))
        page.click("#send")
        page.wait_for_function("() => window.lastRecord !== undefined", timeout=LOAD_MS, polling=500)
        record = page.evaluate("window.lastRecord")
        assert record["finish_reason"] == "stop", record
        jsonschema.validate(json.loads(record["content"]), schema)
        assert json.loads(page.text_content("#record")) == json.loads(record["content"])  # shown as text
    finally:
        page.evaluate("window.engine.unload()")
        page.close()


@pytest.fixture(scope="module")
def tools_page(session):
    """examples/tools.html with its engine (Qwen2.5-Coder, through createEngine) ready."""
    page = open_example(session, "examples/tools.html")
    yield page
    page.evaluate("window.engine.unload()")
    page.close()


def test_tools_example_qwen_calls_the_tool_then_answers_with_its_result(tools_page):
    page = tools_page
    page.click("#send")
    page.wait_for_function("() => window.lastRun !== undefined", timeout=LOAD_MS, polling=500)
    run = page.evaluate("window.lastRun")
    assert run["calls"], (run, page.text_content("#status"))
    call = run["calls"][0]
    assert call["type"] == "function" and call["id"].startswith("call_")
    assert call["function"]["name"] == "get_weather" and json.loads(call["function"]["arguments"])["city"] == "Paris"
    assert run["results"][0] == {"temperature_c": 18, "sky": "cloudy"}
    assert "18" in run["answer"], run
    assert "get_weather" in page.text_content("#calls") and page.text_content("#answer") == run["answer"]


CREATE_JS = """async (request) => {
  const reply = await window.engine.chat.completions.create(request);
  return {content: reply.choices[0].message.content, finish: reply.choices[0].finish_reason,
          tokens: reply.usage.completion_tokens};
}"""


def test_qwen_json_answers_validate_through_the_js_api(tools_page, long_run):
    """Qwen's share of the matrix in the page, through createEngine's chat.completions.create: every tenth
    schema in the suite (Qwen decodes at about 2 tok/s on SwiftShader), all with three seeds under --long."""
    cases = [(k, n, s) for k, (n, s) in enumerate(SCHEMAS)]
    for k, name, schema in cases if long_run else cases[::10]:
        for seed in SEEDS if long_run else (SEEDS[k % 3],):
            r = tools_page.evaluate(CREATE_JS, {"messages": messages(name), "max_tokens": 16, "seed": seed,
                                                "response_format": response_format(name, schema),
                                                "temperature": TEMPERATURE})
            check_answer(name, schema, r["content"], r["finish"], r["tokens"], 16)
