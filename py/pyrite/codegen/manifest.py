"""Strict loader for shader template manifests (shaders/<family>/<name>.yaml).

    defaults: {PARAM: value, ...}         every template parameter, with its default
    variants:                             required, non-empty: a name plus overrides
      - {name: q4gsw, params: {QUANT: sym}}
    forall:                               optional: cross product over axes, written order
      DTYPE: [{suffix: f32, value: f32}, {suffix: i32, value: i32}]
    combos:                               optional alternative to forall: explicit list
      - {suffix: f32, params: {DTYPE: f32}}
    axes:                                 optional alternative: a product of named axes whose
      kind:                               points set any parameters; suffix defaults to the
        - {name: plain, suffix: "", params: {KIND: plain}}   name, "" adds nothing to the id
        - {name: qkv, params: {KIND: qkv}}
      tile: [{name: m1, params: {TM: 1}}, {name: m8, params: {TM: 8}}]
    exclude:                              with axes: points of the product left out, each
      - {kind: plain, tile: [m8]}         matching every axis it names (a name or a list);
      - {variant: q5a, tile: m8}          `variant` names variants the rule is limited to

Every problem raises ManifestError(path, key, problem); nothing is guessed.
"""
from __future__ import annotations

import itertools
import re
from dataclasses import dataclass
from pathlib import Path

import yaml

from pyrite.errors import ManifestError
from pyrite.kernels.ids import ID_PATTERN

VARIANT_KEY = "variant"  # an exclusion limited to some variants names them under this key
TOP_KEYS = ("defaults", "variants", "forall", "combos", "axes", "exclude")
PRODUCTS = ("forall", "combos", "axes")  # the ways to give combos: at most one
# Names the generator passes to every template itself.
RESERVED = ("KERNEL", "VARIANT")
PARAM_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
SCALARS = (str, int, float, bool)


@dataclass(frozen=True)
class Variant:
    name: str
    params: dict[str, object]


@dataclass(frozen=True)
class Combo:
    """One point of the forall product (one suffix per axis) or one explicit combo."""

    suffixes: tuple[str, ...]
    params: dict[str, object]
    excluded: frozenset[str] = frozenset()  # the variants a variant-limited exclusion leaves it out of


@dataclass(frozen=True)
class Expansion:
    """One kernel a manifest asks for: its variant, id suffixes and full parameters."""

    variant: str
    suffixes: tuple[str, ...]
    params: dict[str, object]


@dataclass(frozen=True)
class Manifest:
    path: Path
    defaults: dict[str, object]
    variants: tuple[Variant, ...]
    combos: tuple[Combo, ...]     # forall expanded; a single empty combo when neither is given

    def expand(self) -> list[Expansion]:
        """Variants (written order) x combos (written order), parameters fully resolved."""
        return [
            Expansion(v.name, c.suffixes, {**self.defaults, **v.params, **c.params})
            for v in self.variants
            for c in self.combos
            if v.name not in c.excluded
        ]


class _DuplicateKey(Exception):
    def __init__(self, key: object, first: int, second: int):
        self.key, self.first, self.second = key, first, second


class _StrictLoader(yaml.SafeLoader):
    """SafeLoader that refuses duplicate mapping keys (PyYAML keeps the last silently)."""

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict:
        self.flatten_mapping(node)
        seen: dict[object, int] = {}
        for key_node, _ in node.value:
            key = self.construct_object(key_node, deep=True)
            line = key_node.start_mark.line + 1
            try:
                if key in seen:
                    raise _DuplicateKey(key, seen[key], line)
            except TypeError:
                raise yaml.constructor.ConstructorError(
                    None, None, f"unhashable key {key!r}", key_node.start_mark
                ) from None
            seen[key] = line
        return super().construct_mapping(node, deep=deep)


_StrictLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _StrictLoader.construct_mapping)


def load_manifest(path: Path) -> Manifest:
    """Parse and check one manifest file."""
    try:
        doc = yaml.load(path.read_text(encoding="utf-8"), Loader=_StrictLoader)
    except _DuplicateKey as dup:
        raise ManifestError(path, str(dup.key), f"duplicate key (lines {dup.first} and {dup.second})") from None
    except yaml.YAMLError as exc:
        raise ManifestError(path, "(yaml)", f"not valid YAML: {exc}") from None
    if doc is None:
        raise ManifestError(path, "variants", "missing (the manifest is empty)")
    if not isinstance(doc, dict):
        raise ManifestError(path, "(top level)", f"must be a mapping, got {_kind(doc)}")
    for key in doc:
        if key not in TOP_KEYS:
            raise ManifestError(path, str(key), f"unknown key (allowed: {', '.join(TOP_KEYS)})")

    defaults = _params(path, "defaults", doc.get("defaults", {}), declared=None)
    variants = _variants(path, doc.get("variants"), defaults)
    given = [key for key in PRODUCTS if key in doc]
    if len(given) > 1:
        raise ManifestError(path, given[1], f"give one of {', '.join(PRODUCTS)}: not both {given[0]} and {given[1]}")
    if "exclude" in doc and "axes" not in doc:
        raise ManifestError(path, "exclude", "excludes points of axes, which the manifest does not give")
    if "forall" in doc:
        combos = _forall(path, doc["forall"], defaults)
    elif "combos" in doc:
        combos = _combos(path, doc["combos"], defaults)
    elif "axes" in doc:
        combos = axes_product(path, doc["axes"], doc.get("exclude"), defaults, [v.name for v in variants])
    else:
        combos = (Combo((), {}),)

    # A variant override that an axis then replaces would be silently ignored.
    axis_params = {name for c in combos for name in c.params}
    for i, variant in enumerate(variants):
        for name in variant.params:
            if name in axis_params:
                raise ManifestError(
                    path, f"variants[{i}].params.{name}",
                    "is also set by forall/combos, which would override it",
                )
    return Manifest(path, defaults, variants, combos)


def _kind(value: object) -> str:
    return type(value).__name__


def _check_value(path: Path, key: str, value: object) -> None:
    ok = isinstance(value, SCALARS) or (
        isinstance(value, list) and all(isinstance(item, SCALARS) for item in value)
    )
    if not ok:
        raise ManifestError(path, key, f"must be a string, number, bool or list of those, got {_kind(value)}")


def _params(path: Path, key: str, raw: object, declared: dict | None) -> dict[str, object]:
    """A {PARAM: value} mapping; with `declared`, every PARAM must be one of its keys."""
    if not isinstance(raw, dict):
        raise ManifestError(path, key, f"must be a mapping of parameter -> value, got {_kind(raw)}")
    out: dict[str, object] = {}
    for name, value in raw.items():
        sub = f"{key}.{name}"
        if not isinstance(name, str) or not PARAM_NAME.fullmatch(name):
            raise ManifestError(path, sub, "parameter names must be identifiers")
        if name in RESERVED:
            raise ManifestError(path, sub, f"{name} is reserved (the generator sets it)")
        if declared is not None and name not in declared:
            raise ManifestError(path, sub, "overrides a parameter that defaults does not declare")
        _check_value(path, sub, value)
        out[name] = value
    return out


def _mapping(path: Path, key: str, raw: object, required: tuple[str, ...], optional: tuple[str, ...]) -> dict:
    if not isinstance(raw, dict):
        raise ManifestError(path, key, f"must be a mapping, got {_kind(raw)}")
    for name in raw:
        if name not in required + optional:
            raise ManifestError(path, f"{key}.{name}", f"unknown key (allowed: {', '.join(required + optional)})")
    for name in required:
        if name not in raw:
            raise ManifestError(path, f"{key}.{name}", "missing")
    return raw


def _name(path: Path, key: str, raw: object, empty: bool = False) -> str:
    if not isinstance(raw, str) or not (ID_PATTERN.fullmatch(raw) or empty and raw == ""):
        allowed = "[a-z0-9_]+" + (' or ""' if empty else "")
        raise ManifestError(path, key, f"must be a string matching {allowed}, got {raw!r}")
    return raw


def _list(path: Path, key: str, raw: object) -> list:
    if not isinstance(raw, list):
        raise ManifestError(path, key, f"must be a list, got {_kind(raw)}")
    if not raw:
        raise ManifestError(path, key, "has no entries")
    return raw


def _variants(path: Path, raw: object, defaults: dict) -> tuple[Variant, ...]:
    if raw is None:
        raise ManifestError(path, "variants", "missing (a template needs at least one variant)")
    variants: list[Variant] = []
    seen: set[str] = set()
    for i, item in enumerate(_list(path, "variants", raw)):
        key = f"variants[{i}]"
        item = _mapping(path, key, item, required=("name",), optional=("params",))
        name = _name(path, f"{key}.name", item["name"])
        if name in seen:
            raise ManifestError(path, f"{key}.name", f"duplicate variant name {name!r}")
        seen.add(name)
        variants.append(Variant(name, _params(path, f"{key}.params", item.get("params", {}), defaults)))
    return tuple(variants)


def _forall(path: Path, raw: object, defaults: dict) -> tuple[Combo, ...]:
    if not isinstance(raw, dict) or not raw:
        raise ManifestError(path, "forall", "must be a non-empty mapping of axis -> values")
    axes: list[list[tuple[str, str, object]]] = []
    for axis, values in raw.items():
        key = f"forall.{axis}"
        if not isinstance(axis, str) or axis not in defaults:
            raise ManifestError(path, key, "an axis must be a parameter that defaults declares")
        points: list[tuple[str, str, object]] = []
        suffixes: set[str] = set()
        for j, item in enumerate(_list(path, key, values)):
            item = _mapping(path, f"{key}[{j}]", item, required=("suffix", "value"), optional=())
            suffix = _name(path, f"{key}[{j}].suffix", item["suffix"])
            if suffix in suffixes:
                raise ManifestError(path, f"{key}[{j}].suffix", f"duplicate suffix {suffix!r}")
            suffixes.add(suffix)
            _check_value(path, f"{key}[{j}].value", item["value"])
            points.append((suffix, axis, item["value"]))
        axes.append(points)
    return tuple(
        Combo(tuple(s for s, _, _ in point), {axis: value for _, axis, value in point})
        for point in itertools.product(*axes)
    )


def _combos(path: Path, raw: object, defaults: dict) -> tuple[Combo, ...]:
    combos: list[Combo] = []
    seen: set[str] = set()
    for i, item in enumerate(_list(path, "combos", raw)):
        key = f"combos[{i}]"
        item = _mapping(path, key, item, required=("suffix", "params"), optional=())
        suffix = _name(path, f"{key}.suffix", item["suffix"])
        if suffix in seen:
            raise ManifestError(path, f"{key}.suffix", f"duplicate suffix {suffix!r}")
        seen.add(suffix)
        combos.append(Combo((suffix,), _params(path, f"{key}.params", item["params"], defaults)))
    return tuple(combos)


@dataclass(frozen=True)
class _Point:
    """One point of a named axis: its name (what exclusions say), id suffix and parameters."""

    name: str
    suffix: str
    params: dict[str, object]


def axes_product(path: Path, raw: object, exclude: object, defaults: dict,
                 variants: list[str]) -> tuple[Combo, ...]:
    """The product of the named axes (written order, the first axis outermost), less the points an
    exclusion matches (for the variants it names, or all). Each parameter belongs to one axis; ids and
    exclusions must be unambiguous."""
    if not isinstance(raw, dict) or not raw:
        raise ManifestError(path, "axes", "must be a non-empty mapping of axis -> points")
    axes: dict[str, list[_Point]] = {}
    owner: dict[str, str] = {}  # parameter -> the axis that sets it
    for axis, items in raw.items():
        key = f"axes.{_name(path, 'axes', axis)}"
        if axis == VARIANT_KEY:
            raise ManifestError(path, key, f"{VARIANT_KEY} is the variants' name in exclusions, not an axis")
        points: list[_Point] = []
        for j, item in enumerate(_list(path, key, items)):
            where = f"{key}[{j}]"
            item = _mapping(path, where, item, required=("name", "params"), optional=("suffix",))
            name = _name(path, f"{where}.name", item["name"])
            point = _Point(name, _name(path, f"{where}.suffix", item.get("suffix", name), empty=True),
                           _params(path, f"{where}.params", item["params"], defaults))
            for other in points:
                for field_name in ("name", "suffix"):
                    if getattr(other, field_name) == getattr(point, field_name):
                        raise ManifestError(path, f"{where}.{field_name}",
                                            f"duplicate {field_name} {getattr(point, field_name)!r} in axis {axis}")
            for param in point.params:
                if owner.setdefault(param, axis) != axis:
                    raise ManifestError(path, f"{where}.params.{param}", f"is also set by axis {owner[param]}")
            points.append(point)
        axes[axis] = points
    rules = _exclusions(path, exclude, axes, variants)
    used = [False] * len(rules)
    combos: dict[str, Combo] = {}
    for point in itertools.product(*axes.values()):
        names = {axis: p.name for axis, p in zip(axes, point)}
        hits = [i for i, rule in enumerate(rules)
                if all(names[a] in allowed for a, allowed in rule.items() if a != VARIANT_KEY)]
        whole = next((i for i in hits if VARIANT_KEY not in rules[i]), None)
        if whole is not None:  # left out of every variant: the first such rule is the one that does it
            used[whole] = True
            continue
        for i in hits:
            used[i] = True
        excluded = frozenset(v for i in hits for v in rules[i][VARIANT_KEY])
        combo = Combo(tuple(p.suffix for p in point if p.suffix), {k: v for p in point for k, v in p.params.items()},
                      excluded)
        suffix = "_".join(combo.suffixes)
        if suffix in combos:
            raise ManifestError(path, "axes", f"points {names} give the suffix {suffix!r} of an earlier point")
        combos[suffix] = combo
    for i, hit in enumerate(used):
        if not hit:
            raise ManifestError(path, f"exclude[{i}]", "excludes nothing (every point it names is left out already)")
    if not combos:
        raise ManifestError(path, "exclude", "leaves no point of the axes")
    return tuple(combos.values())


def _exclusions(path: Path, raw: object, axes: dict[str, list[_Point]],
                variants: list[str]) -> list[dict[str, set[str]]]:
    """Each exclusion as {axis: the point names it matches} ({VARIANT_KEY: variant names} for one limited
    to some variants; none when the manifest gives no exclude)."""
    named = {axis: [p.name for p in points] for axis, points in axes.items()}
    named[VARIANT_KEY] = variants
    rules = []
    for i, item in enumerate(_list(path, "exclude", raw) if raw is not None else []):
        key = f"exclude[{i}]"
        if not isinstance(item, dict) or not item:
            raise ManifestError(path, key, f"must be a non-empty mapping of axis -> point name(s), got {item!r}")
        rule = {}
        for axis, names in item.items():
            if axis not in named:
                raise ManifestError(path, f"{key}.{axis}", f"unknown axis (axes: {', '.join(axes)}; or "
                                                           f"{VARIANT_KEY})")
            listed = _list(path, f"{key}.{axis}", names) if isinstance(names, list) else [names]
            known = named[axis]
            for name in listed:
                if name not in known:
                    raise ManifestError(path, f"{key}.{axis}", f"unknown point {name!r} (axis {axis} has "
                                                               f"{', '.join(known)})")
            rule[axis] = set(listed)
        if set(rule) == {VARIANT_KEY}:
            raise ManifestError(path, key, "names only variants: leave them out of variants instead")
        rules.append(rule)
    return rules
