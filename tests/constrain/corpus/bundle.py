"""Bundling: a schema whose $refs point into another document (kubernetes' _definitions.json, an OpenAPI
spec's components) becomes one document holding the definitions it reaches under $defs, those $refs
rewritten to point there. Nothing else of a definition changes; definitions it never reaches are left out."""
from __future__ import annotations

import copy
from typing import Any


def refs(node: Any) -> list[str]:
    """Every $ref string in node, in document order."""
    if isinstance(node, dict):
        own = [node["$ref"]] if isinstance(node.get("$ref"), str) else []
        return own + [r for k, v in node.items() if k != "$ref" for r in refs(v)]
    if isinstance(node, list):
        return [r for v in node for r in refs(v)]
    return []


def _rewrite(node: Any, prefix: str) -> Any:
    if isinstance(node, dict):
        out = {k: _rewrite(v, prefix) for k, v in node.items()}
        if isinstance(out.get("$ref"), str) and out["$ref"].startswith(prefix):
            out["$ref"] = "#/$defs/" + out["$ref"][len(prefix):]
        return out
    if isinstance(node, list):
        return [_rewrite(v, prefix) for v in node]
    return node


def bundle(root: dict, definitions: dict[str, Any], prefix: str, prefixes: tuple[str, ...] = ()) -> dict:
    """root with the definitions its $refs (those starting with prefix, or one of prefixes, each followed by
    a definition's name) reach, transitively, under $defs, the $refs rewritten to "#/$defs/<name>"."""
    every = (prefix, *prefixes)
    reached: dict[str, Any] = {}
    todo = refs(root)
    while todo:
        ref = todo.pop()
        name = next((ref[len(p):] for p in every if ref.startswith(p)), None)
        if name is not None and name not in reached:
            reached[name] = definitions[name]
            todo += refs(definitions[name])
    out = copy.deepcopy(root)
    for p in every:
        out = _rewrite(out, p)
    defs = {name: reached[name] for name in sorted(reached)}
    for p in every:
        defs = _rewrite(defs, p)
    if defs:
        out["$defs"] = {**out.get("$defs", {}), **defs}
    return out
