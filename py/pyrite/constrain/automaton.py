"""Automaton: a deterministic automaton over bytes, the form every constraint takes before the GPU.

State 0 is dead (every byte leads back to it, never accepting) and state 1 is the start. Bytes fall
into classes (bytes no edge tells apart share one), so the table is n_states x n_classes. Every live
state can still reach an accepting one (the compiler trims the rest), so a token that keeps the walk
off state 0 never leads into a corner the output cannot leave.
"""
from __future__ import annotations

import array
from dataclasses import dataclass
from functools import cached_property

DEAD, START = 0, 1


@dataclass(frozen=True)
class Automaton:
    classes: bytes          # 256 entries: byte -> its class
    n_classes: int
    table: array.array      # "I", n_states * n_classes: table[s * n_classes + classes[b]] = the next state
    accepting: bytes        # n_states entries: 1 where the text so far is a whole value
    held_strings: int | None = None   # a schema's strings held to this many characters to fit (compile_schema)

    def __post_init__(self) -> None:
        if len(self.classes) != 256 or max(self.classes) >= self.n_classes:
            raise ValueError("classes must map 256 bytes to classes below n_classes")
        if len(self.table) != len(self.accepting) * self.n_classes or len(self.accepting) < 2:
            raise ValueError("the table must hold n_classes entries per state, for the dead and start states too")

    @property
    def n_states(self) -> int:
        return len(self.accepting)

    def step(self, state: int, byte: int) -> int:
        return self.table[state * self.n_classes + self.classes[byte]]

    def walk(self, state: int, data: bytes) -> int:
        """The state after data from state (DEAD as soon as a byte is refused)."""
        for b in data:
            state = self.table[state * self.n_classes + self.classes[b]]
            if state == DEAD:
                return DEAD
        return state

    @cached_property
    def _single_byte_classes(self) -> dict[int, int]:
        """class -> its one byte, for the classes that hold exactly one."""
        count: dict[int, list[int]] = {}
        for b, c in enumerate(self.classes):
            count.setdefault(c, []).append(b)
        return {c: bs[0] for c, bs in count.items() if len(bs) == 1}

    def forced(self, state: int, limit: int = 256) -> tuple[bytes, int]:
        """The bytes every continuation from state starts with (at most limit): while the state does not
        accept and exactly one byte keeps the walk live, that byte. -> (those bytes, the state after them);
        (b"", state) where the output has a choice (jump-forward runs the forced bytes through the model
        at once)."""
        single, c, out = self._single_byte_classes, self.n_classes, bytearray()
        while len(out) < limit and state != DEAD and not self.accepting[state]:
            row = self.table[state * c:(state + 1) * c]
            live = [k for k in range(c) if row[k] != DEAD]
            if len(live) != 1 or live[0] not in single:
                break
            out.append(single[live[0]])
            state = row[live[0]]
        return bytes(out), state

    def accepts(self, data: bytes) -> bool:
        """Whether data, from the start, is a whole value."""
        return bool(self.accepting[self.walk(START, data)])
