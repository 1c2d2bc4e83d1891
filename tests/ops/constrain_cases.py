"""Cases of the constrain family (ops/constrain.py): a random automaton and a random vocabulary, the
mask and the advance against a walk in Python."""
from __future__ import annotations

import array

import numpy as np

from pyrite.constrain import Automaton
from pyrite.ops.constrain import NEVER, STOP, automaton_words, token_table
from pyrite.ops.single import Case

NEG = np.float32(-3.0e38)  # shaders/constrain/constrain.wgsl


def random_automaton(rng, n_states: int, n_classes: int) -> Automaton:
    """Transitions mostly into live states, some into the dead one; state 0 stays dead."""
    table = rng.integers(1, n_states, (n_states, n_classes))
    table[rng.random((n_states, n_classes)) < 0.3] = 0
    table[0] = 0
    accepting = (rng.random(n_states) < 0.4).astype(np.uint8)
    accepting[0] = 0
    classes = rng.integers(0, n_classes, 256).astype(np.uint8)
    classes[:n_classes] = np.arange(n_classes)  # every class has a byte
    return Automaton(bytes(classes), n_classes, array.array("I", table.ravel().tolist()), bytes(accepting))


def constrain_case(rng, V: int, n_tok: int, state: int, advance: bool):
    """Token t < n_tok: random bytes (some empty), a few stop and never tokens; rows n_tok..V are padding."""
    a = random_automaton(rng, 11, 7)
    vocab = [bytes(rng.integers(0, 256, rng.integers(0, 6)).astype(np.uint8)) for _ in range(n_tok)]
    stops, never = frozenset({3, n_tok - 1}), frozenset({5})
    table = token_table(vocab, stops, never)
    logits = rng.standard_normal(V).astype(np.float32)
    want = logits.copy()
    for t in range(V):
        kind = table.kind[t] if t < n_tok else NEVER
        ok = (kind == STOP and a.accepting[state]) or (kind == 0 and a.walk(state, vocab[t]) != 0)
        if not ok:
            want[t] = NEG
    allowed = [t for t in range(n_tok) if want[t] != NEG and table.kind[t] == 0]
    picked = int(rng.choice(allowed))
    inputs = {"automaton": automaton_words(a).tobytes(), "state": np.uint32([state]).tobytes(),
              "tok_off": table.off.tobytes(), "tok_bytes": table.data, "tok_kind": table.kind.tobytes(),
              "logits": logits.tobytes(), "out": np.uint32([picked, 0]).tobytes()}
    ref = {"logits": want}
    if advance:
        ref["state"] = np.uint32([a.walk(state, vocab[picked])])
    case = Case("constrain", {"vocab": V, "n_tok": n_tok, "advance": advance}, inputs,
                {"logits": V * 4, **({"state": 4} if advance else {})})
    return case, ref


def constrain_rows_case(rng, V: int, n_tok: int, states: list[int]):
    """mask_rows: row r of len(states) logits rows masked from states[r], against mask's own case per row."""
    rows = [constrain_case(np.random.default_rng(7), V, n_tok, s, advance=False) for s in states]
    inputs = dict(rows[0][0].inputs)  # the same automaton and vocabulary for every row (one seed)
    inputs["row_states"] = np.uint32(states).tobytes()
    inputs["logits"] = b"".join(c.inputs["logits"] for c, _ in rows)
    case = Case("constrain", {"vocab": V, "n_tok": n_tok, "rows": True}, inputs, {"logits": len(states) * V * 4},
                seq_len=len(states))
    return case, {"logits": np.concatenate([ref["logits"] for _, ref in rows])}


def all_constrain_cases(rng):
    return [("constrain_mask", *constrain_case(rng, 1031, 997, 2, advance=False), 0.0),
            ("constrain_mask_rows", *constrain_rows_case(rng, 1031, 997, [2, 1, 5, 2, 9]), 0.0),
            ("constrain_mask_advance", *constrain_case(rng, 613, 613, 1, advance=True), 0.0)]
