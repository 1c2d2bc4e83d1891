"""The keywords as people write them, one schema each: texts every walk of the automaton draws validate
(jsonschema, formats checked), known valid texts in the emitted form are accepted and invalid ones
refused. The official suite (test_official_suite.py) and the corpus (test_corpus.py) hold the rest."""
from __future__ import annotations

import json
import random

import jsonschema
import pytest

from pyrite.constrain import compile_schema

from .walk import Walker

DEFS = {"$defs": {"Pet": {"type": "object", "properties": {"name": {"type": "string", "maxLength": 8}},
                          "required": ["name"]}}}
TREE = {"type": "object", "properties": {"v": {"type": "integer"}, "kids": {"type": "array", "items": {"$ref": "#"},
                                                                             "maxItems": 2}}, "required": ["v"]}
CASES = [   # (name, schema, valid texts, invalid texts)
    ("ref to $defs", {**DEFS, "type": "array", "items": {"$ref": "#/$defs/Pet"}, "maxItems": 2},
     ['[{"name":"Rex"}]'], ['[{"nom":"Rex"}]']),
    ("draft 4 definitions and id", {"$schema": "http://json-schema.org/draft-04/schema#", "id": "urn:x",
                                    "definitions": {"a/b": {"enum": [1, 2]}}, "$ref": "#/definitions/a~1b"},
     ["1", "2"], ["3"]),
    ("ref beside siblings", {**DEFS, "$ref": "#/$defs/Pet", "properties": {"age": {"type": "integer"}},
                             "required": ["age"]}, ['{"name":"a","age":1}'], ['{"name":"a"}']),
    ("recursion", TREE, ['{"v":1,"kids":[{"v":2},{"v":3,"kids":[]}]}'], ['{"v":1,"kids":[{}]}']),
    ("anchor", {"$defs": {"n": {"$anchor": "num", "type": "number", "minimum": 0.5}}, "$ref": "#num"},
     ["0.5", "2"], ["0.49", "0"]),
    ("oneOf discriminator", {"oneOf": [
        {"type": "object", "properties": {"t": {"const": "cat"}, "lives": {"type": "integer"}}, "required": ["t"]},
        {"type": "object", "properties": {"t": {"const": "dog"}, "bark": {"type": "boolean"}}, "required": ["t"]}]},
     ['{"t":"cat","lives":9}', '{"t":"dog"}'], ['{"t":"cow"}']),
    ("oneOf kept apart", {"oneOf": [{"type": ["string", "null"]}, {"type": ["integer", "null"]}]},
     ['"a"', "1"], ["null"]),
    ("oneOf by required", {"type": "object", "properties": {"isbn": {"type": "string"}, "title": {"type": "string"}},
                           "oneOf": [{"required": ["isbn"]}, {"required": ["title"]}], "additionalProperties": False},
     ['{"isbn":"1"}', '{"title":"t"}'], ['{"isbn":"1","title":"t"}', "{}"]),
    ("patternProperties keys keep off line terminators (Python's re reads '.' and '$' otherwise)", {
        "type": "object", "patternProperties": {"^.*$": {"type": "integer"}}},
     ['{"a":1}'], ['{"a\\rb":"s"}', '{"a\\n":"s"}', '{"a\\u2028":"s"}']),
    ("anyOf by required, kept in the object", {
        "type": "object", "properties": {"a": {"type": "integer"}, "x": {"type": "boolean"}, "b": {"type": "string"}},
        "anyOf": [{"required": ["a"]}, {"required": ["b"], "description": "an annotation beside it"},
                  {"required": ["a", "b"]}]},
     ['{"a":1}', '{"b":"s"}', '{"a":1,"x":true,"b":"s"}', '{"x":true,"b":"s"}'], ["{}", '{"x":true}']),
    ("anyOfs of required in allOf, one name not allowed", {
        "type": "object", "properties": {"a": {}, "b": {}, "c": {}}, "additionalProperties": False,
        "allOf": [{"anyOf": [{"required": ["a"]}, {"required": ["b"]}]},
                  {"anyOf": [{"required": ["c"]}, {"required": ["zz"]}]}]},
     ['{"a":1,"c":2}', '{"b":1,"c":2}', '{"a":1,"b":2,"c":3}'], ['{"a":1}', '{"c":1}', '{"a":1,"zz":2}']),
    ("anyOf by required over other types too", {
        "type": ["object", "string"], "anyOf": [{"required": ["k"]}, {"required": ["j"]}]},
     ['"s"', '{"k":1}', '{"j":null}'], ["{}", '{"q":1}']),
    ("anyOf by required with a property count", {
        "type": "object", "properties": {"a": {}, "b": {}}, "maxProperties": 1,
        "anyOf": [{"required": ["a"]}, {"required": ["b"]}]},
     ['{"a":1}', '{"b":1}'], ["{}", '{"a":1,"b":2}']),
    ("oneOf literal against a pattern", {"oneOf": [
        {"oneOf": [{"type": "object", "additionalProperties": {"type": "string"}},
                   {"type": "string", "pattern": "^\\$\\{\\{.*\\}\\}$"}]},
        {"type": "string", "enum": ["inherit"]}]}, ['"inherit"', '"${{ x }}"', '{"k":"v"}'], ['"other"']),
    ("oneOf closed objects", {"oneOf": [
        {"type": "object", "additionalProperties": False, "properties": {"env": {"type": "string"}}},
        {"type": "object", "additionalProperties": False, "properties": {"file": {"type": "string"}}}]},
     ['{"env":"a"}', '{"file":"b"}'], ["{}", '{"env":"a","file":"b"}']),
    ("oneOf by a property's values", {"oneOf": [
        {"type": "object", "properties": {"import": {"type": "string", "pattern": "^[^:]+:[^:]+$"}},
         "required": ["import"], "additionalProperties": False},
        {"type": "object", "properties": {"import": {"type": "string", "pattern": "^[^@]+@[^@]+$"}},
         "required": ["import"], "additionalProperties": False}]},
     ['{"import":"a:b"}', '{"import":"a@b"}'], ['{"import":"a@b:c"}']),
    ("oneOf by a property's types", {"oneOf": [
        {"type": "object", "properties": {"defer": {"type": "object", "maxProperties": 0}}, "required": ["defer"]},
        {"type": "object", "properties": {"defer": {"type": "string"}}, "required": ["defer"]}]},
     ['{"defer":{}}', '{"defer":"x"}'], ['{"defer":1}']),
    ("oneOf by items", {"oneOf": [{"type": "array", "items": {"type": "string"}, "maxItems": 3},
                                  {"type": "array", "items": {"type": "integer"}, "maxItems": 3}]},
     ['["a"]', "[1]"], ["[]"]),
    ("oneOf over a branch that widens the implied type", {"oneOf": [
        {"properties": {"a": {"type": "string"}}, "anyOf": [{"type": "string"}, {"type": "object"}]},
        {"type": "string", "maxLength": 2}]}, ['{"a":"x"}'], ['"ab"']),
    ("allOf merged", {"allOf": [{"type": "object", "properties": {"a": {"type": "integer"}}, "required": ["a"]},
                                {"properties": {"a": {"minimum": 3}, "b": {"type": "string"}}}]},
     ['{"a":3,"b":"x"}'], ['{"a":2}']),
    ("not", {"type": "string", "not": {"enum": ["admin", "root"]}}, ['"alice"', '"adminx"'], ['"admin"']),
    ("if then else", {"type": "object", "properties": {"kind": {"enum": ["n", "s"]}, "v": True},
                      "required": ["kind", "v"],
                      "if": {"properties": {"kind": {"const": "n"}}},
                      "then": {"properties": {"v": {"type": "integer"}}},
                      "else": {"properties": {"v": {"type": "string"}}}},
     ['{"kind":"n","v":1}', '{"kind":"s","v":"x"}'], ['{"kind":"n","v":"x"}', '{"kind":"s","v":1}']),
    ("pattern", {"type": "string", "pattern": "^[A-Z]{2}-\\d{3,4}$"}, ['"AB-123"', '"XY-0000"'], ['"ab-123"']),
    ("format date-time", {"type": "string", "format": "date-time"}, ['"2024-02-29T12:00:00Z"'],
     ['"2023-02-29T12:00:00Z"']),
    ("formats left as annotations", {"type": "string", "format": "int64", "maxLength": 3}, ['"abc"'], ['"abcd"']),
    ("additionalProperties schema", {"type": "object", "properties": {"id": {"type": "integer"}}, "required": ["id"],
                                     "additionalProperties": {"type": "boolean"}, "maxProperties": 3},
     ['{"id":1,"x":true,"y":false}'], ['{"id":1,"x":1}', '{"id":1,"x":true,"y":true,"z":true}']),
    ("patternProperties and propertyNames", {"type": "object", "patternProperties": {"^x-": {"type": "string"}},
                                             "additionalProperties": False, "propertyNames": {"maxLength": 5}},
     ['{"x-a":"1"}', "{}"], ['{"x-abcd":"1"}', '{"y":"1"}']),
    ("minProperties", {"type": "object", "properties": {"a": {"type": "null"}, "b": {"type": "null"}},
                       "minProperties": 1}, ['{"b":null}'], ["{}"]),
    ("prefixItems", {"type": "array", "prefixItems": [{"type": "integer"}, {"type": "string"}], "items": False},
     ['[1,"a"]', "[1]", "[]"], ['[1,"a",2]', '["a"]']),
    ("draft 4 tuple items", {"$schema": "http://json-schema.org/draft-04/schema#", "type": "array",
                             "items": [{"type": "integer"}], "additionalItems": {"type": "string"}},
     ['[1,"a","b"]'], ['[1,2]']),
    ("contains", {"type": "array", "items": {"type": "integer"}, "contains": {"minimum": 10}, "minContains": 2,
                  "maxContains": 3}, ["[10,1,11]"], ["[10,1]", "[10,11,12,13]"]),
    ("uniqueItems", {"type": "array", "items": {"enum": ["a", "b", "c"]}, "uniqueItems": True},
     ['["a","c"]', "[]"], ['["a","a"]']),
    ("multipleOf", {"type": "integer", "multipleOf": 15, "minimum": -100, "maximum": 100}, ["-90", "0", "45"],
     ["10", "105"]),
    ("multipleOf 1/k, met by whole numbers", {"type": "number", "multipleOf": 0.01, "maximum": 1000},
     ["0", "-7", "1000"], ["1001"]),
    ("fractional bounds", {"type": "number", "exclusiveMinimum": 0.25, "maximum": 99.95},
     ["0.26", "99.95", "50"], ["0.25", "99.951", "100"]),
    ("draft 4 exclusive booleans", {"$schema": "http://json-schema.org/draft-04/schema#", "type": "number",
                                    "minimum": 1, "exclusiveMinimum": True}, ["1.5"], ["1", "1.0"]),
    ("type list and mixed enum", {"type": ["string", "integer"], "enum": ["a", 1, True, None]}, ['"a"', "1"],
     ["true", "null"]),
    ("vendor keywords", {"type": "object", "x-order": 1, "discriminator": {"propertyName": "k"}, "nullable": True,
                         "properties": {"k": {"type": "string", "readOnly": True, "deprecated": True}}},
     ['{"k":"v"}'], ["null"]),
]


@pytest.mark.parametrize("name, schema, valid, invalid", CASES, ids=[c[0] for c in CASES])
def test_keyword(name, schema, valid, invalid):
    a = compile_schema(schema)
    validator = jsonschema.validators.validator_for(schema)(schema, format_checker=jsonschema.FormatChecker())
    rng, walker = random.Random(name), Walker(a)
    for _ in range(60):
        text = walker.text(rng)
        validator.validate(json.loads(text))
    for text in valid:
        validator.validate(json.loads(text))
        assert a.accepts(text.encode()), text
    for text in invalid:
        assert not a.accepts(text.encode()), text
