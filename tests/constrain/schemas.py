"""Thirty realistic schemas of the subset pyrite.constrain compiles, shared with the end-to-end tests.

SCHEMAS is a list of (name, schema), schema a plain dict. The one named JSON_OBJECT stands for
response_format {"type": "json_object"}: compile it with compile_json_object(); its schema ({"type":
"object"}) is what the output validates against. Every other one compiles with compile_schema(schema).
"""
from __future__ import annotations

JSON_OBJECT = "json_object"

ADDRESS = {
    "type": "object",
    "properties": {
        "street": {"type": "string", "minLength": 1, "maxLength": 40},
        "city": {"type": "string", "minLength": 1, "maxLength": 30},
        "postal_code": {"type": "string", "minLength": 3, "maxLength": 10},
        "country": {"enum": ["CH", "DE", "FR", "IT", "AT"]},
    },
    "required": ["street", "city", "country"],
    "additionalProperties": False,
}

TEN_PROPERTIES = {
    "type": "object",
    "properties": {
        "id": {"type": "integer", "minimum": 1, "maximum": 999999},
        "name": {"type": "string", "minLength": 1, "maxLength": 40},
        "email": {"type": "string", "maxLength": 40},
        "age": {"type": "integer", "minimum": 0, "maximum": 130},
        "balance": {"type": "integer", "minimum": -100000, "maximum": 100000},
        "status": {"enum": ["active", "suspended", "closed"]},
        "tier": {"enum": [1, 2, 3, "gold"]},
        "verified": {"type": "boolean"},
        "address": {"type": "object", "properties": {
            "city": {"type": "string", "maxLength": 40},
            "zip": {"type": "string", "minLength": 4, "maxLength": 10}}, "required": ["city"]},
        "tags": {"type": "array", "items": {"type": "string", "maxLength": 40}, "maxItems": 3},
    },
    "required": ["id", "name", "age", "status", "verified"],
}

SCHEMAS: list[tuple[str, dict]] = [
    ("person", {
        "type": "object",
        "properties": {"name": {"type": "string", "minLength": 1, "maxLength": 40},
                       "age": {"type": "integer", "minimum": 0, "maximum": 150},
                       "email": {"type": "string", "maxLength": 60},
                       "is_member": {"type": "boolean"}},
        "required": ["name", "age"]}),
    ("address", ADDRESS),
    ("product", {
        "title": "Product", "description": "An item of the catalogue",
        "type": "object",
        "properties": {"id": {"type": "integer", "minimum": 1},
                       "name": {"type": "string", "minLength": 2, "maxLength": 40},
                       "price": {"type": "number", "minimum": 0, "maximum": 10000},
                       "category": {"enum": ["books", "electronics", "garden", "toys"]},
                       "in_stock": {"type": "boolean"}},
        "required": ["id", "name", "price", "category"], "additionalProperties": False}),
    ("tags", {"type": "array", "items": {"type": "string", "minLength": 1, "maxLength": 12},
              "minItems": 1, "maxItems": 5}),
    ("order", {
        "type": "object",
        "properties": {
            "customer": {"type": "object", "properties": {"name": {"type": "string", "maxLength": 30},
                                                          "address": ADDRESS}, "required": ["name"]},
            "lines": {"type": "array", "minItems": 1, "maxItems": 4, "items": {
                "type": "object", "properties": {"sku": {"type": "string", "minLength": 4, "maxLength": 8},
                                                 "qty": {"type": "integer", "minimum": 1, "maximum": 99}},
                "required": ["sku", "qty"]}},
            "total": {"type": "number", "minimum": 0}},
        "required": ["customer", "lines", "total"]}),
    ("nullable_string", {"anyOf": [{"type": "string", "maxLength": 20}, {"type": "null"}]}),
    ("flags", {"type": "object", "properties": {"a": {"type": "boolean"}, "b": {"type": "boolean"},
                                                "c": {"type": "boolean"}}, "required": ["a", "b", "c"]}),
    ("freezing_kelvin_offset", {"type": "integer", "minimum": -273, "maximum": -1}),
    ("temperature", {"type": "number", "minimum": -50, "maximum": 60}),
    ("versioned", {"type": "object", "properties": {"version": {"const": "1.0"}, "kind": {"const": 3},
                                                    "note": {"type": "string", "maxLength": 10}},
                   "required": ["version", "kind"]}),
    ("mixed_enum", {"enum": ["red", 1, 2.5, True, None, {"a": 1}, [1, 2], "naïve"]}),
    ("ten_properties", TEN_PROPERTIES),
    ("points", {"type": "array", "maxItems": 4, "items": {
        "type": "object", "properties": {"x": {"type": "integer", "minimum": -100, "maximum": 100},
                                         "y": {"type": "integer", "minimum": -100, "maximum": 100}},
        "required": ["x", "y"]}}),
    ("all_optional", {"type": "object", "properties": {"nickname": {"type": "string", "maxLength": 12},
                                                       "height_cm": {"type": "integer", "minimum": 30, "maximum": 250},
                                                       "likes_cats": {"type": "boolean"},
                                                       "motto": {"type": ["string", "null"], "maxLength": 20}}}),
    (JSON_OBJECT, {"type": "object"}),
    ("percent_exclusive", {"type": "integer", "exclusiveMinimum": 0, "exclusiveMaximum": 100}),
    ("type_list", {"type": ["string", "integer", "null"], "maxLength": 5, "minimum": 0, "maximum": 9}),
    ("long_text", {"type": "string", "minLength": 3}),
    ("rating", {"type": "number", "minimum": 1, "maximum": 5}),
    ("event", {
        "$schema": "https://json-schema.org/draft/2020-12/schema", "$id": "urn:example:event",
        "type": "object",
        "properties": {"title": {"type": "string", "minLength": 1, "maxLength": 40},
                       "date": {"type": "string", "minLength": 10, "maxLength": 10, "description": "YYYY-MM-DD"},
                       "attendees": {"type": "array", "items": {"type": "string", "maxLength": 20}, "maxItems": 3},
                       "location": {"anyOf": [ADDRESS, {"type": "null"}]}},
        "required": ["title", "date"]}),
    ("yes_no", {"type": "boolean", "description": "whether it holds"}),
    ("empty_object", {"type": "object", "additionalProperties": False}),
    ("matrix", {"type": "array", "maxItems": 3,
                "items": {"type": "array", "minItems": 1, "maxItems": 3,
                          "items": {"type": "integer", "minimum": 0, "maximum": 9}}}),
    ("sentiment", {"type": "object", "properties": {"label": {"enum": ["positive", "negative", "neutral"]},
                                                    "confidence": {"type": "number", "minimum": 0, "maximum": 1}},
                   "required": ["label", "confidence"]}),
    ("tool_call", {"type": "object", "properties": {
        "name": {"enum": ["get_weather", "get_time"]},
        "arguments": {"type": "object", "properties": {"city": {"type": "string", "maxLength": 30},
                                                       "unit": {"enum": ["celsius", "fahrenheit"]}},
                      "required": ["city"]}}, "required": ["name", "arguments"]}),
    ("shape", {"anyOf": [
        {"type": "object", "properties": {"kind": {"const": "circle"},
                                          "radius": {"type": "number", "exclusiveMinimum": 0, "maximum": 100}},
         "required": ["kind", "radius"]},
        {"type": "object", "properties": {"kind": {"const": "rect"},
                                          "w": {"type": "integer", "minimum": 1, "maximum": 1000},
                                          "h": {"type": "integer", "minimum": 1, "maximum": 1000}},
         "required": ["kind", "w", "h"]}]}),
    ("any_count", {"type": "integer"}),
    ("loose_list", {"type": "array", "maxItems": 3}),
    ("nested_deep", {"type": "object", "properties": {"a": {"type": "object", "properties": {
        "b": {"type": "object", "properties": {"c": {"type": "object", "properties": {
            "d": {"type": "array", "maxItems": 2, "items": {"type": "object", "properties": {
                "e": {"type": "integer", "minimum": -5, "maximum": 5}}, "required": ["e"]}}},
            "required": ["d"]}}, "required": ["c"]}}, "required": ["b"]}}, "required": ["a"]}),
    ("city_names", {"type": "array", "minItems": 2, "maxItems": 2,
                    "items": {"enum": ["Zürich", "Genève", "東京", "Kraków"]}}),
]
