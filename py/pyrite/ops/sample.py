"""sample: per-row argmax of logits on the GPU, and (score) the log-probability of given next tokens;
next_token: decode's argmax, which also hands its token and the next step's sizes to the next step."""
from __future__ import annotations

from ..gpu import Buffer
from ..graph.plan import Live, Plan
from ..graph.routes import Route, Single, always, one_dispatch
from ..kernels import kernel_id

FAMILY = "sample"


def argmax(plan: Plan, op: str, logits: Buffer, out: Buffer, *, vocab: int, rows: int = 1) -> None:
    """out[r] = (argmax, max logit) of logits[r] for r < rows (rows=0: the live seq_len)."""
    params = plan.uniforms(f"{op}.params", kernel_id(FAMILY, "argmax"), V=vocab, rows=rows, slots=0)

    def grid(live: Live) -> tuple[int, int, int]:
        return (rows or live.seq_len, 1, 1)

    plan.add_node(op, FAMILY, vocab, ARGMAX_ROUTES, Single((FAMILY,), [params, plan.step_buffer, logits, out], grid))


def next_token(plan: Plan, op: str, logits: Buffer, out: Buffer, ids: Buffer, tokens: Buffer, step_next: Buffer,
               *, vocab: int) -> None:
    """argmax of the one row of logits into out[0], ids[0] and tokens[step.index] (tokens holds
    tokens.size / 4 slots); step_next = the next decode step's Step (graph/tape.py copies it in)."""
    params = plan.uniforms(f"{op}.params", kernel_id(FAMILY, "next"), V=vocab, rows=1, slots=tokens.size // 4)
    bindings = [params, plan.step_buffer, logits, out, ids, tokens, step_next]
    plan.add_node(op, FAMILY, vocab, NEXT_ROUTES, Single((FAMILY,), bindings, lambda live: (1, 1, 1)))


def score(plan: Plan, op: str, logits: Buffer, targets: Buffer, out: Buffer, *, vocab: int) -> None:
    """out[r] = (argmax, log_softmax(logits[r])[targets[r]]) for the live rows."""
    params = plan.uniforms(f"{op}.params", kernel_id(FAMILY, "score"), V=vocab, rows=0, slots=0)

    def grid(live: Live) -> tuple[int, int, int]:
        return (live.seq_len, 1, 1)

    plan.add_node(op, FAMILY, vocab, SCORE_ROUTES,
                  Single((FAMILY,), [params, plan.step_buffer, logits, targets, out], grid))


# -- registration -------------------------------------------------------------------------------
ARGMAX_ROUTES = [Route("argmax", always, one_dispatch, "one workgroup per row, tree reduction", "argmax")]
NEXT_ROUTES = [Route("argmax_next", always, one_dispatch, "decode: one workgroup, the argmax written where the next "
                     "step reads it", "next")]
SCORE_ROUTES = [Route("score", always, one_dispatch, "one workgroup per row: argmax, then log-softmax at the "
                      "target", "score")]
