"""The JSON Schema keywords, as the compiler sorts them: enforced, ignored, or refused by name.

The specification (every draft from 4 to 2020-12) says a validator ignores keywords it does not know
and that annotations never fail a value; so metadata, vendor keywords (x-*, OpenAPI's nullable and
discriminator, pydantic's extras) and unknown formats are ignored. A keyword that validates and that
pyrite does not enforce is refused by name and path (RequestError), never silently dropped: a
constraint must not promise what it cannot hold.
"""
from __future__ import annotations

import json
import math
from typing import Any

from ..errors import RequestError

TYPES = ("object", "array", "string", "integer", "number", "boolean", "null")
COUNTS = ("minItems", "maxItems", "minLength", "maxLength", "minProperties", "maxProperties", "minContains",
          "maxContains")
BOUNDS = ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum")
# Keywords that hold sub-schemas, by shape: one schema, a list of them, a map of them.
ONE = ("additionalProperties", "additionalItems", "items", "contains", "propertyNames", "not", "if", "then", "else",
       "unevaluatedProperties", "unevaluatedItems")
LIST = ("allOf", "anyOf", "oneOf", "prefixItems", "items")
MAP = ("properties", "patternProperties", "$defs", "definitions", "dependentSchemas", "dependencies")
# Validation keywords the spec defines that pyrite does not enforce.
REFUSED = {
    "$dynamicRef": "dynamic references ($dynamicRef) are not supported ($ref is)",
    "$recursiveRef": "recursive references ($recursiveRef) are not supported ($ref is)",
}
# Keywords that validate (all others only annotate or are unknown, and are ignored).
VALIDATING = frozenset({"type", "enum", "const", "multipleOf", "pattern", "format", "required", "dependentRequired",
                        "uniqueItems", "$ref", *COUNTS, *BOUNDS, *ONE, *LIST, *MAP} - {"$defs", "definitions"}
                       | set(REFUSED))
# What an object (array, string, number) keyword says about the instance's type when "type" is absent.
IMPLY = {"object": ("properties", "required", "additionalProperties", "patternProperties", "propertyNames",
                    "minProperties", "maxProperties", "dependentRequired", "dependentSchemas", "dependencies",
                    "unevaluatedProperties"),
         "array": ("items", "prefixItems", "additionalItems", "contains", "minItems", "maxItems", "uniqueItems",
                   "minContains", "maxContains", "unevaluatedItems"),
         "string": ("minLength", "maxLength", "pattern", "format"),
         "number": (*BOUNDS, "multipleOf")}


def is_number(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)


def _is_count(v: Any) -> bool:   # draft 4 and OpenAPI write counts as 1.0 too
    return is_number(v) and v >= 0 and float(v).is_integer()


def _is_schema(v: Any) -> bool:
    return isinstance(v, (dict, bool))


CHECKS = {  # keyword -> (whether a value fits, what it must be)
    "type": (lambda v: v in TYPES or (isinstance(v, list) and v != [] and all(t in TYPES for t in v)),
             f"one of {', '.join(TYPES)}, or a non-empty list of them"),
    "required": (lambda v: isinstance(v, list) and all(isinstance(n, str) for n in v), "a list of property names"),
    "enum": (lambda v: isinstance(v, list), "a list of values"),
    "multipleOf": (lambda v: is_number(v) and v > 0, "a number above 0"),
    "pattern": (lambda v: isinstance(v, str), "a regular expression (a string)"),
    "format": (lambda v: isinstance(v, str), "a string"),
    "uniqueItems": (lambda v: isinstance(v, bool), "true or false"),
    "dependentRequired": (lambda v: isinstance(v, dict) and all(isinstance(x, list) for x in v.values()),
                          "an object of lists of property names"),
    "$ref": (lambda v: isinstance(v, str), "a URI reference (a string)"),
    **{k: (_is_count, "a non-negative integer") for k in COUNTS},
    **{k: (lambda v: is_number(v) or isinstance(v, bool), "a number") for k in BOUNDS},
    # Sub-schemas are checked where they are compiled, so that an error names each one's own path.
    **{k: (lambda v: isinstance(v, list) and v != [], "a non-empty list of schemas") for k in LIST if k != "items"},
    "items": (lambda v: _is_schema(v) or isinstance(v, list), "a schema, or a list of schemas"),
    **{k: (lambda v: isinstance(v, dict), "an object of schemas") for k in MAP},
}


def dump(value: Any, where: str) -> bytes:
    """value as compact JSON text (RequestError when it is no JSON value)."""
    try:
        return json.dumps(value, separators=(",", ":"), ensure_ascii=False, allow_nan=False).encode("utf-8")
    except (TypeError, ValueError) as e:
        raise RequestError(where, f"not a JSON value: {e}") from None


def validating(schema: dict, where: str) -> dict:
    """The keywords of schema that validate, checked; RequestError naming the first refused or malformed
    one by its path."""
    kept = {}
    for key, value in schema.items():
        if key not in VALIDATING:
            continue
        at = f"{where}.{key}"
        if key in REFUSED:
            raise RequestError(at, f"{key}: {REFUSED[key]}")
        if key in CHECKS and not CHECKS[key][0](value):
            raise RequestError(at, f"{key} must be {CHECKS[key][1]}, not {json.dumps(value, default=repr)[:80]}")
        if key in ("enum", "const"):
            dump(value, at)
        kept[key] = value
    return kept
