"""sample: per-row argmax of logits on the GPU, and (score) the log-probability of given next tokens."""
from __future__ import annotations

from ..gpu import Buffer
from ..graph.plan import Live, Plan
from ..graph.routes import Route, Single, always, one_dispatch
from ..kernels import kernel_id

FAMILY = "sample"


def argmax(plan: Plan, op: str, logits: Buffer, out: Buffer, *, vocab: int, rows: int = 1) -> None:
    """out[r] = (argmax, max logit) of logits[r] for r < rows (rows=0: the live seq_len)."""
    params = plan.uniforms(f"{op}.params", kernel_id(FAMILY, "argmax"), V=vocab, rows=rows)

    def grid(live: Live) -> tuple[int, int, int]:
        return (rows or live.seq_len, 1, 1)

    plan.add_node(op, FAMILY, vocab, ARGMAX_ROUTES, Single((FAMILY,), [params, plan.step_buffer, logits, out], grid))


def score(plan: Plan, op: str, logits: Buffer, targets: Buffer, out: Buffer, *, vocab: int) -> None:
    """out[r] = (argmax, log_softmax(logits[r])[targets[r]]) for the live rows."""
    params = plan.uniforms(f"{op}.params", kernel_id(FAMILY, "score"), V=vocab, rows=0)

    def grid(live: Live) -> tuple[int, int, int]:
        return (live.seq_len, 1, 1)

    plan.add_node(op, FAMILY, vocab, SCORE_ROUTES,
                  Single((FAMILY,), [params, plan.step_buffer, logits, targets, out], grid))


# -- registration -------------------------------------------------------------------------------
ARGMAX_ROUTES = [Route("argmax", always, one_dispatch, "one workgroup per row, tree reduction", "argmax")]
SCORE_ROUTES = [Route("score", always, one_dispatch, "one workgroup per row: argmax, then log-softmax at the "
                      "target", "score")]
