"""What the schema subset does not hold is refused by name: a RequestError whose field is the dotted path
of the offending keyword (or schema), and a LimitError, naming the path, for an automaton too large."""
from __future__ import annotations

import pytest

from pyrite.constrain import MAX_DEPTH, compile_schema, dfa, schema_pattern
from pyrite.errors import LimitError, RequestError

ROOT = "response_format.json_schema.schema"
AGE = f"{ROOT}.properties.age"


def person(age: object) -> dict:
    """A schema whose property age is the schema under test, so paths are checked below the root."""
    return {"type": "object", "properties": {"name": {"type": "string"}, "age": age}, "required": ["name"]}


REFUSED = [   # (the sub-schema under test, the keyword path below it, words of the message)
    ({"$dynamicRef": "#x"}, "$dynamicRef", "not supported"),
    ({"$recursiveRef": "#"}, "$recursiveRef", "not supported"),
    ({"$ref": "https://example.com/other.json"}, "$ref", "remote references"),
    ({"$ref": "#/$defs/missing"}, "$ref", "missing definition"),
    ({"$ref": "#nowhere"}, "$ref", r"no \$anchor"),
    ({"oneOf": [{"type": "array", "items": {"type": "string"}},
                {"type": "array", "contains": {"const": "x"}, "maxContains": 1}]}, "oneOf", "may both hold"),
    ({"not": {"items": {"type": "string"}}}, "not", "not supported"),
    ({"if": {"minContains": 2}, "then": {"type": "array"}}, "if", "not supported"),
    ({"type": "array", "items": {"type": "string"}, "uniqueItems": True}, "uniqueItems", "distinct values"),
    ({"type": "array", "prefixItems": [{"type": "integer"}], "contains": {"type": "string"}}, "contains",
     "prefixItems"),
    ({"type": "number", "multipleOf": 0.3}, "multipleOf", "fractional"),
    ({"type": "object", "not": {"enum": [{"a": 1}]}}, "not", "object value"),
    ({"type": "array", "not": {"const": [1]}}, "not", "array value"),
    ({"type": "number", "minimum": 0.1234567890123456}, "minimum", "significant digits"),
    ({"type": "string", "format": "iri"}, "format", "not enforced"),
    ({"type": "object", "additionalProperties": {"type": "integer"}, "minProperties": 3}, "minProperties",
     "distinct"),
]


@pytest.mark.parametrize("schema, keyword, words", REFUSED, ids=[f"{k}-{i}" for i, (_, k, _) in enumerate(REFUSED)])
def test_unenforced_keywords_are_refused_by_name(schema, keyword, words):
    with pytest.raises(RequestError, match=words) as e:
        schema_pattern(person(schema))
    assert e.value.field == f"{AGE}.{keyword}"


BAD = [
    ({"type": "string", "maxLength": "3"}, "maxLength", "non-negative integer"),
    ({"type": "string", "maxLength": True}, "maxLength", "non-negative integer"),
    ({"type": "array", "maxItems": -1}, "maxItems", "non-negative integer"),
    ({"type": "integer", "minimum": "0"}, "minimum", "a number"),
    ({"type": "str"}, "type", "one of"),
    ({"type": []}, "type", "non-empty list"),
    ({"type": "object", "required": "name"}, "required", "list of property names"),
    ({"type": "object", "properties": [{"type": "string"}]}, "properties", "object of schemas"),
    ({"type": "object", "dependencies": {"a": 3}}, "dependencies.a", "a schema must be"),
    ({"type": "array", "items": 3}, "items", "a schema"),
    ({"anyOf": []}, "anyOf", "non-empty list"),
    ({"type": "integer", "multipleOf": 0}, "multipleOf", "above 0"),
    ({"type": "string", "pattern": 5}, "pattern", "regular expression"),
    ({"const": float("nan")}, "const", "not a JSON value"),
    ({"enum": [1, {2, 3}]}, "enum", "not a JSON value"),
]


@pytest.mark.parametrize("schema, keyword, words", BAD, ids=[f"{k}-{i}" for i, (_, k, _) in enumerate(BAD)])
def test_bad_keywords_are_refused_by_path(schema, keyword, words):
    with pytest.raises(RequestError, match=words) as e:
        schema_pattern(person(schema))
    assert e.value.field == f"{AGE}.{keyword}"


NOTHING_MATCHES = [
    {"type": "integer", "minimum": 3.5, "maximum": 3.6},
    {"type": "integer", "minimum": 5, "maximum": 3},
    {"type": "string", "minLength": 5, "maxLength": 3},
    {"type": "array", "minItems": 5, "maxItems": 3},
    {"enum": []},
    {"type": "object", "properties": {"a": {"type": "null"}}, "required": ["b"], "additionalProperties": False},
    {"allOf": [{"type": "string"}, {"type": "integer"}]},
    {"type": "object", "properties": {"next": {"$ref": "#/properties/age"}}, "required": ["next"]},
    {"type": "integer", "exclusiveMinimum": 3, "exclusiveMaximum": 4},
    {"type": "number", "exclusiveMinimum": 3, "maximum": 3},
    {"type": "integer", "minimum": 10 ** 16},
    {"type": "string", "enum": [1, 2]},
    {"enum": ["toolong"], "maxLength": 3},
    {"const": 5, "enum": [4, 6]},
    {"type": ["integer", "number"], "minimum": 2, "maximum": 1},
]


@pytest.mark.parametrize("schema", NOTHING_MATCHES)
def test_a_schema_that_matches_nothing_is_refused(schema):
    with pytest.raises(RequestError, match="matches no JSON value") as e:
        schema_pattern({"type": "object", "properties": {"age": schema}, "required": ["age"]})
    assert e.value.field == ROOT


@pytest.mark.parametrize("schema, field", [
    ("integer", AGE), (["integer"], AGE), (None, AGE), (7, AGE),
    ({"anyOf": [{"type": "null"}, "x"]}, f"{AGE}.anyOf.1"),
    ({"type": "array", "items": {"type": "array", "items": {"type": "date"}}}, f"{AGE}.items.items.type"),
])
def test_a_schema_that_is_no_object_is_refused(schema, field):
    with pytest.raises(RequestError) as e:
        schema_pattern(person(schema))
    assert e.value.field == field


def test_the_root_is_named_by_where():
    with pytest.raises(RequestError) as e:
        schema_pattern("string", where="tools.0.function.parameters")
    assert e.value.field == "tools.0.function.parameters"
    with pytest.raises(RequestError) as e:
        compile_schema({"type": "object", "properties": {"a": {"pattern": "(?=x)"}}}, where="w")
    assert e.value.field == "w.properties.a.pattern"


def test_nesting_deeper_than_max_depth_is_refused():
    def nested(levels: int) -> dict:
        schema: dict = {"type": "integer"}
        for _ in range(levels):
            schema = {"type": "array", "items": schema, "maxItems": 1}
        return schema
    schema_pattern(nested(MAX_DEPTH))
    with pytest.raises(RequestError, match=f"deeper than {MAX_DEPTH}") as e:
        schema_pattern(nested(MAX_DEPTH + 1))
    assert e.value.field == ROOT + ".items" * (MAX_DEPTH + 1)


_WORDS = ("alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliett", "kilo", "lima",
          "mike", "november", "oscar", "papa", "quebec", "romeo", "sierra", "tango", "uniform", "victor", "whiskey",
          "xray", "yankee", "zulu")
_RECORD = {"type": "object", "properties": {w: {"type": "string", "maxLength": 20} for w in _WORDS}}
_CASED = {"type": "object", "properties": {w: {"type": "string", "maxLength": 20}   # more classes: past the estimate
                                           for w in _WORDS + tuple(map(str.upper, _WORDS))}}


@pytest.mark.parametrize("age, limit, field, when, early", [
    ({"type": "array", "items": _RECORD, "maxItems": 10}, "MAX_TABLE_ENTRIES", "properties.age.items", None, None),
    ({"type": "array", "items": _RECORD, "maxItems": 14}, "MAX_TABLE_ENTRIES", "properties.age.items", "projected",
     100),
    ({"type": "array", "items": _RECORD, "maxItems": 14}, "MAX_TABLE_ENTRIES", "properties.age.items", "estimated",
     None),
    ({"type": "array", "items": _CASED, "maxItems": 8}, "MAX_TABLE_ENTRIES", "properties.age.items", "estimated", None),
    ({"type": "string", "minLength": 10 ** 9}, "MAX_NFA_STATES", "properties.age", None, None),   # never held
])
def test_an_automaton_too_large_is_a_limit_error_naming_the_sub_schema(age, limit, field, when, early, monkeypatch):
    """The innermost sub-schema holding at least half the automaton is named; a table the NFA already
    says is too large is refused before the subset construction, and one the first states project past
    the limit during it (early: the NFA's margin, raised so the projection is what refuses). Under a 4 M-entry
    table, where these shapes sit below MAX_NFA_STATES."""
    monkeypatch.setattr(dfa, "MAX_TABLE_ENTRIES", 1 << 22)
    if early is not None:
        monkeypatch.setattr(dfa, "EARLY", early)
    with pytest.raises(LimitError) as e:
        compile_schema(person(age), where="rf.schema")
    assert e.value.limit_name == limit and e.value.what.startswith(f"rf.schema.{field}:")
    said = next((w for w in ("projected", "estimated") if w in e.value.what), None)
    assert e.value.size > e.value.limit and said == when


def test_annotations_and_unknown_keywords_are_ignored_and_true_is_any_value():
    a = compile_schema(person({"type": "integer", "title": "Age", "description": "in years", "default": 3,
                               "examples": [4], "$comment": "c", "$id": "urn:x", "$schema": "s", "id": "age",
                               "deprecated": True, "readOnly": True, "writeOnly": False, "x-unit": "years",
                               "self": {"href": "x"}, "_format": "int", "nullable": True, "color": "red",
                               "discriminator": {"propertyName": "kind"}, "format": "no-such-format"}))
    assert a.accepts(b'{"name":"A","age":3}')
    a = compile_schema(person(True))
    assert all(a.accepts(b'{"name":"A","age":%s}' % v) for v in (b"3", b'"x"', b"[[1]]", b'{"a":[]}', b"null"))
    assert not a.accepts(b'{"name":"A","age":[[[1]]]}')   # nested past GENERIC_DEPTH
    assert compile_schema(person({})).accepts(b'{"name":"A","age":[true]}')
