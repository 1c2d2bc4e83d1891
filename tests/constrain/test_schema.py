"""compile_schema and compile_json_object: every text a walk of the automaton draws is JSON that validates
against its schema (30 schemas, schemas.py); known-valid compact documents are accepted, and texts that
are wrong in type, range, length, shape, escaping or UTF-8 are refused."""
from __future__ import annotations

import functools
import itertools
import json
import random
import time
from decimal import Decimal

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyrite.constrain import Automaton, compile_json_object, compile_schema

from .schemas import JSON_OBJECT, SCHEMAS, TEN_PROPERTIES
from .walk import Walker

BY_NAME = dict(SCHEMAS)
WALKS = 200


@functools.cache
def automaton(name: str) -> Automaton:
    return compile_json_object() if name == JSON_OBJECT else compile_schema(BY_NAME[name])


def test_thirty_distinct_schemas():
    assert len(SCHEMAS) == 30 == len(BY_NAME)
    for _, schema in SCHEMAS:
        jsonschema.Draft202012Validator.check_schema(schema)


@pytest.mark.parametrize("name", list(BY_NAME))
def test_random_walks_validate(name):
    a = automaton(name)
    walker = Walker(a)
    validator = jsonschema.Draft202012Validator(BY_NAME[name])
    rng = random.Random(f"walks-{name}")
    for _ in range(WALKS):
        text = walker.text(rng)
        assert a.accepts(text)
        doc = json.loads(text.decode("utf-8"))
        validator.validate(doc)


@pytest.mark.parametrize("name", list(BY_NAME))
def test_every_live_state_reaches_acceptance(name):
    a = automaton(name)
    assert not a.accepting[0] and all(t == 0 for t in a.table[:a.n_classes])
    assert all(d >= 0 for d in Walker(a).distance[1:])


VALID = [
    ("person", '{"name":"Ada","age":36}'),
    ("person", '{"name": "Ada", "age": 36, "email": "ada@example.org", "is_member": true}'),
    ("person", '{"name":"Zoë \\u00e9\\n\\"q\\" \\\\ \\/ \\t","age":0,"is_member":false}'),
    ("person", '{"name":"😀 日本","age":150,"email":""}'),
    ("address", '{"street":"Main St 1","city":"Bern","country":"CH"}'),
    ("address", '{"street":"x","city":"y","postal_code":"3000","country":"DE"}'),
    ("product", '{"id":1,"name":"ab","price":10000,"category":"toys"}'),
    ("product", '{"id":999999999999999,"name":"ab","price":9999.99,"category":"books","in_stock":true}'),
    ("product", '{"id":7,"name":"ab","price":10000.000,"category":"garden"}'),
    ("tags", '["a"]'),
    ("tags", '["a", "bcdefghijklm", "c", "d", "e"]'),
    ("nullable_string", "null"),
    ("nullable_string", '"twenty characters ok"'),
    ("freezing_kelvin_offset", "-273"),
    ("freezing_kelvin_offset", "-1"),
    ("temperature", "-50"),
    ("temperature", "-49.999"),
    ("temperature", "60.0"),
    ("temperature", "0"),
    ("temperature", "0.5"),
    ("temperature", "-0.5"),
    ("versioned", '{"version":"1.0","kind":3}'),
    ("mixed_enum", '{"a":1}'),
    ("mixed_enum", "[1,2]"),
    ("mixed_enum", '"naïve"'),
    ("mixed_enum", "2.5"),
    ("percent_exclusive", "1"),
    ("percent_exclusive", "99"),
    ("type_list", '"abcde"'),
    ("type_list", "9"),
    ("rating", "5"),
    ("rating", "5.00"),
    ("rating", "1.5"),
    ("empty_object", "{}"),
    ("matrix", "[]"),
    ("matrix", "[[0],[1, 2, 3]]"),
    ("points", '[{"x":-100,"y":100}, {"x":0,"y":-7}]'),
    ("loose_list", '[1, "a", {"k": [true]}]'),
    ("json_object", "{}"),
    ("json_object", '{"a": [1, {"b": [2.5, "x"]}], "c": {"d": null}}'),
    ("json_object", '{"a":{"b":{"c":[1]}}}'),
    ("any_count", "-999999999999999"),
    ("city_names", '["Zürich", "東京"]'),
    ("shape", '{"kind":"circle","radius":0.001}'),
    ("shape", '{"kind":"rect","w":1,"h":1000}'),
    ("shape", '{"kind":"circle","radius":0.000000000000001}'),   # 15 digits, the last nonzero
    ("shape", '{"kind":"circle","radius":0.100000000000000}'),
    ("temperature", "-0.000000000000001"),
    ("json_object", '{"a":[{"b":[1]}]}'),                           # four deep, counting the object
]


@pytest.mark.parametrize("name, text", VALID)
def test_known_valid_documents_are_accepted(name, text):
    jsonschema.validate(json.loads(text), BY_NAME[name])
    assert automaton(name).accepts(text.encode("utf-8")), text


INVALID = [
    ("person", '{"name":"Ada"}'),                         # required age missing
    ("person", '{"age":36,"name":"Ada"}'),                # out of schema order
    ("person", '{"name":"Ada","age":36,}'),               # trailing comma
    ("person", '{"name":"Ada","age":36,"x":1}'),          # undeclared property
    ("person", '{"name":"Ada","age":151}'),               # above maximum
    ("person", '{"name":"Ada","age":-1}'),                # below minimum
    ("person", '{"name":"Ada","age":"36"}'),              # wrong type
    ("person", '{"name":"","age":36}'),                   # below minLength
    ("person", '{"name":"' + "x" * 41 + '","age":36}'),   # above maxLength
    ("person", '{"name":"Ada","age":036}'),               # leading zero
    ("person", '{"name":"Ada","age":36.0}'),              # an integer has no fraction
    ("person", '{"name":"Ada","age":-0}'),
    ("person", '{"name":"A\\x","age":3}'),                # bad escape
    ("person", '{"name":"A\\ud800","age":3}'),            # surrogate escape
    ("person", '{"name":"A\\u12","age":3}'),              # short \\u escape
    ("person", '{"name":"A\tb","age":3}'),                # raw control character
    ("person", '{"name":"Ada",  "age":36}'),              # two spaces
    ("person", '{"name":"Ada" ,"age":36}'),               # space before ','
    ("person", ' {"name":"Ada","age":36}'),               # leading whitespace
    ("person", '{"name":"Ada","age":36} '),               # trailing whitespace
    ("tags", "[]"),                                       # below minItems
    ("tags", '["a","b","c","d","e","f"]'),                # above maxItems
    ("tags", '["a",]'),
    ("temperature", "60.1"),
    ("temperature", "-50.5"),
    ("temperature", "1."),
    ("temperature", "-"),
    ("temperature", ".5"),
    ("temperature", "1e3"),
    ("temperature", "-0"),
    ("temperature", "01"),
    ("rating", "5.1"),
    ("rating", "0.99"),
    ("percent_exclusive", "0"),
    ("percent_exclusive", "100"),
    ("freezing_kelvin_offset", "0"),
    ("freezing_kelvin_offset", "-274"),
    ("shape", '{"kind":"circle","radius":0}'),            # exclusiveMinimum
    ("shape", '{"kind":"circle","radius":-0.0}'),
    ("shape", '{"kind":"circle","radius":0.000}'),
    ("shape", '{"kind":"circle","radius":0.0000000000000001}'),  # 16 digits
    ("temperature", "-0.000"),
    ("json_object", '{"a":[{"b":[[1]]}]}'),                       # five deep
    ("versioned", '{"version":"1.1","kind":3}'),
    ("mixed_enum", '"blue"'),
    ("mixed_enum", "false"),
    ("mixed_enum", '{"a": 1}'),                           # an enum value is emitted compact
    ("empty_object", '{"a":1}'),
    ("nullable_string", "nul"),
    ("json_object", "[]"),
    ("json_object", '{"a":1'),
    ("json_object", '{"a":01}'),
    ("json_object", '{a:1}'),
    ("any_count", "1234567890123456"),                   # past 15 digits
]


@pytest.mark.parametrize("name, text", INVALID)
def test_known_invalid_documents_are_refused(name, text):
    assert not automaton(name).accepts(text.encode("utf-8")), text


@pytest.mark.parametrize("schema, yes, no", [
    ({"type": "string", "maxLength": 0}, ['""'], ['"a"']),
    ({"type": "array", "maxItems": 0}, ["[]"], ["[1]", "[ ]"]),
    ({"type": "integer", "minimum": 0, "maximum": 0}, ["0"], ["-0", "00", "1"]),
    ({"type": "integer", "minimum": -2.5, "exclusiveMaximum": 1.5}, ["-2", "1"], ["-3", "2"]),
    ({"type": "number", "minimum": 0, "maximum": 0}, ["0", "0.0"], ["-0", "0.1", "-0.0"]),
    ({"type": "number", "exclusiveMaximum": 0}, ["-1", "-0.5"], ["0", "-0", "0.5", "-0.0"]),
    ({"type": "number", "minimum": -3, "exclusiveMinimum": -3}, ["-2.9", "7"], ["-3", "-3.0"]),
    ({"type": ["integer", "null"]}, ["null", "3"], ["3.5", "true"]),
    ({"const": {"b": [1, "x"]}}, ['{"b":[1,"x"]}'], ['{"b": [1, "x"]}']),
    ({"enum": ["a\nb", "é", 1, True]}, ['"a\\nb"', '"é"', "1", "true"], ['"\\u00e9"', "1.0"]),
    ({"type": "integer", "enum": [1, 2.0, "3", True]}, ["1", "2"], ['"3"', "true", "2.0"]),   # 2.0 as 2
])
def test_edge_schemas(schema, yes, no):
    a = compile_schema(schema)
    for text in yes:
        jsonschema.validate(json.loads(text), schema)
        assert a.accepts(text.encode("utf-8")), text
    for text in no:
        assert not a.accepts(text.encode("utf-8")), text


@pytest.mark.parametrize("data", [b'"\xc0\xaf"', b'"\xe0\x80\xaf"', b'"\xed\xa0\x80"', b'"\xf4\x90\x80\x80"',
                                  b'"\xf8\x88\x80\x80\x80"', b'"\x80"', b'"\xc3"', b'"\xe6\x97"'])
def test_invalid_utf8_is_refused(data):
    with pytest.raises(UnicodeDecodeError):
        data.decode("utf-8")
    assert not automaton("long_text").accepts(data[:1] + b"abc" + data[1:])


def test_optional_properties_in_every_combination():
    names = list(BY_NAME["all_optional"]["properties"])
    values = {"nickname": '"n"', "height_cm": "180", "likes_cats": "true", "motto": "null"}
    a = automaton("all_optional")
    for r in range(len(names) + 1):
        for chosen in itertools.combinations(names, r):
            text = "{" + ",".join(f'"{k}":{values[k]}' for k in chosen) + "}"
            assert a.accepts(text.encode()), text
            if r >= 2:
                swapped = "{" + ",".join(f'"{k}":{values[k]}' for k in reversed(chosen)) + "}"
                assert not a.accepts(swapped.encode()), swapped


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=45), st.booleans())
def test_string_length_counts_characters(s, ascii_only):
    text = json.dumps(s, ensure_ascii=ascii_only).encode("utf-8")
    surrogate_escape = ascii_only and any(ord(ch) > 0xFFFF for ch in s)  # \ud83d\ude00: refused by design
    fits = 1 <= len(s) <= 40 and not surrogate_escape
    assert automaton("person").accepts(b'{"name":' + text + b',"age":1}') == fits


@settings(max_examples=300, deadline=None)
@given(st.integers(-10 ** 16, 10 ** 16) | st.integers(-400, 400))
def test_integer_ranges_are_exact(n):
    assert automaton("freezing_kelvin_offset").accepts(str(n).encode()) == (-273 <= n <= -1)
    assert automaton("any_count").accepts(str(n).encode()) == (abs(n) < 10 ** 15)


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 70), st.text("0123456789", max_size=16), st.booleans())
def test_number_ranges_are_exact(whole, digits, negative):
    text = f"{'-' if negative else ''}{whole}" + (f".{digits}" if digits else "")
    value = Decimal(text)
    significant = (len(str(whole)) if whole else 0) + len(digits)   # MAX_DIGITS: a lone 0 does not count
    fits = -50 <= value <= 60 and significant <= 15 and not (negative and value == 0)
    assert automaton("temperature").accepts(text.encode()) == fits, text


def depth(v) -> int:
    """How deep arrays and objects nest in v (a scalar: 0)."""
    inner = v.values() if isinstance(v, dict) else v if isinstance(v, list) else None
    return 0 if inner is None else 1 + max(map(depth, inner), default=0)


JSON = st.recursive(st.none() | st.booleans() | st.integers(-10 ** 15 + 1, 10 ** 15 - 1) | st.text(max_size=8),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
                    max_leaves=12)


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(st.text(max_size=5), JSON, max_size=4), st.booleans())
def test_json_object_takes_any_object_four_deep(obj, spaced):
    text = json.dumps(obj, ensure_ascii=False, separators=(", ", ": ") if spaced else (",", ":"))
    assert automaton(JSON_OBJECT).accepts(text.encode("utf-8")) == (depth(obj) <= 4), text


def test_ten_property_schema_compiles_within_a_second():
    start = time.perf_counter()
    a = compile_schema(TEN_PROPERTIES)
    took = time.perf_counter() - start
    assert took < 1.0, f"{took:.3f} s for {a.n_states} states x {a.n_classes} classes"
