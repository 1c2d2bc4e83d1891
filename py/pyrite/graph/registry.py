"""The op registry: registered op name -> what builds it.

Every module of pyrite/ops ends with a registration block that registers its op names here, so
importing pyrite.ops registers every family. Nothing in graph/ imports pyrite.ops: what runs an op
by name (pyrite.ops.single for raw-bytes cases, pyrite.eager for numpy) looks it up here.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping, Sequence

from ..errors import PyriteError
from ..gpu import Buffer
from .plan import Plan
from .routes import Route

# (plan, the case's buffers by name, the case's attrs) -> appends the op's node(s) to the plan
CaseBuilder = Callable[[Plan, dict[str, Buffer], dict[str, Any]], None]


class UnknownOpError(PyriteError):
    """An op name nothing registered."""


@dataclass(frozen=True)
class HostTensor:
    """An eager operand on the host: its shape and row-major little-endian f32 bytes."""

    shape: tuple[int, ...]
    data: bytes


@dataclass(frozen=True)
class Op:
    """One registered op. Library ops give infer (their output from operand specs, typed errors
    first); tensor ops (sdpa, attention) give host, which makes their case from host tensors."""

    name: str                                # the op's name: a Case's op, eager.run's first argument
    family: str                              # its module's FAMILY
    case: CaseBuilder                        # builds the node(s) of a raw-bytes case (pyrite.ops.single)
    routes: Mapping[str, Sequence[Route]]    # its route tables, by name
    dtypes: Any = None                       # what it accepts, read from its manifest through the registry
    infer: Callable[..., Any] | None = None  # library ops: (name, *operand Specs, **attrs) -> output Spec
    host: Callable[..., tuple[Any, Any]] | None = None  # tensor ops: (*HostTensors, **attrs) -> (Case, Spec)


_OPS: dict[str, Op] = {}


def register(*ops: Op) -> None:
    """Add ops (a module's registration block); a name registered twice is an error."""
    for op in ops:
        if op.name in _OPS:
            raise PyriteError(f"op {op.name!r} is registered twice (families {_OPS[op.name].family} and {op.family})")
        _OPS[op.name] = op


def lookup(name: str) -> Op:
    """The op registered as `name`; UnknownOpError listing what is registered."""
    op = _OPS.get(name)
    if op is None:
        raise UnknownOpError(f"unknown op {name!r} (registered: {', '.join(sorted(_OPS)) or 'none; import pyrite.ops'})")
    return op


def registered() -> Mapping[str, Op]:
    """Every registered op by name."""
    return dict(_OPS)
