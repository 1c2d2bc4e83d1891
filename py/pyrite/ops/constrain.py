"""constrain: output held to an automaton over bytes (pyrite.constrain), on the GPU, every step.

mask (before the pick) walks every token's bytes from the automaton's state, one invocation per token,
and gives each token that would leave the language the logit NEG; advance (after the pick) walks the
token picked and stores the new state. Both read the state from a GPU buffer, so a batch of decode
steps replays from one submit with a constraint as without (graph/tape.py). There is no per-state mask
on the host: a vocabulary of 151k tokens is walked on the GPU in one dispatch instead, and the page
(Pyodide, no numpy) builds nothing per token but the token table, once per model.
"""
from __future__ import annotations

import array
from dataclasses import dataclass

from ..constrain import MAX_TABLE_ENTRIES, Automaton
from ..errors import LimitError
from ..gpu import Buffer
from ..graph.grids import grid_1d, grid_rows
from ..graph.plan import Live, Plan
from ..graph.registry import Op, register
from ..graph.routes import FORWARD_ROWS, Route, Single, always, one_dispatch
from ..kernels import kernel_id

FAMILY = "constrain"
HEAD_WORDS = 257                 # the automaton buffer's class map (256 words) and class count
MAX_TABLE_WORDS = MAX_TABLE_ENTRIES  # rows of every state (its C + 1 words): 32 MiB, made on first use
TEXT, STOP, NEVER = 0, 1, 2      # tok_kind: walk its bytes / allowed where the state accepts / never
MASK_WG = 256                    # shaders/constrain/constrain.yaml


def automaton_words(a: Automaton) -> array.array:
    """The automaton as the kernels read it: the byte -> class map, the class count C, then per state
    its C next states and an accepting flag."""
    c = a.n_classes
    rows = a.n_states * (c + 1)
    if rows > MAX_TABLE_WORDS:
        raise LimitError("the constraint's automaton table", rows, "words (states x (classes + 1))",
                         MAX_TABLE_WORDS)
    words = array.array("I", list(a.classes))  # (bytes would be read as raw words)
    words.append(c)
    for s in range(a.n_states):
        words.extend(a.table[s * c:(s + 1) * c])
        words.append(a.accepting[s])
    return words


@dataclass(frozen=True)
class TokenTable:
    """Every token's bytes and kind, as the kernels read them (built once per model)."""
    off: array.array    # "I", n_tok + 1: token t's bytes are data[off[t]:off[t + 1]]
    data: bytes         # every token's bytes, end to end, zero-padded to whole words
    kind: array.array   # "I", n_tok: TEXT, STOP or NEVER

    @property
    def n_tok(self) -> int:
        return len(self.kind)


def token_table(token_bytes: list[bytes], stop_ids: frozenset[int], never_ids: frozenset[int]) -> TokenTable:
    """The table of a vocabulary: token_bytes[t] are what token t stands for; stop tokens end the output
    (allowed where the automaton accepts), never tokens are never allowed (control tokens)."""
    off, kind, pos = array.array("I", [0]), array.array("I"), 0
    for t, b in enumerate(token_bytes):
        pos += len(b)
        off.append(pos)
        kind.append(STOP if t in stop_ids else NEVER if t in never_ids or not b else TEXT)
    data = b"".join(token_bytes)
    return TokenTable(off, data + b"\0" * (-len(data) % 4) or b"\0" * 4, kind)


@dataclass(frozen=True)
class ConstrainBuffers:
    automaton: Buffer   # automaton_words, at most HEAD_WORDS + MAX_TABLE_WORDS
    state: Buffer       # [1] u32 the automaton's state
    tok_off: Buffer
    tok_bytes: Buffer
    tok_kind: Buffer
    row_states: Buffer  # [FORWARD_ROWS] u32: the state each row of a verify forward is masked from


def mask(plan: Plan, op: str, b: ConstrainBuffers, logits: Buffer, *, vocab: int, n_tok: int,
         rows: bool = False) -> None:
    """logits[t] = NEG for every token t < vocab the automaton refuses from its state (t >= n_tok: all);
    rows: each of the live S rows of logits [S, vocab], row r from b.row_states[r] (a verify forward)."""
    variant = "mask_rows" if rows else "mask"
    params = plan.uniforms(f"{op}.params", kernel_id(FAMILY, variant), V=vocab, n_tok=n_tok)

    def grid(live: Live) -> tuple[int, int, int]:
        return grid_rows(vocab, MASK_WG, live.seq_len) if rows else grid_1d(vocab, MASK_WG)

    plan.add_node(op, FAMILY, vocab, MASK_ROWS_ROUTES if rows else MASK_ROUTES,
                  Single((FAMILY,), [params, b.automaton, b.tok_off, b.tok_bytes, b.row_states if rows else b.state,
                                     b.tok_kind, logits], grid))


def advance(plan: Plan, op: str, b: ConstrainBuffers, out: Buffer, *, n_tok: int) -> None:
    """state = the automaton's state after the token picked (out[0]); a stop token leaves it."""
    params = plan.uniforms(f"{op}.params", kernel_id(FAMILY, "advance"), V=n_tok, n_tok=n_tok)
    plan.add_node(op, FAMILY, n_tok, ADVANCE_ROUTES,
                  Single((FAMILY,), [params, b.automaton, b.tok_off, b.tok_bytes, b.state, b.tok_kind, out],
                         lambda live: (1, 1, 1)))


def constrain_case(p: Plan, bufs: dict[str, Buffer], a: dict) -> None:
    """The raw-bytes case: mask logits from state, then (attrs "advance") advance it by out[0]; attrs
    "rows": mask the live rows of logits, each from its state in row_states, instead."""
    b = ConstrainBuffers(bufs["automaton"], bufs["state"], bufs["tok_off"], bufs["tok_bytes"], bufs["tok_kind"],
                         bufs["row_states"] if a.get("rows") else bufs["state"])
    mask(p, "mask_rows" if a.get("rows") else "mask", b, bufs["logits"], vocab=a["vocab"], n_tok=a["n_tok"],
         rows=bool(a.get("rows")))
    if a.get("advance") and not a.get("rows"):
        advance(p, "advance", b, bufs["out"], n_tok=a["n_tok"])


# -- registration -------------------------------------------------------------------------------
MASK_ROUTES = [Route("walk", always, one_dispatch, "one invocation per token walks its bytes through the "
                     "automaton's table: the vocabulary in V/256 workgroups (594 for Qwen's 151,936 tokens) "
                     "whose adjacent lanes read adjacent offsets, masked in one dispatch, no host mask", "mask")]
MASK_ROWS_ROUTES = [Route("walk_rows", always, one_dispatch, "mask's walk for each row of a verify forward "
                          f"(S <= {FORWARD_ROWS}) from that row's state: V/256 x S workgroups, one dispatch",
                          "mask_rows")]
ADVANCE_ROUTES = [Route("advance", always, one_dispatch, "one invocation walks the token picked (a few bytes, "
                        "serial by nature): the state stays on the GPU between a batch's steps", "advance")]
NAMES = ("constrain",)
register(Op("constrain", FAMILY, constrain_case, {"mask": MASK_ROUTES, "mask_rows": MASK_ROWS_ROUTES,
                                                      "advance": ADVANCE_ROUTES}))
