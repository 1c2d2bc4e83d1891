"""The JSON end-to-end matrix shared by the native and the page tests: the 30 schemas of
tests/constrain/schemas.py as response_format requests, and the check each answer must pass."""
from __future__ import annotations

import json

import jsonschema

from constrain.schemas import JSON_OBJECT, SCHEMAS
from pyrite.constrain import DEAD, START, compile_json_object, compile_schema

TEMPERATURE, SEEDS = 0.7, (0, 1, 2)


def response_format(name: str, schema: dict) -> dict:
    if name == JSON_OBJECT:
        return {"type": "json_object"}
    return {"type": "json_schema", "json_schema": {"name": name, "schema": schema, "strict": True}}


def messages(name: str) -> list[dict]:
    return [{"role": "user", "content": f"Give an example {name.replace('_', ' ')} as JSON."}]


def check_answer(name: str, schema: dict, text: str, finish_reason: str, completion_tokens: int,
                 max_tokens: int) -> None:
    """A stop answer parses and validates; a length answer used every token and is a prefix the
    automaton can still complete (it never left the language)."""
    if finish_reason == "stop":
        jsonschema.validate(json.loads(text), schema)
        return
    assert finish_reason == "length" and completion_tokens == max_tokens, (name, finish_reason, text)
    automaton = compile_json_object() if name == JSON_OBJECT else compile_schema(schema)
    assert automaton.walk(START, text.encode()) != DEAD, (name, text)


__all__ = ["SCHEMAS", "SEEDS", "TEMPERATURE", "check_answer", "messages", "response_format"]
