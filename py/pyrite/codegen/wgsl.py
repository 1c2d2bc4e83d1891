"""Just enough WGSL reading to find a kernel's entry point and its workgroup size.

naga compiles the shader (validate.py); this only reads what the registry records:
the single @compute fn, which must be `main`, and its @workgroup_size, whose dimensions
may be literals (64, 64u, 0x40), `const` or `override` names (an override's default),
or simple integer arithmetic over those.
"""
from __future__ import annotations

import ast
import re
from dataclasses import dataclass

from pyrite.codegen.errors import CodegenError

ENTRY = "main"

_LINE_COMMENT = re.compile(r"//[^\n]*")
# One attribute, its arguments allowing one level of nested parentheses.
_ATTR = r"@\s*\w+\s*(?:\((?:[^()]|\([^()]*\))*\))?\s*"
_FN = re.compile(rf"((?:{_ATTR})+)fn\s+(\w+)")
_WORKGROUP_SIZE = re.compile(r"@\s*workgroup_size\s*\(((?:[^()]|\([^()]*\))*)\)")
_COMPUTE = re.compile(r"@\s*compute\b")
_INT_LITERAL = re.compile(r"\b(0[xX][0-9a-fA-F]+|\d+)[iu]?\b")


@dataclass(frozen=True)
class EntryPoint:
    name: str
    workgroup_size: tuple[int, int, int]


def strip_comments(text: str) -> str:
    """Drop // and (nested) /* */ comments, keeping newlines so line numbers survive."""
    if "/*" not in text:  # the common case, at regex speed
        return _LINE_COMMENT.sub("", text)
    out: list[str] = []
    depth, i = 0, 0
    while i < len(text):
        pair = text[i:i + 2]
        if pair == "/*":
            depth, i = depth + 1, i + 2
        elif depth and pair == "*/":
            depth, i = depth - 1, i + 2
        elif depth:
            out.append("\n" if text[i] == "\n" else "")
            i += 1
        elif pair == "//":
            end = text.find("\n", i)
            i = len(text) if end < 0 else end
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


def entry_point(text: str, where: str) -> EntryPoint:
    """The single @compute fn of `text` (named main) and its workgroup size."""
    code = strip_comments(text)
    computes = [(attrs, name) for attrs, name in _FN.findall(code) if _COMPUTE.search(attrs)]
    if len(computes) != 1:
        names = ", ".join(name for _, name in computes) or "none"
        raise CodegenError(where, f"needs exactly one @compute fn, found {len(computes)} ({names})")
    attrs, name = computes[0]
    if name != ENTRY:
        raise CodegenError(where, f"the @compute fn is {name!r}; it must be named {ENTRY!r}")
    match = _WORKGROUP_SIZE.search(attrs)
    if match is None:
        raise CodegenError(where, f"@compute fn {name} has no @workgroup_size")
    dims = [d.strip() for d in _split_top_level(match.group(1)) if d.strip()]
    if not 1 <= len(dims) <= 3:
        raise CodegenError(where, f"@workgroup_size({match.group(1)}) must have 1 to 3 dimensions")
    sizes = [_evaluate(d, code, where, set()) for d in dims]
    for dim, size in zip(dims, sizes):
        if size < 1:
            raise CodegenError(where, f"@workgroup_size dimension {dim!r} is {size}; it must be >= 1")
    sizes += [1] * (3 - len(sizes))
    return EntryPoint(name, (sizes[0], sizes[1], sizes[2]))


def _split_top_level(args: str) -> list[str]:
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(args):
        depth += {"(": 1, ")": -1}.get(ch, 0)
        if ch == "," and depth == 0:
            parts.append(args[start:i])
            start = i + 1
    parts.append(args[start:])
    return parts


def _declaration(name: str, code: str) -> str | None:
    """The initializer of a module-scope `const` or `override` NAME, or None."""
    match = re.search(rf"\b(?:const|override)\s+{re.escape(name)}\b\s*(?::\s*\w+\s*)?(=\s*([^;]+))?;", code)
    if match is None:
        return None
    if match.group(2) is None:
        return ""
    return match.group(2).strip()


def _evaluate(expr: str, code: str, where: str, seen: set[str]) -> int:
    """Integer value of a workgroup_size dimension: literals, names, + - * / % and parentheses."""
    # WGSL `64u` / `0x40i` -> Python ints; u32(...) / i32(...) casts of integers are no-ops here.
    py = _INT_LITERAL.sub(lambda m: str(int(m.group(1), 0)), expr)
    py = re.sub(r"\b[ui]32\s*\(", "(", py)
    try:
        tree = ast.parse(py, mode="eval")
    except SyntaxError:
        raise CodegenError(where, f"cannot read workgroup_size expression {expr!r}") from None
    return _eval_node(tree.body, expr, code, where, seen)


def _eval_node(node: ast.AST, expr: str, code: str, where: str, seen: set[str]) -> int:
    if isinstance(node, ast.Constant) and isinstance(node.value, int):
        return node.value
    if isinstance(node, ast.Name):
        if node.id in seen:
            raise CodegenError(where, f"workgroup_size constant {node.id} refers to itself")
        init = _declaration(node.id, code)
        if init is None:
            raise CodegenError(where, f"workgroup_size uses {node.id}, which is no module-scope const or override")
        if not init:
            raise CodegenError(where, f"workgroup_size uses override {node.id}, which has no default")
        return _evaluate(init, code, where, seen | {node.id})
    if isinstance(node, ast.BinOp):
        left = _eval_node(node.left, expr, code, where, seen)
        right = _eval_node(node.right, expr, code, where, seen)
        if isinstance(node.op, ast.Add):
            return left + right
        if isinstance(node.op, ast.Sub):
            return left - right
        if isinstance(node.op, ast.Mult):
            return left * right
        if isinstance(node.op, (ast.Div, ast.FloorDiv, ast.Mod)) and right != 0:
            # WGSL integer division truncates toward zero; sizes are positive.
            return left // right if not isinstance(node.op, ast.Mod) else left % right
    raise CodegenError(where, f"cannot evaluate workgroup_size expression {expr!r}")
