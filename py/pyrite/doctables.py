"""The docs' generated tables: docs/routes.md's route tables (from the op registry) and runtime options
(graph/options.py OPTIONS), docs/seam.md's request schema (pyrite.schema). `python build.py docs`
rewrites them between their markers; tests/test_docs.py fails while any is stale."""
from __future__ import annotations

import re
from pathlib import Path

from .graph.options import OPTIONS
from .graph.registry import registered

def routes_table() -> str:
    """One row per route: the family, its table (the name that pins it in overrides), the rows in the
    order they are tried (first match wins, the last is the fallback) and each row's reason."""
    import pyrite.ops  # noqa: F401  (registers every family)
    seen: dict[tuple[str, str], list] = {}
    for op in registered().values():
        for table, rows in op.routes.items():
            seen.setdefault((op.family, table), list(rows))
    lines = ["| family | table (pin with `overrides`) | route | why |", "|---|---|---|---|"]
    for (family, table), rows in sorted(seen.items()):
        for i, r in enumerate(rows):
            lines.append(f"| {family if i == 0 else ''} | {f'`{table}`' if i == 0 else ''} | `{r.name}` | "
                         f"{r.reason.replace('|', '/')} |")
    return "\n".join(lines)


def options_table() -> str:
    lines = ["| option | default | allowed | what it does |", "|---|---|---|---|"]
    for name, opt in OPTIONS.items():
        allowed = ", ".join(f"`{v}`" for v in opt.values)
        lines.append(f"| `{name}` | `{opt.default}` | {allowed} | {opt.doc} |")
    return "\n".join(lines)


def schema_tables() -> str:
    from .schema import markdown
    return markdown().rstrip("\n")


# file (relative to the repository) -> its generated sections: name -> what renders it
SECTIONS = {"docs/routes.md": {"routes": routes_table, "options": options_table},
            "docs/seam.md": {"schema": schema_tables}}


def render(text: str, sections: dict, where: str = "docs/routes.md") -> str:
    """text with every generated section (between <!-- name:begin --> and <!-- name:end -->) made anew."""
    for name, table in sections.items():
        pattern = re.compile(rf"(<!-- {name}:begin -->\n).*?(<!-- {name}:end -->)", re.S)
        if not pattern.search(text):
            raise ValueError(f"{where} has no <!-- {name}:begin --> ... <!-- {name}:end --> section")
        text = pattern.sub(lambda m: m.group(1) + table() + "\n" + m.group(2), text)
    return text


def update(root: Path) -> list[str]:
    """Rewrite every generated section under root; -> the files that changed."""
    changed = []
    for name, sections in SECTIONS.items():
        path = root / name
        old = path.read_text(encoding="utf-8")
        new = render(old, sections, name)
        if new != old:
            path.write_text(new, encoding="utf-8")
            changed.append(name)
    return changed
