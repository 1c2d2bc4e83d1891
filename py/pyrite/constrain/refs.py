"""References: a schema document indexed so that every $ref resolves to a sub-schema of it.

The document is copied once with each $ref made absolute against the base URI in force where it
stands ($id, or draft 4's id, changes the base), so a reference means the same wherever a merge or a
reference moves its schema. Fragments resolve as JSON pointers (with ~0, ~1 and percent escapes) or as
anchors ($anchor, $dynamicAnchor, and drafts 6-7's "$id": "#name"). A reference outside the document
is refused by name: the compiler fetches nothing.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any
from urllib.parse import unquote, urldefrag, urljoin

from ..errors import RequestError

ROOT_URI = "https://pyrite.invalid/schema.json"   # the base of a document without $id
DATA = frozenset({"enum", "const", "default", "examples"})   # values, not schemas: copied as they are
NAMED = frozenset({"properties", "patternProperties", "$defs", "definitions", "dependentSchemas", "dependencies"})
DRAFTS = (("draft-04", 4), ("draft-06", 6), ("draft-07", 7), ("2019-09", 2019), ("2020-12", 2020))


def draft_of(root: Any) -> int:
    """The draft $schema names (4, 6, 7, 2019, 2020); 2020 when it names none we know."""
    uri = root.get("$schema") if isinstance(root, dict) else None
    return next((d for tag, d in DRAFTS if isinstance(uri, str) and tag in uri), 2020)


@dataclass(frozen=True)
class Target:
    schema: Any
    where: str   # its path, for errors
    uri: str     # the absolute reference, which recursion is counted by


@dataclass
class Document:
    """root, rebased: refs absolute, resources and anchors indexed by absolute URI."""
    root: Any
    where: str
    draft: int = 0
    rebased: Any = None
    resources: dict[str, tuple[Any, str]] = field(default_factory=dict)
    anchors: dict[str, tuple[Any, str]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.draft = draft_of(self.root)
        self.rebased = self._rebase(self.root, ROOT_URI, self.where)
        self.resources.setdefault(ROOT_URI, (self.rebased, self.where))

    def _rebase(self, node: Any, base: str, where: str) -> Any:
        if isinstance(node, list):
            return [self._rebase(v, base, f"{where}.{i}") for i, v in enumerate(node)]
        if not isinstance(node, dict):
            return node
        out: dict[str, Any] = {}
        ident = node.get("id" if self.draft == 4 else "$id")
        if isinstance(ident, str) and not (self.draft <= 7 and "$ref" in node):  # drafts <= 7: $ref hides siblings
            uri, frag = urldefrag(urljoin(base, ident))
            if ident.startswith("#"):
                self.anchors[f"{base}#{frag}"] = (out, where)
            else:
                base = uri
                self.resources[uri] = (out, where)
        for key in ("$anchor", "$dynamicAnchor"):
            if isinstance(node.get(key), str):
                self.anchors[f"{base}#{node[key]}"] = (out, where)
        for key, value in node.items():
            if key in NAMED and isinstance(value, dict):   # names, not keywords: "default" here is a property
                out[key] = {n: self._rebase(v, base, f"{where}.{key}.{n}") for n, v in value.items()}
            elif key in DATA:
                out[key] = value
            elif key == "$ref" and isinstance(value, str):
                out[key] = urljoin(base, value)
            else:
                out[key] = self._rebase(value, base, f"{where}.{key}")
        return out

    def resolve(self, ref: str, where: str) -> Target:
        """The sub-schema an absolute $ref names; RequestError at where when there is none."""
        if ref in self.anchors:
            return Target(*self.anchors[ref], ref)
        uri, frag = urldefrag(ref)
        if uri not in self.resources:
            raise RequestError(where, f"$ref {ref!r}: references outside this schema (remote references) are "
                                      f"not supported; put the definition under $defs")
        node, at = self.resources[uri]
        frag = unquote(frag)
        if frag and not frag.startswith("/"):
            raise RequestError(where, f"$ref {ref!r}: no $anchor named {frag!r} in this schema")
        for token in frag.split("/")[1:]:
            token = token.replace("~1", "/").replace("~0", "~")
            if isinstance(node, dict) and token in node:
                node = node[token]
            elif isinstance(node, list) and token.isdigit() and int(token) < len(node):
                node = node[int(token)]
            else:
                raise RequestError(where, f"$ref {ref!r}: nothing at {frag!r} (a missing definition)")
            at = f"{at}.{token}"
        return Target(node, at, ref)
