"""pyrite's modules import one another one way only: no import circle, whether the import sits at the top
of a module or inside a function (a function-local import hides a circle from Python, not from the
design: DESIGN.md, "Where the engine's side concerns go"). No GPU needed."""
from __future__ import annotations

import ast
from pathlib import Path

PY = Path(__file__).resolve().parent.parent / "py"


def modules() -> dict[str, Path]:
    """Every module of pyrite by dotted name (a package by its own name, for its __init__.py)."""
    out = {}
    for path in (PY / "pyrite").rglob("*.py"):
        parts = path.relative_to(PY).with_suffix("").parts
        out[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return out


def imported(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The pyrite modules that `name` imports anywhere in its source. `from a import b` names a.b when b
    is a module, else a itself; a submodule's implicit import of its parent package is not an arrow
    (every package's __init__ would otherwise form a circle with the submodules it imports)."""
    here = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(here[:len(here) - node.level + 1] + ([node.module] if node.module else []))
            out.update(f"{base}.{a.name}" if f"{base}.{a.name}" in known else base for a in node.names)
    return {m for m in out if m in known and m != name}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """One circle per back edge met in a depth-first walk, each as [a, b, ..., a]."""
    found, state, stack = [], {}, []

    def visit(m: str) -> None:
        state[m] = "open"
        stack.append(m)
        for dep in sorted(graph[m]):
            if state.get(dep) == "open":
                found.append(stack[stack.index(dep):] + [dep])
            elif dep not in state:
                visit(dep)
        stack.pop()
        state[m] = "done"

    for m in sorted(graph):
        if m not in state:
            visit(m)
    return found


def test_no_import_cycle_among_pyrite_modules():
    known = modules()
    assert len(known) > 50 and "pyrite.engine" in known  # the walk found the package
    graph = {name: imported(name, path, known) for name, path in known.items()}
    assert "pyrite.stats" in graph["pyrite.engine"]  # the walk sees relative imports
    assert cycles(graph) == []


def test_the_walk_reports_each_circle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c", "a"]]
    assert cycles({"a": {"b"}, "b": set()}) == []
