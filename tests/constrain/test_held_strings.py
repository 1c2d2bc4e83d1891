"""Long strings held to fit (compile_schema): a schema refused for size whose strings ask for more than
HELD_LENGTH characters compiles with those strings held to HELD_LENGTH (to minLength where that is more),
soundly, and says so; a schema that fits keeps its lengths, and one that blows up for another reason is
still a LimitError naming the sub-schema."""
from __future__ import annotations

import json
import random

import jsonschema
import pytest

from pyrite.constrain import compile_pattern, compile_schema, schema_pattern
from pyrite.constrain.scalars import HELD_LENGTH
from pyrite.errors import LimitError

from .walk import Walker

ROOT = "rf.schema"


def string(lo: int | None = None, hi: int | None = None, **kw: object) -> dict:
    return {"type": "string", **({} if lo is None else {"minLength": lo}), **({} if hi is None else {"maxLength": hi}),
            **kw}


def record(**props: dict) -> dict:
    return {"type": "object", "properties": props, "required": list(props)}


def text(**values: object) -> bytes:
    return json.dumps(values, separators=(",", ":")).encode()


LONG = record(title=string(1, 8192), body=string(hi=8192), note=string(hi=2048), count={"type": "integer"})


def test_long_strings_that_would_not_fit_are_held_and_every_walk_validates():
    with pytest.raises(LimitError):   # the premise: as written, the automaton outgrows the limits
        compile_pattern(schema_pattern(LONG, ROOT), ROOT)
    a = compile_schema(LONG, ROOT)
    assert a.held_strings == HELD_LENGTH == 255
    validator, rng = jsonschema.Draft202012Validator(LONG), random.Random("held")
    walker, longest = Walker(a, stop=0.3, max_len=4 * 6 * HELD_LENGTH), 0
    for _ in range(20):
        value = json.loads(walker.text(rng).decode("utf-8"))
        assert not list(validator.iter_errors(value)), value
        longest = max([longest] + [len(v) for v in value.values() if isinstance(v, str)])
    assert HELD_LENGTH // 2 < longest <= HELD_LENGTH   # the walks reach toward the hold, never past it


def test_no_accepted_string_is_longer_than_the_hold():
    a = compile_schema(LONG, ROOT)
    assert a.accepts(text(title="x" * HELD_LENGTH, body="é" * HELD_LENGTH, note="", count=1))
    for long in ({"title": "x" * (HELD_LENGTH + 1)}, {"body": "é" * (HELD_LENGTH + 1)}, {"note": "y" * 300}):
        assert not a.accepts(text(**{"title": "t", "body": "", "note": "", "count": 1, **long})), long


def test_a_minimum_above_the_hold_is_kept_exactly_and_an_empty_range_stays_empty():
    a = compile_schema(record(title=string(hi=8192), body=string(hi=8192), code=string(300, 8192),
                              none={"type": ["string", "null"], "minLength": 9000, "maxLength": 8192}), ROOT)
    assert a.held_strings == HELD_LENGTH
    assert a.accepts(text(title="", body="", code="c" * 300, none=None))
    assert not any(a.accepts(text(title="", body="", code="c" * n, none=None)) for n in (299, 301))
    assert not any(a.accepts(text(title="", body="", code="c" * 300, none="n" * n)) for n in (0, 8192, 9000))


def test_a_schema_that_fits_keeps_its_full_max_length():
    a = compile_schema(record(code=string(hi=300)), ROOT)
    assert a.held_strings is None
    assert a.accepts(text(code="c" * 300)) and not a.accepts(text(code="c" * 301))


def test_what_was_held_once_is_not_held_where_the_schema_fits():
    """A pattern's string and a key's product with its propertyNames are built once per kind: the lengths
    held are part of the kind."""
    names = {"type": "object", "propertyNames": {"maxLength": 300}, "additionalProperties": {"type": "integer"}}
    code = string(hi=300, pattern="^[a-z]*$")
    held = compile_schema(record(title=string(hi=8192), body=string(hi=8192), names=names, code=code), ROOT)
    assert held.held_strings == HELD_LENGTH
    assert not held.accepts(text(title="", body="", names={"k" * 300: 1}, code=""))
    assert not held.accepts(text(title="", body="", names={}, code="c" * 300))
    a = compile_schema(record(names=names, code=code), ROOT)
    assert a.held_strings is None and a.accepts(text(names={"k" * 300: 1}, code="c" * 300))


def test_another_blow_up_beside_long_strings_is_still_a_limit_error_naming_its_sub_schema():
    with pytest.raises(LimitError) as e:
        compile_schema(record(title=string(hi=8192), code=string(pattern="^[a-z]{300000}$")), ROOT)
    assert e.value.what.startswith(f"{ROOT}.properties.code.pattern:") and e.value.limit_name == "MAX_NFA_STATES"


def test_where_holding_does_not_fit_either_the_first_refusal_is_raised():
    """As written, the long string holds most of the NFA; held, the exact 9000 characters (a minimum is never
    held) still outgrow it, and would be named: the refusal names the schema as sent."""
    with pytest.raises(LimitError) as e:
        compile_schema(record(text=string(hi=20000), code=string(9000, 9000)), ROOT)
    assert e.value.what.startswith(f"{ROOT}.properties.text:")
    with pytest.raises(LimitError) as held:   # the premise: what the second compile refuses
        compile_schema(record(text=string(hi=HELD_LENGTH), code=string(9000, 9000)), ROOT)
    assert held.value.what.startswith(f"{ROOT}.properties.code:") and held.value.size < e.value.size


def test_a_maximum_no_table_could_hold_is_held():
    a = compile_schema({"type": "string", "maxLength": 10 ** 9}, ROOT)
    assert a.held_strings == HELD_LENGTH
    assert a.accepts(b'"' + b"x" * 255 + b'"') and not a.accepts(b'"' + b"x" * 256 + b'"')


def test_a_forced_tool_call_with_long_string_parameters_is_held_inside_its_block():
    """Tool parameters take the same compiler: the call, in its hermes block, holds long strings too."""
    from pyrite.chat.completion import call_constraint
    from pyrite.chat.tools import ToolChoice, check_tools
    tools = check_tools([{"type": "function", "function": {"name": "file_note", "parameters": LONG}}])
    a = call_constraint(tools, ToolChoice("function", "file_note"), "hermes")
    assert a.held_strings == HELD_LENGTH
    walker, rng = Walker(a, stop=0.3, max_len=4 * 6 * HELD_LENGTH), random.Random("held-call")
    for _ in range(5):
        block = walker.text(rng).decode("utf-8")
        assert block.startswith("<tool_call>\n") and block.endswith("\n</tool_call>")
        call = json.loads(block.removeprefix("<tool_call>\n").removesuffix("\n</tool_call>"))
        assert call["name"] == "file_note" and not list(jsonschema.Draft202012Validator(LONG).iter_errors(
            call["arguments"]))
