"""The Llama-family transformer (llama, qwen2 with QKV bias, qwen3 with q/k norm) as one Plan.

Sections: "body" (embedding + blocks), "logits" (the last token -> logits), then one of "next" (their
argmax) or "draw" (a draw by the sampling parameters), each writing the token where the next decode
step reads it (graph/tape.py; sampler.py picks which runs), and, built on first use, "score" (every
token -> logits -> argmax + log-probability of the next token), speculative decoding's "verify" with
"verify_argmax" or "verify_draw" (every row of a forward picked as a decode step would), and constrained
output's "mask" (between the logits and the pick) and "advance" (after it).
Parameters keep the GGUF tensor names (blk.N.attn_q.weight ...); Q/K/V and gate/up arrive packed at
load (blk.N.attn_qkv.weight, blk.N.ffn_gate_up.weight; models/packing.py) where their formats agree.
A decoder layer is five nodes: qkv (norm, Q, K, V, RoPE, cache write), attention, o_proj (+ residual),
gate_up (norm, SwiGLU entry), down (+ residual); each fused node has a split route. (Qwen3's q/k norm
sits between the projection and RoPE, so there RoPE and the cache write are a node of their own.)
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from ..errors import ModelFormatError
from ..gpu import Buffer, Device
from ..graph.options import Options
from ..graph.plan import Plan, storage
from ..graph.routes import FORWARD_ROWS
from ..graph.tape import MAX_STEPS, STEP_BYTES, DecodeTape
from ..sampling import MAX_WINDOW
from ..ops.constrain import HEAD_WORDS, MAX_TABLE_WORDS, ConstrainBuffers, TokenTable, advance, mask
from ..ops.embedding import embedding
from ..ops.kv_cache import KVCache
from ..ops.linear import linear
from ..ops.norm import rmsnorm
from ..ops.projection import Members, Rope, project
from ..ops.rope import rope_kv, rope_table
from ..ops.sample import accept, argmax, draw_rows, draw_token, next_token, score
from ..ops.sdpa import sdpa
from .config import ModelConfig
from .packing import PACKS
from ..graph.device_weights import DeviceWeight

F32 = 4
# Slots of the draw's history ring: the penalty's window, and past it what may be written ahead of a draw
# without landing on a slot its window reads: a verify forward's draft (written before the rows before it
# draw) and the two tape batches a forward leaves in flight (graph/multistep.py).
HISTORY_RING = MAX_WINDOW + FORWARD_ROWS + 2 * MAX_STEPS


@dataclass
class Activations:
    """Step buffers sized for max_seq tokens (rows beyond the live seq_len are ignored)."""

    ids: Buffer      # [max_seq] u32 token ids
    targets: Buffer  # [max_seq] u32 next-token ids (score)
    x: Buffer        # [max_seq, hidden] residual stream
    h: Buffer        # [max_seq, hidden] normed input (split routes, score)
    q: Buffer        # [max_seq, n_heads * head_dim]
    q_raw: Buffer | None  # [max_seq, n_heads * head_dim] before q_norm (qwen3)
    k: Buffer        # [max_seq, n_kv_heads * head_dim]
    k_raw: Buffer | None  # [max_seq, n_kv_heads * head_dim] before k_norm (qwen3)
    v: Buffer        # [max_seq, n_kv_heads * head_dim]
    attn: Buffer     # [max_seq, n_heads * head_dim]
    gate: Buffer     # [max_seq, ffn] silu(gate) * up
    up: Buffer       # [max_seq, ffn] up (the split gate_up route)
    last: Buffer     # [1, hidden] the last token, normed
    logits: Buffer   # [1, vocab]
    out: Buffer      # [max_seq, 2] u32: argmax, f32 bits (max logit or log-probability)
    tokens: Buffer   # [tape.MAX_STEPS] u32: the tokens a batch of decode steps picked
    step_next: Buffer  # a struct Step: the next decode step's live sizes (copied into the step uniform)
    history: Buffer  # [HISTORY_RING] u32: the token at position q, at q % HISTORY_RING (the penalty's window)
    dummy: Buffer    # 4 bytes, bound where an optional input (bias) is absent


class LlamaModel:
    def __init__(self, device: Device, config: ModelConfig, weights: dict[str, DeviceWeight], *,
                 max_ctx: int, max_seq: int, overrides: dict[str, str] | None = None,
                 options: Mapping[str, Any] | None = None):
        self.device, self.config, self.weights = device, config, weights
        self.max_ctx, self.max_seq = max_ctx, max_seq
        c = config
        self.act = Activations(
            ids=storage(device, "ids", max_seq * 4), targets=storage(device, "targets", max_seq * 4),
            x=storage(device, "x", max_seq * c.hidden * F32), h=storage(device, "h", max_seq * c.hidden * F32),
            q=storage(device, "q", max_seq * c.q_dim * F32),
            q_raw=storage(device, "q_raw", max_seq * c.q_dim * F32) if c.qk_norm else None,
            k=storage(device, "k", max_seq * c.kv_dim * F32),
            k_raw=storage(device, "k_raw", max_seq * c.kv_dim * F32) if c.qk_norm else None,
            v=storage(device, "v", max_seq * c.kv_dim * F32),
            attn=storage(device, "attn", max_seq * c.q_dim * F32),
            gate=storage(device, "gate", max_seq * c.ffn * F32), up=storage(device, "up", max_seq * c.ffn * F32),
            last=storage(device, "last", c.hidden * F32), logits=storage(device, "logits", c.vocab * F32),
            out=storage(device, "out", max_seq * 8), tokens=storage(device, "tokens", MAX_STEPS * 4),
            step_next=storage(device, "step_next", STEP_BYTES), history=storage(device, "history", HISTORY_RING * 4),
            dummy=storage(device, "dummy", 4),
        )
        self.caches = [KVCache.allocate(device, f"blk.{i}.kv", c.n_kv_heads, c.head_dim, max_ctx)
                       for i in range(c.n_layers)]
        table = rope_table(max_ctx, c.head_dim, c.rope_theta, c.rope_scaling)
        self.rope_table = storage(device, "rope_table", len(table))
        device.write_buffer(self.rope_table, 0, table)
        self.plan = Plan(device, "llama", dict(overrides or {}), Options(options or {}), max_rows=max_seq)
        self._build_body()
        self._build_next()
        self.tape = DecodeTape(self.plan, self.act.ids, self.act.step_next, self.act.tokens)  # decode batches
        self.score_logits: Buffer | None = None  # [max_seq, vocab] f32, built with the score section
        self.verify_logits: Buffer | None = None  # [FORWARD_ROWS, vocab] f32, built with the verify sections
        self.verdict: Buffer | None = None  # [2] u32: a verify's tokens that stand, and the pick after them
        self.constrain: ConstrainBuffers | None = None  # built with the mask and advance sections
        self.constrain_tokens = 0  # tokens of the vocabulary's table the mask walks
        self.verify_masked = False  # the "verify_mask" section is built

    def w(self, name: str) -> DeviceWeight:
        try:
            return self.weights[name]
        except KeyError:
            raise ModelFormatError(f"model has no tensor {name!r} (arch {self.config.arch})") from None

    def maybe(self, name: str) -> DeviceWeight | None:
        return self.weights.get(name)

    @property
    def lm_head(self) -> DeviceWeight:
        return self.maybe("output.weight") or self.w("token_embd.weight")

    def decode_read_bytes(self, pos: int) -> int:
        """Bytes one decode step at position pos reads: every weight once (of an untied embedding table,
        the one row it gathers), and K and V of positions 0..pos in every layer."""
        def size(w: DeviceWeight) -> int:
            return sum(b.size for block in w.row_blocks() for b in block.parts.values())
        total = sum(size(w) for w in self.weights.values())
        table = self.w("token_embd.weight")
        if self.maybe("output.weight") is not None:  # untied: the table is gathered, not read whole
            total -= size(table) - size(table) // table.shape[0]
        c = self.config
        return total + 2 * c.n_layers * c.n_kv_heads * c.head_dim * 2 * (pos + 1)  # fp16 K and V

    # -- graph ------------------------------------------------------------------------------------

    def _build_body(self) -> None:
        c, a, p = self.config, self.act, self.plan
        p.section = "body"
        embedding(p, "token_embd", a.ids, self.w("token_embd.weight"), a.x)
        interleaved = c.rope_layout == "interleaved"  # see models/config.py ROPE_LAYOUTS
        for i, cache in enumerate(self.caches):
            b = f"blk.{i}"
            # RoPE and the cache write fold into the projection, except where Qwen3's q/k norm comes between
            rope = None if c.qk_norm else Rope(self.rope_table, cache, interleaved)
            project(p, f"{b}.attn_qkv", "qkv", a.x, self.w(f"{b}.attn_norm.weight"),
                    self.members(b, "attn_qkv", (c.q_dim, c.kv_dim, c.kv_dim)),
                    (a.q_raw or a.q, a.k_raw or a.k, a.v), h=a.h, eps=c.rms_eps, dummy=a.dummy, rope=rope)
            if c.qk_norm:  # qwen3: per-head RMSNorm of q and k, then RoPE and the cache write
                for name, raw, dst, heads in (("q", a.q_raw, a.q, c.n_heads), ("k", a.k_raw, a.k, c.n_kv_heads)):
                    rmsnorm(p, f"{b}.attn_{name}_norm", raw, self.w(f"{b}.attn_{name}_norm.weight"), dst,
                            eps=c.rms_eps, rows_per_token=heads)
                rope_kv(p, f"{b}.rope_kv", a.q, a.k, a.v, self.rope_table, cache, n_heads=c.n_heads,
                        interleaved=interleaved)
            sdpa(p, f"{b}.attn", a.q, cache, a.attn, n_heads=c.n_heads, max_seq=self.max_seq)
            linear(p, f"{b}.attn_output", a.attn, self.w(f"{b}.attn_output.weight"), a.x, dummy=a.dummy,
                   accumulate=True)
            project(p, f"{b}.ffn_gate_up", "gate_up", a.x, self.w(f"{b}.ffn_norm.weight"),
                    self.members(b, "ffn_gate_up", (c.ffn, c.ffn)), (a.gate,), h=a.h, eps=c.rms_eps,
                    dummy=a.dummy, scratch=a.up)
            linear(p, f"{b}.ffn_down", a.gate, self.w(f"{b}.ffn_down.weight"), a.x, dummy=a.dummy, accumulate=True)

    def members(self, blk: str, packed: str, sizes: tuple[int, ...]) -> Members:
        """A fused projection's weights: views of the tensor packed at load, or the members as they are."""
        names = tuple(f"{blk}.{n}" for n in PACKS[packed])
        w = self.maybe(f"{blk}.{packed}.weight")
        if w is not None:
            return Members.of_packed(w, self.maybe(f"{blk}.{packed}.bias"), names, sizes)
        return Members(tuple(self.w(f"{n}.weight") for n in names), tuple(self.maybe(f"{n}.bias") for n in names))

    def _build_next(self) -> None:
        c, a, p = self.config, self.act, self.plan
        p.section = "logits"
        rmsnorm(p, "output_norm", a.x, self.w("output_norm.weight"), a.last, eps=c.rms_eps, last_only=True)
        linear(p, "output", a.last, self.lm_head, a.logits, dummy=a.dummy, rows=1)
        p.section = "next"
        next_token(p, "argmax", a.logits, a.out, a.ids, a.tokens, a.step_next, vocab=c.vocab)
        p.section = "draw"
        self.sampling = draw_token(p, "draw", a.logits, a.out, a.ids, a.tokens, a.step_next, a.history,
                                   vocab=c.vocab)

    def ensure_score(self) -> None:
        """Build the "score" section (logits for every live token) on first use."""
        if self.score_logits is not None:
            return
        c, a, p = self.config, self.act, self.plan
        self.score_logits = storage(self.device, "score_logits", self.max_seq * c.vocab * F32)
        p.section = "score"
        rmsnorm(p, "score.output_norm", a.x, self.w("output_norm.weight"), a.h, eps=c.rms_eps)
        linear(p, "score.output", a.h, self.lm_head, self.score_logits, dummy=a.dummy)
        score(p, "score", self.score_logits, a.targets, a.out, vocab=c.vocab)

    def ensure_verify(self) -> None:
        """Build speculative decoding's sections on first use (graph/speculative.py): "verify" (every live
        row -> logits, each row through the norm and the small-S head as a decode step's one row goes, so
        its logits equal that step's bit for bit), then "verify_argmax" (each row's argmax) or
        "verify_draw" (each row's draw at its position), into out[row], each ending in the verdict: how many
        of the draft's tokens stand and the pick after them (Sampler.verdict reads its 8 bytes)."""
        if self.verify_logits is not None:
            return
        c, a, p = self.config, self.act, self.plan
        self.verify_logits = storage(self.device, "verify_logits", FORWARD_ROWS * c.vocab * F32)
        p.section = "verify"
        rmsnorm(p, "verify.output_norm", a.x, self.w("output_norm.weight"), a.h, eps=c.rms_eps)
        linear(p, "verify.output", a.h, self.lm_head, self.verify_logits, dummy=a.dummy)
        self.verdict = storage(self.device, "verdict", 8)
        p.section = "verify_argmax"
        argmax(p, "verify.argmax", self.verify_logits, a.out, vocab=c.vocab, rows=0)
        accept(p, "verify.accept", a.out, a.ids, self.verdict)
        p.section = "verify_draw"
        draw_rows(p, "verify.draw", self.verify_logits, a.out, a.history, self.sampling, vocab=c.vocab)
        accept(p, "verify.draw_accept", a.out, a.ids, self.verdict)

    def ensure_constrain(self, table: TokenTable) -> ConstrainBuffers:
        """Build the "mask" and "advance" sections (ops/constrain.py) on first use, with the vocabulary's
        token table; -> their buffers (Sampler.prepare writes each generation's automaton and state)."""
        if self.constrain is not None:
            return self.constrain
        d, a, p = self.device, self.act, self.plan

        def upload(name: str, data: bytes) -> Buffer:
            buf = storage(d, name, len(data))
            d.write_buffer(buf, 0, data)
            return buf

        b = ConstrainBuffers(storage(d, "constrain.automaton", (HEAD_WORDS + MAX_TABLE_WORDS) * 4),
                             storage(d, "constrain.state", 4), upload("constrain.tok_off", table.off.tobytes()),
                             upload("constrain.tok_bytes", table.data),
                             upload("constrain.tok_kind", table.kind.tobytes()),
                             storage(d, "constrain.row_states", FORWARD_ROWS * 4))
        n_tok = self.constrain_tokens = min(table.n_tok, self.config.vocab)
        p.section = "mask"
        mask(p, "constrain.mask", b, a.logits, vocab=self.config.vocab, n_tok=n_tok)
        p.section = "advance"
        advance(p, "constrain.advance", b, a.out, n_tok=n_tok)
        self.constrain = b
        return b

    def ensure_verify_mask(self) -> None:
        """Build "verify_mask" once both the verify and the constraint sections are: each row of a verify
        forward's logits masked from its own state (speculative decoding under a constraint)."""
        if self.verify_masked:
            return
        self.plan.section = "verify_mask"
        mask(self.plan, "verify.mask", self.constrain, self.verify_logits, vocab=self.config.vocab,
             n_tok=self.constrain_tokens, rows=True)
        self.verify_masked = True
