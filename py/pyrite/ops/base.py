"""Routes as data: each op family has an ordered table of Route rows; the first whose predicate
holds for the live shape and the adapter wins, the last is the general fallback. Any route can be
pinned with a plan-wide override ({"sdpa": "online"}), so tests cover every variant on any adapter."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping, Sequence

from ..errors import DTypeError, PyriteError


@dataclass(frozen=True)
class Route:
    name: str
    when: Callable[[Any], bool]   # predicate over the op's spec (shapes, formats, adapter)
    variant: str                  # template variant; the kernel id is family_variant[_suffix...]
    reason: str                   # one line: why this row exists


class RouteError(PyriteError):
    """No route accepts the op, or an override names an unknown route."""


def choose(family: str, routes: Sequence[Route], spec: Any, overrides: Mapping[str, str] | None = None) -> Route:
    """First matching row, or the pinned one when `overrides` names this family."""
    pinned = (overrides or {}).get(family)
    if pinned is not None:
        for r in routes:
            if r.name == pinned:
                return r
        raise RouteError(f"{family}: no route named {pinned!r} (have {[r.name for r in routes]})")
    for r in routes:
        if r.when(spec):
            return r
    raise RouteError(f"{family}: no route accepts {spec}")


def routes_for(family: str, routes: Sequence[Route], overrides: Mapping[str, str] | None = None) -> list[Route]:
    """The rows a node may switch between per execution: all of them, or only the pinned one."""
    pinned = (overrides or {}).get(family)
    if pinned is None:
        return list(routes)
    chosen = [r for r in routes if r.name == pinned]
    if not chosen:
        raise RouteError(f"{family}: no route named {pinned!r} (have {[r.name for r in routes]})")
    return [Route(r.name, lambda spec: True, r.variant, r.reason) for r in chosen]


def check_format(op: str, fmt: str, allowed: Sequence[str]) -> None:
    if fmt not in allowed:
        raise DTypeError(f"{op}: weight format {fmt!r} is not supported (supported: {', '.join(allowed)})")
