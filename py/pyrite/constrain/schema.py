"""A JSON schema (a subset) as the pattern of the compact JSON texts it allows, and its automaton.

The texts are compact (values.py): properties in schema order, no whitespace but one optional space
after ':' and ','. Every text the pattern allows validates against the schema; where the schema allows
more (other key orders, exponents, more than MAX_DIGITS digits, undeclared properties) the pattern
keeps to the subset. Anything outside the supported keywords is refused by name (RequestError with the
keyword's dotted path) rather than silently ignored, so a constraint never promises what it cannot hold.
"""
from __future__ import annotations

import json
import math
from typing import Any

from ..errors import RequestError
from .automaton import Automaton
from .pattern import NOTHING, Pattern, alt, compile_pattern, lit
from .values import (CAP, FALSE, NULL, TRUE, Bound, any_object, array_pattern, integer_pattern, json_value,
                     number_pattern, object_pattern, string_pattern)

WHERE = "response_format.json_schema.schema"
MAX_DEPTH = 8         # sub-schemas (properties, items, anyOf) nested deeper are refused
GENERIC_DEPTH = 2     # arrays and objects nest this deep in a value a schema leaves open (true, {}, no items)
OBJECT_DEPTH = 4      # and this deep in {"type": "json_object"}, counting the object itself
TYPES = ("object", "array", "string", "integer", "number", "boolean", "null")
ANNOTATIONS = frozenset({"title", "description", "default", "examples", "$schema", "$id", "$comment"})
SUPPORTED = ("supported: type, properties, required, additionalProperties (true or false), items, minItems, "
             "maxItems, minLength, maxLength, minimum, maximum, exclusiveMinimum, exclusiveMaximum (whole "
             "numbers for type number), enum, const, anyOf")
REFUSED = {
    "$ref": "references are not supported (write the schema out in place)",
    "$defs": "definitions are not supported (write each schema out in place)",
    "definitions": "definitions are not supported (write each schema out in place)",
    "pattern": "regular expressions are not supported (enum, const, minLength and maxLength are)",
    "format": "string formats are not supported",
    "oneOf": "oneOf is not supported (anyOf is)",
    "allOf": "allOf is not supported (write the schemas as one)",
    "not": "not is not supported",
    "if": "if/then/else is not supported", "then": "if/then/else is not supported",
    "else": "if/then/else is not supported",
    "patternProperties": "patternProperties is not supported (only declared properties are generated)",
    "propertyNames": "propertyNames is not supported (only declared properties are generated)",
    "minProperties": "minProperties is not supported (use required)",
    "maxProperties": "maxProperties is not supported (leave properties optional)",
    "uniqueItems": "uniqueItems is not supported",
    "multipleOf": "multipleOf is not supported",
    "prefixItems": "prefixItems is not supported (items, one schema for every item, is)",
    "contains": "contains is not supported",
}
_COUNTS = ("minItems", "maxItems", "minLength", "maxLength")
_BOUNDS = ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum")
# The keywords that imply a type when "type" is absent: their type alone is generated (a subset of any).
_IMPLY = {"object": ("properties", "required", "additionalProperties"), "array": ("items", "minItems", "maxItems"),
          "string": ("minLength", "maxLength"), "number": _BOUNDS}
_LITERAL_COMPANIONS = frozenset({"type", "enum", "const", *_COUNTS, *_BOUNDS}) | ANNOTATIONS


def _is_number(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)


def _is_schema_map(v: Any) -> bool:
    return isinstance(v, dict) and all(isinstance(k, str) for k in v)


_CHECKS = {  # keyword -> (whether a value fits, what it must be)
    "type": (lambda v: v in TYPES or (isinstance(v, list) and v != [] and all(t in TYPES for t in v)),
             f"one of {', '.join(TYPES)}, or a non-empty list of them"),
    "properties": (_is_schema_map, "an object of property schemas"),
    "required": (lambda v: isinstance(v, list) and all(isinstance(n, str) for n in v), "a list of property names"),
    "additionalProperties": (lambda v: isinstance(v, bool), "true or false"),
    "items": (lambda v: isinstance(v, (dict, bool)), "a schema"),
    "enum": (lambda v: isinstance(v, list) and v != [], "a non-empty list of values"),
    "anyOf": (lambda v: isinstance(v, list) and v != [], "a non-empty list of schemas"),
    **{k: (lambda v: isinstance(v, int) and not isinstance(v, bool) and v >= 0, "a non-negative integer")
       for k in _COUNTS},
    **{k: (_is_number, "a number") for k in _BOUNDS},
}


def _check_keywords(schema: dict, where: str) -> None:
    """Refuses, by its path, the first keyword that is not supported or whose value is not usable."""
    for key, value in schema.items():
        at = f"{where}.{key}"
        if key in REFUSED:
            raise RequestError(at, f"{key}: {REFUSED[key]}; {SUPPORTED}")
        if key == "additionalProperties" and isinstance(value, dict):
            raise RequestError(at, f"an additionalProperties schema is not supported (true or false is; only "
                                   f"declared properties are generated); {SUPPORTED}")
        if key not in _CHECKS and key not in ANNOTATIONS and key != "const":
            raise RequestError(at, f"unknown keyword {key!r}; {SUPPORTED}")
        if key in _CHECKS and not _CHECKS[key][0](value):
            raise RequestError(at, f"{key} must be {_CHECKS[key][1]}, not {json.dumps(value, default=repr)}")
    for low, high in (("minimum", "maximum"), ("minLength", "maxLength"), ("minItems", "maxItems")):
        if low in schema and high in schema and schema[low] > schema[high]:
            raise RequestError(f"{where}.{low}", f"{low} {schema[low]} is above {high} {schema[high]}")


def _dump(value: Any, where: str) -> bytes:
    """value as compact JSON text (RequestError when it is no JSON value)."""
    try:
        return json.dumps(value, separators=(",", ":"), ensure_ascii=False, allow_nan=False).encode("utf-8")
    except (TypeError, ValueError) as e:
        raise RequestError(where, f"not a JSON value: {e}") from None


def _has_type(value: Any, t: str) -> bool:
    if t == "integer":
        return _is_number(value) and float(value).is_integer()
    return {"object": dict, "array": list, "string": str, "boolean": bool, "null": type(None)}.get(t) is type(value) \
        or (t == "number" and _is_number(value))


def _admits(schema: dict, value: Any) -> bool:
    """Whether a literal (an enum or const value) meets the schema's type, length and range keywords."""
    types = schema.get("type")
    if types is not None and not any(_has_type(value, t) for t in ([types] if isinstance(types, str) else types)):
        return False
    size = len(value) if isinstance(value, (str, list)) else None
    lows, highs = ("minLength", "maxLength") if isinstance(value, str) else ("minItems", "maxItems")
    if size is not None and not schema.get(lows, 0) <= size <= schema.get(highs, size):
        return False
    return not _is_number(value) or (schema.get("minimum", value) <= value <= schema.get("maximum", value)
                                     and schema.get("exclusiveMinimum", value - 1) < value
                                     and value < schema.get("exclusiveMaximum", value + 1))


def _literals(schema: dict, where: str) -> Pattern:
    """The enum and const values that meet the schema's other keywords, each as its compact JSON text."""
    for key in schema:
        if key not in _LITERAL_COMPANIONS:
            raise RequestError(f"{where}.{key}", f"{key} beside enum or const is not supported (type and the "
                                                 f"length and range keywords are)")
    values = schema.get("enum", [schema.get("const")])
    if "const" in schema:   # both: the const if the enum has it (as JSON, so that 1 and true differ)
        const = _dump(schema["const"], f"{where}.const")
        values = [v for v in values if _dump(v, f"{where}.enum") == const]
    return alt(*(lit(_dump(v, f"{where}.enum")) for v in values if _admits(schema, v)))


def _whole(schema: dict, key: str, where: str) -> int | None:
    """A bound of a number that must be a whole number (a fractional one would need decimal automata)."""
    v = schema.get(key)
    if v is None:
        return None
    if not float(v).is_integer():
        raise RequestError(f"{where}.{key}", f"{key} of a number must be a whole number here, not {v}")
    return int(v)


def _number(schema: dict, where: str) -> Pattern:
    ends = {k: Bound(v, not k.startswith("exclusive")) for k in _BOUNDS if (v := _whole(schema, k, where)) is not None}
    lows = [ends[k] for k in ("minimum", "exclusiveMinimum") if k in ends]
    highs = [ends[k] for k in ("maximum", "exclusiveMaximum") if k in ends]
    # the tighter of two ends: the larger low, the smaller high, the exclusive one where they are equal
    return number_pattern(max(lows, key=lambda b: (b.value, not b.inclusive), default=None),
                          min(highs, key=lambda b: (b.value, b.inclusive), default=None))


def _integer(schema: dict) -> Pattern:
    lows = [math.ceil(schema["minimum"])] if "minimum" in schema else []
    lows += [math.floor(schema["exclusiveMinimum"]) + 1] if "exclusiveMinimum" in schema else []
    highs = [math.floor(schema["maximum"])] if "maximum" in schema else []
    highs += [math.ceil(schema["exclusiveMaximum"]) - 1] if "exclusiveMaximum" in schema else []
    return integer_pattern(max(lows, default=None), min(highs, default=None))


def _object(schema: dict, where: str, depth: int) -> Pattern:
    props = schema.get("properties", {})
    required = schema.get("required", [])
    for name in required:
        if name not in props:
            raise RequestError(f"{where}.required", f"required property {name!r} is not among properties "
                                                    f"(only declared properties are generated)")
    return object_pattern([(_dump(name, f"{where}.properties"),
                            _pattern(sub, f"{where}.properties.{name}", depth + 1), name in required)
                           for name, sub in props.items()])


def _array(schema: dict, where: str, depth: int) -> Pattern:
    items = schema.get("items")
    item = json_value(GENERIC_DEPTH) if items is None else _pattern(items, f"{where}.items", depth + 1)
    return array_pattern(item, schema.get("minItems", 0), schema.get("maxItems"))


def _typed(schema: dict, where: str, t: str, depth: int) -> Pattern:
    if t == "object":
        return _object(schema, where, depth)
    if t == "array":
        return _array(schema, where, depth)
    if t == "string":
        return string_pattern(schema.get("minLength", 0), schema.get("maxLength"))
    if t == "integer":
        return _integer(schema)
    if t == "number":
        return _number(schema, where)
    return alt(TRUE, FALSE) if t == "boolean" else NULL


def _build(schema: dict, where: str, depth: int) -> Pattern:
    if "anyOf" in schema:
        for key in schema:
            if key != "anyOf" and key not in ANNOTATIONS:
                raise RequestError(f"{where}.{key}", f"{key} beside anyOf is not supported (write it into "
                                                     f"each branch of anyOf)")
        return alt(*(_pattern(s, f"{where}.anyOf.{i}", depth + 1) for i, s in enumerate(schema["anyOf"])))
    if "enum" in schema or "const" in schema:
        return _literals(schema, where)
    declared = schema.get("type")
    types = [declared] if isinstance(declared, str) else declared or \
        [t for t, keys in _IMPLY.items() if any(k in schema for k in keys)]
    if not types:
        return json_value(GENERIC_DEPTH)
    return alt(*(_typed(schema, where, t, depth) for t in dict.fromkeys(types)))


def _pattern(schema: Any, where: str, depth: int) -> Pattern:
    if depth > MAX_DEPTH:
        raise RequestError(where, f"schemas nest deeper than {MAX_DEPTH} levels here; {MAX_DEPTH} is the most")
    if schema is True:
        return json_value(GENERIC_DEPTH)
    if not isinstance(schema, dict):
        raise RequestError(where, "a schema must be a JSON object (or true); "
                                  + ("false matches nothing" if schema is False else SUPPORTED))
    _check_keywords(schema, where)
    p = _build(schema, where, depth)
    if p is NOTHING:
        raise RequestError(where, f"this schema matches no JSON value (within the limits: integers and "
                                  f"integer parts of at most {len(str(CAP))} digits)")
    return p


def schema_pattern(schema: Any, where: str = WHERE) -> Pattern:
    """The pattern of the compact JSON texts schema allows. RequestError, naming the keyword's path under
    where, for what the subset does not hold (see SUPPORTED and REFUSED) and for a schema that matches
    nothing."""
    return _pattern(schema, where, 0)


def compile_schema(schema: Any, where: str = WHERE) -> Automaton:
    """The automaton of schema_pattern(schema); LimitError (naming where) when it would outgrow the table."""
    return compile_pattern(schema_pattern(schema, where), where)


def json_object_pattern() -> Pattern:
    """The pattern of {"type": "json_object"}: any JSON object, arrays and objects nested at most
    OBJECT_DEPTH deep counting the object itself."""
    return any_object(json_value(OBJECT_DEPTH - 1))


def compile_json_object() -> Automaton:
    """The automaton of json_object_pattern()."""
    return compile_pattern(json_object_pattern(), "response_format")
