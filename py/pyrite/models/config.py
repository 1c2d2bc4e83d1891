"""ModelConfig: the architecture geometry of one checkpoint, built from its own metadata.

Runtime module (imported in the browser): stdlib only.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from collections.abc import Iterable
from typing import Any

from pyrite.errors import ModelFormatError

ARCHS = ("llama", "qwen2", "qwen3")
# Qwen3 sets head_dim on its own (0.6B: hidden 1024, 16 heads x 128); the others derive
# it as hidden / n_heads, so there hidden == n_heads * head_dim is a consistency check.
_FREE_HEAD_DIM = ("qwen3",)


ROPE_SCALING_TYPES = ("llama3",)
# interleaved: pairs (2i, 2i + 1), the layout llama.cpp's converter permutes llama-arch q/k rows into;
# rotate_half: pairs (i, i + D/2), HF's convention (and qwen GGUFs, which llama.cpp leaves unpermuted).
ROPE_LAYOUTS = ("interleaved", "rotate_half")


def gguf_rope_layout(arch: str) -> str:
    """The RoPE pair layout of a GGUF's q/k rows: llama.cpp permutes only llama-arch checkpoints."""
    return "interleaved" if arch == "llama" else "rotate_half"


@dataclass(frozen=True)
class RopeScaling:
    """Llama-3.1-style RoPE frequency scaling (HF rope_scaling {"rope_type": "llama3", ...})."""

    type: str                         # "llama3"
    factor: float                     # low frequencies are divided by it
    low_freq_factor: float            # wavelengths above original / low_freq_factor are scaled fully
    high_freq_factor: float           # wavelengths below original / high_freq_factor are kept
    original_max_positions: int       # the pre-training context

    def __post_init__(self) -> None:
        if self.type not in ROPE_SCALING_TYPES:
            raise ModelFormatError(f"config.rope_scaling: type {self.type!r} is not supported "
                                   f"(supported: {', '.join(ROPE_SCALING_TYPES)})")
        for name in ("factor", "low_freq_factor", "high_freq_factor", "original_max_positions"):
            v = getattr(self, name)
            if type(v) not in (int, float) or not v > 0:
                raise ModelFormatError(f"config.rope_scaling.{name}: must be a positive number, got {v!r}")
        if not self.low_freq_factor < self.high_freq_factor:
            raise ModelFormatError(f"config.rope_scaling: low_freq_factor {self.low_freq_factor} must be below "
                                   f"high_freq_factor {self.high_freq_factor}")

    @classmethod
    def from_json(cls, d: Any) -> "RopeScaling | None":
        if d is None:
            return None
        names = [f.name for f in fields(cls)]
        if not isinstance(d, dict) or sorted(d) != sorted(names):
            raise ModelFormatError(f"config.rope_scaling: expected null or an object with keys {names}, got {d!r}")
        return cls(**d)


@dataclass(frozen=True)
class ModelConfig:
    arch: str            # "llama" | "qwen2" | "qwen3"
    n_layers: int
    hidden: int          # residual width
    ffn: int             # SwiGLU inner width
    n_heads: int         # query heads
    n_kv_heads: int      # key/value heads (GQA: n_heads % n_kv_heads == 0)
    head_dim: int
    vocab: int
    max_ctx: int         # training context length
    rope_theta: float
    rms_eps: float
    tied_embeddings: bool  # lm_head reuses token_embd (no output.weight)
    qkv_bias: bool         # qwen2: attn_q/k/v carry biases
    qk_norm: bool          # qwen3: RMSNorm on q and k per head
    rope_scaling: RopeScaling | None = None  # llama3 frequency scaling (Llama-3.1 / 3.2)
    rope_layout: str = "rotate_half"         # ROPE_LAYOUTS: how q/k rows pair their rotary dims

    def __post_init__(self) -> None:
        self.validate()

    @property
    def q_dim(self) -> int:
        return self.n_heads * self.head_dim

    @property
    def kv_dim(self) -> int:
        return self.n_kv_heads * self.head_dim

    @property
    def group(self) -> int:
        """Query heads per KV head."""
        return self.n_heads // self.n_kv_heads

    def validate(self) -> None:
        if self.arch not in ARCHS:
            raise ModelFormatError(f"config.arch: {self.arch!r} is not one of {ARCHS}")
        for name in ("n_layers", "hidden", "ffn", "n_heads", "n_kv_heads", "head_dim", "vocab", "max_ctx"):
            v = getattr(self, name)
            if type(v) is not int or v <= 0:
                raise ModelFormatError(f"config.{name}: must be a positive int, got {v!r}")
        for name in ("rope_theta", "rms_eps"):
            v = getattr(self, name)
            if type(v) not in (int, float) or not v > 0:
                raise ModelFormatError(f"config.{name}: must be a positive number, got {v!r}")
        if self.rope_layout not in ROPE_LAYOUTS:
            raise ModelFormatError(f"config.rope_layout: {self.rope_layout!r} is not one of {ROPE_LAYOUTS}")
        for name in ("tied_embeddings", "qkv_bias", "qk_norm"):
            if type(getattr(self, name)) is not bool:
                raise ModelFormatError(f"config.{name}: must be a bool, got {getattr(self, name)!r}")
        if self.n_heads % self.n_kv_heads:
            raise ModelFormatError(f"config: n_heads {self.n_heads} is not divisible by n_kv_heads {self.n_kv_heads}")
        if self.head_dim % 2:
            raise ModelFormatError(f"config.head_dim: {self.head_dim} must be even (RoPE rotates pairs)")
        if self.arch not in _FREE_HEAD_DIM and self.hidden != self.n_heads * self.head_dim:
            raise ModelFormatError(f"config: hidden {self.hidden} != n_heads {self.n_heads} * head_dim "
                                   f"{self.head_dim} (required for arch {self.arch!r})")

    # ---- (de)serialisation ------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, d: Any) -> ModelConfig:
        """Strict: every field present, no unknown keys; types checked by validate()."""
        if not isinstance(d, dict):
            raise ModelFormatError(f"config: expected an object, got {type(d).__name__}")
        names = [f.name for f in fields(cls)]
        optional = ("rope_scaling", "rope_layout")  # absent in model.json files written before they existed
        missing = [n for n in names if n not in d and n not in optional]
        unknown = sorted(set(d) - set(names))
        if missing:
            raise ModelFormatError(f"config: missing key(s) {missing}")
        if unknown:
            raise ModelFormatError(f"config: unknown key(s) {unknown}")
        values = {n: d[n] for n in names if n in d}
        values["rope_scaling"] = RopeScaling.from_json(d.get("rope_scaling"))
        if "rope_layout" not in d:  # every model.json without it was converted from a GGUF
            values["rope_layout"] = gguf_rope_layout(d["arch"])
        return cls(**values)

    @classmethod
    def from_gguf(cls, metadata: dict[str, Any], tensor_names: Iterable[str]) -> ModelConfig:
        """From a GGUF's metadata ("<arch>.block_count", ...) and its tensor names.

        The flags come from which tensors exist: no output.weight means a tied lm_head,
        attn_q.bias means QKV biases, attn_q_norm means Qwen3 QK-norm.
        """
        names = set(tensor_names)
        arch = metadata.get("general.architecture")
        if arch not in ARCHS:
            raise ModelFormatError(f"general.architecture: {arch!r} is not one of {ARCHS}")

        def need(key: str) -> Any:
            v = metadata.get(f"{arch}.{key}")
            if v is None:
                raise ModelFormatError(f"GGUF metadata: missing {arch}.{key}")
            return v

        if "rope_freqs.weight" in names:  # llama.cpp bakes Llama-3.1+ rope scaling into this tensor
            raise ModelFormatError("GGUF tensor rope_freqs.weight (llama3 rope scaling) is not supported yet; "
                                   "convert the HF checkpoint instead")
        hidden, n_heads = need("embedding_length"), need("attention.head_count")
        if n_heads <= 0 or hidden % n_heads:
            raise ModelFormatError(f"GGUF metadata: {arch}.embedding_length {hidden} is not divisible "
                                   f"by {arch}.attention.head_count {n_heads}")
        vocab = metadata.get(f"{arch}.vocab_size")
        if vocab is None:
            tokens = metadata.get("tokenizer.ggml.tokens")
            if tokens is None:
                raise ModelFormatError(f"GGUF metadata: neither {arch}.vocab_size nor tokenizer.ggml.tokens")
            vocab = len(tokens)
        return cls(
            arch=arch,
            n_layers=need("block_count"),
            hidden=hidden,
            ffn=need("feed_forward_length"),
            n_heads=n_heads,
            # Absent head_count_kv means plain multi-head attention (llama.cpp's default).
            n_kv_heads=metadata.get(f"{arch}.attention.head_count_kv", n_heads),
            head_dim=metadata.get(f"{arch}.attention.key_length", hidden // n_heads),
            vocab=vocab,
            max_ctx=need("context_length"),
            rope_theta=float(metadata.get(f"{arch}.rope.freq_base", 10000.0)),
            rms_eps=float(need("attention.layer_norm_rms_epsilon")),
            tied_embeddings="output.weight" not in names,
            qkv_bias="blk.0.attn_q.bias" in names,
            qk_norm="blk.0.attn_q_norm.weight" in names,
            rope_layout=gguf_rope_layout(arch),
        )


def tensor_shapes(c: ModelConfig) -> dict[str, tuple[int, ...]]:
    """Every tensor the decoder graph of config c reads, by pyrite (GGUF) name, with its shape."""
    shapes: dict[str, tuple[int, ...]] = {"token_embd.weight": (c.vocab, c.hidden), "output_norm.weight": (c.hidden,)}
    if not c.tied_embeddings:
        shapes["output.weight"] = (c.vocab, c.hidden)
    for i in range(c.n_layers):
        b = f"blk.{i}"
        shapes |= {f"{b}.attn_norm.weight": (c.hidden,), f"{b}.attn_q.weight": (c.q_dim, c.hidden),
                   f"{b}.attn_k.weight": (c.kv_dim, c.hidden), f"{b}.attn_v.weight": (c.kv_dim, c.hidden),
                   f"{b}.attn_output.weight": (c.hidden, c.q_dim), f"{b}.ffn_norm.weight": (c.hidden,),
                   f"{b}.ffn_gate.weight": (c.ffn, c.hidden), f"{b}.ffn_up.weight": (c.ffn, c.hidden),
                   f"{b}.ffn_down.weight": (c.hidden, c.ffn)}
        if c.qkv_bias:
            shapes |= {f"{b}.attn_q.bias": (c.q_dim,), f"{b}.attn_k.bias": (c.kv_dim,),
                       f"{b}.attn_v.bias": (c.kv_dim,)}
        if c.qk_norm:
            shapes |= {f"{b}.attn_q_norm.weight": (c.head_dim,), f"{b}.attn_k_norm.weight": (c.head_dim,)}
    return shapes


def _preset(arch: str, n_layers: int, hidden: int, ffn: int, n_heads: int, n_kv_heads: int,
            head_dim: int, vocab: int, max_ctx: int, rope_theta: float, rms_eps: float,
            tied: bool = True, rope_scaling: RopeScaling | None = None) -> ModelConfig:
    return ModelConfig(arch, n_layers, hidden, ffn, n_heads, n_kv_heads, head_dim, vocab, max_ctx,
                       rope_theta, rms_eps, tied_embeddings=tied,
                       qkv_bias=arch == "qwen2", qk_norm=arch == "qwen3", rope_scaling=rope_scaling,
                       rope_layout=gguf_rope_layout(arch))


LLAMA32_SCALING = RopeScaling("llama3", 32.0, 1.0, 4.0, 8192)  # Llama-3.2-1B's config.json


# Named geometries: the tiny ones for fast tests (prime-ish ffn/vocab catch layout bugs
# that powers of two hide), the rest match the published checkpoints.
PRESETS: dict[str, ModelConfig] = {
    "tiny-llama": _preset("llama", 2, 64, 160, 4, 2, 16, 263, 128, 10000.0, 1e-5),
    "tiny-qwen2": _preset("qwen2", 2, 64, 160, 4, 2, 16, 263, 128, 1000000.0, 1e-6),
    "tiny-qwen3": _preset("qwen3", 2, 64, 160, 4, 2, 32, 263, 128, 1000000.0, 1e-6),
    "smollm2-135m": _preset("llama", 30, 576, 1536, 9, 3, 64, 49152, 8192, 100000.0, 1e-5),
    "qwen2.5-0.5b": _preset("qwen2", 24, 896, 4864, 14, 2, 64, 151936, 32768, 1000000.0, 1e-6),
    "qwen3-0.6b": _preset("qwen3", 28, 1024, 3072, 16, 8, 128, 151936, 40960, 1000000.0, 1e-6),
    "llama-3.2-1b": _preset("llama", 16, 2048, 8192, 32, 8, 64, 128256, 131072, 500000.0, 1e-5,
                            rope_scaling=LLAMA32_SCALING),
}
