"""sample: per-row argmax of logits on the GPU, and (score) the log-probability of given next tokens;
next_token / draw_token: the decode step's token (the argmax, or a draw by the sampling parameters),
handed with the next step's sizes to the next step. The engine's Sampler (sampler.py) picks which of
the two runs by the plan section it runs ("next" or "draw"); draw_rows is a speculative verify's draw
per row, accept its verdict (graph/speculative.py)."""
from __future__ import annotations

from ..gpu import Buffer
from ..graph.plan import Live, Plan
from ..graph.registry import Op, register
from ..graph.routes import Route, Single, always, one_dispatch
from ..kernels import kernel_id
from ..sampling import SamplingParams

FAMILY = "sample"


def argmax(plan: Plan, op: str, logits: Buffer, out: Buffer, *, vocab: int, rows: int = 1) -> None:
    """out[r] = (argmax, max logit) of logits[r] for r < rows (rows=0: the live seq_len)."""
    params = plan.uniforms(f"{op}.params", kernel_id(FAMILY, "argmax"), V=vocab, rows=rows, slots=0)

    def grid(live: Live) -> tuple[int, int, int]:
        return (rows or live.seq_len, 1, 1)

    plan.add_node(op, FAMILY, vocab, ARGMAX_ROUTES, Single((FAMILY,), [params, plan.step_buffer, logits, out], grid))


def next_token(plan: Plan, op: str, logits: Buffer, out: Buffer, ids: Buffer, tokens: Buffer, step_next: Buffer,
               *, vocab: int) -> None:
    """The decode step's token, greedy: the argmax of the one row of logits into out[0], ids[0] and
    tokens[step.index % slots] (tokens holds tokens.size / 4 slots), and step_next = the next step's
    Step (graph/tape.py copies it in)."""
    slots = tokens.size // 4
    params = plan.uniforms(f"{op}.params", kernel_id(FAMILY, "next"), V=vocab, rows=1, slots=slots)
    plan.add_node(op, FAMILY, vocab, NEXT_ROUTES,
                  Single((FAMILY,), [params, plan.step_buffer, logits, out, ids, tokens, step_next], _one))


def draw_token(plan: Plan, op: str, logits: Buffer, out: Buffer, ids: Buffer, tokens: Buffer, step_next: Buffer,
               history: Buffer, *, vocab: int) -> Buffer:
    """next_token's outputs from a draw by the sampling parameters (penalty, top-k, top-p, min-p, seeded),
    which also writes history[position % ring] (the penalty's window). -> the sampling uniform
    (write_sampling rewrites it per generation)."""
    slots, ring = tokens.size // 4, history.size // 4
    kernel = kernel_id(FAMILY, "draw")
    params = plan.uniforms(f"{op}.params", kernel, V=vocab, slots=slots, ring=ring)
    sampling = plan.uniforms(f"{op}.sampling", kernel, "Sampling",
                             **_sampling_fields(SamplingParams(temperature=1.0), seed=0))
    plan.add_node(op, FAMILY, vocab, DRAW_ROUTES,
                  Single((FAMILY,), [params, plan.step_buffer, logits, out, ids, tokens, step_next, history,
                                     sampling], _one))
    return sampling


def draw_rows(plan: Plan, op: str, logits: Buffer, out: Buffer, history: Buffer, sampling: Buffer, *,
              vocab: int) -> None:
    """Speculative decoding's verify: per live row r of logits, the draw a decode step at position
    pos + r would make (draw_token's, with its sampling uniform and history ring, which it only reads)
    into out[r]. Nothing moves the next step: the host keeps what stands (graph/speculative.py)."""
    params = plan.uniforms(f"{op}.params", kernel_id(FAMILY, "draw_rows"), V=vocab, slots=0, ring=history.size // 4)

    def grid(live: Live) -> tuple[int, int, int]:
        return (live.seq_len, 1, 1)

    plan.add_node(op, FAMILY, vocab, DRAW_ROWS_ROUTES,
                  Single((FAMILY,), [params, plan.step_buffer, logits, out, history, sampling], grid))


def accept(plan: Plan, op: str, out: Buffer, ids: Buffer, verdict: Buffer) -> None:
    """A verify's verdict: the draft's tokens (ids[1:]) that stand, each the pick (out[r]) of the row
    before it, and the pick after them, into verdict[0:2], the 8 bytes that come back."""
    params = plan.uniforms(f"{op}.params", kernel_id(FAMILY, "accept"), rows=min(out.size // 8, ids.size // 4))
    plan.add_node(op, FAMILY, 2, ACCEPT_ROUTES, Single((FAMILY,), [params, plan.step_buffer, out, ids, verdict], _one))


def _one(live: Live) -> tuple[int, int, int]:
    return (1, 1, 1)


def write_sampling(plan: Plan, sampling: Buffer, params: SamplingParams, seed: int) -> None:
    """Rewrite next_token's sampling uniform for a generation (seed: 64 bits; params.seed is the caller's)."""
    plan.write_uniforms(sampling, kernel_id(FAMILY, "draw"), "Sampling", **_sampling_fields(params, seed))


def _sampling_fields(p: SamplingParams, seed: int) -> dict[str, float | int]:
    """The draw kernel's struct Sampling fields."""
    return {"temperature": p.temperature, "top_k": p.top_k, "top_p": p.top_p, "min_p": p.min_p,
            "penalty": p.repetition_penalty, "window": p.repetition_window,
            "seed_lo": seed & 0xFFFFFFFF, "seed_hi": (seed >> 32) & 0xFFFFFFFF}


def score(plan: Plan, op: str, logits: Buffer, targets: Buffer, out: Buffer, *, vocab: int) -> None:
    """out[r] = (argmax, log_softmax(logits[r])[targets[r]]) for the live rows."""
    params = plan.uniforms(f"{op}.params", kernel_id(FAMILY, "score"), V=vocab, rows=0, slots=0)

    def grid(live: Live) -> tuple[int, int, int]:
        return (live.seq_len, 1, 1)

    plan.add_node(op, FAMILY, vocab, SCORE_ROUTES,
                  Single((FAMILY,), [params, plan.step_buffer, logits, targets, out], grid))


def logits_case(p: Plan, b: dict[str, Buffer], a: dict) -> None:
    """The raw-bytes case: argmax of each live row of logits, or with targets, its score."""
    if "targets" in b:
        score(p, "score", b["logits"], b["targets"], b["out"], vocab=a["vocab"])
    else:
        argmax(p, "argmax", b["logits"], b["out"], vocab=a["vocab"], rows=a.get("rows", 0))


# -- registration -------------------------------------------------------------------------------
ARGMAX_ROUTES = [Route("argmax", always, one_dispatch, "one workgroup per row, tree reduction", "argmax")]
NEXT_ROUTES = [Route("argmax", always, one_dispatch, "greedy: one workgroup, the argmax written where the "
                     "next step reads it", "next")]
DRAW_ROUTES = [Route("draw", always, one_dispatch, "sampling: penalty, top-k, top-p, min-p, a seeded draw; one "
                     "workgroup", "draw")]
DRAW_ROWS_ROUTES = [Route("draw_rows", always, one_dispatch, "a verify's draws: one workgroup of 256 lanes per "
                         "row (2-16 on a GPU's units, adjacent lanes reading adjacent logits), each as a decode "
                         "step's draw at its position", "draw_rows")]
ACCEPT_ROUTES = [Route("accept", always, one_dispatch, "a verify's verdict: one invocation, at most 15 compares "
                      "(a few words read: nothing to spread over a GPU), so 8 bytes come back", "accept")]
SCORE_ROUTES = [Route("score", always, one_dispatch, "one workgroup per row: argmax, then log-softmax at the "
                      "target", "score")]
NAMES = ("logits",)
register(Op("logits", FAMILY, logits_case, {"argmax": ARGMAX_ROUTES, "score": SCORE_ROUTES, "next": NEXT_ROUTES,
                                          "draw": DRAW_ROUTES, "draw_rows": DRAW_ROWS_ROUTES, "accept": ACCEPT_ROUTES}))
