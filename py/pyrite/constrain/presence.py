"""anyOf over required alone ({"anyOf": [{"required": ["a"]}, {"required": ["b"]}]}): kept in the object,
not distributed.

Distributed, each branch lays out the whole object again, and the subset construction keeps the copies
apart wherever their futures differ only by which branch they came from (a Schema Store root with three
such branches held three copies of every property). Here the object's members are laid out once per
state of a small tracker instead: the names seen so far that some unmet alternative still needs, and
which anyOfs are met. A member is laid out once per tracker state it leads into, so the members after the
last name that matters are laid out once.
"""
from __future__ import annotations

from typing import Any

from .keywords import validating
from .parts import Parts, values
from .pattern import EMPTY, NOTHING, Pattern, graph

KEY = "~anyrequired"   # a part's keyword: a tuple of anyOfs, each a tuple of alternatives (tuples of names)
Alternatives = tuple[tuple[str, ...], ...]
Tracker = tuple[frozenset[int], frozenset[str]]   # (the anyOfs met, the names seen that an unmet one needs)


def presence_only(branches: Any, where: str) -> Alternatives | None:
    """The alternatives of an anyOf whose every branch validates with required alone (annotations aside);
    None otherwise."""
    out = []
    for i, b in enumerate(branches):
        if not isinstance(b, dict):
            return None
        kw = validating(b, f"{where}.{i}")
        if set(kw) != {"required"} or not all(isinstance(n, str) for n in kw["required"]):
            return None
        out.append(tuple(kw["required"]))
    return tuple(out) if out else None


def presence_names(parts: Parts) -> list[str]:
    """The names the parts' anyOfs of required speak of, in order."""
    return list(dict.fromkeys(n for anyofs, _ in values(parts, KEY) for alts in anyofs for a in alts for n in a))


def tracked_members(items: list[tuple[Pattern, bool, str | None]], sep: Pattern, parts: Parts) -> Pattern:
    """members() (pattern.py) of the (pattern, required, name) items, held to the parts' anyOfs of required:
    node (kind, i, tracker), kind 0 "none yet before item i", 1 "some already", 2 item i's head, whose
    tracker is the one after item i (so what leads into the same state shares one copy)."""
    anyofs: list[Alternatives] = [alts for group, _ in values(parts, KEY) for alts in group]
    kept = [(p, req, name) for p, req, name in items if p is not NOTHING]
    if any(req and p is NOTHING for p, req, _ in items):
        return NOTHING
    later = [set() for _ in range(len(kept) + 1)]   # names that may still come from item i on
    for i in range(len(kept) - 1, -1, -1):
        later[i] = later[i + 1] | ({kept[i][2]} if kept[i][2] is not None else set())

    def step(t: Tracker, name: str | None) -> Tracker:
        seen = t[1] | {name} if name is not None else t[1]
        met = t[0] | {k for k, alts in enumerate(anyofs) if any(set(a) <= seen for a in alts)}
        needed = {n for k, alts in enumerate(anyofs) if k not in met for a in alts for n in a}
        return frozenset(met), frozenset(seen & needed)

    def feasible(t: Tracker, i: int) -> bool:
        return all(k in t[0] or any(set(a) <= t[1] | later[i] for a in alts) for k, alts in enumerate(anyofs))

    ids: dict[tuple[int, int, Tracker], int] = {}
    edges: list[tuple[int, Pattern, int]] = []
    start = step((frozenset(), frozenset()), None)
    node = lambda kind, i, t: ids.setdefault((kind, i, t), len(ids))  # noqa: E731
    node(0, 0, start)
    todo = [(0, 0, start)]
    done = set()
    while todo:
        kind, i, t = todo.pop()
        if (kind, i, t) in done or i == len(kept) or not feasible(t, i):
            continue
        done.add((kind, i, t))
        p, required, name = kept[i]
        after = step(t, name)
        if feasible(after, i + 1):
            if (2, i, after) not in ids:   # the member once per head, however many ways lead in
                edges.append((node(2, i, after), p, node(1, i + 1, after)))
                todo.append((1, i + 1, after))
            edges.append((node(kind, i, t), EMPTY if kind == 0 else sep, node(2, i, after)))
        if not required:
            edges.append((node(kind, i, t), EMPTY, node(kind, i + 1, t)))
            todo.append((kind, i + 1, t))
    finals = [v for (kind, i, t), v in ids.items() if kind != 2 and i == len(kept) and len(t[0]) == len(anyofs)]
    return graph(len(ids), edges, finals) if finals else NOTHING
