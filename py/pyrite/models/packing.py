"""Packing at load: the members of a fused projection (Q, K, V; gate, up) become one tensor.

The packed tensor holds the members' rows in order: its q / data part is their parts end to end,
and each group row of its fp16 scale / min parts ([K/gs, N], group-major) is the members' rows of
that group end to end. So the fused kernel reads one tensor, and any member is a row view of it
(graph/device_weights.py). The model format does not change: packing happens as the shards are uploaded.

Members pack only when they agree on format, group size and K, and the packed tensor fits one
binding; otherwise they load as they are and the model runs the split routes (attested).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from ..formats import ROW_PARTS, max_part_bytes, part_bytes
from .format import ModelIndex, TensorEntry

# packed name -> member names, in row order (blk.N.<name>.weight / .bias)
PACKS = {"attn_qkv": ("attn_q", "attn_k", "attn_v"), "ffn_gate_up": ("ffn_gate", "ffn_up")}
_BLOCK = re.compile(r"(blk\.\d+)\.")


@dataclass(frozen=True)
class Pack:
    name: str                        # the packed tensor: blk.0.attn_qkv.weight
    members: tuple[TensorEntry, ...]

    @property
    def shape(self) -> tuple[int, ...]:
        first = self.members[0]
        return (sum(m.shape[0] for m in self.members), *first.shape[1:])

    @property
    def format(self) -> str:
        return self.members[0].format

    @property
    def group_size(self) -> int | None:
        return self.members[0].group_size


def _agree(members: list[TensorEntry]) -> bool:
    first = members[0]
    return all(m.format == first.format and m.group_size == first.group_size and m.shape[1:] == first.shape[1:]
               for m in members)


def plan_packs(index: ModelIndex, limit: int) -> list[Pack]:
    """Every pack the index allows under a binding limit of `limit` bytes (weights, then their biases).

    A bias pack needs the weight pack and every member's bias; a weight pack whose members carry
    only some biases is not made (the split route then binds each member with its own bias)."""
    blocks = sorted({m.group(1) for name in index.tensors if (m := _BLOCK.match(name))},
                    key=lambda b: int(b.split(".")[1]))
    packs = []
    for blk in blocks:
        for packed, names in PACKS.items():
            weights = [index.tensors.get(f"{blk}.{n}.weight") for n in names]
            biases = [index.tensors.get(f"{blk}.{n}.bias") for n in names]
            if None in weights or not _agree(weights) or (any(biases) and None in biases):  # type: ignore[arg-type]
                continue
            pack = Pack(f"{blk}.{packed}.weight", tuple(weights))  # type: ignore[arg-type]
            if 2 != len(pack.shape) or max_part_bytes(pack.format, pack.shape, pack.group_size) > limit:
                continue
            packs.append(pack)
            if biases[0] is not None:
                packs.append(Pack(f"{blk}.{packed}.bias", tuple(biases)))  # type: ignore[arg-type]
    return packs


def pack_spans(pack: Pack, part: str) -> list[tuple[TensorEntry, int, int, int]]:
    """(member, source offset in its shard, destination offset, bytes) of one part of the packed tensor."""
    spans, dst = [], 0
    if part in ROW_PARTS:  # row-major: the members' parts one after another
        for m in pack.members:
            p = m.parts[part]
            spans.append((m, p.offset, dst, part_bytes(m.format, m.shape, m.group_size, part)))
            dst += spans[-1][3]
        return spans
    groups = pack.shape[1] // pack.group_size  # type: ignore[operator]
    for g in range(groups):
        for m in pack.members:
            n = m.shape[0]
            spans.append((m, m.parts[part].offset + 2 * g * n, dst, 2 * n))
            dst += 2 * n
    return spans
