"""Compact serializations of a JSON instance, and the emitted form: the narrow set of valid instances a
schema's automaton is expected to accept as they stand.

Instances come from JSON loaded with parse_float=Decimal, so a number keeps its exact value.
- compact_forms: every compact text of an instance the soundness check must see refused: the plain form
  (numbers in positional notation, never an exponent) and json.dumps's (float numbers, so 1e-07), each
  with raw UTF-8 and with \\u escapes.
- emitted_form: why an instance is NOT in the emitted form, or None when it is. The form is the plain
  compact text (raw UTF-8) and, where the schema decides it, the compiler's own ordering: object keys
  that the governing schema's `properties` declare come first, in the order it lists them, then any
  others, and only where the schema asks for undeclared keys (patternProperties, an additionalProperties
  schema) or declares none; numbers have at most MAX_DIGITS significant digits, a whole number none after
  the point; a value whose schema names no type has one its keywords imply (the compiler emits those);
  values under a schema that says nothing of their shape nest at most OPEN_NESTING deep, and instances
  at most MAX_NESTING deep. Where the governing schema cannot be told (a combinator, a
  $dynamicRef, a $ref beside other structure keywords, a remote $ref), an object of more than one key
  is out of form: its key order is not determinable.
"""
from __future__ import annotations

import json
from decimal import Decimal
from typing import Any

from pyrite.constrain.keywords import IMPLY

MAX_DIGITS = 15     # significant digits of a number (the compiler's limit, pyrite.constrain.numbers)
OPEN_NESTING = 2    # arrays and objects nest this deep in a value its schema leaves open
MAX_NESTING = 32    # and this deep in any instance (the compiler's MAX_DEPTH of sub-schemas)
STRUCTURE = frozenset({"properties", "patternProperties", "additionalProperties", "items", "prefixItems",
                       "additionalItems", "contains", "unevaluatedProperties", "unevaluatedItems",
                       "dependentSchemas", "dependencies", "propertyNames"})
BRANCHES = frozenset({"allOf", "anyOf", "oneOf", "not", "if", "then", "else"})
DYNAMIC = frozenset({"$dynamicRef", "$recursiveRef"})   # their target depends on the path taken
UNKNOWN = object()  # a governing schema that cannot be told
ANNOTATIONS = frozenset({"title", "description", "$comment", "default", "examples"})


def compact(data: Any, ensure_ascii: bool = False, plain: bool = True) -> bytes | None:
    """data as compact JSON text: numbers positional when plain, else as json.dumps writes a float
    (None when a float would not keep the exact value). Lone surrogates pass through as bytes."""
    def enc(v: Any) -> str:
        if isinstance(v, dict):
            return "{" + ",".join(f"{json.dumps(k, ensure_ascii=ensure_ascii)}:{enc(x)}" for k, x in v.items()) + "}"
        if isinstance(v, list):
            return "[" + ",".join(enc(x) for x in v) + "]"
        if isinstance(v, Decimal):
            return format(v, "f") if plain else _float_text(v)
        return json.dumps(v, ensure_ascii=ensure_ascii)
    try:
        return enc(data).encode("utf-8", "surrogatepass")
    except ValueError:
        return None


def _float_text(v: Decimal) -> str:
    text = json.dumps(float(v), allow_nan=False)   # ValueError past the float range
    if Decimal(text) != v:
        raise ValueError(f"{v} is no exact float")
    return text


def compact_forms(data: Any) -> set[bytes]:
    """The compact texts of data, plain and as json.dumps writes it, with raw UTF-8 and with \\u escapes."""
    forms = {compact(data, ascii_, plain) for ascii_ in (False, True) for plain in (True, False)}
    return {f for f in forms if f is not None}


def emitted_form(schema: Any, data: Any) -> str | None:
    """Why data (valid against schema, the document's root) is out of the emitted form; None: in form."""
    return _walk(data, schema, schema, 0)


def _walk(v: Any, schema: Any, root: Any, depth: int) -> str | None:
    implied = _implied(schema, root)
    if implied and _type(v) not in implied:
        return "a type the schema's keywords do not imply (it names none)"
    if isinstance(v, str):
        return "a lone surrogate" if any(0xD800 <= ord(c) <= 0xDFFF for c in v) else None
    if isinstance(v, Decimal):
        return _decimal(v)
    if isinstance(v, int) and not isinstance(v, bool):
        return f"more than {MAX_DIGITS} digits" if len(str(abs(v))) > MAX_DIGITS else None
    if not isinstance(v, (list, dict)):
        return None
    if depth >= MAX_NESTING:
        return f"nests deeper than {MAX_NESTING}"
    if isinstance(schema, dict) and ("enum" in schema or "const" in schema):
        literals = [*schema.get("enum", []), *([schema["const"]] if "const" in schema else [])]
        # a literal is emitted as the schema writes it: the same object in another key order is not
        return None if compact(v) in {compact(x) for x in literals} else "a literal written otherwise than the schema"
    g = _governing(schema, root)
    if g is True and _nesting(v) > OPEN_NESTING:
        return f"nests deeper than {OPEN_NESTING} under an open schema"
    if isinstance(v, list):
        return _first(_walk(x, _item(g, i), root, depth + 1) for i, x in enumerate(v))
    if g is UNKNOWN and len(v) > 1:
        return "key order not determinable"
    declared = list(g.get("properties", {})) if isinstance(g, dict) else []
    keys = [k for k in v if k in declared]
    if keys != [k for k in declared if k in v] or list(v)[:len(keys)] != keys:
        return "keys out of the schema's order"
    if isinstance(g, dict) and len(keys) < len(v) and not _asks_for_keys(g):
        return "a property the schema does not declare (nor asks for)"
    return _first(_walk(x, _member(g, k), root, depth + 1) for k, x in v.items())


def _first(reasons) -> str | None:
    return next((r for r in reasons if r is not None), None)


def _decimal(v: Decimal) -> str | None:
    if v == v.to_integral_value():
        return "a whole number written with a fraction or exponent"
    whole, _, fraction = format(abs(v), "f").partition(".")
    if len(whole.lstrip("0")) + len(fraction) > MAX_DIGITS:
        return f"more than {MAX_DIGITS} significant digits"
    return None


def _type(v: Any) -> str:
    if isinstance(v, bool):
        return "boolean"
    if isinstance(v, (int, Decimal)):
        return "number"
    return {dict: "object", list: "array", str: "string", type(None): "null"}[type(v)]


def _implied(schema: Any, root: Any) -> set[str]:
    """The types a schema that names none implies by its keywords (empty: any, or not determinable)."""
    while isinstance(schema, dict) and set(schema) - ANNOTATIONS == {"$ref"}:
        schema = _resolve(schema["$ref"], root)
    if not isinstance(schema, dict) or {"type", "enum", "const", "$ref"} & set(schema) or BRANCHES & set(schema):
        return set()
    return {"number" if t == "integer" else t for t, keys in IMPLY.items() if any(k in schema for k in keys)}


def _asks_for_keys(g: dict) -> bool:
    """Whether the compiler emits undeclared keys under g: it declares none, or asks for some by schema."""
    return not g.get("properties") and not g.get("required") or "patternProperties" in g \
        or isinstance(g.get("additionalProperties"), dict)


def _nesting(v: Any) -> int:
    children = v.values() if isinstance(v, dict) else v if isinstance(v, list) else ()
    return 1 + max(map(_nesting, children), default=0) if isinstance(v, (list, dict)) else 0


def _governing(schema: Any, root: Any, hops: int = 0) -> Any:
    """The one schema that shapes a value here: True (open: it says nothing of shape), a dict, or UNKNOWN."""
    if schema is True or schema is False or not isinstance(schema, dict):
        return True if schema is not UNKNOWN else UNKNOWN
    if DYNAMIC.intersection(schema) or any(_shapes(schema[k]) for k in BRANCHES.intersection(schema)):
        return UNKNOWN
    if "$ref" in schema:
        if hops > 32 or any(k in schema for k in STRUCTURE):
            return UNKNOWN
        return _governing(_resolve(schema["$ref"], root), root, hops + 1)
    return schema if any(k in schema for k in STRUCTURE) else True


def _shapes(branch: Any) -> bool:
    """Whether a combinator's operand could shape a value (a structure keyword or a $ref in it)."""
    parts = branch if isinstance(branch, list) else [branch]
    return any(isinstance(p, dict) and (STRUCTURE | BRANCHES | DYNAMIC | {"$ref"}).intersection(p) for p in parts)


def _resolve(ref: Any, root: Any) -> Any:
    """A local JSON pointer ("#" or "#/a/b") into root; UNKNOWN for anything else (anchors, $id, remotes)."""
    if not isinstance(ref, str) or not (ref == "#" or ref.startswith("#/")):
        return UNKNOWN
    node = root
    for token in ref[2:].split("/") if ref != "#" else []:
        token = token.replace("%25", "%").replace("~1", "/").replace("~0", "~")
        if isinstance(node, dict) and token in node:
            node = node[token]
        elif isinstance(node, list) and token.isdigit() and int(token) < len(node):
            node = node[int(token)]
        else:
            return UNKNOWN
    return node


def _item(g: Any, i: int) -> Any:
    """The schema of item i under g (draft 4-7 tuple items, prefixItems, items, additionalItems)."""
    if not isinstance(g, dict):
        return g
    tuple_ = g.get("prefixItems", g["items"] if isinstance(g.get("items"), list) else None)
    if tuple_ is not None:
        if i < len(tuple_):
            return tuple_[i]
        rest = g.get("additionalItems", True) if "prefixItems" not in g else g.get("items", True)
        return rest if isinstance(rest, (dict, bool)) else UNKNOWN
    if "contains" in g or "unevaluatedItems" in g:
        return UNKNOWN
    return g.get("items", True)


def _member(g: Any, key: str) -> Any:
    """The schema of property key under g: its declared one, else additionalProperties; UNKNOWN where
    patternProperties or dependentSchemas could also speak."""
    if not isinstance(g, dict):
        return g
    if {"patternProperties", "unevaluatedProperties", "dependentSchemas", "dependencies"}.intersection(g):
        return UNKNOWN
    if key in g.get("properties", {}):
        return g["properties"][key]
    return g.get("additionalProperties", True)
