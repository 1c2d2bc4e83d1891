"""Runtime options: named knobs that routes read per execution (no rebuild when one changes).

Every option is declared once here with its default and allowed values; an unknown name or a value
outside the list is an OptionError naming both. option_fields() is the same table as request fields
(pyrite.fields), which pyrite.schema exports to the page.
"""
from __future__ import annotations

from dataclasses import dataclass
from collections.abc import Iterable, Iterator, Mapping, MutableMapping
from typing import Any

from ..errors import OptionError
from ..fields import Field


@dataclass(frozen=True)
class Option:
    default: Any
    values: tuple      # the allowed values, in order of preference
    doc: str


OPTIONS: dict[str, Option] = {
    "adapter_class": Option("auto", ("auto", "cpu", "gpu"),
                            "the class the routes are chosen for: auto reads the adapter (cpu: SwiftShader, "
                            "lavapipe, WARP, fallback adapters; gpu: everything else); cpu or gpu overrides it. "
                            "Read when a plan is built"),
    "sdpa_query_tile": Option(16, (16, 32), "query rows per workgroup of the streaming prefill attention"),
    "linear_prefill": Option("auto", ("auto", "register", "workgroup"),
                             "prefill linears from register tiles, or as workgroup GEMMs (W staged in workgroup "
                             "memory: slower on the CPU adapters measured, meant for GPUs); auto: on the gpu class "
                             "the coop tiles' 8-token form under 32 tokens and the GEMMs from 32, register tiles on "
                             "the cpu class; workgroup: the GEMMs from 8 tokens (32 on the cpu class)"),
    "projection_norm": Option("folded", ("folded", "dispatch"),
                              "the RMSNorm before a fused projection folded into its register-tile kernel, or "
                              "run as a dispatch of its own that writes the normed input first"),
    "route_tuning": Option("auto", ("auto", "off", "cached", "on"),
                           "where a table has several rows for a shape class (decode; prefill 17-31, >= 32 "
                           "tokens; the cpu class: decode only; 2-16 tokens follow decode's choice), time them on the "
                           "model's own shapes at load "
                           "and keep the fastest where it beats the rules' row by 10% (graph/tuning.py): on "
                           "measures again, cached reuses what was kept for this adapter and kernel set and "
                           "measures only what is missing, off takes the rules; auto: cached on the gpu class, "
                           "off on the cpu class (its rules were measured on such adapters). Needs "
                           "timestamp-query (else off). Read when a model loads"),
    "decode_batch": Option(32, (32, 16, 8, 4, 2, 1),
                           "most decode steps per submit, replayed from the tape with the next token chosen on "
                           "the GPU (graph/tape.py); 1: one step per submit"),
    "jump_forward": Option("on", ("on", "off"),
                           "constrained output: where the constraint allows one continuation only (a key, "
                           "punctuation, a const), its tokens go through the model in the next forward beside "
                           "the token picked last, one forward per submit (graph/multistep.py); off: one masked "
                           "decode step per token, in the tape's batches"),
}


def option_field(name: str) -> Field:
    """One option as a field: a choice among its values (derived from OPTIONS when asked)."""
    opt = OPTIONS.get(name)
    if opt is None:
        raise OptionError(name, f"unknown option {name!r} (known: {', '.join(sorted(OPTIONS))})")
    return Field(name, "choice", opt.default, OptionError, opt.doc, values=opt.values)


def option_fields() -> dict[str, Field]:
    return {name: option_field(name) for name in OPTIONS}


def check_option(name: str, value: Any) -> Any:
    """The value, when `name` is a known option and allows it; OptionError otherwise."""
    field = option_field(name)
    if value is None or field.problem(value) is not None:
        raise OptionError(name, f"option {name}={value!r} is not allowed (allowed: "
                          f"{', '.join(repr(v) for v in field.values)})")
    return value


def parse_option(text: str) -> tuple[str, Any]:
    """'name=value' (the CLI's --option) -> (name, value), the value typed like the option's default."""
    name, sep, raw = text.partition("=")
    name = name.strip()
    if not sep:
        raise OptionError(name, f"--option {text!r}: expected name=value")
    opt = OPTIONS.get(name)
    if opt is None:
        check_option(name, raw)
    try:
        value = type(opt.default)(raw.strip())
    except ValueError:
        raise OptionError(name, f"option {name}={raw!r}: expected a {type(opt.default).__name__}") from None
    return name, check_option(name, value)


class Options(MutableMapping):
    """The live options of one plan: every option present, every write checked."""

    def __init__(self, values: Mapping[str, Any] | Iterable[tuple[str, Any]] = ()):
        self._values = {name: opt.default for name, opt in OPTIONS.items()}
        items = list(values.items() if isinstance(values, Mapping) else values)
        for name, value in items:
            check_option(name, value)  # all or nothing
        self._values.update(items)

    def __getitem__(self, name: str) -> Any:
        return self._values[name]

    def __setitem__(self, name: str, value: Any) -> None:
        self._values[name] = check_option(name, value)

    def __delitem__(self, name: str) -> None:
        raise OptionError(name, f"option {name!r} cannot be removed (set it to one of its values)")

    def __iter__(self) -> Iterator[str]:
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)

    def __repr__(self) -> str:
        return f"Options({self._values!r})"

    def snapshot(self) -> tuple:
        """A hashable copy: a plan re-selects its routes when this changes."""
        return tuple(sorted(self._values.items()))
